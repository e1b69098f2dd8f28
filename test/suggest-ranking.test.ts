// GET /suggest ranked as a search box should (issue 47): what a traveller typing into Google's or
// Booking.com's box expects, through HTTP, on a catalog made for it. Names that begin as typed
// come before typo readings; every cut of a name after its first word answers the hotel the
// longer cut answers; a country only for the start of one of its names; hotel names past shared
// first words ("Best Western", "Mercure", "Hotel", "The") ranked by what follows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { placeOfCity } from './relevance/typeahead-independent.js';
import { startTestService, type TestService } from './support/test-service.js';

/** Hotels by city: [name, rating] (a higher rating ranks first among like matches). */
const CITIES: { city: string; country: string; hotels: [string, number][] }[] = [
  // Valledupar has more people and more hotels than Valletta: "vallet" is still Valletta first.
  { city: 'Valletta', country: 'MT', hotels: [['Grand Harbour Rooms', 7]] },
  {
    city: 'Valledupar',
    country: 'CO',
    hotels: [['Casa Vallenata', 9], ['Sonesta Valledupar', 9], ['Hotel Vajamar', 8], ['Posada del Cesar', 8], ['Casa Rosalia', 8]],
  },
  {
    city: 'London',
    country: 'GB',
    hotels: [
      ['Crowne Plaza London Docklands', 9],
      ['Crowne Plaza London Ealing', 8],
      ['Crowne Plaza Kings Cross', 7],
      ['Plaza on the River', 9.5],
      ['Place Vendome Rooms', 9.5],
      ['Best Western Seraphine Kensington', 6],
      ['Best Western Palm Hotel', 7],
      ['Best Western Maitrise Edgware Road', 7],
      ['Best Western Mornington', 8],
      ['Zuma Seraphine Lodge', 9.5],
      ['Adria Boutique Hotel', 9.8],
      ['Alma Boutique Hotel', 9.7],
      ['Hotel Stella Maris', 6],
      ['Hotel Saint Paul', 9],
      ['The Savoy', 8],
      ['The Stanhope', 7],
    ],
  },
  { city: 'Paris', country: 'FR', hotels: [['Boutique Hotel Konfidentiel', 6], ['Mercure Montmartre', 9.6], ['Mercure Opera', 9.5]] },
  {
    city: 'Amsterdam',
    country: 'NL',
    hotels: [['Mercure Hotel Amsterdam West', 6], ['Mercure Amsterdam Sloterdijk', 9.4], ['Mercure Amsterdam City', 9.3]],
  },
  { city: 'Gdańsk', country: 'PL', hotels: [['Hilton Gdansk', 8], ['Hilton Garden Inn Krakow', 9]] },
];

function records(): HotelRecord[] {
  const gazetteer = builtInGazetteer();
  return CITIES.flatMap(({ city, country, hotels }) => {
    const place = placeOfCity(gazetteer, { city, country });
    if (place === null) throw new Error(`no ${city} in the gazetteer`);
    return hotels.map(([name, rating], n) => ({
      id: `hotel/${country.toLowerCase()}/${name.toLowerCase().replace(/[^a-z]+/g, '-')}`,
      name,
      stars: null,
      rating,
      review_count: 100,
      address: `${city}, ${country}`,
      city,
      country_code: country,
      latitude: place.lat + 0.002 * (n + 1),
      longitude: place.lng,
      description: '',
      photo_url: null,
      photos: [],
      amenities: [],
    }));
  });
}

let t: TestService;
beforeAll(async () => {
  t = await startTestService(records());
}, 120_000);
afterAll(async () => t?.close());

type Place = { name: string; label: string; kind: string; country_code: string; hotel_count: number };
const places = async (q: string) => (await t.request(`/v1/suggest?only=places&limit=5&q=${encodeURIComponent(q)}`)).body.places as Place[];
const hotels = async (q: string, limit = 5) =>
  ((await t.request(`/v1/suggest?only=hotels&limit=${limit}&q=${encodeURIComponent(q)}`)).body.hotels as { name: string }[]).map((h) => h.name);

describe('places: names begun as typed before typo readings', () => {
  it('"vallet" is Valletta before Valledupar, a typo away, however many more people and hotels that has', async () => {
    const found = await places('vallet');
    const typo = found.findIndex((p) => p.name === 'Valledupar');
    expect(found.findIndex((p) => p.label === 'Valletta, Malta')).toBeGreaterThanOrEqual(0);
    expect(found.findIndex((p) => p.label === 'Valletta, Malta')).toBeLessThan(typo < 0 ? Infinity : typo);
    // Every place before a typo reading is known by a name beginning "vallet".
    if (typo >= 0) expect(found.slice(0, typo).every((p) => p.label.toLowerCase().includes('vallet'))).toBe(true);
  });

  it.each([
    ['valle', 'Valledupar'],
    ['Lodnon', 'London'],
    ['Barcelna', 'Barcelona'],
  ])('%j still finds %s', async (q, name) => {
    expect((await places(q)).map((p) => p.name)).toContain(name);
  });
});

describe('places: a country only for the start of one of its names', () => {
  it.each([['longy'], ['the gr'], ['kingdo'], ['zealan'], ['germny'], ['polnd']])('%j suggests no country read a typo away or by a word inside its name', async (q) => {
    const found = await places(q);
    expect(found.filter((p) => ['PL', 'MK', 'GB', 'NZ', 'DE'].includes(p.country_code) && p.kind === 'country')).toEqual([]);
  });

  it.each([
    ['Polan', 'Poland'],
    ['lengyel', 'Poland'],
    ['Germ', 'Germany'],
    ['New Zeal', 'New Zealand'],
  ])('%j suggests %s, the start of one of its names', async (q, name) => {
    expect((await places(q)).some((p) => p.kind === 'country' && p.name === name)).toBe(true);
  });

  it('"par" is Paris before Paraguay: a country begun is no likelier than a city begun', async () => {
    const names = (await places('par')).map((p) => p.name);
    expect(names.indexOf('Paris')).toBeGreaterThanOrEqual(0);
    if (names.includes('Paraguay')) expect(names.indexOf('Paris')).toBeLessThan(names.indexOf('Paraguay'));
  });
});

describe('hotels: every cut of a name after its first word answers the hotel', () => {
  it.each([['Crowne P'], ['Crowne Pl'], ['Crowne Pla'], ['Crowne Plaz'], ['crowne plaza']])('%j answers Crowne Plaza hotels first', async (q) => {
    const found = await hotels(q, 3);
    expect(found).toHaveLength(3);
    expect(found.every((name) => name.startsWith('Crowne Plaza'))).toBe(true);
  });

  it.each([
    ['hilton gd', 'Hilton Gdansk'],
    ['hotel st', 'Hotel Stella Maris'],
    ['hotel ste', 'Hotel Stella Maris'],
    ['hotel st', 'Hotel Saint Paul'],
  ])('%j, an abbreviation being typed on, answers %s', async (q, name) => {
    expect(await hotels(q)).toContain(name);
  });

  it('for every hotel of the catalog and every cut after its first whole word', async () => {
    const missed: string[] = [];
    for (const name of CITIES.flatMap((c) => c.hotels.map(([n]) => n))) {
      const space = name.indexOf(' ');
      if (space < 0) continue;
      for (let end = space + 2; end <= name.length; end++) {
        const q = name.slice(0, end);
        if (!q.endsWith(' ') && !(await hotels(q, 10)).includes(name)) missed.push(q);
      }
    }
    expect(missed).toEqual([]);
  });
});

describe('hotels: names past shared first words ranked by what follows them', () => {
  it.each([
    ['mercure hote', 'Mercure Hotel Amsterdam West'],
    ['mercure h', 'Mercure Hotel Amsterdam West'],
    ['boutique hote', 'Boutique Hotel Konfidentiel'],
  ])('%j is %s first: the name that goes on with "hotel", however rated', async (q, name) => {
    expect((await hotels(q))[0]).toBe(name);
  });

  it('"seraph" is Best Western Seraphine (past a chain name) before Zuma Seraphine Lodge (past a word of its own)', async () => {
    const found = await hotels('seraph');
    expect(found.indexOf('Best Western Seraphine Kensington')).toBeGreaterThanOrEqual(0);
    expect(found.indexOf('Best Western Seraphine Kensington')).toBeLessThan(found.indexOf('Zuma Seraphine Lodge'));
  });

  it('names that begin with what was typed still come first', async () => {
    expect((await hotels('plaza'))[0]).toBe('Plaza on the River');
  });

  it.each([
    ['hote', 'Hotel'],
    ['Hotel', 'Hotel'],
    ['th', 'The'],
  ])('%j alone answers the names that begin with it', async (q, first) => {
    const found = await hotels(q);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((name) => name.startsWith(`${first} `))).toBe(true);
  });
});
