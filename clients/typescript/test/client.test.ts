// The TypeScript client against a live service: each operation with typed answers, a refused
// key (401) and a spent allowance (429) as typed errors, the allowance as numbers; the
// generated files equal what the service's code generates now (so they cannot drift), and the
// package builds to JavaScript that imports.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { openApiDocument } from '../../../src/http/openapi.js';
import { FIXTURE_HOTELS } from '../../../test/support/fixture-hotels.js';
import { startTestService, type TestService } from '../../../test/support/test-service.js';
// The generator is a plain .mjs script of the package (it runs without a build step).
import { FILES, render } from '../scripts/generate.mjs';
import { createHotelAffiliateClient } from '../src/index.js';

let t: TestService;
let secret: string;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '4', LIMIT_STANDARD_PER_DAY: '50' });
  t.clock.set(Date.UTC(2026, 10, 23, 10, 30, 0));
  ({ secret } = await t.service.keys.create({ tier: 'standard', affiliateCode: 'acme-blog', label: null }));
});
afterAll(async () => t?.close());

describe('the client against the service', () => {
  it("manages the affiliate's own keys, typed: a publishable key made, changed, revoked, and the secret key rolled", async () => {
    const own = await t.service.keys.create({ tier: 'standard', affiliateCode: 'acme-keys', label: 'servers' });
    const client = createHotelAffiliateClient({ baseUrl: t.baseUrl, key: own.secret });
    const made = await client.keys.createPublishable({ origins: ['https://blog.example'], label: 'widget' });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.status).toBe(201);
    expect(made.data.key).toMatch(/^live_pk_/);
    const changed = await client.keys.update(made.data.id, { origins: ['https://new.example'] });
    expect(changed.ok && changed.data.origins).toEqual(['https://new.example']);
    const listed = await client.keys.list();
    expect(listed.ok && listed.data.keys.map((k) => k.kind)).toEqual(['secret', 'publishable']);
    const revoked = await client.keys.revoke(made.data.id);
    expect(revoked.ok && revoked.data.revoked).not.toBeNull();
    const rolled = await client.keys.roll(own.record.id, 60);
    if (!rolled.ok) throw new Error(rolled.error.message);
    expect(rolled.data.key).toMatch(/^live_[A-Za-z0-9]{43}$/);
    const refused = await createHotelAffiliateClient({ baseUrl: t.baseUrl }).keys.list();
    expect(!refused.ok && refused.error.code).toBe('unauthorized');
  });

  it('calls the operations with a key, typed, with the allowance as numbers', async () => {
    const client = createHotelAffiliateClient({ baseUrl: t.baseUrl, key: secret });
    const search = await client.searchHotels({ destination: 'Lisbon', limit: 2, sub_id: 'typed' });
    if (!search.ok) throw new Error(search.error.message);
    expect(search.data.destination).toMatch(/^Lisbon/);
    expect(search.data.hotels).toHaveLength(2);
    expect(search.data.hotels[0].url).toMatch(/\?aff=acme-blog&utm_content=typed$/);
    expect(search.allowance).toEqual({
      limit: 50,
      remaining: 49,
      resetAt: new Date(Date.UTC(2026, 10, 24)),
      policy: 'standard',
      windowSeconds: 86_400,
      resetInSeconds: 48_600,
    });

    const found = await client.findHotel({ name: 'pestana palace' });
    expect(found.ok && found.data.hotel.id).toBe('hotel/pt/lisbon/pestana-palace');

    // An id with slashes goes through as one path parameter.
    const hotel = await client.getHotel('hotel/pt/lisbon/pestana-palace', { sub_id: 'detail' });
    if (!hotel.ok) throw new Error(hotel.error.message);
    expect(hotel.data.name).toBe('Pestana Palace');
    expect(hotel.data.url).toBe('https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=acme-blog&utm_content=detail');

    const links = await client.createLinks(['https://www.stays.example/hotel/pt/lisbon/pestana-palace', 'https://example.org/']);
    if (!links.ok) throw new Error(links.error.message);
    expect(links.data.links.map((l) => l.url ?? l.error?.code)).toEqual([
      'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=acme-blog',
      'not_service_url',
    ]);
    // 50, less 1 each for the search, the find and the hotel, and 2 for two URLs.
    expect(links.allowance?.remaining).toBe(45);

    // What those calls did, by operation, at no cost.
    const usage = await client.usage({ group_by: 'operation' });
    if (!usage.ok) throw new Error(usage.error.message);
    expect(usage.data.rows.map((r) => [r.operation, r.calls, r.hotels_shown, r.links])).toEqual([
      ['create_links', 1, 0, 1],
      ['find_hotel', 1, found.ok ? found.data.matches.length : -1, 0],
      ['get_hotel', 1, 1, 0],
      ['search_hotels', 1, 2, 0],
    ]);
    expect(usage.data.allowance.remaining).toBe(45);
    expect(usage.allowance?.remaining).toBe(45);
  });

  it('answers a refused key as a typed 401, and a spent allowance as a typed 429 with when to retry', async () => {
    const wrongKey = createHotelAffiliateClient({ baseUrl: t.baseUrl, key: `live_${'Q'.repeat(43)}` });
    const refused = await wrongKey.searchHotels({ destination: 'Lisbon' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(401);
    expect(refused.error).toEqual({ code: 'unauthorized', message: 'the API key is not valid: unknown, revoked or mistyped' });

    const keyless = createHotelAffiliateClient({ baseUrl: `${t.baseUrl}/` });
    let last = await keyless.findHotel({ name: 'Hotel Aurora' });
    while (last.ok) last = await keyless.findHotel({ name: 'Hotel Aurora' });
    expect(last.status).toBe(429);
    expect(last.error.code).toBe('rate_limited');
    expect(last.retryAfterSeconds).toBe(1800);
    expect(last.allowance).toMatchObject({ limit: 4, remaining: 0, policy: 'keyless', windowSeconds: 3600, resetInSeconds: 1800 });
  });

  it("sends a publishable key as the key parameter, as a page's browser would, with the visitor's allowance", async () => {
    const origin = 'https://blog.example';
    const { secret: publishable } = await t.service.keys.create({
      tier: 'standard',
      affiliateCode: 'page-blog',
      label: null,
      publishable: { origins: [origin], visitorLimit: 20 },
    });
    const seen: Request[] = [];
    // Node's fetch sends no Origin; a browser's does, for a page on the key's origin.
    const browserFetch = async (input: Request) => {
      seen.push(input.clone());
      const headers = new Headers(input.headers);
      headers.set('origin', origin);
      return fetch(new Request(input, { headers }));
    };
    const client = createHotelAffiliateClient({ baseUrl: t.baseUrl, key: publishable, fetch: browserFetch as typeof fetch });
    const search = await client.searchHotels({ destination: 'Lisbon', limit: 1, sub_id: 'widget' });
    if (!search.ok) throw new Error(search.error.message);
    expect(search.data.hotels[0].url).toMatch(/\?aff=page-blog&utm_content=widget$/);
    expect(search.allowance).toMatchObject({ limit: 20, remaining: 19, policy: 'visitor', windowSeconds: 3600 });
    const links = await client.createLinks(['https://www.stays.example/']);
    expect(links.ok && links.data.links[0].url).toBe('https://www.stays.example/?aff=page-blog');
    expect(seen.map((r) => [new URL(r.url).searchParams.get('key'), r.headers.get('authorization')])).toEqual([
      [publishable, null],
      [publishable, null],
    ]);
  });

  it('is 404 not_found, typed, for what does not exist', async () => {
    const client = createHotelAffiliateClient({ baseUrl: t.baseUrl, key: secret });
    const missing = await client.getHotel('hotel/pt/lisbon/no-such-hotel');
    expect(!missing.ok && missing.error.code).toBe('not_found');
  });
});

describe('the client package', () => {
  it('holds the files generated from the API as it is now', async () => {
    const { json, types } = await render(openApiDocument, loadConfig);
    expect(readFileSync(FILES.json, 'utf8'), 'openapi.json is stale: run npm run build && npm run generate -w clients/typescript').toBe(json);
    expect(readFileSync(FILES.types, 'utf8'), 'src/schema.ts is stale: run npm run build && npm run generate -w clients/typescript').toBe(types);
  });

  it('builds to JavaScript and declarations that import', async () => {
    const dir = fileURLToPath(new URL('..', import.meta.url));
    // Inside the package, so that the built code finds openapi-fetch as an installed client would.
    const out = mkdtempSync(join(dir, '.build-test-'));
    try {
      execFileSync(join(dir, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--outDir', out], { stdio: 'pipe' });
      const built = await import(join(out, 'index.js'));
      expect(Object.keys(built).sort()).toEqual(['allowanceOf', 'createHotelAffiliateClient']);
      expect(readFileSync(join(out, 'index.d.ts'), 'utf8')).toContain('export declare function createHotelAffiliateClient');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
