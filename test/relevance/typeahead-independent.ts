// The typeahead relevance set written from public sources independent of this service (hotel
// names of Booking.com's and Expedia's, simplemaps' world cities): see
// scripts/derive-typeahead-independent.ts for the sources and the rules, and
// test/relevance-typeahead.test.ts for the test. This module reads the committed data file and
// makes its hotels the catalog records the test imports.
import { readFileSync } from 'node:fs';
import type { HotelRecord } from '../../src/catalog/hotel.js';
import type { Gazetteer } from '../../src/places/gazetteer.js';
import type { Place } from '../../src/places/place.js';
import { foldText } from '../../src/text/fold.js';

export type HotelCategory = 'hotel-first-words' | 'hotel-first-words-after-hotel-or-the' | 'hotel-later-word' | 'hotel-whole-name' | 'hotel-abbreviation';
export type PlaceCategory = 'city-prefix' | 'city-accented';

/** A city's hotels: its name and country as the source gives them, the region its namesake must be in (if the source says), and [name, guest score, reviews]. */
export interface HotelCity {
  city: string;
  country: string;
  region?: string;
  hotels: [name: string, score: number | null, reviews: number | null][];
}

export interface TypeaheadSet {
  about: string;
  sources: { what: string; repository: string; path: string; commit: string }[];
  cities: HotelCity[];
  /** [category, what is typed, id of the hotel meant]. */
  hotelCases: [HotelCategory, string, string][];
  /** [category, what is typed, names of the city meant (any), its country]. */
  placeCases: [PlaceCategory, string, string[], string][];
}

export const TYPEAHEAD_SET_FILE = new URL('./typeahead-independent.json', import.meta.url);

export function loadTypeaheadSet(): TypeaheadSet {
  return JSON.parse(readFileSync(TYPEAHEAD_SET_FILE, 'utf8')) as TypeaheadSet;
}

/** A path segment of a name: its letters and digits, accents left out, words joined by "-". */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The ids of a city's hotels, `hotel/<cc>/<city>/<name>` ("-2" and on for a name repeated in the city), in the order of the list. */
export function hotelIds(city: HotelCity, used = new Set<string>()): string[] {
  return city.hotels.map(([name]) => {
    const base = `hotel/${city.country.toLowerCase()}/${slug(city.city)}/${slug(name) || 'hotel'}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The gazetteer's city a source city is: the most populous of that name in its country (and region, if given); null if it knows none. */
export function placeOfCity(gazetteer: Gazetteer, city: Pick<HotelCity, 'city' | 'country' | 'region'>): Place | null {
  const named = gazetteer.citiesNamed(city.country, city.city).filter((p) => city.region === undefined || p.regionKey === city.region);
  return named.sort((a, b) => b.population - a.population)[0] ?? null;
}

/**
 * The catalog: every hotel of the set as a feed record, placed near its city's centre as the
 * gazetteer knows it (on a spiral out to about 3 km, so no two share a point). Hotels of a city
 * the gazetteer does not know are left out, and their ids returned as `unplaced`.
 */
export function catalogRecords(set: TypeaheadSet, gazetteer: Gazetteer): { records: HotelRecord[]; unplaced: Set<string> } {
  const records: HotelRecord[] = [];
  const unplaced = new Set<string>();
  const used = new Set<string>();
  for (const city of set.cities) {
    const ids = hotelIds(city, used);
    const place = placeOfCity(gazetteer, city);
    city.hotels.forEach(([name, score, reviews], n) => {
      if (!place) {
        unplaced.add(ids[n]);
        return;
      }
      const km = 0.3 + 2.7 * Math.sqrt(((n * 37) % 100) / 100);
      const angle = n * 2.399963;
      records.push({
        id: ids[n],
        name,
        stars: null,
        rating: score,
        review_count: reviews,
        address: `${city.city}, ${city.country}`,
        city: city.city,
        country_code: city.country,
        latitude: place.lat + (km / 111.2) * Math.cos(angle),
        longitude: place.lng + (km / (111.2 * Math.cos((place.lat * Math.PI) / 180))) * Math.sin(angle),
        description: '',
        photo_url: null,
        photos: [],
        amenities: [],
      });
    });
  }
  return { records, unplaced };
}

/** Whether a suggested place is the city meant: a city of that country known by one of the names. */
export function isCityMeant(place: { name: string; kind: string; country_code: string }, names: readonly string[], country: string): boolean {
  return place.kind === 'city' && place.country_code === country && names.some((n) => foldText(n) === foldText(place.name));
}
