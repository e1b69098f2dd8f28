// Allowance counters in Redis, shared by every instance: one script checks and counts in a
// single round trip, atomically, and the counter expires when its window ends.
import type { Redis } from 'ioredis';
import type { Consumption, CounterStore } from './counter-store.js';

// KEYS[1] counter; ARGV cost, limit, window end (Unix ms), skew margin (ms). Returns {admitted 0/1, used}.
// A counter expires when its window ends, but never sooner than the margin past Redis's own
// clock: an instance whose clock is behind Redis's near a window's end would otherwise set an
// expiry already past, the counter would vanish at once, and its calls would go uncounted until
// its clock caught up. Counters are per window, so one that lingers counts nothing of the next.
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if used + cost > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], cost)
if used == cost then
  local now = redis.call('TIME')
  local soonest = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[4])
  redis.call('PEXPIREAT', KEYS[1], string.format('%d', math.max(tonumber(ARGV[3]), soonest)))
end
return {1, used}
`;

/** How far Redis's clock may be ahead of an instance's at a window's end without losing counts. */
export const CLOCK_SKEW_MARGIN_MS = 60_000;

type ConsumeCommand = (key: string, cost: number, limit: number, expiresAtMs: number, marginMs: number) => Promise<[number, number]>;

export class RedisCounters implements CounterStore {
  private readonly run: ConsumeCommand;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends the script by hash and reloads it if the server lost it.
    redis.defineCommand('consumeAllowance', { numberOfKeys: 1, lua: CONSUME });
    this.run = (redis as unknown as { consumeAllowance: ConsumeCommand }).consumeAllowance.bind(redis);
  }

  async consume(key: string, cost: number, limit: number, expiresAtMs: number): Promise<Consumption> {
    const [admitted, used] = await this.run(`${this.prefix}allowance:${key}`, cost, limit, expiresAtMs, CLOCK_SKEW_MARGIN_MS);
    return { allowed: admitted === 1, used };
  }

  sharedStoreUp(): boolean {
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
