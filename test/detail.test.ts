// GET /hotels/{id} through HTTP: ids with slashes raw or encoded, the full record, photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

describe('hotel detail', () => {
  it('answers the full record, with at most five photos, main first', async () => {
    const r = await t.request('/hotels/hotel/pt/lisbon/pestana-palace');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: 'hotel/pt/lisbon/pestana-palace',
      name: 'Pestana Palace',
      stars: 5,
      rating: 9.1,
      review_count: 2000,
      address: 'Pestana Palace street 1',
      city: 'Lisbon',
      country_code: 'PT',
      latitude: expect.closeTo(38.76047, 5),
      longitude: -9.14,
      description: 'Test hotel Pestana Palace.',
      photo_url: 'https://photos.example.test/pestana/main.jpg',
      photos: [
        'https://photos.example.test/pestana/main.jpg',
        'https://photos.example.test/pestana/1.jpg',
        'https://photos.example.test/pestana/2.jpg',
        'https://photos.example.test/pestana/3.jpg',
        'https://photos.example.test/pestana/4.jpg',
      ],
      amenities: ['Spa', 'Garden'],
      url: 'https://www.stays.example/hotel/pt/lisbon/pestana-palace',
    });
  });

  it('gives the same answer for a percent-encoded id, at / and /v1', async () => {
    const raw = await t.request('/hotels/hotel/pt/lisbon/pestana-palace');
    for (const path of ['/hotels/hotel%2Fpt%2Flisbon%2Fpestana-palace', '/hotels/hotel%2fpt/lisbon%2Fpestana-palace', '/v1/hotels/hotel/pt/lisbon/pestana-palace', '/v1/hotels/hotel%2Fpt%2Flisbon%2Fpestana-palace']) {
      const r = await t.request(path);
      expect([path, r.status, r.body]).toEqual([path, 200, raw.body]);
    }
  });

  it('carries sub_id on its link', async () => {
    const r = await t.request('/hotels/hotel/pt/lisbon/casa-do-sol?sub_id=detail_1');
    expect(r.body.url).toBe('https://www.stays.example/hotel/pt/lisbon/casa-do-sol?utm_content=detail_1');
    expect(r.body.photos).toEqual([]);
  });

  it('is 404 for an unknown id and 400 for a bad parameter', async () => {
    const missing = await t.request('/hotels/hotel/pt/lisbon/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: 'no hotel has id "hotel/pt/lisbon/nowhere"' } });
    const bad = await t.request('/hotels/hotel/pt/lisbon/casa-do-sol?limit=3');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('unknown query parameter "limit" (allowed: sub_id, lang, currency)');
  });
});

describe('hotels opened again', () => {
  it('are answered as the store has them, and as the new catalog has them once it is read', async () => {
    const first = await t.request('/hotels/hotel/pt/lisbon/casa-do-sol');
    expect((await t.request('/hotels/hotel/pt/lisbon/casa-do-sol')).body).toEqual(first.body);
    expect((await t.request('/hotels/hotel/pt/lisbon/hotel-aurora')).status).toBe(200);
    const renamed = FIXTURE_HOTELS.filter((h) => h.id !== 'hotel/pt/lisbon/hotel-aurora').map((h) =>
      h.id === 'hotel/pt/lisbon/casa-do-sol' ? { ...h, name: 'Casa do Sol Renovada', rating: 9.7 } : h,
    );
    await t.importFeed(renamed);
    await expect.poll(async () => (await t.request('/hotels/hotel/pt/lisbon/casa-do-sol')).body.name, { timeout: 10_000 }).toBe('Casa do Sol Renovada');
    expect((await t.request('/hotels/hotel/pt/lisbon/hotel-aurora')).status).toBe(404);
  });
});

describe('a hotel opened by many callers', () => {
  it("carries each caller's link and each language's names, however often it was answered before", async () => {
    const keyOf = async (code: string) => (await t.service.keys.create({ tier: 'partner', affiliateCode: code, label: null })).secret;
    const [blog, app] = [await keyOf('blog7'), await keyOf('app9')];
    const open = (key: string, query: string) => t.request(`/hotels/hotel/pt/lisbon/pestana-palace${query}`, { headers: { authorization: `Bearer ${key}` } });
    // Each asked twice, alternating: the hotel is kept in memory once opened again, and later answers come from it.
    for (let round = 0; round < 2; round++) {
      const english = await open(blog, '');
      expect(english.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect([english.body.city, english.body.url]).toEqual(['Lisbon', 'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=blog7']);
      const german = await open(app, '?lang=de&sub_id=side_bar');
      expect([german.headers.get('content-language'), german.body.city, german.body.url]).toEqual([
        'de',
        'Lissabon',
        'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=app9&utm_content=side_bar&lang=de',
      ]);
      const { url: _englishUrl, city: _englishCity, ...englishRest } = english.body;
      const { url: _germanUrl, city: _germanCity, ...germanRest } = german.body;
      expect(germanRest).toEqual(englishRest);
    }
  });
});
