// Load at a fixed rate, the requests spread evenly over each second: what a service sees from
// many visitors, who do not wait for each other. autocannon's rate option is no such thing: each
// connection sends its share of a second as fast as answers come, then waits for the next second,
// so every second began with a burst of the whole flat-out load. Each latency is counted from when
// its request was due, not from when it went out, so a generator that falls behind shows it in the
// figures rather than hiding it (coordinated omission). The generator's first second is sent and
// not counted: a new Node.js process runs its HTTP client cold (interpreted, then compiled), and
// its own slowness there made a 2-second round's p99 (34, 21, 14, 9 ms in four fresh processes
// against 9.0, 8.8, 8.2, 6.5 ms from a warm one on the same service, in turn).
import { Agent, request } from 'node:http';
import type { LoadRequest } from './load.js';

export interface OpenLoopFigures {
  latencies: number[];
  answered: number;
  /** Answers to the warm-up, which the service's CPU includes. */
  warmUpAnswers: number;
  /** The answers that were not 2xx, by status, and connection errors ('error'). */
  failedWith: Record<string, number>;
  seconds: number;
  /** Requests taken from the list, the warm-up's included. */
  sent: number;
}

export async function openLoop(
  base: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  requests: readonly LoadRequest[],
  rate: number,
  seconds: number,
  connections: number,
  warmSeconds = 0,
): Promise<OpenLoopFigures> {
  const target = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const warming = Math.floor(warmSeconds * rate);
  const total = warming + Math.floor(seconds * rate);
  const latencies: number[] = [];
  let answered = 0;
  let warmUpAnswers = 0;
  const failedWith: Record<string, number> = {};
  const fail = (why: string) => (failedWith[why] = (failedWith[why] ?? 0) + 1);
  let settled = 0;
  let sent = 0;
  const start = performance.now();
  let counting = start;

  await new Promise<void>((done) => {
    const settle = () => {
      if (++settled === total) done();
    };
    const send = (due: number, r: LoadRequest, counted: boolean) => {
      const outgoing = request(
        { agent, host: target.hostname, port: target.port, method, path: r.path, headers: r.body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(r.body) } },
        (response) => {
          response.resume();
          response.on('end', () => {
            // A warm-up answer counts only if it failed.
            if (response.statusCode! < 200 || response.statusCode! >= 300) fail(String(response.statusCode));
            else if (!counted) warmUpAnswers++;
            else {
              answered++;
              latencies.push(performance.now() - due);
            }
            settle();
          });
        },
      );
      outgoing.on('error', () => {
        fail('error');
        settle();
      });
      outgoing.end(r.body);
    };
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - start) / interval) + 1);
      for (; sent < due; sent++) {
        if (sent === warming) counting = start + sent * interval;
        send(start + sent * interval, requests[sent % requests.length], sent >= warming);
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  return { latencies, answered, warmUpAnswers, failedWith, seconds: (performance.now() - counting) / 1000, sent };
}
