#!/usr/bin/env node
// The CLI runs the compiled code; `npm ci` (prepare) and `npm start` build it.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('hotel-affiliate is not built yet: run `npm run build` (npm ci and npm start build it too).');
  process.exit(1);
}
await import(entry.href);
