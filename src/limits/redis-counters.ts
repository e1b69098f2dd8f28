// Allowance counters in Redis, shared by every instance: one script checks and counts in a
// single round trip, atomically, and the counter expires when its window ends.
import type { Redis } from 'ioredis';
import type { Consumption, CounterStore } from './counter-store.js';

// KEYS[1] counter; ARGV cost, limit, window end (Unix ms). Returns {admitted 0/1, used}.
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if used + cost > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], cost)
if used == cost then redis.call('PEXPIREAT', KEYS[1], ARGV[3]) end
return {1, used}
`;

type ConsumeCommand = (key: string, cost: number, limit: number, expiresAtMs: number) => Promise<[number, number]>;

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
    const [admitted, used] = await this.run(`${this.prefix}allowance:${key}`, cost, limit, expiresAtMs);
    return { allowed: admitted === 1, used };
  }

  sharedStoreUp(): boolean {
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
