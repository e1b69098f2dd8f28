// Allowances shared through the real Redis of this machine: exact across instances under
// concurrency, and an outage that never fails a request, with shared counting resumed after.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MARGIN_MS, RedisCounters } from '../src/limits/redis-counters.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startTestService, type TestService } from './support/test-service.js';

const REDIS_PORT = 6379;
const started: TestService[] = [];
let redis: Redis;
beforeAll(() => {
  redis = new Redis(REDIS_PORT, '127.0.0.1');
});
afterAll(async () => {
  for (const t of started) await t.close();
  redis.disconnect();
});

/** A fresh key prefix per test, so tests (and CI runs) never share counters. */
const prefix = () => `test-${randomUUID()}:`;

async function instances(count: number, env: Record<string, string>, options = {}) {
  const first = await startTestService(FIXTURE_HOTELS, env, { clockStart: Date.now(), ...options });
  started.push(first);
  const all = [first];
  for (let i = 1; i < count; i++) {
    const next = await startTestService(null, env, { clockStart: Date.now(), dataDir: first.dataDir, database: first.database });
    started.push(next);
    all.push(next);
  }
  return all;
}

describe('Redis counters', () => {
  it('check and count atomically: a call that does not fit is refused whole, and the counter expires with its window', async () => {
    const counters = new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), prefix());
    const end = Date.now() + 60_000;
    expect(await counters.consume('k', 3, 5, end)).toEqual({ allowed: true, used: 3 });
    expect(await counters.consume('k', 3, 5, end)).toEqual({ allowed: false, used: 3 });
    expect(await counters.consume('k', 2, 5, end)).toEqual({ allowed: true, used: 5 });
    expect(await counters.consume('k', 1, 5, end)).toEqual({ allowed: false, used: 5 });
    await counters.close();
  });

  it("keep counting a window whose end Redis's clock has already passed (an instance's clock behind), for a minute past Redis's time", async () => {
    const keyPrefix = prefix();
    const counters = new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), keyPrefix);
    const ended = Date.now() - 5_000;
    expect(await counters.consume('late', 1, 2, ended)).toEqual({ allowed: true, used: 1 });
    expect(await counters.consume('late', 1, 2, ended)).toEqual({ allowed: true, used: 2 });
    expect(await counters.consume('late', 1, 2, ended)).toEqual({ allowed: false, used: 2 });
    const expiresAt = Number(await redis.pexpiretime(`${keyPrefix}allowance:late`));
    expect(expiresAt).toBeGreaterThan(Date.now() + CLOCK_SKEW_MARGIN_MS - 10_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + CLOCK_SKEW_MARGIN_MS);
    await counters.close();
  });
});

describe('two instances sharing Redis', () => {
  it('admit exactly the limit in total under 200 concurrent requests', async () => {
    const keyPrefix = prefix();
    const [a, b] = await instances(2, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_KEY_PREFIX: keyPrefix, LIMIT_KEYLESS_PER_HOUR: '50' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).request('/hotels/search?destination=Lisbon&limit=1')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
    const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    expect(remaining.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));

    const [key] = await redis.keys(`${keyPrefix}*`);
    expect(await redis.get(key)).toBe('50');
    // The end of the window by the instances' clock, which the test holds still; or, when Redis's
    // clock is within the skew margin of it, a minute past Redis's time.
    const expiresAt = Number(await redis.pexpiretime(key));
    const windowEnd = Math.ceil(a.clock.now() / 3_600_000) * 3_600_000;
    if (windowEnd > Date.now() + CLOCK_SKEW_MARGIN_MS + 1_000) expect(expiresAt).toBe(windowEnd);
    else expect(expiresAt).toBeGreaterThan(Math.max(windowEnd, Date.now()));
  });

  it('share a key\'s allowance too', async () => {
    const [a, b] = await instances(2, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_KEY_PREFIX: prefix(), LIMIT_STANDARD_PER_DAY: '5' });
    const { secret } = await a.service.keys.create({ tier: 'standard', affiliateCode: 'shared', label: null });
    const auth = { headers: { authorization: `Bearer ${secret}` } };
    const remaining: string[] = [];
    for (const t of [a, b, a, b, a]) remaining.push((await t.request('/hotels/find?name=Pestana', auth)).headers.get('x-ratelimit-remaining')!);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expect((await b.request('/hotels/find?name=Pestana', auth)).status).toBe(429);
  });

  it('count suggestions in tens across both: 40 concurrent suggestions cost exactly 4 requests', async () => {
    const [a, b] = await instances(2, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_KEY_PREFIX: prefix(), LIMIT_STANDARD_PER_DAY: '100' });
    const { secret } = await a.service.keys.create({ tier: 'standard', affiliateCode: 'typing', label: null });
    const auth = { headers: { authorization: `Bearer ${secret}` } };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).request(`/suggest?q=${'Lisbon'.slice(0, 1 + (i % 6))}`, auth)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    const after = await b.request('/hotels/find?name=Pestana', auth);
    expect(after.headers.get('x-ratelimit-remaining')).toBe(String(100 - 4 - 1));
  });
});

describe('when Redis cannot be reached', () => {
  it('starts anyway, counting locally, and shares counting once Redis answers', async () => {
    // A port Redis will be reached at, with nothing behind it yet: connections are refused.
    const proxy = new TcpProxy(REDIS_PORT);
    await proxy.start();
    await proxy.cut();
    const logs: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
    const env = { REDIS_KEY_PREFIX: prefix(), LIMIT_KEYLESS_PER_HOUR: '1000', REDIS_TIMEOUT_MS: '200', REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
    const [lonely] = await instances(1, env, { logger });
    expect(logs.map((l) => l.msg)).toContain('Redis not reachable at start: counting calls on this instance until it is');
    const first = await lonely.request('/hotels/search?destination=Lisbon&limit=1');
    expect([first.status, first.headers.get('x-ratelimit-remaining')]).toEqual([200, '999']);
    expect((await lonely.request('/metrics')).body).toMatch(/^hotel_affiliate_limiter_shared_store_up 0$/m);

    await proxy.start();
    try {
      // The next calls find it there (ioredis reconnects within a second).
      const afterACall = async () => {
        await lonely.request('/hotels/search?destination=Lisbon&limit=1');
        return (await lonely.request('/metrics')).body as string;
      };
      await expect.poll(afterACall, { timeout: 10_000 }).toMatch(/^hotel_affiliate_limiter_shared_store_up 1$/m);
    } finally {
      await proxy.cut();
    }
  });

  it('answers every request on a local count, says so in the log and metrics, and shares counting again once Redis is back', async () => {
    const proxy = new TcpProxy(REDIS_PORT);
    await proxy.start();
    const logs: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
    const env = { REDIS_KEY_PREFIX: prefix(), LIMIT_KEYLESS_PER_HOUR: '1000', REDIS_TIMEOUT_MS: '200' };
    const [viaProxy] = await instances(1, { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` }, { logger });
    const [direct] = await instances(1, { ...env, REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` });
    const remaining = async (t: TestService) => {
      const r = await t.request('/hotels/search?destination=Lisbon&limit=1');
      expect(r.status).toBe(200);
      return Number(r.headers.get('x-ratelimit-remaining'));
    };
    const waitFor = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100; i++) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('condition not reached in 10 s');
    };

    // Shared: both instances count in one place.
    expect(await remaining(viaProxy)).toBe(999);
    const before = await remaining(direct);
    expect(before).toBe(998);
    expect(await remaining(viaProxy)).toBe(before - 1);

    // Redis gone from that address: requests are still answered, counted locally.
    await proxy.cut();
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await remaining(viaProxy));
    expect(during).toEqual([999, 998, 997, 996, 995]);
    expect(logs.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
      'shared allowance store unreachable: counting calls on this instance only until it is back',
    ]);
    const metrics = await viaProxy.request('/metrics');
    expect(metrics.body).toMatch(/^hotel_affiliate_limiter_shared_store_up 0$/m);
    expect(metrics.body).toMatch(/^hotel_affiliate_limiter_local_fallback_total 5$/m);
    expect(await remaining(direct)).toBe(before - 2);

    // Back at the same address: the shared count is used again.
    await proxy.start();
    await waitFor(async () => (await remaining(viaProxy)) < 990);
    const shared = await remaining(direct);
    expect(await remaining(viaProxy)).toBe(shared - 1);
    expect(logs.some((l) => l.msg === 'shared allowance store reachable again: counting is shared across instances again')).toBe(true);
    expect((await viaProxy.request('/metrics')).body).toMatch(/^hotel_affiliate_limiter_shared_store_up 1$/m);
    await proxy.cut();
  });
});
