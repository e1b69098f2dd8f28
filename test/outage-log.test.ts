// The outage log: a dependency's failure said once, then at most every interval with the count
// of calls it failed meanwhile; each kind of failure on its own.
import pino from 'pino';
import { expect, it } from 'vitest';
import { OutageLog } from '../src/outage-log.js';

it('says a failure once, then once an interval later with how many calls failed in between', () => {
  let now = 0;
  const outages = new OutageLog(10_000, () => now);
  const lines: { msg: string; alsoFailedSinceLastSaid?: number; err?: { message: string } }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const cause = new Error('connection refused');
  for (; now < 25_000; now += 1000) outages.warn(log, cause, 'the catalog cannot be read');
  outages.warn(log, cause, 'API keys cannot be checked');
  expect(lines.map((l) => [l.msg, l.alsoFailedSinceLastSaid, l.err?.message])).toEqual([
    ['the catalog cannot be read', undefined, 'connection refused'],
    ['the catalog cannot be read', 9, 'connection refused'],
    ['the catalog cannot be read', 9, 'connection refused'],
    ['API keys cannot be checked', undefined, 'connection refused'],
  ]);
});
