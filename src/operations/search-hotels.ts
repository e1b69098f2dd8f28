// GET /hotels/search and the search_hotels tool: hotels in a place or around a point.
import { invalidParams, notFound } from '../errors.js';
import type { Credit } from '../links/hotel-link.js';
import type { Place } from '../places/place.js';
import type { LocalNames } from '../places/local-names.js';
import { namesLanguage, type NameLanguage } from '../locale/languages.js';
import { whyNoPlace } from '../places/words-without-place.js';
import type { CatalogIndex, Filters, HitList, SortOrder } from '../search/catalog-index.js';
import { defaultSortOf, searchPlace } from '../search/place-search.js';
import { hotelCard } from './cards.js';
import { DestinationNotFound } from './destination-not-found.js';
import { makeCursor, MAX_DEPTH, readCursor } from './search-cursor.js';
import { SearchQuery, type PlaceAlternative, type SearchResponse } from './schemas.js';
import { currentIndex, type CatalogServices } from './services.js';

// Defaults live in the schema, which documents them; requests leave them out so that a
// parameter that was not sent can be told from one that was.
const schemaDefault = (schema: object) => (schema as { default: number }).default;
const DEFAULT_LIMIT = schemaDefault(SearchQuery.properties.limit);
/** Not in the schema (see there): said in radius_km's description. */
const DEFAULT_RADIUS_KM = 5;

/** The 404 of a destination that names no place, saying what to send when the text shows it. */
function noPlaceMessage(destination: string, guessed: boolean): string {
  const nothing = guessed
    ? `no place matches destination ${JSON.stringify(destination)} as typed, and no reading of it is clearly right`
    : `no place matches destination ${JSON.stringify(destination)}`;
  switch (whyNoPlace(destination)) {
    case 'near-the-traveller':
      return `${nothing}: it says where the traveller is, which only their device knows; send their position as lat and lng instead (radius_km sets how far around)`;
    case 'kind':
      return `${nothing}: it says what kind of place, not which one; name it, as in "Lake Garda", "Isle of Skye" or "Sonoma Valley"`;
    case 'wish':
      return `${nothing}: it says what hotel is wanted, not where; send a city, region, country, landmark or airport code, with min_stars, min_rating or sort for the rest`;
    default:
      return nothing;
  }
}

type SearchPlan =
  | { kind: 'point'; lat: number; lng: number; radiusKm: number }
  | { kind: 'destination'; text: string }
  | { kind: 'place'; placeId: string };

/** Which search the parameters ask for; the cross-parameter rules of decisions.md. */
export function planSearch(q: SearchQuery): SearchPlan {
  const latSent = q.lat !== undefined;
  const lngSent = q.lng !== undefined;
  if (latSent !== lngSent) {
    throw invalidParams(`lat and lng must be sent together (got ${latSent ? 'lat' : 'lng'} without ${latSent ? 'lng' : 'lat'})`);
  }
  const kinds = [
    q.destination !== undefined ? 'destination' : null,
    q.place_id !== undefined ? 'place_id' : null,
    latSent ? 'lat/lng' : null,
  ].filter((k): k is string => k !== null);
  if (kinds.length !== 1) {
    throw invalidParams(
      `send exactly one of destination, place_id, or lat with lng (got ${kinds.length === 0 ? 'none' : kinds.join(' and ')})`,
    );
  }
  if (q.radius_km !== undefined && !latSent) {
    throw invalidParams(`radius_km applies only to a lat/lng search (got radius_km with ${kinds[0]}, which covers its own place)`);
  }
  if (q.label !== undefined && q.destination !== undefined) {
    throw invalidParams('label applies only to a lat/lng or place_id search (got label with destination, which names its own place)');
  }
  if (q.destination !== undefined && q.destination.trim() === '') {
    throw invalidParams(`destination is blank (got ${JSON.stringify(q.destination)}); send a place's name, a place_id, or lat with lng`);
  }
  if (latSent) return { kind: 'point', lat: q.lat!, lng: q.lng!, radiusKm: q.radius_km ?? DEFAULT_RADIUS_KM };
  if (q.destination !== undefined) return { kind: 'destination', text: q.destination };
  return { kind: 'place', placeId: q.place_id! };
}

/** `what`: the parameter and the value sent, as a message quotes them. */
function distanceNeedsCentre(place: Place, what: string): never {
  const kind = place.kind === 'country' ? 'a country' : 'a region';
  throw invalidParams(
    `sort=distance needs a point, and ${what} is ${kind}, which has no centre; ` +
      'use sort=rating or sort=stars, or search by lat/lng',
  );
}

export async function searchHotels(
  services: CatalogServices,
  credit: Credit,
  q: SearchQuery,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const plan = planSearch(q);
  const index = currentIndex(services);
  const filters: Filters = { minStars: q.min_stars ?? null, minRating: q.min_rating ?? null };
  const pageSize = q.limit ?? DEFAULT_LIMIT;
  const offset = readCursor(q, index.version.generation);
  // The index ranks the hotels down to the end of this page; the page is its tail. The page that
  // reaches MAX_DEPTH ends there: a next_cursor handed out 497 deep must lead somewhere.
  if (offset >= MAX_DEPTH) {
    throw invalidParams(`pages reach at most ${MAX_DEPTH} hotels deep (this one would start at ${offset}); narrow the search with filters or a smaller place`);
  }
  const limit = Math.min(offset + pageSize, MAX_DEPTH);
  const language = namesLanguage(credit.lang);
  let destination: string;
  let found: HitList;
  let alternatives: Place[] = [];

  if (plan.kind === 'point') {
    destination = q.label ?? `${plan.lat}, ${plan.lng}`;
    found = index.near(plan, plan.radiusKm, filters, q.sort ?? 'distance', limit);
  } else if (plan.kind === 'destination') {
    const resolution = services.resolver.resolve(plan.text, (id) => index.hotelCount(id), language);
    if (!resolution?.place) {
      const guesses = (resolution?.alternatives ?? []).map((place) => alternativeOf(place, services.names, language));
      throw new DestinationNotFound(noPlaceMessage(plan.text, guesses.length > 0), guesses);
    }
    alternatives = resolution.alternatives;
    destination = services.names.labelOf(resolution.place, language);
    found = placeSearch(index, resolution.place, filters, q.sort, limit, `destination ${JSON.stringify(resolution.place.label)}`);
  } else {
    const provided = await services.places.lookup(plan.placeId, signal);
    if (!provided) throw notFound(`no place has place_id ${JSON.stringify(plan.placeId)}`);
    destination = q.label ?? (provided.place ? services.names.labelOf(provided.place, language) : provided.name);
    // A place of the built-in gazetteer (as suggestions and alternatives give them) is searched
    // as its destination search searches it; an external provider's place around its point.
    found = provided.place
      ? placeSearch(index, provided.place, filters, q.sort, limit, `place_id ${JSON.stringify(plan.placeId)} (${provided.place.label})`)
      : index.near(provided.centre!, provided.radiusKm, filters, q.sort ?? 'distance', limit);
  }

  const answer: SearchResponse = {
    destination,
    total: found.total,
    hotels: found.hits.slice(offset).map((hit) => hotelCard(index, hit.index, hit.distanceKm, services.links, credit)),
  };
  if (limit < found.total && limit < MAX_DEPTH) answer.next_cursor = makeCursor(q, index.version.generation, limit);
  // Only when the destination was one of several plausible places: what else it may have meant.
  if (alternatives.length > 0) answer.alternatives = alternatives.map((place) => alternativeOf(place, services.names, language));
  return answer;
}

/** A gazetteer place's hotels, refusing sort=distance for a place without a centre. */
function placeSearch(index: CatalogIndex, place: Place, filters: Filters, sort: SortOrder | undefined, limit: number, what: string): HitList {
  if ((sort ?? defaultSortOf(place)) === 'distance' && !place.hasCentre) distanceNeedsCentre(place, what);
  return searchPlace(index, place, filters, sort, limit);
}

function alternativeOf(place: Place, names: LocalNames, language: NameLanguage): PlaceAlternative {
  return { place_id: place.id, name: names.nameOf(place, language), label: names.labelOf(place, language), kind: place.kind, country_code: place.countryCode };
}
