// The load generator of the load phase, in a process of its own: autocannon in the bench's
// process shared its event loop and its garbage collector with a heap holding a million-hotel
// index, whose pauses showed up as noise in the ceiling's figures. Reads { base, scenario,
// options } as JSON on stdin and prints the figures as JSON.
import autocannon from 'autocannon';
import type { LoadFigures, LoadOptions, Scenario } from './load.js';
import { ownCpuSeconds } from './machine.js';
import { openLoop } from './open-loop.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { base, scenario, options, from } = JSON.parse(input) as { base: string; scenario: Scenario; options: LoadOptions; from: number };
// The list as this load sends it: from where the load before on this server stopped (bench/load.ts).
const start = from % scenario.requests.length;
const inTurn = start === 0 ? scenario.requests : [...scenario.requests.slice(start), ...scenario.requests.slice(0, start)];

// Latencies are kept here rather than taken from autocannon's summary: autocannon times the first
// request of each connection from when it began preparing that connection, and it prepares the
// connections one after the other before any answer is
// read. Those first answers measured up to 2.4 s while they came back within 80 ms of the start:
// at a few hundred answers a second (MCP) they alone made the p99 (1.4–1.6 s). They are left out.
const latencies: number[] = [];
// The scenario's requests go out once each, in turn, across all connections together: handed to
// each connection whole, autocannon has every connection send the same list from its start, so a
// text came back 50 times at once and a cache of the service's answered it as a crowd of
// visitors typing in step would, never as one stream of travellers does.
let next = 0;
const drawn = (request: autocannon.Request) => {
  const r = inTurn[next++ % inTurn.length];
  return { ...request, path: r.path, body: r.body };
};
const answersOn = new Map<object, number>();
const failedWith: Record<string, number> = {};
type Counts = Pick<LoadFigures, 'reqPerSec' | 'answered' | 'served' | 'failedWith' | 'sent'>;
/** Flat out (autocannon, each connection sending as answers come), or at a fixed rate (bench/open-loop.ts). */
async function flatOut(): Promise<Counts> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.seconds,
        requests: [{ method: scenario.method, headers: scenario.headers, setupRequest: drawn }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (connection, statusCode, _bytes, milliseconds) => {
      const nth = (answersOn.get(connection) ?? 0) + 1;
      answersOn.set(connection, nth);
      if (statusCode < 200 || statusCode >= 300) failedWith[statusCode] = (failedWith[statusCode] ?? 0) + 1;
      else if (nth > 1) latencies.push(milliseconds);
    });
  });
  if (result.errors) failedWith.error = result.errors;
  if (result.timeouts) failedWith.timeout = result.timeouts;
  return { reqPerSec: result['2xx'] / result.duration, answered: result['2xx'], served: result['2xx'], failedWith, sent: next };
}
/** Sent at the rate before the counted seconds: this process's HTTP client is cold until then (bench/open-loop.ts). */
const WARM_SECONDS = 1;
async function atRate(rate: number): Promise<Counts> {
  const run = await openLoop(base, scenario.method, scenario.headers, inTurn, rate, options.seconds, options.connections, WARM_SECONDS);
  latencies.push(...run.latencies);
  return { reqPerSec: run.answered / run.seconds, answered: run.answered, served: run.answered + run.warmUpAnswers, failedWith: run.failedWith, sent: run.sent };
}
const counts = options.rate ? await atRate(options.rate) : await flatOut();
latencies.sort((a, b) => a - b);
const percentile = (p: number) => (latencies.length === 0 ? Number.NaN : Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]));
const failures = Object.values(counts.failedWith).reduce((sum, n) => sum + n, 0);
const figures: LoadFigures = { ...counts, failures, p50: percentile(50), p99: percentile(99), clientCpuSeconds: ownCpuSeconds() };
process.stdout.write(`${JSON.stringify(figures)}\n`);
