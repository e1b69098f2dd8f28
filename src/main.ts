// npm start: the HTTP service (serve.ts), with its compiled code kept between starts.
import nodeModule from 'node:module';

// Node's compile cache keeps the bytecode of the service and its dependencies in the system's
// temporary folder (or where NODE_COMPILE_CACHE says; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off), so a start does not compile them again: a quarter of a second of a start at 1M hotels
// on a slow day. It must be on before they are imported, hence the import below. (Node's own
// API since 22.1; the type definitions the project builds with predate it.)
(nodeModule as unknown as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./serve.js');
