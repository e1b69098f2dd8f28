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

function lisbonCard(s: ExampleSettings): HotelCard {
  const id = 'hotel/pt/lisbon/pestana-palace';
  return {
    id,
    name: 'Pestana Palace',
    stars: 5,
    rating: 9.1,
    review_count: 2817,
    address: 'Rua Jau 54, 1300-314 Lisbon',
    latitude: 38.7036,
    longitude: -9.1857,
    distance_km: 4.62,
    photo_url: `https://photos.${s.mainSite}/hotel/pt/lisbon/pestana-palace/1.jpg`,
    url: pageUrl(s, id),
  };
}

function alfamaCard(s: ExampleSettings): HotelCard {
  const id = 'hotel/pt/lisbon/memmo-alfama';
  return {
    id,
    name: 'Memmo Alfama',
    stars: 4,
    rating: 9,
    review_count: 1954,
    address: 'Travessa Merceeiras 27, 1100-348 Lisbon',
    latitude: 38.7107,
    longitude: -9.1307,
    distance_km: 0.81,
    photo_url: null,
    url: pageUrl(s, id),
  };
}

export function searchExample(s: ExampleSettings): SearchResponse {
  return { destination: 'Lisbon, Portugal', total: 131, hotels: [lisbonCard(s), alfamaCard(s)] };
}

export function suggestExample(s: ExampleSettings): SuggestResponse {
  const id = 'hotel/pt/lisbon/lisboa-plaza';
  return {
    places: [
      { place_id: 'geonames:2267057', name: 'Lisbon', label: 'Lisbon, Portugal', kind: 'city', country_code: 'PT', hotel_count: 131 },
      { place_id: 'geonames:2644411', name: 'Lisburn', label: 'Lisburn, Northern Ireland, United Kingdom', kind: 'city', country_code: 'GB', hotel_count: 0 },
    ],
    hotels: [{ id, name: 'Lisboa Plaza', city: 'Lisbon', country_code: 'PT', url: pageUrl(s, id) }],
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
    latitude: 38.7036,
    longitude: -9.1857,
    description: 'A restored 19th-century palace above the Tagus, with gardens and an outdoor pool.',
    photo_url: card.photo_url,
    photos: [card.photo_url!, `https://photos.${s.mainSite}/hotel/pt/lisbon/pestana-palace/2.jpg`],
    amenities: ['pool', 'spa', 'restaurant', 'free wifi'],
    url: card.url,
  };
}

export function linksExample(s: ExampleSettings): LinksResponse {
  const hotel = `https://${s.mainSite}/hotel/pt/lisbon/pestana-palace`;
  return {
    links: [
      { input: hotel, url: pageUrl(s, 'hotel/pt/lisbon/pestana-palace'), error: null },
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
