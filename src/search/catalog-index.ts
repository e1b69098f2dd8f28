// Everything a search needs about one catalog generation, in memory: the hotel table, its
// global orders, a geo tree, the hotels of every city, region and country, and the name
// index. Immutable once built; a new catalog gets a new CatalogIndex.
import type { CatalogStore, CatalogVersion, ScannedCard } from '../catalog/store.js';
import type { Gazetteer } from '../places/gazetteer.js';
import type { Place } from '../places/place.js';
import { foldText } from '../text/fold.js';
import { KeyIndex } from '../text/key-index.js';
import { CircleCounter } from './circle-count.js';
import { CityNames } from './city-names.js';
import { ExactNames } from './exact-names.js';
import { circleBoxes, haversineWithCosKm } from './geo.js';
import { HotelTable } from './hotel-table.js';
import type { StringColumn } from './string-column.js';
import { IndexBuffer } from './index-buffer.js';
import { KdTree } from './kd-tree.js';
import { NameIndex, type NameMatch } from './name-index.js';
import { computeRanks, type Ranks } from './ranking.js';
import { orderByKey, positionsOf } from './sort-keys.js';
import { TopK } from './top-k.js';

export type SortOrder = 'rating' | 'stars' | 'distance';

export interface Filters {
  minStars: number | null;
  minRating: number | null;
}

export interface Hit {
  index: number;
  /** From the searched point, or from the centre of the searched place; null without one. */
  distanceKm: number | null;
}

export interface HitList {
  /** Matching hotels before the limit. */
  total: number;
  hits: Hit[];
}

export interface NameSearch {
  matches: NameMatch[];
  /** The city the caller's `city` was read as: undefined without one, null when it names no city with hotels. */
  city: Place | null | undefined;
}

export interface Point {
  lat: number;
  lng: number;
}

const RAD = Math.PI / 180;
const EMPTY = new Uint32Array(0);
/**
 * Extra score for a hotel in the city the caller named: a hotel there holding every typed word
 * comes before a full match elsewhere ("Peony" in Lisbon is "Peony Lisbon Rooms", not a better-
 * rated "Hotel Peony" in Hangzhou: 0.6 for the words, at least 0.2 for its name with the city's
 * words counted as said, and this). Matches elsewhere stay in the answer: the margin widens by it.
 */
const CITY_BOOST = 0.3;

export class CatalogIndex {
  readonly table: HotelTable;
  readonly ranks: Ranks;
  private readonly tree: KdTree;
  private readonly counter: CircleCounter;
  private readonly cosLat: Float64Array;
  /** Hotels of each place (city, region, country) by place id, best-rated first. */
  private readonly members: Map<string, Uint32Array>;
  /** Hotels inside each area's box, by place id (hotelCount), counted once. */
  private readonly reachCounts = new Map<string, number>();
  private readonly names: NameIndex;
  /** Each hotel's row by its id. */
  private readonly hotelIds: KeyIndex<StringColumn>;
  private readonly exactNames: ExactNames;
  private readonly cityNames: CityNames;
  /** Each hotel's city number (-1: none). */
  private readonly cityOf: Int32Array;
  /** Cities with hotels, numbered for the name index: by place id. */
  private readonly cityNumber = new Map<string, number>();
  private readonly hits = new IndexBuffer(4096);
  private readonly best = new TopK(32);

  constructor(
    readonly version: CatalogVersion,
    table: HotelTable,
    private readonly gazetteer: Gazetteer,
  ) {
    table.seal();
    const n = table.size;
    const cityOf = new Int32Array(n).fill(-1);
    const ranks = computeRanks(table);
    const filed = fileUnderPlaces(table, gazetteer, ranks.byRating, cityOf, this.cityNumber);
    // Rows go city by city, best-rated first, so that a page of a city's hotels reads a few
    // neighbouring bytes of each column rather than a cache line per hotel and column.
    const order = cityRowOrder(cityOf, ranks.byRating);
    this.table = table = table.reordered(order);
    const rowOf = positionsOf(order);
    this.ranks = { byRating: reorder(ranks.byRating, order), byStars: reorder(ranks.byStars, order) };
    this.cityOf = reorder(cityOf, order);
    this.members = new Map();
    for (const [placeId, list] of filed) this.members.set(placeId, list.map((i) => rowOf[i]));
    this.tree = new KdTree(table.lng.subarray(0, n), table.lat.subarray(0, n));
    this.counter = new CircleCounter(this.tree);
    this.cosLat = new Float64Array(n);
    for (let i = 0; i < n; i++) this.cosLat[i] = Math.cos(table.lat[i] * RAD);
    // Each numbered city's hotels, best-rated first: the lists just filed, by number.
    const cityMembers: Uint32Array[] = [];
    for (const [placeId, number] of this.cityNumber) cityMembers[number] = this.members.get(placeId)!;
    this.names = new NameIndex(table.names, this.ranks.byRating, { cityOf: this.cityOf, members: cityMembers });
    this.exactNames = new ExactNames(table.names, this.ranks.byRating);
    this.hotelIds = new KeyIndex(table.ids);
    this.cityNames = new CityNames(gazetteer, this.cityNumber, this.members);
  }

  get size(): number {
    return this.table.size;
  }

  /** Where the store keeps the hotel with this id (ScannedCard.at), when this catalog has it and the store said. */
  storeRowOf(id: string): number | undefined {
    const row = this.hotelIds.indexOf(id);
    return row === -1 ? undefined : this.table.storeRowOf(row);
  }

  /** The towns (cities of the gazetteer) hotels are filed under, with how many each has. */
  *townsWithHotels(): Generator<[Place, number]> {
    for (const [placeId] of this.cityNumber) {
      const place = this.gazetteer.get(placeId);
      if (place?.kind === 'city') yield [place, this.members.get(placeId)?.length ?? 0];
    }
  }

  /** Hotels of the catalog in a place (by place id): filed under it, or inside its box (an area). */
  hotelCount(placeId: string): number {
    const members = this.members.get(placeId);
    if (members) return members.length;
    if (!placeId.startsWith('area:')) return 0;
    let count = this.reachCounts.get(placeId);
    if (count === undefined) {
      const box = this.gazetteer.get(placeId)?.box;
      count = box ? this.scanBox(box, null, 'rating', 0) : 0;
      this.reachCounts.set(placeId, count);
    }
    return count;
  }

  /** Hotels within `radiusKm` of a point (what a search around it counts as its total). */
  countNear(point: Point, radiusKm: number): number {
    const circle = { lat: point.lat, lng: point.lng, radiusKm };
    let total = 0;
    for (const box of circleBoxes(point.lat, point.lng, radiusKm)) total += this.counter.count(circle, box);
    return total;
  }

  /** From a point, with the hotel's cos(latitude) precomputed: this runs per candidate. */
  private distanceKm(i: number, lat: number, cosLat: number, lng: number): number {
    return haversineWithCosKm(lat, lng, cosLat, this.table.lat[i], this.table.lng[i], this.cosLat[i]);
  }

  private passes(i: number, filters: Filters): boolean {
    // NaN (no rating) compares false, so unrated hotels drop out of a rating filter.
    if (filters.minStars !== null && !(this.table.stars[i] >= filters.minStars)) return false;
    if (filters.minRating !== null && !(this.table.rating[i] >= filters.minRating)) return false;
    return true;
  }

  /** Hotels within `radiusKm` of a point. */
  near(point: Point, radiusKm: number, filters: Filters, sort: SortOrder, limit: number): HitList {
    const cosLat = Math.cos(point.lat * RAD);
    if (sort !== 'distance' || filters.minStars !== null || filters.minRating !== null) {
      const total = this.scan(point, radiusKm, filters, sort, limit);
      return { total, hits: this.collect(point, cosLat) };
    }
    // Nearest first, unfiltered (a point search's default): the count follows the circle's
    // edge, and the nearest hotels lie in a smaller circle that should hold about twice as
    // many as asked for where hotels are dense; wider, in turn, until it holds enough.
    const total = this.countNear(point, radiusKm);
    let reach = total <= 2 * limit ? radiusKm : radiusKm * Math.sqrt((2 * limit) / total);
    while (this.scan(point, reach, filters, sort, limit) < limit && reach < radiusKm) reach = Math.min(radiusKm, 2 * reach);
    return { total, hits: this.collect(point, cosLat) };
  }

  /**
   * Offers the hotels inside a box [south, west, north, east] (across 180° when west > east) to
   * the best `limit`, by rating or stars; returns how many there are. No filters: only counts.
   */
  private scanBox([south, west, north, east]: readonly [number, number, number, number], filters: Filters | null, sort: SortOrder, limit: number): number {
    const { hits, best, ranks } = this;
    // Counting alone (no filters) leaves the best hotels of a search under way as they are.
    if (filters !== null) best.reset(limit);
    let total = 0;
    const spans: [number, number][] = west <= east ? [[west, east]] : [[west, 180], [-180, east]];
    for (const [from, to] of spans) {
      hits.clear();
      this.tree.range(from, south, to, north, hits);
      if (filters === null) {
        total += hits.length;
        continue;
      }
      for (let k = 0; k < hits.length; k++) {
        const i = hits.items[k];
        if (!this.passes(i, filters)) continue;
        total++;
        best.offer(i, sort === 'stars' ? ranks.byStars[i] : ranks.byRating[i], 0);
      }
    }
    return total;
  }

  /** Offers the hotels within `radiusKm` of a point to the best `limit`; returns how many there are. */
  private scan(point: Point, radiusKm: number, filters: Filters, sort: SortOrder, limit: number): number {
    const { hits, best, ranks } = this;
    const cosLat = Math.cos(point.lat * RAD);
    best.reset(limit);
    let total = 0;
    for (const [minLng, minLat, maxLng, maxLat] of circleBoxes(point.lat, point.lng, radiusKm)) {
      hits.clear();
      this.tree.range(minLng, minLat, maxLng, maxLat, hits);
      for (let k = 0; k < hits.length; k++) {
        const i = hits.items[k];
        const km = this.distanceKm(i, point.lat, cosLat, point.lng);
        if (km > radiusKm || !this.passes(i, filters)) continue;
        total++;
        if (sort === 'distance') best.offer(i, km, ranks.byRating[i]);
        else best.offer(i, sort === 'stars' ? ranks.byStars[i] : ranks.byRating[i], 0);
      }
    }
    return total;
  }

  /**
   * Hotels filed under a place (a city, region or country), or around it (an airport or a
   * landmark: within its radius); distances from its centre when it has one.
   */
  inPlace(place: Place, filters: Filters, sort: SortOrder, limit: number): HitList {
    if (place.box) {
      const total = this.scanBox(place.box, filters, sort, limit);
      return { total, hits: this.collect(null, 0) };
    }
    if (place.kind === 'airport' || place.kind === 'landmark' || place.kind === 'area') return this.near(place, place.radiusKm, filters, sort, limit);
    const { best, ranks } = this;
    const members = this.members.get(place.id) ?? EMPTY;
    const centre = place.hasCentre ? { lat: place.lat, lng: place.lng } : null;
    const cosLat = centre ? Math.cos(centre.lat * RAD) : 0;
    const unfiltered = filters.minStars === null && filters.minRating === null;
    best.reset(limit);
    if (sort === 'rating' && unfiltered) {
      // Members are kept best-rated first: the answer is their head.
      for (let k = 0; k < Math.min(limit, members.length); k++) best.offer(members[k], k, 0);
      return { total: members.length, hits: this.collect(centre, cosLat) };
    }
    let total = 0;
    for (let k = 0; k < members.length; k++) {
      const i = members[k];
      if (!this.passes(i, filters)) continue;
      total++;
      if (sort === 'distance' && centre) best.offer(i, this.distanceKm(i, centre.lat, cosLat, centre.lng), ranks.byRating[i]);
      else best.offer(i, sort === 'stars' ? ranks.byStars[i] : ranks.byRating[i], 0);
    }
    return { total, hits: this.collect(centre, cosLat) };
  }

  private collect(centre: Point | null, cosLat: number): Hit[] {
    const result: Hit[] = [];
    for (let k = 0; k < this.best.length; k++) {
      const i = this.best.id(k);
      result.push({ index: i, distanceKm: centre ? this.distanceKm(i, centre.lat, cosLat, centre.lng) : null });
    }
    return result;
  }

  /** Hotels (by index) for a search box, as a name is being typed; best first. */
  suggestHotels(text: string, limit: number): number[] {
    return this.names.suggest(text, limit);
  }

  /**
   * Hotels whose names match, best first. Hotels called exactly what was typed come first
   * (in the caller's city, when one is understood). A city the caller names boosts hotels filed
   * under a city of that name; a city named inside the typed name counts for hotels there.
   */
  findByName(name: string, cityText: string | null, limit: number): NameSearch {
    const city = cityText === null ? null : this.cityNames.read(foldText(cityText));
    const inCity = city && city.numbers.length > 0 ? (hotel: number) => city.numbers.includes(this.cityOf[hotel]) : undefined;
    const exact = this.exactNames.named(foldText(name), limit, inCity);
    const scored = this.names.match(name, {
      limit,
      // A word of the typed name counts as its city by the city's own name only: a big city has
      // hundreds of other names, some of them common words of hotel names.
      citiesNamed: (word) => this.cityNames.named(word, false),
      boostedCities: city?.numbers ?? null,
      boostedCityName: city?.place ? foldText(city.place.name) : undefined,
      boost: CITY_BOOST,
    });
    const matches: NameMatch[] = exact.map((index) => ({ index, score: Infinity }));
    for (const m of scored) if (matches.length < limit && !exact.includes(m.index)) matches.push(m);
    return { matches, city: city === null ? undefined : city.place };
  }
}

/**
 * Files each hotel under its city, region and country, each list best-rated first; numbers its
 * city in `cityOf` (cities numbered in `cityNumber` as they are first met).
 */
function fileUnderPlaces(table: HotelTable, gazetteer: Gazetteer, byRating: Uint32Array, cityOf: Int32Array, cityNumber: Map<string, number>): Map<string, Uint32Array> {
  const lists = new Map<string, number[]>();
  const add = (key: string, i: number) => {
    const list = lists.get(key);
    if (list) list.push(i);
    else lists.set(key, [i]);
  };
  // Hotels share city names: look each (country, city) up once.
  const sameNamed = new Map<string, Place[]>();
  for (let i = 0; i < table.size; i++) {
    const country = table.countryCodeOf(i);
    const cityText = table.cityOf(i);
    const key = `${country}|${cityText}`;
    let named = sameNamed.get(key);
    if (!named) sameNamed.set(key, (named = gazetteer.citiesNamed(country, cityText)));
    const city = gazetteer.locateCity(country, cityText, table.lat[i], table.lng[i], named);
    add(`country:${country}`, i);
    if (city) {
      let number = cityNumber.get(city.id);
      if (number === undefined) cityNumber.set(city.id, (number = cityNumber.size));
      cityOf[i] = number;
      add(city.id, i);
      if (city.regionKey) add(`region:${city.regionKey}`, i);
    }
  }
  const members = new Map<string, Uint32Array>();
  for (const [key, list] of lists) {
    members.set(key, Uint32Array.from(list).sort((a, b) => byRating[a] - byRating[b]));
  }
  return members;
}

/**
 * Rows city by city (a city where its first hotel was, hotels without one where they were),
 * best-rated first within each: row k of the result is old row order[k].
 */
function cityRowOrder(cityOf: Int32Array, byRating: Uint32Array): Uint32Array {
  const n = cityOf.length;
  const cityStart = new Map<number, number>();
  const place = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const city = cityOf[i];
    if (city < 0) place[i] = i;
    else {
      let start = cityStart.get(city);
      if (start === undefined) cityStart.set(city, (start = i));
      place[i] = start;
    }
  }
  const ratingOrder = positionsOf(byRating);
  return orderByKey(n, (p) => place[ratingOrder[p]], n, (p) => ratingOrder[p]) ?? Uint32Array.from(ratingOrder).sort((a, b) => place[a] - place[b] || byRating[a] - byRating[b]);
}

/** A per-row array in the rows' new order. */
function reorder<T extends Uint32Array | Int32Array>(values: T, order: Uint32Array): T {
  const out = new (values.constructor as new (n: number) => T)(order.length);
  for (let k = 0; k < order.length; k++) out[k] = values[order[k]];
  return out;
}

/** The store changed under a load (another import landed); load again. */
export class CatalogChangedError extends Error {}

/** Reads a generation's hotels from the store and builds its index. */
export function loadCatalogIndex(store: CatalogStore, version: CatalogVersion, gazetteer: Gazetteer): Promise<CatalogIndex> {
  return buildCatalogIndex(version, store.scanCards(version.generation), gazetteer);
}

/** Builds a generation's index from its hotels' cards (all of them, in id order). */
export async function buildCatalogIndex(version: CatalogVersion, cards: AsyncIterable<ScannedCard[]>, gazetteer: Gazetteer): Promise<CatalogIndex> {
  const table = new HotelTable(version.hotelCount);
  for await (const batch of cards) {
    for (const row of batch) {
      if (!table.add(row)) throw new CatalogChangedError(`generation ${version.generation} has more hotels than it says`);
    }
  }
  if (table.size !== version.hotelCount) {
    throw new CatalogChangedError(`generation ${version.generation} has ${table.size} of its ${version.hotelCount} hotels`);
  }
  return new CatalogIndex(version, table, gazetteer);
}
