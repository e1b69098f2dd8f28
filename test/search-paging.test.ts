// Paging through a search (issue 14): next_cursor leads through every hotel of the ranking
// once, page by page; a cursor is refused, with a reason, for another search or once the
// catalog has been replaced; over MCP the same cursor works and the text says how to go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCursor } from '../src/operations/search-cursor.js';
import { connectMcp } from './support/mcp-clients.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t?.close());

const ids = (body: { hotels: { id: string }[] }) => body.hotels.map((h) => h.id);

async function allPages(search: string, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const r = await t.request(`/hotels/search?${search}&limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    pages.push(ids(r.body));
    cursor = r.body.next_cursor;
  } while (cursor !== undefined && pages.length < 20);
  return pages;
}

describe('paging', () => {
  it.each([
    ['destination=Lisbon', 'by rating'],
    ['destination=Lisbon&sort=stars', 'by stars'],
    ['lat=38.72&lng=-9.14&radius_km=10', 'nearest first'],
  ])('goes through %s page by page, each hotel once, in the order of one long page (%s)', async (search) => {
    const whole = await t.request(`/hotels/search?${search}&limit=20`);
    expect(whole.body.next_cursor).toBeUndefined();
    const pages = await allPages(search, 2);
    expect(pages.length).toBe(Math.ceil(whole.body.total / 2));
    expect(pages.flat()).toEqual(ids(whole.body));
  });

  it('refuses a cursor of another search, a cursor it never made, and one from before the catalog changed', async () => {
    const first = await t.request('/hotels/search?destination=Lisbon&limit=2');
    const cursor = encodeURIComponent(first.body.next_cursor);
    const other = await t.request(`/hotels/search?destination=Porto&limit=2&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toMatch(/cursor belongs to another search/);
    const forged = await t.request('/hotels/search?destination=Lisbon&cursor=bm9wZQ');
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toMatch(/^cursor must be a next_cursor of an earlier answer/);
    // A cursor with a character added, or cut short, is said not to be one, not taken for another search's.
    for (const changed of [`${first.body.next_cursor}A`, first.body.next_cursor.slice(0, -1)]) {
      const r = await t.request(`/hotels/search?destination=Lisbon&limit=2&cursor=${encodeURIComponent(changed)}`);
      expect([changed, r.status, r.body.error.message]).toEqual([changed, 400, expect.stringMatching(/^cursor must be a next_cursor of an earlier answer, sent unchanged/)]);
    }
    // A different page size is the same search.
    expect((await t.request(`/hotels/search?destination=Lisbon&limit=3&cursor=${cursor}`)).status).toBe(200);

    await t.importFeed(FIXTURE_HOTELS);
    await expect.poll(async () => (await t.request(`/hotels/search?destination=Lisbon&limit=2&cursor=${cursor}`)).status, { timeout: 10_000 }).toBe(400);
    const stale = await t.request(`/hotels/search?destination=Lisbon&limit=2&cursor=${cursor}`);
    expect(stale.body.error.message).toMatch(/catalog was updated since this cursor was made/);
  });

  it('stops 500 hotels deep: the page that reaches it ends there, with no cursor past it', async () => {
    const generation = (await t.request('/readyz')).body.catalog.generation as number;
    // Cursors as the service would make them 490 and 500 hotels down (the fixture catalog is too small to page there).
    const deep = encodeURIComponent(makeCursor({ destination: 'Lisbon' }, generation, 490));
    expect((await t.request(`/hotels/search?destination=Lisbon&limit=10&cursor=${deep}`)).status).toBe(200);
    // A next_cursor given 490 deep is good for any limit: the page is cut at 500.
    const beyond = await t.request(`/hotels/search?destination=Lisbon&limit=11&cursor=${deep}`);
    expect([beyond.status, beyond.body.next_cursor]).toEqual([200, undefined]);
    const past = encodeURIComponent(makeCursor({ destination: 'Lisbon' }, generation, 500));
    const tooDeep = await t.request(`/hotels/search?destination=Lisbon&limit=5&cursor=${past}`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.message).toMatch(/^pages reach at most 500 hotels deep \(this one would start at 500\); narrow the search/);
  });

  it('pages over MCP with the same cursor, and says how to go on', async () => {
    const client = await connectMcp(t.baseUrl, 'http');
    try {
      const first = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 2 } });
      const next = (first.structuredContent as { next_cursor: string }).next_cursor;
      const text = (first.content as { text: string }[]).map((c) => c.text).join('\n');
      expect(text).toContain(`cursor "${next}"`);
      const second = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 2, cursor: next } });
      const http = await t.request(`/hotels/search?destination=Lisbon&limit=2&cursor=${encodeURIComponent(next)}`);
      expect(ids(second.structuredContent as { hotels: { id: string }[] })).toEqual(ids(http.body));
    } finally {
      await client.close();
    }
  });
});
