// Derives src/places/data/reviewed-areas.json: tourist areas travellers search that the other
// area files lack or get wrong (issue 47): wine regions (Burgundy, Médoc, Rioja, Yarra Valley,
// Casablanca Valley), historical and cultural regions (Alsace, Transylvania, Galilee), valleys
// (Ötztal, Ourika, Bekaa), coasts and rivieras, island groups, peninsulas (Halkidiki, Istria),
// lakes, mountain and ski areas, and famous sights outside the UNESCO list (Golden Temple, Hoover
// Dam, Mount Batur), in the compact format of areas.json, read by the same loader.
//
// Source: scripts/data/reviewed-areas.psv, a table written for this service from general
// geographic knowledge (Wikipedia/Wikidata-level facts: where a place is, roughly how far it
// reaches, its country), one area a line: name | aliases | kind | countries | lat | lng |
// extent | Wikidata id@source | "fix" or "offshore". Only facts; approximate by design (centres to
// ~0.01-0.05°, extents rounded to a few km). The table owes nothing to the service's answers nor
// to its relevance cases.
//
// Wikidata ids: written into the table by scripts/derive-reviewed-areas-wikidata.ts, each with the
// datasets that confirm it, first the one that names it ("Q26955@ne10m-regions+ogr"): Natural
// Earth 1:10m 5.1 (public domain; ne10m-regions, -lakes, -points, -peaks, -admin1),
// OpenGeographyRegions (CC0; ogr), UNESCO's list as joined to Wikidata in sights.json (CC0;
// unesco); "memory" for the few the table's writer gave that no dataset confirms. That script's
// header gives the versions, commits and matching rules. The output keeps the id as "w" and its
// sources as "ws".
//
// Rules:
//   - Kinds: those of areas.json (region, valley, coast, island_group, peninsula, lake, island,
//     mountain_range, plateau, desert, delta, wetland, park, peak, waterfall, cape, sight). A
//     sight, peak, waterfall or cape is a point to the traveller ("p":1): searched around it.
//   - Box: the extent (west-east x south-north km, or one side for a square) centred on the
//     centre, rounded outwards to 0.001°.
//   - Left out, and listed with VERBOSE=1: an area whose name another bundled file already gives
//     (areas, sights, more-areas, islands) in the same country, or within REACH_KM as an alias or
//     a name without its kind words of an area of the same kind ("Lake Kivu" of "Kivu"); a peak
//     stays beside a park that has its name as an alias ("Mount Rainier National Park"), or a landmark
//     of src/places/landmarks.ts names. A line marked "fix" instead replaces the entry of that
//     name (the loader reads this file first, and the first area of an id wins): "Vale of
//     Kashmir", whose Natural Earth label area lies south of the valley and holds no hotel.
//   - Country check (scripts/data/country-outlines.json, Natural Earth 1:50m admin-0 countries,
//     public domain, simplified here): the centre must lie in its first country, or within
//     offshoreKm(kind) of it (1:50m drops small islands and smooths coasts); a line marked
//     "offshore" (an island far off its country that 1:50m does not draw) is not checked. The
//     test checks it again.
//
// Rerun (no network): npx tsx scripts/derive-reviewed-areas.ts [VERBOSE=1]
// To remake the outlines (only when countries are added): fetch
// github:martynafford/natural-earth-geojson, then
//   git -C $G show 0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e:50m/cultural/ne_50m_admin_0_countries.7z > c.7z && 7z x c.7z
//   npx tsx scripts/derive-reviewed-areas.ts --outlines ne_50m_admin_0_countries.json
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AreaRow } from '../src/places/areas.js';
import { loadLandmarkSources } from '../src/places/landmarks.js';
import { withoutKindWords } from '../src/places/words-without-place.js';
import { foldText } from '../src/text/fold.js';
import { areaFileText, haversineKm, type AreaEntry } from './area-file.js';
import { countryOutlinesText, distanceToCountryKm, offshoreKm, readCountryOutlines } from './country-outlines.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const TABLE = here('./data/reviewed-areas.psv');
const OUTLINES = here('./data/country-outlines.json');
const OUTPUT = here('../src/places/data/reviewed-areas.json');
const OTHER_FILES = ['areas.json', 'sights.json', 'more-areas.json', 'islands.json'].map((f) => here(`../src/places/data/${f}`));
const VERBOSE = process.env.VERBOSE === '1';

export const KINDS = new Set(['region', 'valley', 'coast', 'island_group', 'peninsula', 'lake', 'island', 'mountain_range', 'plateau', 'desert', 'delta', 'wetland', 'park', 'basin', 'plain', 'peak', 'waterfall', 'cape', 'sight']);
/** The sources a Wikidata id may have (scripts/derive-reviewed-areas-wikidata.ts says what each is). */
export const WIKIDATA_SOURCES = new Set(['ne10m-regions', 'ne10m-lakes', 'ne10m-marine', 'ne10m-points', 'ne10m-peaks', 'ne10m-admin1', 'ogr', 'unesco', 'memory']);
const POINT_KINDS = new Set(['sight', 'peak', 'waterfall', 'cape']);
/** How far (km) an existing area of the same name may lie and still be the same place. */
const REACH_KM = 60;
const KM_PER_DEGREE = 111.32;


interface TableLine extends AreaEntry {
  line: number;
  fix: boolean;
  /** An island 1:50m does not draw, far off its country's coast (San Andrés): not checked. */
  offshore: boolean;
  wikidata?: string;
  /** The datasets that confirm it ("ne10m-regions+ogr"), or "memory". */
  wikidataSource?: string;
}

function rectBox(lat: number, lng: number, widthKm: number, heightKm: number): [number, number, number, number] {
  const dLat = heightKm / 2 / KM_PER_DEGREE;
  const dLng = widthKm / 2 / (KM_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const wrap = (x: number) => (x > 180 ? x - 360 : x < -180 ? x + 360 : x);
  return [Math.max(-90, lat - dLat), wrap(lng - dLng), Math.min(90, lat + dLat), wrap(lng + dLng)];
}

function parseLine(text: string, line: number): TableLine {
  const [name, aliases, kind, countries, lat, lng, extent, wikidataCell = '', fix = ''] = text.split('|').map((s) => s.trim());
  const [wikidata = '', wikidataSource = ''] = wikidataCell.split('@');
  const fail = (why: string) => new Error(`${TABLE}:${line}: ${why}: ${text}`);
  if (!name || !KINDS.has(kind)) throw fail('no name, or a kind not of areas.json');
  const codes = countries.split(',').map((c) => c.trim());
  if (!codes.every((c) => /^[A-Z]{2}$/.test(c))) throw fail('countries are ISO alpha-2 codes');
  const [la, ln] = [Number(lat), Number(lng)];
  if (!(Math.abs(la) <= 90 && Math.abs(ln) <= 180)) throw fail('bad centre');
  const size = /^(\d+(?:\.\d+)?)(?:x(\d+(?:\.\d+)?))?$/.exec(extent);
  if (!size) throw fail('extent is "W x H" km or one side');
  const [w, h] = [Number(size[1]), Number(size[2] ?? size[1])];
  if (wikidata && !/^Q[1-9]\d*$/.test(wikidata)) throw fail('bad Wikidata id');
  if (wikidata && !wikidataSource.split('+').every((tag) => WIKIDATA_SOURCES.has(tag))) throw fail('a Wikidata id without its source ("Q1142@ogr")');
  return {
    line,
    fix: fix === 'fix',
    offshore: fix === 'offshore' && (kind === 'island' || kind === 'island_group'),
    wikidata: wikidata || undefined,
    wikidataSource: wikidataSource || undefined,
    name,
    aliases: aliases ? aliases.split(';').map((a) => a.trim()) : [],
    kind,
    countries: codes,
    lat: la,
    lng: ln,
    box: rectBox(la, ln, w, h),
    point: POINT_KINDS.has(kind),
    extra: { w: wikidata || undefined, ws: wikidataSource || undefined, src: 'reviewed', off: fix === 'offshore' ? '1' : undefined },
  };
}

const lines = readFileSync(TABLE, 'utf8').split('\n');
const table = lines.flatMap((text, i) => (text.trim() && !text.startsWith('#') ? [parseLine(text, i + 1)] : []));

if (process.argv[2] === '--outlines') {
  const centres = new Map<string, [number, number][]>();
  for (const e of table) centres.set(e.countries[0], [...(centres.get(e.countries[0]) ?? []), [e.lat, e.lng]]);
  writeFileSync(OUTLINES, countryOutlinesText(readFileSync(process.argv[3], 'utf8'), centres));
  console.log(`wrote ${OUTLINES}`);
  process.exit(0);
}

// Names the other files give, each with where it is: a name, an alias, a name without kind words.
interface Known {
  lat: number;
  lng: number;
  name: string;
  c: string;
  k: string;
}
const known = new Map<string, Known[]>();
function know(key: string, at: Known) {
  if (!key) return;
  const list = known.get(key) ?? [];
  list.push(at);
  known.set(key, list);
}
const primaryNames = new Map<string, string>();
for (const file of OTHER_FILES) {
  for (const r of (JSON.parse(readFileSync(file, 'utf8')) as { areas: AreaRow[] }).areas) {
    const at = { lat: r.ll[0], lng: r.ll[1], name: r.n, c: r.c[0] ?? '', k: r.k };
    const folded = foldText(r.n);
    primaryNames.set(`${folded}|${at.c}`, r.n);
    know(folded, at);
    // By an alias, an area of another kind stays (the peak beside "Mount Rainier National Park").
    for (const key of r.a.map(foldText)) know(`${r.k}:${key}`, at);
    // Without its kind words, a name is the same place only as an area of the same kind.
    for (const key of withoutKindWords(folded)) know(`${r.k}:${key}`, at);
  }
}
const landmarkNames = new Set(loadLandmarkSources().flatMap((l) => [l.name, ...l.aliases].map(foldText)));

const kept: TableLine[] = [];
const leftOut: string[] = [];
const replaced: string[] = [];
for (const e of table) {
  const folded = foldText(e.name);
  if (e.fix) {
    const old = primaryNames.get(`${folded}|${e.countries[0]}`);
    if (!old) throw new Error(`${TABLE}:${e.line}: "fix" names no area of another file: ${e.name}`);
    replaced.push(`${e.name} (${e.countries[0]})`);
    kept.push(e);
    continue;
  }
  if (landmarkNames.has(folded)) {
    leftOut.push(`${e.name}: a landmark of src/places/landmarks.ts`);
    continue;
  }
  // The same name in the same country, however far: the loader would take this one for it.
  if (primaryNames.has(`${folded}|${e.countries[0]}`)) {
    leftOut.push(`${e.name}: another file has an area of that name in ${e.countries[0]}`);
    continue;
  }
  const keys = [folded, `${e.kind}:${folded}`, ...withoutKindWords(folded).map((k) => `${e.kind}:${k}`)];
  const same = keys.flatMap((k) => known.get(k) ?? []).find((k) => haversineKm(k.lat, k.lng, e.lat, e.lng) <= REACH_KM);
  if (same) {
    leftOut.push(`${e.name}: already there as ${same.name} (${Math.round(haversineKm(same.lat, same.lng, e.lat, e.lng))} km)`);
    continue;
  }
  kept.push(e);
}

// Twice in the table (same folded name, same first country) is an error to fix by hand.
const seen = new Map<string, TableLine>();
for (const e of kept) {
  const key = `${foldText(e.name)}|${e.countries[0]}`;
  if (seen.has(key)) throw new Error(`${TABLE}:${e.line}: ${e.name} twice (line ${seen.get(key)!.line})`);
  seen.set(key, e);
}

const outlines = readCountryOutlines(readFileSync(OUTLINES, 'utf8'));
const outside = kept.flatMap((e) => {
  const km = e.offshore ? 0 : distanceToCountryKm(outlines, e.countries[0], e.lat, e.lng);
  return km > offshoreKm(e.kind) ? [`${e.name} (${e.countries[0]}): centre ${km === Infinity ? 'in no outline' : `${Math.round(km)} km outside`}`] : [];
});

const about =
  'Tourist areas travellers search that the other area files lack or get wrong (wine regions, historical and cultural regions, valleys, coasts and rivieras, island groups, peninsulas, lakes, mountain and ski areas, famous sights outside the UNESCO list), from a reviewed table written for this service (scripts/data/reviewed-areas.psv), made by scripts/derive-reviewed-areas.ts (rules there). Same format as areas.json: n name, a aliases, k kind, c countries (ISO 3166-1 alpha-2), ll centre [lat, lng], bb box [south, west, north, east] (the extent centred on the centre, approximate), p 1 for a point (sight, peak, waterfall, cape: searched around it), w the Wikidata item, ws the datasets that confirm it (ne10m-regions, ne10m-lakes, ne10m-marine, ne10m-points, ne10m-peaks, ne10m-admin1: Natural Earth 1:10m 5.1; ogr: OpenGeographyRegions; unesco: sights.json; memory: none, from the table writer alone), src "reviewed", off 1 for an island far off its country that Natural Earth 1:50m does not draw. Loaded before the other area files: an entry replaces one of theirs of the same name and country.';
writeFileSync(OUTPUT, areaFileText(about, [{ what: 'reviewed table of tourist areas (this repository)', repository: 'this repository', path: 'scripts/data/reviewed-areas.psv', commit: '' }], kept));

const byKind = new Map<string, number>();
for (const e of kept) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
console.log(`${kept.length} areas (${table.length} in the table, ${leftOut.length} already in other files, ${replaced.length} replacing one), ${kept.filter((e) => e.wikidata).length} with a Wikidata id`);
const bySource = new Map<string, number>();
for (const e of kept) if (e.wikidataSource) bySource.set(e.wikidataSource.split('+')[0], (bySource.get(e.wikidataSource.split('+')[0]) ?? 0) + 1);
console.log(`Wikidata ids by first source: ${[...bySource].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log([...byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', '));
if (replaced.length) console.log(`replacing: ${replaced.join(', ')}`);
if (outside.length) console.log(`centres outside their country (fix the table):\n  ${outside.join('\n  ')}`);
if (VERBOSE) console.log(`left out:\n  ${leftOut.join('\n  ')}`);
