// A gazetteer place searched as a traveller means it, whichever way it was named: a destination's
// text, a place_id that suggestions and alternatives hand out, or the hotel_count a suggestion
// shows. One function, so that a suggested place, its place_id search and its destination search
// answer the same hotels in the same order, with the suggestion's count as the search's total.
import { LRUCache } from 'lru-cache';
import type { Place } from '../places/place.js';
import type { CatalogIndex, Filters, HitList, SortOrder } from './catalog-index.js';

/** How far a place with no hotels of its own is searched around its middle, in turn. */
export const WIDER_REACH_KM = [10, 25, 50];
/** An area without hotels in its box is searched from the circle round it, at most this wide, outwards. */
export const AREA_REACH_FROM_KM = 100;

/** The order a search of the place answers in when the caller sends none. */
export function defaultSortOf(place: Place): SortOrder {
  // An airport or a sight is a point to the traveller: nearest first.
  return place.nearestFirst ? 'distance' : 'rating';
}

/**
 * The place's hotels: filed under it, inside its box, or within its reach. A traveller never wants
 * an empty page while hotels are near: a place with a centre and none of its own is searched around
 * that centre, ever wider, up to 50 km. So are an area without hotels inside its box (from the
 * circle round the box outwards) and a country without hotels of its own, around their middle
 * (the Vatican, Monaco, San Marino: hotels filed under the city they border). Searched so, the
 * place is a point: nearest first unless `sort` says.
 */
export function searchPlace(index: CatalogIndex, place: Place, filters: Filters, sort: SortOrder | undefined, limit: number): HitList {
  let found = index.inPlace(place, filters, sort ?? defaultSortOf(place), limit);
  const widens = place.hasCentre || place.kind === 'country' || place.box !== undefined;
  // How far around its point the place was searched already: a country, not at all.
  const searchedKm = place.hasCentre ? place.radiusKm : 0;
  // An area's reach starts at the circle round its box (a valley's hotels may all lie in the
  // town at one end of it), up to AREA_REACH_FROM_KM: a remote island group is not answered
  // with another country's hotels hundreds of kilometres away.
  const fromKm = place.box !== undefined && !place.hasCentre ? Math.min(place.radiusKm, AREA_REACH_FROM_KM) : 0;
  for (const reachKm of WIDER_REACH_KM) {
    if (found.total > 0 || !widens) break;
    const radiusKm = fromKm + reachKm;
    if (radiusKm > searchedKm) found = index.near(place, radiusKm, filters, sort ?? 'distance', limit);
  }
  return found;
}

/** Places whose totals are kept per catalog, the least recently shown forgotten first. */
const MAX_COUNTED = 50_000;
const totals = new WeakMap<CatalogIndex, LRUCache<string, number>>();

/**
 * What a search of the place without filters answers as its `total`: a suggestion's hotel_count.
 * A place with hotels filed under it costs a lookup; one searched around (an airport, a sight, a
 * town widened to its neighbours) is counted once per index, since suggestions show the same
 * places again and again.
 */
export function placeTotal(index: CatalogIndex, place: Place): number {
  const filed = index.hotelCount(place.id);
  if (filed > 0 && !place.nearestFirst && place.box === undefined) return filed;
  let counts = totals.get(index);
  if (!counts) totals.set(index, (counts = new LRUCache({ max: MAX_COUNTED })));
  let total = counts.get(place.id);
  if (total === undefined) {
    total = searchPlace(index, place, NO_FILTERS, undefined, 0).total;
    counts.set(place.id, total);
  }
  return total;
}

const NO_FILTERS: Filters = { minStars: null, minRating: null };
