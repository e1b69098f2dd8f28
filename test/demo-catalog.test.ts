// The demo catalog: deterministic, valid feed records, invented hotels around real cities,
// labelled as demo data, built on first start when the catalog is empty.
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_SOURCE, generateDemoHotels } from '../src/catalog/demo.js';
import { parseFeedLine } from '../src/catalog/feed.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { createService } from '../src/service.js';
import pino from 'pino';
import { haversineKm } from '../src/search/geo.js';
import { startTestService, type TestService } from './support/test-service.js';

const gazetteer = builtInGazetteer();
const knownCountry = (code: string) => gazetteer.country(code) !== undefined;

describe('demo generator', () => {
  const hotels = [...generateDemoHotels(gazetteer, 5000)];

  it('makes exactly the count asked for, the same on every run', () => {
    expect(hotels).toHaveLength(5000);
    expect([...generateDemoHotels(gazetteer, 5000)]).toEqual(hotels);
    expect(new Set(hotels.map((h) => h.id)).size).toBe(5000);
  });

  it('writes records that a feed import accepts, each saying it is invented', () => {
    hotels.forEach((h, i) => {
      const parsed = parseFeedLine(JSON.stringify(h), i + 1, { knownCountry });
      expect(parsed).toEqual(h);
      expect(h.description.startsWith('Demo data: ')).toBe(true);
    });
  });

  it('places every hotel near a real city of its name and country', () => {
    for (const h of hotels) {
      const city = gazetteer.locateCity(h.country_code, h.city, h.latitude, h.longitude);
      expect(city?.name).toBe(h.city);
      expect(haversineKm(h.latitude, h.longitude, city!.lat, city!.lng)).toBeLessThanOrEqual(city!.radiusKm);
    }
  });

  it('covers many cities and the places travellers ask for', () => {
    expect(new Set(hotels.map((h) => `${h.city}/${h.country_code}`)).size).toBeGreaterThan(1000);
    for (const [city, cc] of [['Lisbon', 'PT'], ['Paris', 'FR'], ['London', 'GB'], ['New York City', 'US'], ['Tokyo', 'JP']]) {
      expect(hotels.some((h) => h.city === city && h.country_code === cc)).toBe(true);
    }
  });
});

describe('first start', () => {
  let t: TestService | undefined;
  afterAll(async () => t?.close());

  it('builds the demo catalog when the catalog is empty, and keeps it on the next start', async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '3000' });
    const version = await t.service.store.current();
    expect(version).toMatchObject({ hotelCount: 3000, source: DEMO_SOURCE, generation: 1 });
    const expected = [...generateDemoHotels(gazetteer, 3000)].filter((h) => h.city === 'Paris' && h.country_code === 'FR');
    const r = await t.request('/hotels/search?destination=Paris&limit=20');
    expect(r.body.total).toBe(expected.length);
    const expectedIds = new Set(expected.map((h) => h.id));
    expect(r.body.hotels).toHaveLength(Math.min(20, expected.length));
    expect(r.body.hotels.every((h: { id: string }) => expectedIds.has(h.id))).toBe(true);
    const detail = await t.request(`/hotels/${expected[0].id}`);
    expect(detail.body.description).toMatch(/^Demo data: .* is an invented hotel/);

    // A second start on the same data finds a catalog and leaves it.
    const again = await createService(t.config, { logger: pino({ level: 'silent' }) });
    expect(await again.store.current()).toEqual(version);
    await again.close();
  });
});

describe('demo photos', () => {
  let t: TestService | undefined;
  afterAll(async () => t?.close());

  it('are served by the service at the address the demo hotels give, the same picture every time', async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '2000', PUBLIC_BASE_URL: 'https://api.blog-demo.example' });
    const hotel = (await t.request('/hotels/search?destination=Lisbon&limit=1')).body.hotels[0];
    expect(hotel.photo_url).toBe(`https://api.blog-demo.example/demo/photos/${hotel.id.slice('hotel/'.length)}/1.svg`);
    const detail = (await t.request(`/hotels/${hotel.id}`)).body;
    expect(detail.photos[0]).toBe(hotel.photo_url);
    const path = new URL(hotel.photo_url).pathname;
    const [first, second] = [await fetch(`${t.baseUrl}${path}`), await fetch(`${t.baseUrl}${path}`)];
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/svg+xml');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await first.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 533"/);
    expect(await second.text()).toBe(svg);
    expect((await fetch(`${t.baseUrl}/demo/photos/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/demo/photos/pt/lisbon/x/1.png`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/demo/photos/pt/lisbon/x/1.svg`, { method: 'POST' })).status).toBe(405);
  });
});
