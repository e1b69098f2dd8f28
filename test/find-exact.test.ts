// find meets people halfway (issue 14): a name typed exactly as hotels are called puts those
// hotels first, ahead of better-rated hotels whose names only share its words; the `city`
// parameter is read with typos allowed, and the answer says how it was read, or that it named
// no city, instead of dropping it in silence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const base = FIXTURE_HOTELS[0];
const at = (id: string, name: string, rating: number, city: string, country_code: string, latitude: number, longitude: number): HotelRecord => ({
  ...base,
  id,
  name,
  rating,
  review_count: 100,
  stars: 4,
  address: `${name} street 1`,
  description: `Test hotel ${name}.`,
  city,
  country_code,
  latitude,
  longitude,
});

const HOTELS: HotelRecord[] = [
  ...FIXTURE_HOTELS,
  // Better rated than every "Hotel Alder", and the same meaningful word.
  at('hotel/be/brussels/the-alder', 'The Alder', 9.6, 'Brussels', 'BE', 50.847, 4.357),
  at('hotel/fr/paris/hotel-alder', 'Hotel Alder', 8.1, 'Paris', 'FR', 48.85, 2.35),
  at('hotel/be/brussels/hotel-alder', 'Hôtel Alder', 7.9, 'Brussels', 'BE', 50.85, 4.35),
  // Bordeaux is also called "Porto" in some language; with hotels of its own it must not be
  // taken for Porto (a city's own name wins over another city's other name).
  at('hotel/fr/bordeaux/hotel-aurora', 'Hotel Aurora', 9.9, 'Bordeaux', 'FR', 44.84, -0.58),
  at('hotel/fr/bordeaux/hotel-aurora-2', 'Hotel Aurora', 9.8, 'Bordeaux', 'FR', 44.85, -0.57),
  // "Peony" in Lisbon: a Lisbon hotel holding the word and the city's name, and a better-rated
  // "Hotel Peony" far away.
  at('hotel/cn/hangzhou/hotel-peony', 'Hotel Peony', 9.7, 'Hangzhou', 'CN', 30.27, 120.15),
  at('hotel/pt/lisbon/peony-lisbon-rooms', 'Peony Lisbon Rooms', 7.1, 'Lisbon', 'PT', 38.72, -9.14),
];

let t: TestService;
beforeAll(async () => {
  t = await startTestService(HOTELS);
});
afterAll(async () => t?.close());

const find = (name: string, city?: string) =>
  t.request(`/hotels/find?name=${encodeURIComponent(name)}${city === undefined ? '' : `&city=${encodeURIComponent(city)}`}`);
const ids = (body: { matches: { id: string }[] }) => body.matches.map((h) => h.id);

describe('exact names first', () => {
  it('puts hotels called exactly what was typed (case and accents aside) before better-rated near names', async () => {
    const r = await find('hotel alder');
    expect(ids(r.body)).toEqual(['hotel/fr/paris/hotel-alder', 'hotel/be/brussels/hotel-alder', 'hotel/be/brussels/the-alder']);
    expect(r.body.hotel.id).toBe('hotel/fr/paris/hotel-alder');
    expect((await find('The Alder')).body.hotel.id).toBe('hotel/be/brussels/the-alder');
    // Typed as neither, the names score alike and the best-rated comes first.
    expect((await find('Alder')).body.hotel.id).toBe('hotel/be/brussels/the-alder');
  });

  it('puts the exact name in the caller’s city first', async () => {
    const r = await find('Hotel Alder', 'Brussels');
    expect(r.body.hotel.id).toBe('hotel/be/brussels/hotel-alder');
    expect(r.body.city).toMatch(/^Brussels\b.*Belgium$/);
  });
});

describe('a city sent', () => {
  it('puts a hotel there holding every typed word first, its own city\'s name in its name counting as said', async () => {
    expect(ids((await find('Peony')).body)[0]).toBe('hotel/cn/hangzhou/hotel-peony');
    const lisbon = await find('Peony', 'Lisbon');
    expect(ids(lisbon.body)).toEqual(['hotel/pt/lisbon/peony-lisbon-rooms', 'hotel/cn/hangzhou/hotel-peony']);
    // Favoured, not exclusive: with a city that has no such hotel, the others are answered as before.
    expect(ids((await find('Peony', 'Porto')).body)[0]).toBe('hotel/cn/hangzhou/hotel-peony');
  });
});

describe('the city, read and said', () => {
  it('reads a misspelled city as the well-known one and says so', async () => {
    const r = await find('Hotel Aurora', 'Portp');
    expect(r.body.city).toMatch(/^Porto\b.*Portugal$/);
    expect(r.body.hotel.id).toBe('hotel/pt/porto/hotel-aurora');
  });

  it('reads a city by its own name before another city’s other name', async () => {
    const r = await find('Hotel Aurora', 'Porto');
    expect(r.body.city).toMatch(/^Porto\b.*Portugal$/);
    // Porto's own Hotel Aurora, not the better-rated ones of Bordeaux.
    expect(r.body.hotel.id).toBe('hotel/pt/porto/hotel-aurora');
  });

  it('says null for a city that names none, and favours none', async () => {
    const r = await find('Hotel Aurora', 'Xqzvbn');
    expect(r.status).toBe(200);
    expect(r.body.city).toBeNull();
    // The best-rated Hotel Aurora anywhere, as without a city.
    expect(r.body.hotel.id).toBe('hotel/fr/bordeaux/hotel-aurora');
  });

  it('adds nothing when no city was sent', async () => {
    const r = await find('Hotel Aurora');
    expect(Object.keys(r.body)).toEqual(['hotel', 'matches']);
  });
});
