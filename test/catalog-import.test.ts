// Importing feeds: every bad line stops the import and leaves the catalog in use as it was;
// a good import replaces it whole, and a running server switches without failing a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError } from '../src/catalog/feed.js';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS, toNdjson } from './support/fixture-hotels.js';
import { startTestService, writeFeed, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

const good = toNdjson(FIXTURE_HOTELS).trimEnd().split('\n');
const withLine = (n: number, line: string) => [...good.slice(0, n - 1), line, ...good.slice(n)].join('\n');
const edited = (n: number, edit: (h: Record<string, unknown>) => void) => {
  const record = JSON.parse(good[n - 1]) as Record<string, unknown>;
  edit(record);
  return withLine(n, JSON.stringify(record));
};

describe('a bad feed', () => {
  const feeds: [string, string, string][] = [
    ['broken JSON', withLine(3, '{"id": "hotel/pt/x", "name": '), 'line 3: not valid JSON'],
    ['a missing field', edited(2, (h) => delete h.name), 'line 2: name is required; it must be a string of 1 to 200 characters'],
    ['an out-of-range value', edited(4, (h) => (h.rating = 11)), 'line 4: rating must be a guest score from 0 to 10, or null (got 11)'],
    ['a latitude out of range', edited(1, (h) => (h.latitude = 123)), 'line 1: latitude must be a number from -90 to 90 (got 123)'],
    ['a duplicate id', withLine(5, good[1]), 'line 5: duplicate id "hotel/pt/lisbon/hotel-aurora" (first on line 2)'],
    ['an unknown field', edited(2, (h) => (h.stras = 4)), 'line 2: unknown field "stras" (allowed: id, name, stars'],
    ['a url field', edited(2, (h) => (h.url = 'https://x')), 'line 2: url is made by the service for each caller; leave it out of the feed'],
    ['an unknown country', edited(6, (h) => (h.country_code = 'XX')), 'line 6: country_code must be a country the service knows (got "XX")'],
    ['a bad id', edited(2, (h) => (h.id = '/hotel/pt/x')), 'line 2: id must be a page path such as "hotel/pt/lisbon/belvedere-international-resort"'],
    ['a line that is not an object', withLine(2, '[1, 2]'), 'line 2: a line must be one JSON object, a hotel'],
    ['no hotels', '\n\n', 'the feed has no hotels'],
  ];

  it.each(feeds)('with %s stops with its line and reason and changes nothing', async (_name, feed, reason) => {
    const before = await t.service.store.current();
    const search = await t.request('/hotels/search?destination=Portugal&limit=20');
    const error = await t.importFeed(feed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeedError);
    expect((error as FeedError).message.startsWith(reason)).toBe(true);
    expect(await t.service.store.current()).toEqual(before);
    await t.service.liveIndex.refresh();
    expect(await t.request('/hotels/search?destination=Portugal&limit=20')).toMatchObject({ status: 200, body: search.body });
    expect((await t.request('/hotels/hotel/pt/lisbon/pestana-palace')).status).toBe(200);
  });
});

describe('a good import', () => {
  it('replaces the catalog, and the running server switches without a restart or a failed request', async () => {
    const replacement: HotelRecord[] = [
      ...FIXTURE_HOTELS.filter((h) => h.city !== 'Lisbon'),
      { ...FIXTURE_HOTELS[0], id: 'hotel/pt/lisbon/hotel-novo', name: 'Hotel Novo', rating: 9.5 },
    ];
    const statuses: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) statuses.push((await t.request('/hotels/search?destination=Lisbon')).status);
    })();
    await t.importFeed(replacement);
    let switched = false;
    for (let i = 0; i < 100 && !switched; i++) {
      const r = await t.request('/hotels/search?destination=Lisbon');
      switched = r.body.total === 1;
      if (!switched) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    await traffic;
    expect(switched).toBe(true);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const lisbon = await t.request('/hotels/search?destination=Lisbon');
    expect(lisbon.body.hotels.map((h: { id: string }) => h.id)).toEqual(['hotel/pt/lisbon/hotel-novo']);
    expect((await t.request('/hotels/hotel/pt/lisbon/pestana-palace')).status).toBe(404);
    expect((await t.request('/hotels/find?name=Hotel%20Novo')).body.hotel.id).toBe('hotel/pt/lisbon/hotel-novo');
  });
});

describe('the import command', () => {
  const cli = (args: string[]) => runCli(t.dataDir, args, t.database.env);

  it('prints the line and reason of a bad feed, exits 1, and leaves the catalog', async () => {
    const before = await t.service.store.current();
    const file = await writeFeed(t.dataDir, edited(3, (h) => (h.stars = 7)));
    const r = await cli(['import', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'Import stopped at line 3: stars must be a star rating from 1 to 5 in steps of 0.5, or null (got 7). The catalog in use was not changed.',
    );
    expect(await t.service.store.current()).toEqual(before);
  });

  it('imports a good feed and says so', async () => {
    const file = await writeFeed(t.dataDir, FIXTURE_HOTELS);
    const r = await cli(['import', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Imported 11 hotels from .* as catalog generation \d+ in [\d.]+ s\./);
    expect((await t.service.store.current())?.hotelCount).toBe(11);
  });

  it('explains its usage', async () => {
    const r = await cli(['import']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('import takes one FILE');
  });
});
