// Areas as destinations, black-box over HTTP: an island or lake of the bundled Natural Earth
// areas is searched inside its box (hotels filed under any town there), best-rated first, by its
// name, its other names and its place_id alike, and offered as people type it; a peak or cape is
// a point, nearest first; an area without hotels is searched around it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { startTestService, type TestService } from './support/test-service.js';

function hotel(id: string, name: string, city: string, lat: number, lng: number, rating: number, country = 'ES'): HotelRecord {
  return {
    id: `hotel/${id}`,
    name,
    stars: 4,
    rating,
    review_count: 100,
    address: `${name} road 1, ${city}`,
    city,
    country_code: country,
    latitude: lat,
    longitude: lng,
    description: `Test hotel ${name}.`,
    photo_url: null,
    photos: [],
    amenities: [],
  };
}

// Mallorca: hotels in Palma and Sóller (two towns of the island), one on Ibiza (its neighbour,
// outside Mallorca's box); Barcelona on the mainland; two by Cape St. Vincent (Portugal).
const HOTELS = [
  hotel('palma-a', 'Sa Quinta', 'Palma', 39.57, 2.65, 8.1),
  hotel('palma-b', 'Casa del Mar', 'Palma', 39.566, 2.64, 9.3),
  hotel('soller', 'Port Lodge', 'Sóller', 39.77, 2.71, 8.7),
  hotel('ibiza', 'Cala Blanca', 'Ibiza', 38.91, 1.43, 9.8),
  hotel('barcelona', 'Rambla Palace', 'Barcelona', 41.38, 2.17, 9.9),
  hotel('sagres-far', 'Vila Sagres', 'Sagres', 37.01, -8.94, 9.5, 'PT'),
  hotel('sagres-near', 'Farol Inn', 'Sagres', 37.02, -8.99, 7.0, 'PT'),
];

let t: TestService;
beforeAll(async () => {
  t = await startTestService(HOTELS, { LIMIT_KEYLESS_PER_HOUR: '10000' });
});
afterAll(async () => t.close());

const names = (body: { hotels: { name: string }[] }) => body.hotels.map((h) => h.name);

describe('an area as a destination', () => {
  it('lists the hotels inside it, best-rated first, with no distance (it is no point)', async () => {
    const r = await t.request('/hotels/search?destination=Mallorca');
    expect(r.status).toBe(200);
    expect(r.body.destination).toMatch(/^Mallorca, .*Spain$/);
    expect(r.body.total).toBe(3);
    expect(names(r.body)).toEqual(['Casa del Mar', 'Port Lodge', 'Sa Quinta']);
    expect(r.body.hotels.every((h: { distance_km: null }) => h.distance_km === null)).toBe(true);
    // Typed as travellers type it, the same.
    for (const typed of ['Majorca', 'Mallorca island', 'hotels on Majorca', 'isla de mallorca']) {
      const again = await t.request(`/hotels/search?destination=${encodeURIComponent(typed)}`);
      expect([typed, again.body.destination, again.body.total]).toEqual([typed, r.body.destination, 3]);
    }
    // It has no centre to sort by distance from.
    const byDistance = await t.request('/hotels/search?destination=Mallorca&sort=distance');
    expect(byDistance.status).toBe(400);
    expect(byDistance.body.error.message).toMatch(/sort=distance needs a point/);
  });

  it('is offered as it is typed, and its place_id answers what its name answers', async () => {
    const s = await t.request('/suggest?q=mallor');
    const area = s.body.places.find((p: { kind: string }) => p.kind === 'area');
    expect(area).toMatchObject({ name: 'Mallorca', country_code: 'ES', hotel_count: 3 });
    const byId = await t.request(`/hotels/search?place_id=${encodeURIComponent(area.place_id)}`);
    const byName = await t.request('/hotels/search?destination=Mallorca');
    expect([byId.body.total, names(byId.body)]).toEqual([byName.body.total, names(byName.body)]);
  });

  it('is searched around its middle, nearest first, when no hotel is inside it', async () => {
    // Lake Garda's shores have no hotel here, nor anything within 50 km: an empty answer, no stranger.
    const garda = await t.request('/hotels/search?destination=Lake%20Garda');
    expect([garda.status, garda.body.total]).toEqual([200, 0]);
    expect(garda.body.destination).toMatch(/^Lake Garda, .*Italy$/);
  });

  it('answers a cape, which Natural Earth has as a point, nearest first', async () => {
    const r = await t.request('/hotels/search?destination=Cape%20St.%20Vincent');
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(['Farol Inn', 'Vila Sagres']);
    const distances = r.body.hotels.map((h: { distance_km: number }) => h.distance_km);
    expect(distances[0]).toBeLessThan(distances[1]);
  });
});
