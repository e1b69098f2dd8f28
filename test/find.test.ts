// GET /hotels/find through HTTP: names as people say them, city as a boost, the threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

const find = (name: string, extra = '') => t.request(`/hotels/find?name=${encodeURIComponent(name)}${extra}`);

describe('find', () => {
  it.each([
    ['Pestana Palace', 'hotel/pt/lisbon/pestana-palace'],
    ['PESTANA PALACE!!', 'hotel/pt/lisbon/pestana-palace'],
    ['palace pestana', 'hotel/pt/lisbon/pestana-palace'],
    ['The Pestana Palace Hotel', 'hotel/pt/lisbon/pestana-palace'],
    ['Pestanna Palace', 'hotel/pt/lisbon/pestana-palace'],
    ['Pestana Palcae', 'hotel/pt/lisbon/pestana-palace'],
    ['hotel lumiere', 'hotel/fr/paris/hotel-lumiere'],
    ['Saint George Inn', 'hotel/pt/lisbon/st-george-inn'],
    ['st george', 'hotel/pt/lisbon/st-george-inn'],
    ['Riverside Suites and Spa', 'hotel/pt/lisbon/riverside-suites-spa'],
    ['Grand Meridian Intl', 'hotel/pt/lisbon/grand-meridian-international'],
    ['Grand Meridain Internatinal', 'hotel/pt/lisbon/grand-meridian-international'],
    ['Casa do Sol Lisbon', 'hotel/pt/lisbon/casa-do-sol'],
  ])('finds %j', async (name, id) => {
    const r = await find(name);
    expect(r.status).toBe(200);
    expect(r.body.hotel.id).toBe(id);
    expect(r.body.matches[0]).toEqual(r.body.hotel);
  });

  it('ranks equal names best-rated first, and lets city favour another without excluding', async () => {
    const plain = await find('Hotel Aurora');
    expect(plain.body.matches.map((h: { id: string }) => h.id)).toEqual(['hotel/pt/lisbon/hotel-aurora', 'hotel/pt/porto/hotel-aurora']);
    const porto = await find('Hotel Aurora', '&city=Porto');
    expect(porto.body.hotel.id).toBe('hotel/pt/porto/hotel-aurora');
    expect(porto.body.matches.map((h: { id: string }) => h.id)).toEqual(['hotel/pt/porto/hotel-aurora', 'hotel/pt/lisbon/hotel-aurora']);
    const elsewhere = await find('Pestana Palace', '&city=Porto');
    expect(elsewhere.body.hotel.id).toBe('hotel/pt/lisbon/pestana-palace');
    // A city a typo away is read so ("Portto"); a name another place bears is not: "Paros" is the
    // Greek island's town (no hotels here), not Paris; "France" is no city, not Franca, Brazil.
    expect((await find('Hotel Aurora', '&city=Portto')).body.city).toBe('Porto, Portugal');
    const island = await find('Hotel Aurora', '&city=Paros');
    expect([island.status, island.body.city]).toEqual([200, null]);
  });

  it('returns at most five matches, best first, in card form with links', async () => {
    const r = await find('Hotel Aurora', '&sub_id=find-1');
    expect(r.body.matches.length).toBeLessThanOrEqual(5);
    expect(r.body.hotel).toEqual({
      id: 'hotel/pt/lisbon/hotel-aurora',
      name: 'Hotel Aurora',
      stars: 3,
      rating: 8.4,
      review_count: 300,
      address: 'Hotel Aurora street 1',
      latitude: expect.any(Number),
      longitude: -9.14,
      distance_km: null,
      photo_url: null,
      url: 'https://www.stays.example/hotel/pt/lisbon/hotel-aurora?utm_content=find-1',
    });
  });

  it('is 404 with the error body when nothing is close enough', async () => {
    for (const name of ['Qwerty Zxcvb', 'Marriott Marquis', 'Palace of Versailles Museum Shop']) {
      const r = await find(name);
      expect([name, r.status, r.body.error?.code]).toEqual([name, 404, 'not_found']);
    }
    const r = await find('Zzyzx', '&city=Lisbon');
    expect(r.body.error.message).toBe('no hotel name is close enough to "Zzyzx" in or near "Lisbon"');
  });

  it('reads a word typed twice, once mistyped, as the name says it twice', async () => {
    const repeated = await startTestService([
      ...FIXTURE_HOTELS,
      { ...FIXTURE_HOTELS[0], id: 'hotel/pt/lisbon/saffron-saffron-retreat', name: 'Saffron & Saffron Retreat', rating: 7 },
      { ...FIXTURE_HOTELS[0], id: 'hotel/pt/lisbon/saffron-court', name: 'Saffron Court', rating: 9.5 },
      // "Retreat" common, "Saffron" rare: the mistyped word weighs most of what was typed.
      ...['Olive', 'Cedar', 'Harbour', 'Garden', 'River', 'Hill', 'Lagoon', 'Meadow', 'Forest', 'Canyon'].map((word) => ({
        ...FIXTURE_HOTELS[0],
        id: `hotel/pt/lisbon/${word.toLowerCase()}-retreat`,
        name: `${word} Retreat`,
      })),
    ]);
    try {
      for (const name of ['Safron & Saffron Retreat', 'Saffron and Safron Retreat']) {
        const r = await repeated.request(`/hotels/find?name=${encodeURIComponent(name)}`);
        expect([name, r.status, r.body.hotel?.id]).toEqual([name, 200, 'hotel/pt/lisbon/saffron-saffron-retreat']);
      }
    } finally {
      await repeated.close();
    }
  });

  it('validates its parameters', async () => {
    const missing = await t.request('/hotels/find');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({ code: 'invalid_params', message: 'name is required; it must be a string of 1 to 200 characters' });
    const unknown = await t.request('/hotels/find?name=x&destination=Lisbon');
    expect(unknown.body.error.message).toBe('unknown query parameter "destination" (allowed: name, city, sub_id, lang, currency)');
    const long = await t.request(`/hotels/find?name=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^name must be a string of 1 to 200 characters \(got "a+…"\)$/);
  });
});
