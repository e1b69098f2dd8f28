// Allowance counters in Redis, shared by every instance: one script checks and counts a whole
// draw (every counter a call is charged to, and the tally of a kind counted in groups) in a
// single round trip, atomically, and each counter expires when its window ends.
import type { Redis } from 'ioredis';
import type { Consumption, Draw, ProbedCounterStore } from './counter-store.js';

// KEYS: the tally when grouped, then the counters charged. ARGV: group size (0: not grouped),
// cost (when not grouped), skew margin (ms), the tally's window end (Unix ms), then each
// counter's limit and window end. Returns {admitted 0/1, cost, refused by (1-based, 0 none),
// used after, per counter}.
// A counter expires when its window ends, but never sooner than the margin past Redis's own
// clock: an instance whose clock is behind Redis's near a window's end would otherwise set an
// expiry already past, the counter would vanish at once, and its calls would go uncounted until
// its clock caught up. Counters are per window, so one that lingers counts nothing of the next.
// The tally and the counters are read and written in the same script, so instances racing on
// one caller's grouped calls can never answer more than the group size per request counted.
const CONSUME = `
local size = tonumber(ARGV[1])
local first = 1
local cost = tonumber(ARGV[2])
local need = cost
local tally = 0
if size > 0 then
  first = 2
  tally = tonumber(redis.call('GET', KEYS[1]) or '0')
  if tally % size == 0 then cost = 1 else cost = 0 end
  need = 1
end
local used = {}
local refused = 0
for i = first, #KEYS do
  local u = tonumber(redis.call('GET', KEYS[i]) or '0')
  used[#used + 1] = u
  if refused == 0 and u + need > tonumber(ARGV[3 + 2 * (i - first) + 2]) then refused = i - first + 1 end
end
if refused > 0 then return {0, cost, refused, unpack(used)} end
local now = redis.call('TIME')
local soonest = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[3])
local function count(key, by, window_end)
  local after = redis.call('INCRBY', key, by)
  if after == by then redis.call('PEXPIREAT', key, string.format('%d', math.max(tonumber(window_end), soonest))) end
  return after
end
if size > 0 then count(KEYS[1], 1, ARGV[4]) end
if cost > 0 then
  for i = first, #KEYS do used[i - first + 1] = count(KEYS[i], cost, ARGV[3 + 2 * (i - first) + 3]) end
end
return {1, cost, 0, unpack(used)}
`;

/** How far Redis's clock may be ahead of an instance's at a window's end without losing counts. */
export const CLOCK_SKEW_MARGIN_MS = 60_000;

type ConsumeCommand = (...args: Array<string | number>) => Promise<number[]>;

export class RedisCounters implements ProbedCounterStore {
  private readonly run: ConsumeCommand;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends the script by hash and reloads it if the server lost it; the number of
    // keys is given at each call, as a draw charges one counter or several.
    redis.defineCommand('consumeAllowances', { lua: CONSUME });
    this.run = (redis as unknown as { consumeAllowances: ConsumeCommand }).consumeAllowances.bind(redis);
  }

  async consume(draw: Draw): Promise<Consumption> {
    const { charges, group } = draw;
    const args: Array<string | number> = [charges.length + (group ? 1 : 0)];
    if (group) args.push(this.counterKey(group.tallyKey));
    for (const charge of charges) args.push(this.counterKey(charge.key));
    args.push(group?.size ?? 0, draw.cost, CLOCK_SKEW_MARGIN_MS, group?.expiresAtMs ?? 0);
    for (const charge of charges) args.push(charge.limit, charge.expiresAtMs);
    const [admitted, cost, refusedBy, ...used] = await this.run(...args);
    return { allowed: admitted === 1, cost, used, refusedBy: refusedBy - 1 };
  }

  private counterKey(key: string): string {
    return `${this.prefix}allowance:${key}`;
  }

  /** Whether Redis answers: a PING (it fails at once while disconnected: no offline queue). */
  async probe(): Promise<void> {
    await this.redis.ping();
  }

  sharedStoreUp(): boolean {
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
