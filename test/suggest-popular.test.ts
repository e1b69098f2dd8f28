// Places at a few letters chosen by where travellers go (issue 47): a town with many hotels in the
// catalog is offered at its first three letters, though towns ten or a hundred times as populous
// begin so (Patong before Patna, Patiāla, Pathein, Pátra…; Taormina among the Taos). Over HTTP, on
// a catalog made for it: the expectation is where the hotels are, not what the service answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { startTestService, type TestService } from './support/test-service.js';

function hotelsIn(city: string, country: string, lat: number, lng: number, count: number): HotelRecord[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `hotel/${country.toLowerCase()}/${city.toLowerCase()}/stay-${k}`,
    name: `Stay ${city} ${k}`,
    stars: 3,
    rating: 8,
    review_count: 10,
    address: `${k} Beach Road, ${city}`,
    city,
    country_code: country,
    latitude: lat + k * 0.0005,
    longitude: lng,
    description: `A hotel in ${city}.`,
    photo_url: null,
    photos: [],
    amenities: [],
  }));
}

let t: TestService;
beforeAll(async () => {
  t = await startTestService([
    ...hotelsIn('Patong', 'TH', 7.896, 98.2965, 40),
    ...hotelsIn('Taormina', 'IT', 37.852, 15.287, 30),
    ...hotelsIn('Lisbon', 'PT', 38.72, -9.14, 20),
  ]);
});
afterAll(async () => t?.close());

const places = async (q: string) =>
  ((await t.request(`/suggest?q=${encodeURIComponent(q)}&only=places`)).body.places as { label: string; hotel_count: number }[]).map((p) => p.label);

describe('places at a few letters', () => {
  it('offers the town with the hotels among the first five at three letters, and as the name grows', async () => {
    for (const q of ['pat', 'pato', 'patong']) expect([q, await places(q)]).toEqual([q, expect.arrayContaining(['Patong, Phuket, Thailand'])]);
    for (const q of ['tao', 'taor']) expect([q, await places(q)]).toEqual([q, expect.arrayContaining(['Taormina, Sicily, Italy'])]);
  });

  it('still offers the best-known towns of those letters beside it', async () => {
    // Patna (2 million people) keeps its place; only the list's tail gives way.
    expect(await places('pat')).toEqual(expect.arrayContaining(['Patna, Bihar, India']));
  });
});
