// The load bench's draws as a server sees them: a scenario's list is sent in turn across loads
// (a warm-up, then rounds), each load taking it up where the one before stopped, flat out and at
// a fixed rate alike. A load that began the list again sent the warm-up's ids and texts to every
// round, and the service's caches answered them (issue 48).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../bench/load.js';

// The built bench: its load generator runs as a process of its own from dist/.
const { load, sentTo } = (await import(new URL('../dist/bench/load.js', import.meta.url).href)) as typeof import('../bench/load.js');

let server: Server;
let base = '';
const received: number[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(Number(new URL(request.url ?? '/', 'http://x').searchParams.get('n')));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const scenario: Scenario = {
  what: 'numbered requests',
  method: 'GET',
  route: '/numbered',
  headers: {},
  requests: Array.from({ length: 200_000 }, (_, n) => ({ path: `/numbered?n=${n}` })),
};

describe('the load bench', () => {
  it('sends a list in turn across loads, each taking it up where the one before stopped', async () => {
    const loads: number[][] = [];
    for (const options of [
      { connections: 4, seconds: 1 },
      { connections: 4, seconds: 1 },
      { connections: 4, seconds: 1, rate: 300 },
      { connections: 4, seconds: 1 },
    ]) {
      received.length = 0;
      const figures = await load(base, scenario, options);
      expect(figures.failures).toBe(0);
      loads.push([...received]);
    }
    for (const got of loads) expect(got.length).toBeGreaterThan(100);
    // No request twice, across the loads: each began past every request the ones before took.
    const all = loads.flat();
    expect(new Set(all).size).toBe(all.length);
    for (let k = 1; k < loads.length; k++) expect(Math.min(...loads[k])).toBeGreaterThan(Math.max(...loads[k - 1]));
    // And the first began at the list's start.
    expect(Math.min(...loads[0])).toBe(0);
    expect(sentTo(base, scenario)).toBeGreaterThanOrEqual(all.length);
  }, 30_000);
});
