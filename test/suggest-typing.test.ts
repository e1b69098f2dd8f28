// What people type into a search box, as an issue found it answered: a name typed from its first
// word ("hotel", "the") finds the names that begin so first; a name whose words repeat is found
// typed into its second half; an unfinished word that may be "hotel" does not let every name
// holding the words before it crowd out those that go on as typed; a city typed in part comes
// before the airport named after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { startTestService, type TestService } from './support/test-service.js';

/** Hotels in Lisbon, best-rated as listed: those the typing should find are rated lowest. */
function hotels(names: string[]): HotelRecord[] {
  return names.map((name, i) => ({
    id: `hotel/pt/lisbon/${name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-')}-${i}`,
    name,
    stars: 3,
    rating: 9.9 - i * 0.1,
    review_count: 100,
    address: `${name} street 1`,
    city: 'Lisbon',
    country_code: 'PT',
    latitude: 38.72,
    longitude: -9.14,
    description: `Test hotel ${name}.`,
    photo_url: null,
    photos: [],
    amenities: [],
  }));
}

const CATALOG = hotels([
  'The Alder',
  'Alder Palace',
  'Alder Inn',
  'Alder Grand',
  'Alder Suites',
  'Alder Lodge',
  'The Wisteria',
  'Wisteria Court',
  'Crescent Intl Resort',
  'Crescent International Suites',
  'Crescent Intl Spa',
  'Crescent Intl Plaza',
  'Crescent International Lodge',
  'Crescent Intl Villas',
  'Hotel Wisteria',
  'Hotel Alder',
  'Crescent Intl House',
  'Alder & Alder Suites',
]);

let t: TestService;
beforeAll(async () => {
  t = await startTestService(CATALOG);
});
afterAll(async () => t.close());

const hotelNames = async (q: string) => ((await t.request(`/suggest?only=hotels&q=${encodeURIComponent(q)}`)).body.hotels as { name: string }[]).map((h) => h.name);
const placeLabels = async (q: string) => ((await t.request(`/suggest?only=places&q=${encodeURIComponent(q)}`)).body.places as { label: string }[]).map((p) => p.label);

describe('names typed from their first word', () => {
  it('"hotel alde" offers Hotel Alder first, then the other Alders', async () => {
    const names = await hotelNames('hotel alde');
    expect(names[0]).toBe('Hotel Alder');
    expect(names).toContain('The Alder');
  });

  it('"hotel wist" puts Hotel Wisteria first, "the wist" The Wisteria', async () => {
    expect((await hotelNames('hotel wist'))[0]).toBe('Hotel Wisteria');
    expect((await hotelNames('the wist'))[0]).toBe('The Wisteria');
  });

  it('"hotel " alone offers the names that begin with Hotel', async () => {
    expect((await hotelNames('hotel ')).slice(0, 2)).toEqual(['Hotel Wisteria', 'Hotel Alder']);
  });

  it('without the first word, names are best-rated first as before', async () => {
    expect((await hotelNames('alde'))[0]).toBe('The Alder');
  });
});

describe('a name whose words repeat', () => {
  it('"the alder al" and "alder al" find Alder & Alder Suites, and no name that lacks the second Alder', async () => {
    for (const q of ['the alder al', 'alder al', 'alder alder s']) expect(await hotelNames(q)).toEqual(['Alder & Alder Suites']);
  });
});

describe('an unfinished word that may be "hotel"', () => {
  it('"crescent intl h" offers Crescent Intl House before names that go on otherwise', async () => {
    const names = await hotelNames('crescent intl h');
    expect(names[0]).toBe('Crescent Intl House');
  });
});

describe('a city typed in part and the airport named after it', () => {
  it('"vallet" offers Valletta before Malta\'s airport; "valletta a" names the airport', async () => {
    const labels = await placeLabels('vallet');
    const city = labels.indexOf('Valletta, Malta');
    expect(city).toBeGreaterThanOrEqual(0);
    const airport = labels.findIndex((l) => l.startsWith('Malta International Airport'));
    if (airport >= 0) expect(city).toBeLessThan(airport);
    expect((await placeLabels('valletta a'))[0]).toMatch(/^Malta International Airport \(MLA\)/);
    // An airport's own name typed in part is still the airport.
    expect((await placeLabels('heathrow'))[0]).toMatch(/^London Heathrow Airport/);
  });
});
