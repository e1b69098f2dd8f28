// Areas a traveller looks for hotels in that are no town: islands, island groups, lakes, coasts,
// peninsulas, valleys, deltas, deserts, ranges and U.S. national parks, from Natural Earth (the
// bundled data/areas.json, made by scripts/derive-areas.ts). An area is searched inside its box,
// best-rated first, as a region is; a sight, peak, cape or waterfall is a point to the traveller:
// nearest first. Other files of the same form add to them, each made by its own script: the
// UNESCO World Heritage sites and a reviewed table of tourist regions (sights.json), the national
// parks of every country (more-areas.json), named islands (islands.json), and a reviewed table of
// tourist areas the others lack or get wrong (reviewed-areas.json).
import { readFileSync } from 'node:fs';
import { dataFile } from './data-file.js';
import { foldText, slugify } from '../text/fold.js';
import type { Place } from './place.js';

/** [south, west, north, east] in degrees; west > east when the box crosses 180°. */
export type Box = readonly [south: number, west: number, north: number, east: number];

export interface AreaSource {
  name: string;
  aliases: string[];
  kind: string;
  /** ISO 3166-1 alpha-2 codes, the largest share first; empty for none. */
  countries: string[];
  lat: number;
  lng: number;
  box: Box;
  /** A point to the traveller (a sight, peak, cape or waterfall): searched around it, nearest first. */
  point: boolean;
}

/** One area as the bundled files write it (scripts/area-file.ts writes them). */
export interface AreaRow {
  n: string;
  a: string[];
  k: string;
  c: string[];
  ll: [number, number];
  bb: [number, number, number, number];
  p?: 1;
}

const POINT_KINDS: ReadonlySet<string> = new Set(['sight', 'peak', 'cape', 'waterfall']);


function readAreas(file: URL): AreaSource[] {
  const { areas } = JSON.parse(readFileSync(file, 'utf8')) as { areas: AreaRow[] };
  // A square drawn around a point is a point to the traveller only for what stands at one (a
  // sight, a peak); a park or region so drawn is still searched inside its square.
  return areas.map((r) => ({ name: r.n, aliases: r.a, kind: r.k, countries: r.c, lat: r.ll[0], lng: r.ll[1], box: r.bb, point: r.p === 1 && POINT_KINDS.has(r.k) }));
}

/** The bundled area files after Natural Earth's, each made by its own script from its own sources. */
const MORE_AREA_FILES = ['sights.json', 'more-areas.json', 'islands.json'];
/**
 * Reviewed tables, read before the others: the first area of a name and country wins, so an
 * entry there replaces a derived one whose box is wrong (scripts/derive-reviewed-areas.ts).
 */
const REVIEWED_AREA_FILES = ['reviewed-areas.json'];

/** The reviewed areas, Natural Earth's (areas.json), then the sights, regions and areas of the other bundled files. */
export function loadAreaSources(): AreaSource[] {
  const areas = dataFile('areas.json');
  if (!areas) throw new Error('the bundled areas file (src/places/data/areas.json) is missing');
  const files = (names: string[]) => names.map(dataFile).filter((file): file is URL => file !== undefined);
  return [...files(REVIEWED_AREA_FILES), areas, ...files(MORE_AREA_FILES)].flatMap(readAreas);
}

const KM_PER_DEGREE = 111.2;

/** The box's height and width, km (a box crossing 180° wraps). */
function boxSidesKm([south, west, north, east]: Box): { height: number; width: number } {
  const degrees = east >= west ? east - west : east + 360 - west;
  const midLat = ((south + north) / 2) * (Math.PI / 180);
  return { height: (north - south) * KM_PER_DEGREE, width: degrees * KM_PER_DEGREE * Math.cos(midLat) };
}

/** Whether a point lies in a box. */
export function inBox([south, west, north, east]: Box, lat: number, lng: number): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
}

/** The box's surface, km². */
export function boxKm2(box: Box): number {
  const { height, width } = boxSidesKm(box);
  return height * width;
}

/**
 * How much likelier (log10) an area's name means it than a place of no people: an area draws
 * travellers as a town of some size does, more the larger it is. Tenerife (about 2,000 km²) is
 * likelier meant than its capital by the island's name; a small lake than its namesake hamlet.
 */
export function areaBonus(area: AreaSource): number {
  if (area.point) return POINT_BONUS;
  return AREA_BASE_BONUS + AREA_SIZE_WEIGHT * Math.log10(Math.max(1, boxKm2(area.box)));
}
const AREA_BASE_BONUS = 2.5;
const AREA_SIZE_WEIGHT = 0.5;
/** A peak, cape or waterfall: as a small island is. */
const POINT_BONUS = 3;
/** Areas this large (km²) are found through a typo in their name too. */
export const AREA_TYPO_MIN_KM2 = 100;

/**
 * The place of an area, labelled by its region when one is given and its first country: "Maui,
 * Hawaii, United States", "Corsica, France", "Lake Geneva, Switzerland"; `regionKey` qualifies it.
 */
/** How far an area reaches from its middle: half its box's diagonal. */
export function areaReachKm(area: AreaSource): number {
  const { height, width } = boxSidesKm(area.box);
  return Math.hypot(height, width) / 2;
}

export function areaPlace(area: AreaSource, countryName: string, regionKey: string | null, regionName: string | undefined): Place {
  const halfDiagonalKm = areaReachKm(area);
  return {
    id: `area:${slugify(area.name)}-${area.countries[0].toLowerCase()}`,
    kind: 'area',
    name: area.name,
    label: [area.name, regionName && foldText(regionName) !== foldText(area.name) ? regionName : null, countryName].filter(Boolean).join(', '),
    countryCode: area.countries[0],
    regionKey,
    lat: area.lat,
    lng: area.lng,
    population: 0,
    // A point is searched round its centre, nearest first; an area inside its box.
    hasCentre: area.point,
    radiusKm: Math.max(1, Math.round(halfDiagonalKm * 10) / 10),
    nearestFirst: area.point,
    box: area.point ? undefined : area.box,
  };
}
