// The load generator of the load phase, in a process of its own: autocannon in the bench's
// process shared its event loop and its garbage collector with a heap holding a million-hotel
// index, whose pauses showed up as noise in the ceiling's figures. Reads { base, scenario,
// options } as JSON on stdin and prints the figures as JSON.
import autocannon from 'autocannon';
import type { LoadFigures, LoadOptions, Scenario } from './load.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { base, scenario, options } = JSON.parse(input) as { base: string; scenario: Scenario; options: LoadOptions };
const result = await autocannon({
  url: base,
  connections: options.connections,
  duration: options.seconds,
  requests: scenario.requests.map((r) => ({ method: scenario.method, path: r.path, body: r.body, headers: scenario.headers })),
});
const used = process.cpuUsage();
const figures: LoadFigures = {
  reqPerSec: result['2xx'] / result.duration,
  answered: result['2xx'],
  p50: result.latency.p50,
  p99: result.latency.p99,
  failures: result.non2xx + result.errors + result.timeouts,
  clientCpuSeconds: (used.user + used.system) / 1e6,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
