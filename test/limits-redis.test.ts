// Allowances shared through the real Redis of this machine: exact across instances under
// concurrency, and an outage that never fails a request, with shared counting resumed after.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draw } from '../src/limits/counter-store.js';
import { CLOCK_SKEW_MARGIN_MS, RedisCounters } from '../src/limits/redis-counters.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startTestService, type TestService } from './support/test-service.js';
import { usePostgres } from './support/test-database.js';

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

const one = (key: string, cost: number, limit: number, expiresAtMs: number): Draw => ({ charges: [{ key, limit, expiresAtMs }], cost });

// Store-independent (no key, no catalog write): run in the sqlite project only, not again on PostgreSQL.
describe.skipIf(usePostgres)('Redis counters', () => {
  it('check and count atomically: a call that does not fit is refused whole, and the counter expires with its window', async () => {
    const counters = new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), prefix());
    const end = Date.now() + 60_000;
    expect(await counters.consume(one('k', 3, 5, end))).toEqual({ allowed: true, cost: 3, used: [3], refusedBy: -1 });
    expect(await counters.consume(one('k', 3, 5, end))).toEqual({ allowed: false, cost: 3, used: [3], refusedBy: 0 });
    expect(await counters.consume(one('k', 2, 5, end))).toEqual({ allowed: true, cost: 2, used: [5], refusedBy: -1 });
    expect(await counters.consume(one('k', 1, 5, end))).toEqual({ allowed: false, cost: 1, used: [5], refusedBy: 0 });
    await counters.close();
  });

  it('charge several counters all or nothing: the first without room refuses the call and none is counted', async () => {
    const keyPrefix = prefix();
    const counters = new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), keyPrefix);
    const end = Date.now() + 60_000;
    const both = (cost: number): Draw => ({ charges: [{ key: 'visitor', limit: 2, expiresAtMs: end }, { key: 'day', limit: 3, expiresAtMs: end }], cost });
    expect(await counters.consume(both(1))).toEqual({ allowed: true, cost: 1, used: [1, 1], refusedBy: -1 });
    expect(await counters.consume(both(1))).toEqual({ allowed: true, cost: 1, used: [2, 2], refusedBy: -1 });
    expect(await counters.consume(both(1))).toEqual({ allowed: false, cost: 1, used: [2, 2], refusedBy: 0 });
    // Another visitor under the same day: refused by the day, and its own counter left untouched.
    const other = (cost: number): Draw => ({ charges: [{ key: 'visitor2', limit: 2, expiresAtMs: end }, { key: 'day', limit: 3, expiresAtMs: end }], cost });
    expect(await counters.consume(other(2))).toEqual({ allowed: false, cost: 2, used: [0, 2], refusedBy: 1 });
    expect(await redis.get(`${keyPrefix}allowance:visitor2`)).toBeNull();
    expect(await counters.consume(other(1))).toEqual({ allowed: true, cost: 1, used: [1, 3], refusedBy: -1 });
    await counters.close();
  });

  it('count grouped calls with their tally in the same step: under a race the answered calls never pass the group size per request counted', async () => {
    const counters = [0, 1, 2].map(() => new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), ''));
    const keyPrefix = prefix();
    const end = Date.now() + 60_000;
    const draw: Draw = {
      charges: [{ key: `${keyPrefix}address`, limit: 3, expiresAtMs: end }],
      cost: 0,
      group: { tallyKey: `${keyPrefix}address:suggest`, size: 10, expiresAtMs: end },
    };
    const outcomes = await Promise.all(Array.from({ length: 300 }, (_, i) => counters[i % 3].consume(draw)));
    // Three requests' worth: the first of each ten admitted calls paid for it; the 31st would need a fourth.
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(21);
    expect(outcomes.filter((o) => o.allowed && o.cost === 1)).toHaveLength(3);
    expect(await redis.get(`allowance:${keyPrefix}address`)).toBe('3');
    for (const c of counters) await c.close();
  });

  it("keep counting a window whose end Redis's clock has already passed (an instance's clock behind), for a minute past Redis's time", async () => {
    const keyPrefix = prefix();
    const counters = new RedisCounters(new Redis(REDIS_PORT, '127.0.0.1'), keyPrefix);
    const ended = Date.now() - 5_000;
    expect((await counters.consume(one('late', 1, 2, ended))).used).toEqual([1]);
    expect((await counters.consume(one('late', 1, 2, ended))).used).toEqual([2]);
    expect((await counters.consume(one('late', 1, 2, ended))).allowed).toBe(false);
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

  it("share a publishable key's visitor hours and its day exactly under concurrency", async () => {
    const env = { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_KEY_PREFIX: prefix(), LIMIT_STANDARD_PER_DAY: '25', TRUSTED_PROXIES: '127.0.0.1' };
    const [a, b] = await instances(2, env);
    const origins = ['https://blog.example'];
    const { secret } = await a.service.keys.create({ tier: 'standard', affiliateCode: 'blog', label: null, publishable: { origins, visitorLimit: 10 } });
    const call = (i: number, visitor: string) =>
      (i % 2 === 0 ? a : b).request(`/hotels/find?name=Pestana&key=${secret}`, { headers: { origin: origins[0], 'x-forwarded-for': visitor } });
    // One visitor, 60 calls at once over both instances: exactly their hour's 10.
    const one = await Promise.all(Array.from({ length: 60 }, (_, i) => call(i, '198.51.100.1')));
    expect(one.filter((r) => r.status === 200)).toHaveLength(10);
    // Four more visitors, 40 calls at once: the day has 15 left, whatever each visitor's hour says.
    const more = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i, `198.51.100.${2 + (i % 4)}`)));
    expect(more.filter((r) => r.status === 200)).toHaveLength(15);
    const refused = more.filter((r) => r.status === 429).map((r) => r.body.error.message as string);
    expect(refused.every((m) => m.startsWith('You have searched a lot') || m.startsWith('Hotel search on this site has reached its limit for today'))).toBe(true);
  });

  it('count keyless suggestions in tens exactly under a race: 600 concurrent against an hour of 30 answer 291, never more than 300', async () => {
    const [a, b] = await instances(2, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REDIS_KEY_PREFIX: prefix(), LIMIT_KEYLESS_PER_HOUR: '30' });
    const answers = await Promise.all(Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? a : b).request(`/suggest?q=${'Lisbon'.slice(0, 1 + (i % 6))}`)));
    // 29 tens, then the 30th request's first call: the nine after it would need a 31st request.
    expect(answers.filter((r) => r.status === 200)).toHaveLength(291);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(309);
  });
});

// Store-independent (no key, no catalog write): run in the sqlite project only, not again on PostgreSQL.
describe.skipIf(usePostgres)('when Redis cannot be reached', () => {
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

    // Back at the same address: a probe finds it within a second or two, and the shared count is used again.
    await proxy.start();
    await waitFor(async () => logs.some((l) => l.msg === 'shared allowance store reachable again: counting is shared across instances again'));
    const shared = await remaining(direct);
    expect(await remaining(viaProxy)).toBe(shared - 1);
    expect(logs.some((l) => l.msg === 'shared allowance store reachable again: counting is shared across instances again')).toBe(true);
    expect((await viaProxy.request('/metrics')).body).toMatch(/^hotel_affiliate_limiter_shared_store_up 1$/m);
    await proxy.cut();
  });

  it('waits for a Redis that hangs once, not at every call: later calls count locally at once until a probe finds it answering', async () => {
    const proxy = new TcpProxy(REDIS_PORT);
    await proxy.start();
    const logs: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
    // A long timeout, so that paying it at each call could not hide in the machine's noise.
    const timeoutMs = 1000;
    const env = { REDIS_KEY_PREFIX: prefix(), LIMIT_KEYLESS_PER_HOUR: '1000', REDIS_TIMEOUT_MS: String(timeoutMs), REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
    const [t] = await instances(1, env, { logger });
    const call = async () => {
      const started = performance.now();
      const r = await t.request('/hotels/search?destination=Lisbon&limit=1');
      expect(r.status).toBe(200);
      return { remaining: Number(r.headers.get('x-ratelimit-remaining')), ms: performance.now() - started };
    };
    expect((await call()).remaining).toBe(999);

    proxy.hang();
    try {
      const first = await call();
      expect(first.ms).toBeGreaterThanOrEqual(timeoutMs - 50);
      // Ten more calls while it hangs: none waits for it (each would take a second otherwise).
      const started = performance.now();
      const during = [];
      for (let i = 0; i < 10; i++) during.push((await call()).remaining);
      expect(performance.now() - started).toBeLessThan(5 * timeoutMs);
      expect(during).toEqual([998, 997, 996, 995, 994, 993, 992, 991, 990, 989]);
      expect(logs.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
        'shared allowance store unreachable: counting calls on this instance only until it is back',
      ]);
      expect((await t.request('/metrics')).body).toMatch(/^hotel_affiliate_limiter_local_fallback_total 11$/m);
    } finally {
      proxy.resume();
    }
    // A probe finds it answering within a second or two: calls are shared again.
    await expect.poll(() => logs.some((l) => l.msg === 'shared allowance store reachable again: counting is shared across instances again'), { timeout: 10_000 }).toBe(true);
    expect((await t.request('/metrics')).body).toMatch(/^hotel_affiliate_limiter_shared_store_up 1$/m);
    const direct = new Redis(REDIS_PORT, '127.0.0.1');
    try {
      const before = Number(await direct.keys(`${env.REDIS_KEY_PREFIX}*`).then((keys) => direct.get(keys[0])));
      await call();
      expect(Number(await direct.keys(`${env.REDIS_KEY_PREFIX}*`).then((keys) => direct.get(keys[0])))).toBe(before + 1);
    } finally {
      direct.disconnect();
    }
    await proxy.cut();
  });
});
