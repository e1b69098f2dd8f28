// Example answers for the OpenAPI document, so that consoles and reference pages show a real
// answer rather than "string". Typed by the answers' own schemas, and checked against them by
// the contract test, so an example cannot drift from what the service sends.
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
    group_by: ['sub_id'],
    rows: [
      { sub_id: null, ...counts(7, 0, 54, 0) },
      { sub_id: 'homepage-widget', ...counts(42, 1, 380, 0) },
      { sub_id: 'lisbon-guide', ...counts(12, 0, 12, 12) },
    ],
    totals: counts(61, 1, 446, 12),
    note: USAGE_NOTE,
    allowance: { limit: s.standardPerDay, remaining: s.standardPerDay - 42, reset: 1795737600 },
  };
}
