// The ceiling of the load phase: a bare Fastify server on the same machine answering, on the
// service's own methods and paths, bodies already made (the service's typical answer to each
// operation, byte for byte). What the service reaches beside it is the share of the stack's
// speed its own work leaves. Started by bench/load.ts as a child process; reads its answers
// as JSON from stdin and prints the port it listens on.
import Fastify from 'fastify';

export interface CeilingRoute {
  method: 'GET' | 'POST';
  url: string;
  contentType: string;
  body: string;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const routes = JSON.parse(input) as CeilingRoute[];

const app = Fastify({ logger: false });
for (const route of routes) {
  const body = Buffer.from(route.body);
  // A POST body is parsed as the service parses its own: the cost of reading it is the stack's.
  app.route({ method: route.method, url: route.url, handler: (_request, reply) => reply.type(route.contentType).send(body) });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
