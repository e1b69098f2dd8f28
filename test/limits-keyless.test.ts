// The keyless allowance through HTTP, on a clock the test moves: counted per address and
// hour, refused whole with 429 and Retry-After, refused calls not counted, reset on the hour,
// kept across a restart of an instance that counts on its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '3' });
});
afterAll(async () => t.close());

describe('keyless allowance', () => {
  it('admits the limit, then refuses with 429, Retry-After to the hour, and counts nothing more', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 10, 59, 0));
    const reset = String(Date.UTC(2026, 10, 23, 11) / 1000);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.request('/hotels/search?destination=Lisbon');
      expect(r.status).toBe(200);
      remaining.push(r.headers.get('x-ratelimit-remaining')!);
      expect(r.headers.get('x-ratelimit-reset')).toBe(reset);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await t.request('/hotels/find?name=Pestana');
    // The same allowance in the IETF fields: an hour's window, nothing left, reset in 60 s.
    expect(refused.headers.get('ratelimit-policy')).toBe('"keyless";q=3;w=3600');
    expect(refused.headers.get('ratelimit')).toBe('"keyless";r=0;t=60');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toBe(
      'Calls without a key are limited to 3 requests an hour per IP address; the limit resets at 2026-11-23T11:00:00.000Z. ' +
        'Apply for an API key at https://www.stays.example/affiliates for a higher allowance.',
    );

    t.clock.set(Date.UTC(2026, 10, 23, 11, 0, 0));
    const fresh = await t.request('/hotels/search?destination=Lisbon');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(fresh.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 23, 12) / 1000));
    expect(fresh.headers.get('ratelimit')).toBe('"keyless";r=2;t=3600');
  });

  it('refuses a links call whose URLs do not fit what remains, whole, and counts nothing', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 14, 30, 0));
    const urls = ['https://stays.example/a', 'https://stays.example/b'];
    expect((await t.request('/links', jsonBody({ urls }))).headers.get('x-ratelimit-remaining')).toBe('1');
    const refused = await t.request('/links', jsonBody({ urls }));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^This call costs 2 requests \(one per URL\) and 1 remains: send at most 1 URL in a call\. /);
    expect(refused.headers.get('retry-after')).toBe('1800');
    const single = await t.request('/links', jsonBody({ urls: urls.slice(0, 1) }));
    expect(single.status).toBe(200);
    expect(single.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});

describe('a restart of an instance counting on its own (no Redis)', () => {
  it('keeps the counts of windows still open, and lets ended ones go', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-restart-'));
    const start = (clockStart: number) => startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '5' }, { dataDir, clockStart });
    const remaining = async (s: TestService) => (await s.request('/hotels/search?destination=Lisbon')).headers.get('x-ratelimit-remaining');
    try {
      const tenPast = Date.UTC(2026, 10, 23, 10, 10);
      const first = await start(tenPast);
      expect([await remaining(first), await remaining(first), await remaining(first)]).toEqual(['4', '3', '2']);
      await first.close();

      const again = await start(tenPast + 60_000);
      expect(await remaining(again)).toBe('1');
      await again.close();

      const nextHour = await start(Date.UTC(2026, 10, 23, 11, 1));
      expect(await remaining(nextHour)).toBe('4');
      await nextHour.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
