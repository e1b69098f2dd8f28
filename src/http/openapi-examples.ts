// Example answers for the OpenAPI document, so that consoles and reference pages show a real
// answer rather than "string". Typed by the answers' own schemas, and checked against them by
// the contract test, so an example cannot drift from what the service sends.
import type { ApiKey, CreatedKey, KeyList, RolledKey } from '../operations/key-schemas.js';
import { USAGE_NOTE } from '../operations/get-usage.js';
import type { ErrorCode } from '../errors.js';
import type { ErrorBody, FindResponse, Hotel, HotelCard, LinksResponse, SearchResponse, SuggestResponse } from '../operations/schemas.js';
import type { UsageResponse } from '../operations/usage-schemas.js';

export interface ExampleSettings {
  mainSite: string;
  affiliateParam: string;
  subIdParam: string;
  standardPerDay: number;
}

function pageUrl(s: ExampleSettings, path: string): string {
  return `https://${s.mainSite}/${path}?${s.affiliateParam}=acme-travel&${s.subIdParam}=homepage-widget`;
}

// The hotels are the demo catalog's own (the best-rated two in Lisbon), so that each example can
// be called against a fresh start and answer what it shows; a test holds them to that. Photos
// are shown where a real catalog keeps them (the demo draws its own at /demo/photos).
const BELVEDERE = 'hotel/pt/lisbon/belvedere-international-resort';
const photoOf = (s: ExampleSettings, id: string, n: number) => `https://photos.${s.mainSite}/${id}/${n}.jpg`;

function lisbonCard(s: ExampleSettings): HotelCard {
  return {
    id: BELVEDERE,
    name: 'Belvedere International Resort',
    stars: 5,
    rating: 9.9,
    review_count: 171,
    address: 'Rua Garnet, 175, Lisbon',
    latitude: 38.70102,
    longitude: -9.03523,
    distance_km: 8.69,
    photo_url: photoOf(s, BELVEDERE, 1),
    url: pageUrl(s, BELVEDERE),
  };
}

function secondLisbonCard(s: ExampleSettings): HotelCard {
  const id = 'hotel/pt/lisbon/quinta-sterling';
  return {
    id,
    name: 'Quinta Sterling',
    stars: 4,
    rating: 9.4,
    review_count: 57,
    address: 'Rua Terrace, 199, Lisbon',
    latitude: 38.73381,
    longitude: -9.22705,
    distance_km: 8.35,
    photo_url: photoOf(s, id, 1),
    url: pageUrl(s, id),
  };
}

export function searchExample(s: ExampleSettings): SearchResponse {
  return { destination: 'Lisbon, Portugal', total: 45, hotels: [lisbonCard(s), secondLisbonCard(s)], next_cursor: 'YzEuMS4yLjF4enM1a2g' };
}

export function suggestExample(s: ExampleSettings): SuggestResponse {
  const id = 'hotel/pt/lisbon/chestnut-lisbon-palace';
  return {
    places: [
      { place_id: 'geonames:2267057', name: 'Lisbon', label: 'Lisbon, Portugal', kind: 'city', country_code: 'PT', hotel_count: 45 },
      {
        place_id: 'iata:LIS',
        name: 'Humberto Delgado Airport (Lisbon Portela Airport)',
        label: 'Humberto Delgado Airport (Lisbon Portela Airport) (LIS), Lisbon, Portugal',
        kind: 'airport',
        country_code: 'PT',
        hotel_count: 48,
      },
    ],
    hotels: [{ id, name: 'Chestnut Lisbon Palace', city: 'Lisbon', country_code: 'PT', url: pageUrl(s, id) }],
  };
}

export function findExample(s: ExampleSettings): FindResponse {
  const best = { ...lisbonCard(s), distance_km: null };
  return { hotel: best, matches: [best], city: 'Lisbon, Portugal' };
}

export function hotelExample(s: ExampleSettings): Hotel {
  const card = lisbonCard(s);
  return {
    id: card.id,
    name: card.name,
    stars: card.stars,
    rating: card.rating,
    review_count: card.review_count,
    address: card.address,
    city: 'Lisbon',
    country_code: 'PT',
    latitude: 38.70102,
    longitude: -9.03523,
    description:
      'Demo data: Belvedere International Resort is an invented hotel, a 5-star stay in Lisbon, Portugal. It does not exist; ' +
      'the Example Stays demo catalog is generated so the API can be tried at once.',
    photo_url: card.photo_url,
    photos: [1, 2, 3, 4].map((n) => photoOf(s, BELVEDERE, n)),
    amenities: ['Free Wi-Fi', 'Restaurant', 'Spa', 'Airport shuttle', 'Non-smoking rooms', 'Room service', 'Terrace', 'Electric vehicle charging', 'Accessible rooms'],
    url: card.url,
  };
}

export function linksExample(s: ExampleSettings): LinksResponse {
  const hotel = `https://${s.mainSite}/${BELVEDERE}`;
  return {
    links: [
      { input: hotel, url: pageUrl(s, BELVEDERE), error: null },
      {
        input: 'https://example.org/elsewhere',
        url: null,
        error: { code: 'not_service_url', message: `only addresses on ${s.mainSite} can carry your code (got host "example.org")` },
      },
    ],
  };
}

/** An error body as the service writes one. */
export function errorExample(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

export function usageExample(s: ExampleSettings): UsageResponse {
  const counts = (calls: number, failed: number, hotels: number, links: number) => ({ calls, refused: 0, failed, hotels_shown: hotels, links });
  return {
    from: '2026-11-20',
    to: '2026-11-26',
    affiliate_code: 'travelblog42',
    group_by: ['sub_id'],
    rows: [
      { sub_id: null, ...counts(7, 0, 54, 0) },
      { sub_id: 'homepage-widget', ...counts(42, 1, 380, 0) },
      { sub_id: 'lisbon-guide', ...counts(12, 0, 12, 12) },
    ],
    totals: counts(61, 1, 446, 12),
    note: USAGE_NOTE,
    allowance: { limit: s.standardPerDay, remaining: s.standardPerDay - 42, reset: 1795737600, used_percent: Math.round((42 / s.standardPerDay) * 1000) / 10 },
  };
}

const exampleKey = (s: ExampleSettings): ApiKey => ({
  id: 'key_7QmV2cN8rTa',
  kind: 'publishable',
  tier: 'standard',
  label: 'travel blog widget',
  origins: ['https://blog.example', 'https://*.blog.example'],
  visitor_limit: 60,
  publishable_key: 'live_pk_3Xw9TqZr5bLkP0aVd2NcHs7Ue4YjMf8GiRo1Ke6BtWn',
  hint: null,
  created: '2026-11-20T09:14:03.512Z',
  expires: null,
  revoked: null,
  last_used: '2026-11-26',
  calls_today: Math.min(114, s.standardPerDay),
});

const exampleSecretKey: ApiKey = {
  id: 'key_2bHd8LqP0sY',
  kind: 'secret',
  tier: 'standard',
  label: 'servers',
  origins: null,
  visitor_limit: null,
  publishable_key: null,
  hint: 'live_…t4Qa',
  created: '2026-10-02T16:40:11.007Z',
  expires: null,
  revoked: null,
  last_used: '2026-11-26',
  calls_today: 48,
};

export function keyListExample(s: ExampleSettings): KeyList {
  return { affiliate_code: 'travelblog42', keys: [exampleSecretKey, exampleKey(s)], caps: { keys: 20, origins_per_key: 20 } };
}

export function createdKeyExample(s: ExampleSettings): CreatedKey {
  const key = exampleKey(s);
  return { key: key.publishable_key!, ...key, last_used: null, calls_today: 0 };
}

export function keyExample(s: ExampleSettings): ApiKey {
  return exampleKey(s);
}

export function revokedKeyExample(s: ExampleSettings): ApiKey {
  return { ...exampleKey(s), revoked: '2026-11-27T08:02:45.120Z' };
}

export function rolledKeyExample(): RolledKey {
  return {
    key: 'live_9sKc2WmQ4xZb7NfR1tVy5Hd0Lp3Ja8Ge6Uo2Ci9Bn',
    new_key: { ...exampleSecretKey, id: 'key_5NwR8kT2hXq', hint: 'live_…i9Bn', created: '2026-11-27T08:00:00.000Z', last_used: null, calls_today: 0 },
    old_key: { ...exampleSecretKey, expires: '2026-11-27T09:00:00.000Z' },
  };
}
