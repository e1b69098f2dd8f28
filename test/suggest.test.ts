// GET /suggest through HTTP, and the suggest tool: places and hotels as a name is typed, typos
// forgiven, and an allowance counted in tens so that a search box does not spend a key's day.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp } from './support/mcp-clients.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
let key: string;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_STANDARD_PER_DAY: '3' });
  key = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'typeahead', label: null })).secret;
});
afterAll(async () => t.close());

const auth = (secret: string) => ({ headers: { Authorization: `Bearer ${secret}` } });
const suggest = (q: string, extra = '') => t.request(`/suggest?q=${encodeURIComponent(q)}${extra}`, auth(key));
const placeIds = (body: { places: { place_id: string }[] }) => body.places.map((p) => p.place_id);
const hotelIds = (body: { hotels: { id: string }[] }) => body.hotels.map((h) => h.id);

describe('suggest: places', () => {
  it.each([
    ['Lisb', 'geonames:2267057'],
    ['lisbo', 'geonames:2267057'],
    ['New Yo', 'geonames:5128581'],
    ['pari', 'geonames:2988507'],
    ['Porto', 'geonames:2735943'],
    // A typo, never in the first letter: a letter swapped, left out, or a neighbouring key.
    ['Lodnon', 'geonames:2643743'],
    ['Lisbn', 'geonames:2267057'],
    ['Barcelna', 'geonames:3128760'],
    ['Amsterdma', 'geonames:2759794'],
    // Another language's name, typed whole or from four letters.
    ['München', 'geonames:2867714'],
    ['Lisboa', 'geonames:2267057'],
  ])('%j suggests %s first', async (q, placeId) => {
    const r = await suggest(q);
    expect(r.status).toBe(200);
    expect(placeIds(r.body)[0]).toBe(placeId);
  });

  it('answers each place with its place_id, label, kind, country and the hotels the catalog has there', async () => {
    const r = await suggest('Lisb', '&limit=3');
    expect(r.body.places).toHaveLength(3);
    expect(r.body.places[0]).toEqual({
      place_id: 'geonames:2267057',
      name: 'Lisbon',
      label: 'Lisbon, Portugal',
      kind: 'city',
      country_code: 'PT',
      hotel_count: FIXTURE_HOTELS.filter((h) => h.city === 'Lisbon').length,
    });
    // The district of the same name gives way to its city, as when a destination is read.
    expect(r.body.places.filter((p: { label: string }) => p.label === 'Lisbon, Portugal')).toHaveLength(1);
    // The place_id searches that place, and hotel_count is what that search counts, an airport's too.
    for (const place of r.body.places) {
      const search = await t.request(`/hotels/search?place_id=${encodeURIComponent(place.place_id)}`);
      expect(search.status).toBe(200);
      expect(search.body.total, place.label).toBe(place.hotel_count);
    }
    expect(r.body.places.map((p: { kind: string }) => p.kind)).toContain('airport');
  });

  it('takes a place with hotels before a namesake of about the same size without', async () => {
    const r = await suggest('Paris');
    expect(placeIds(r.body)[0]).toBe('geonames:2988507');
    expect(r.body.places.map((p: { label: string }) => p.label)).toContain('Paris, Texas, United States');
  });

  it.each([
    ['Paris, Tex', 'Paris, Texas, United States'],
    ['Springfield, Ill', 'Springfield, Illinois, United States'],
    ['Portland, ME', 'Portland, Maine, United States'],
    ['Londn, Ont', 'London, Ontario, Canada'],
  ])('narrows %j to places where the text after the comma begins: %s', async (q, label) => {
    const r = await suggest(q);
    expect(r.body.places[0].label).toBe(label);
    expect(r.body.places.every((p: { label: string }) => p.label !== 'Paris, France' && !p.label.startsWith('Paris, Île'))).toBe(true);
  });

  it('does not read a short prefix through another language ("L" is not India, called "l\'Inde" in French)', async () => {
    const r = await suggest('L', '&limit=10');
    expect(r.body.places.map((p: { kind: string; name: string }) => p.name)).not.toContain('India');
  });
});

describe('suggest: hotels', () => {
  it('completes the last word, names beginning so first, with the caller\'s code and sub_id on each url', async () => {
    const r = await suggest('Pestana Pal', '&sub_id=search-box');
    expect(r.status).toBe(200);
    expect(r.body.hotels[0]).toEqual({
      id: 'hotel/pt/lisbon/pestana-palace',
      name: 'Pestana Palace',
      city: 'Lisbon',
      country_code: 'PT',
      url: 'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=typeahead&utm_content=search-box',
    });
  });

  it.each([
    ['pest', 'hotel/pt/lisbon/pestana-palace'],
    ['Hôtel Lum', 'hotel/fr/paris/hotel-lumiere'],
    ['St Geo', 'hotel/pt/lisbon/st-george-inn'],
    ['saint george', 'hotel/pt/lisbon/st-george-inn'],
    ['Riverside Suites &', 'hotel/pt/lisbon/riverside-suites-spa'],
    // A typo in a finished word, and in the unfinished one.
    ['Pestanna Pal', 'hotel/pt/lisbon/pestana-palace'],
    ['Merdian', 'hotel/pt/lisbon/grand-meridian-international'],
    // A word further in: names beginning so would come first.
    ['Palace', 'hotel/pt/lisbon/pestana-palace'],
  ])('%j suggests %s first', async (q, id) => {
    const r = await suggest(q);
    expect(hotelIds(r.body)[0]).toBe(id);
  });

  it('offers same-named hotels best-rated first, and every one that fits the limit', async () => {
    const r = await suggest('Hotel Auro');
    expect(hotelIds(r.body)).toEqual(['hotel/pt/lisbon/hotel-aurora', 'hotel/pt/porto/hotel-aurora']);
    expect((await suggest('Hotel Auro', '&limit=1')).body.hotels).toHaveLength(1);
  });

  it('reads a finished last word whole: "Pestana " is not "Pestanas"', async () => {
    const r = await suggest('grand ');
    expect(hotelIds(r.body)).toEqual(['hotel/pt/lisbon/grand-meridian-international']);
  });

  it('suggests only places, or only hotels, when asked', async () => {
    const both = await suggest('Port');
    expect(both.body.places.length).toBeGreaterThan(0);
    expect(both.body.hotels.length).toBeGreaterThan(0);
    const places = await suggest('Port', '&only=places');
    expect(places.body).toEqual({ places: both.body.places, hotels: [] });
    const hotels = await suggest('Port', '&only=hotels');
    expect(hotels.body).toEqual({ places: [], hotels: both.body.hotels });
    const wrong = await suggest('Port', '&only=cities');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('only');
  });

  it('answers 200 with empty lists when nothing begins so, and 400 for what is not a query', async () => {
    const none = await suggest('Xqzvw');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ places: [], hotels: [] });
    const punctuation = await suggest('?!');
    expect(punctuation.body).toEqual({ places: [], hotels: [] });
    const empty = await t.request('/suggest?q=', auth(key));
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^q /);
    const long = await suggest('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('q must be');
    expect((await suggest('Lisb', '&limit=11')).status).toBe(400);
    expect((await suggest('Lisb', '&city=Lisbon')).status).toBe(400);
  });
});

describe('suggest: caching', () => {
  it('lets a browser keep an answer: private, five minutes, with an ETag that a revalidation matches (304)', async () => {
    const first = await suggest('Lisb');
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    expect(first.headers.get('vary')).toContain('Authorization');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    const again = await t.request('/suggest?q=Lisb', { headers: { ...auth(key).headers, 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect((await suggest('Lisbo')).headers.get('etag')).not.toBe(tag);
  });
});

describe('suggest: allowance', () => {
  it('counts suggestions in tens: the first of every ten costs 1, and a suggestion is refused when nothing is left', async () => {
    const { secret } = await t.service.keys.create({ tier: 'standard', affiliateCode: `box-${randomUUID().slice(0, 8)}`, label: null });
    const remaining: string[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t.request('/suggest?q=Lis', auth(secret));
      expect(r.status).toBe(200);
      remaining.push(r.headers.get('x-ratelimit-remaining')!);
      expect(r.headers.get('ratelimit-policy')).toBe('"standard";q=3;w=86400');
    }
    expect(remaining).toEqual(['2', '2', '2', '2', '2', '2', '2', '2', '2', '2', '1']);
    // A refused input is one of the ten too.
    expect((await t.request('/suggest?q=', auth(secret))).headers.get('x-ratelimit-remaining')).toBe('1');
    const search = await t.request('/hotels/search?destination=Lisbon', auth(secret));
    expect(search.headers.get('x-ratelimit-remaining')).toBe('0');
    // Nothing left: even a call that would cost nothing is refused, with the usual 429.
    const refused = await t.request('/suggest?q=Lisbo', auth(secret));
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('answers the suggest tool through the stdio MCP server (a call of GET /suggest) as over HTTP', async () => {
    const client = await connectMcp(t.baseUrl, 'stdio', { key });
    try {
      const result = await client.callTool({ name: 'suggest', arguments: { q: 'new yo', limit: 3 } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual((await suggest('new yo', '&limit=3')).body);
    } finally {
      await client.close();
    }
  });

  it('answers the suggest tool over MCP as over HTTP, counted the same way', async () => {
    const client = await connectMcp(t.baseUrl, 'http', { key });
    try {
      const result = await client.callTool({ name: 'suggest', arguments: { q: 'Pestana Pal', limit: 2 } });
      const http = await suggest('Pestana Pal', '&limit=2');
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(http.body);
      const text = (result.content as { text: string }[])[0].text;
      expect(text).toContain('No places begin so.\nHotels:\n1. Pestana Palace, Lisbon (id hotel/pt/lisbon/pestana-palace): https://');
      const places = await client.callTool({ name: 'suggest', arguments: { q: 'Lisb' } });
      expect((places.content as { text: string }[])[0].text).toContain('Places:\n1. Lisbon, Portugal (city, 6 hotels, place_id geonames:2267057)');
    } finally {
      await client.close();
    }
  });
});

describe('suggest: texts asked again', () => {
  it('answer each caller with links carrying their own code, and what a newly imported catalog holds', async () => {
    const other = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'second-blog', label: null })).secret;
    const mine = await suggest('Pestana Pal');
    const theirs = await t.request('/suggest?q=Pestana%20Pal', auth(other));
    expect(hotelIds(theirs.body)).toEqual(hotelIds(mine.body));
    expect(mine.body.hotels[0].url).toContain('aff=typeahead');
    expect(theirs.body.hotels[0].url).toContain('aff=second-blog');

    // A new catalog: the same text now finds the new hotel, and Lisbon's new count.
    const added = { ...FIXTURE_HOTELS[0], id: 'hotel/pt/lisbon/pestana-palace-annex', name: 'Pestana Palace Annex' };
    await t.importFeed([...FIXTURE_HOTELS, added]);
    await expect.poll(async () => hotelIds((await suggest('Pestana Pal')).body), { timeout: 10_000 }).toContain(added.id);
    const lisbon = await suggest('Lisb', '&only=places');
    const search = await t.request(`/hotels/search?place_id=${lisbon.body.places[0].place_id}`);
    expect(lisbon.body.places[0].hotel_count).toBe(search.body.total);
  });
});
