// Fills the Wikidata column of scripts/data/reviewed-areas.psv from datasets that give Wikidata
// ids of geographic features, each id with the tag of the dataset that confirms it ("Q1142@ogr"),
// then scripts/derive-reviewed-areas.ts writes the ids ("w") and their sources ("ws") into
// src/places/data/reviewed-areas.json. Only the id column is written; names, kinds, centres and
// boxes stay as they are (a disagreement is reported, for a person to settle).
//
// Sources (each read from a local copy of a public repository's files, at the commit given; none
// is kept in this repository):
//   - ne10m-*: Natural Earth 1:10m (naturalearthdata.com, public domain), version 5.1 (the
//     attribute tables with the name_fa … name_zht fields that came with 5.1.0; "wikidataid" and
//     "name_en" on every layer read here), as converted from the shapefiles' DBF tables to TSV by
//     github.com/Raysphere24/NaturalEarthCsvTsv (commit 7cc9ef2bd1e761f382238908066713be36dc30f0,
//     folder tsv_with_names; attributes only, no geometry):
//       ne10m-regions    10m_physical/ne_10m_geography_regions_polys.tsv (label areas: regions,
//                        valleys, coasts, island groups, ranges…). These rows have no coordinates:
//                        each is placed by the outline of the feature of the same name and class in
//                        Natural Earth 4.0.0 (github.com/martynafford/natural-earth-geojson, commit
//                        0b9a6ceb0a7032713abd9460ac1e995a9c60cd1e, 10m/physical/
//                        ne_10m_geography_regions_polys.7z, as scripts/derive-areas.ts reads it),
//                        only where that name and class are one feature in both versions.
//       ne10m-points     10m_physical/ne_10m_geography_regions_points.tsv (capes, waterfalls,
//                        small islands; lat_y, long_x).
//       ne10m-peaks      10m_physical/ne_10m_geography_regions_elevation_points.tsv (lat_y, long_x).
//       ne10m-lakes      10m_physical/ne_10m_lakes.tsv, ne_10m_lakes_europe.tsv,
//                        ne_10m_lakes_north_america.tsv, placed like the regions by the 4.0.0 lake
//                        outlines of the same name (10m/physical/ne_10m_lakes.7z and the two .json).
//       ne10m-marine     10m_physical/ne_10m_geography_marine_polys.tsv (bays, gulfs, sounds, fjords,
//                        channels, lagoons), placed like the regions by the 4.0.0 outlines of the same
//                        name (10m/physical/ne_10m_geography_marine_polys.json). It confirms the ids of
//                        Sognefjord, Chesapeake Bay and Bay of Fundy; no loaded area gains one from it.
//       ne10m-admin1     10m_cultural/ne_10m_admin_1_states_provinces.tsv (iso_a2, latitude,
//                        longitude): a historical or wine region that is a state or province.
//   - ogr: OpenGeographyRegions, github.com/dieterdreist/OpenGeographyRegions (CC0; commit
//     aa9df636ece20ca870dacbe728afafaede869fbb, geojson/*.geojson): Natural Earth's 1:10m label
//     areas redrawn and extended by its contributors, each with a "wikidata" property.
//   - unesco: src/places/data/sights.json of this repository ("w": UNESCO's World Heritage List
//     joined to Wikidata, CC0), where a reviewed area is the same place as a listed site.
// An id kept from the table without any of these confirming it is tagged "@memory" (the table's
// writer's knowledge, see scripts/derive-reviewed-areas.ts).
//
// Rules:
//   - Names: the area's name and aliases, folded (src/text/fold.ts), each also without its kind
//     words (src/places/words-without-place.ts); a dataset feature's name, name_en, name_alt and
//     label (not its names in other languages: Swedish "Lappland" is German for Finnish Lapland,
//     Q5700), and a UNESCO site's name and aliases, folded likewise, with Natural Earth's
//     abbreviations spelled out ("Mts." mountains, "I." island, "Is." islands, "Pen." peninsula,
//     "Ra." range, "Plat." plateau, "Arch." archipelago). A feature matches an area when a full
//     folded name of one equals a full folded name of the other, or both equal without kind words,
//     and the feature's class is of the area's kind (KIND_OF_CLASS); a state or province only by
//     the area's own name (not an alias: Savoy is not the département of Savoie), a UNESCO site
//     only by its own name, in full (Teide is not Teide National Park, Mutianyu not the Great Wall
//     of China); by an alias or without kind words, no feature more than 3 times the area's
//     extent (Lapland for Swedish Lapland); a cape for a peninsula only by the area's own name.
//     NOT_THE_SAME lists the few pairs a reading of the matches showed to be two things.
//   - Place: the centres lie within max(MIN_REACH_KM, half the area's box diagonal + half the
//     feature's extent diagonal); a feature with a country (admin-1) must be in the area's
//     countries; one without lies within its extent (+ offshoreKm of the kind) of one of them.
//   - Several features of the same id confirm it together; features of different ids for one
//     area leave it without an id, reported ("ambiguous"), unless the id the table had is one of
//     them or only one of them is of a feature the area's own name (not an alias) names. An id the table had that a dataset contradicts is reported, and the dataset's is kept.
//   - Each id once: when two areas get the same id the nearer keeps it, the other is reported.
//
// Rerun (no network), after fetching the three repositories and unpacking their files:
//   git -C $R archive 7cc9ef2bd1e761f382238908066713be36dc30f0 tsv_with_names | tar -x -C $NE5
//   (git -C $M show 0b9a6ceb…:10m/physical/ne_10m_geography_regions_polys.7z, ne_10m_lakes.7z
//    unpacked with 7z x, and ne_10m_lakes_europe.json, ne_10m_lakes_north_america.json,
//    ne_10m_geography_marine_polys.json, into $NE4)
//   git -C $O archive aa9df636ece20ca870dacbe728afafaede869fbb geojson | tar -x -C $OGR
//   NE5=$NE5/tsv_with_names NE4=$NE4 OGR=$OGR/geojson npx tsx scripts/derive-reviewed-areas-wikidata.ts
//   npx tsx scripts/derive-reviewed-areas.ts
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutKindWords } from '../src/places/words-without-place.js';
import { foldText } from '../src/text/fold.js';
import { haversineKm } from './area-file.js';
import { distanceToCountryKm, offshoreKm, readCountryOutlines } from './country-outlines.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const TABLE = here('./data/reviewed-areas.psv');
const SIGHTS = here('../src/places/data/sights.json');
const OUTLINES = here('./data/country-outlines.json');
const NE5 = process.env.NE5 ?? '/tmp/rw/ne5/tsv_with_names';
const NE4 = process.env.NE4 ?? '/tmp/rw/ne4';
const OGR = process.env.OGR ?? '/tmp/rw/ogr/geojson';
const MIN_REACH_KM = 50;
const KM_PER_DEGREE = 111.32;

/** Natural Earth's (and OpenGeographyRegions') feature classes, as the table's kinds. */
const KIND_OF_CLASS: Record<string, string[]> = {
  island: ['island'],
  'island group': ['island_group'],
  archipelago: ['island_group'],
  'pen/cape': ['peninsula', 'cape'],
  peninsula: ['peninsula', 'cape'],
  cape: ['cape', 'peninsula'],
  isthmus: ['region'],
  'range/mtn': ['mountain_range'],
  mountainrange: ['mountain_range'],
  foothills: ['mountain_range', 'region'],
  mountain: ['peak'],
  'spot elevation': ['peak'],
  pass: ['peak'],
  plateau: ['plateau', 'region'],
  desert: ['desert'],
  plain: ['plain', 'region'],
  lowland: ['plain', 'region'],
  tundra: ['region'],
  basin: ['basin', 'region'],
  depression: ['basin'],
  valley: ['valley'],
  gorge: ['valley'],
  fjord: ['valley', 'coast'],
  delta: ['delta'],
  wetlands: ['wetland'],
  coast: ['coast'],
  bay: ['coast'],
  gulf: ['coast'],
  sound: ['coast'],
  inlet: ['coast'],
  channel: ['coast'],
  lagoon: ['lake', 'coast'],
  geoarea: ['region', 'coast', 'valley', 'plain', 'peninsula', 'plateau'],
  generic: ['region'],
  lake: ['lake'],
  reservoir: ['lake'],
  'alkaline lake': ['lake'],
  waterfall: ['waterfall'],
  'admin-1': ['region'],
  'unesco-sight': ['sight'],
  'unesco-park': ['park'],
  'unesco-region': ['region', 'valley', 'coast'],
};

/** Areas and the dataset ids that name them but are another thing (reviewed by hand). */
const NOT_THE_SAME = new Set([
  "Côte d'Or|Q3342", // the wine slope, not the département of Côte-d'Or
  'Zlatibor|Q478278', // the mountain resort area, not the Zlatibor District
]);

interface Feature {
  source: string;
  id: string;
  names: string[];
  cls: string;
  lat: number;
  lng: number;
  /** Half the diagonal of its extent, km (0 for a point). */
  halfKm: number;
  country?: string;
}

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bMts?\b\.?/g, 'Mountains'],
  [/\bRa\b\./g, 'Range'],
  [/\bIs\b\./g, 'Islands'],
  [/\bI\b\./g, 'Island'],
  [/\bPen\b\./g, 'Peninsula'],
  [/\bPlat\b\./g, 'Plateau'],
  [/\bArch\b\./g, 'Archipelago'],
  [/\bCord\b\./g, 'Cordillera'],
];
function spelled(name: string): string {
  let out = name;
  for (const [re, word] of ABBREVIATIONS) out = out.replace(re, word);
  return /^[^a-z]*$/.test(out) ? out.toLowerCase() : out;
}
const fullNames = (names: string[]) => [...new Set(names.filter(Boolean).map((n) => foldText(spelled(n))).filter(Boolean))];
const bareNames = (full: string[]) => [...new Set(full.flatMap((n) => withoutKindWords(n)))];

function readTsv(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path, 'utf8').split('\n');
  const keys = head.split('\t').map((k) => k.toLowerCase());
  return lines.filter((l) => l.trim()).map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v.trim()])));
}

function extentOf(geometry: { type: string; coordinates: unknown }): { lat: number; lng: number; halfKm: number } {
  let [s, w, n, e] = [90, 180, -90, -180];
  const walk = (c: unknown): void => {
    if (typeof (c as number[])[0] === 'number') {
      const [x, y] = c as number[];
      [s, w, n, e] = [Math.min(s, y), Math.min(w, x), Math.max(n, y), Math.max(e, x)];
    } else for (const d of c as unknown[]) walk(d);
  };
  walk(geometry.coordinates);
  // Across 180° (Fiji, the Aleutians): the box the other way round.
  if (e - w > 180) {
    let [w2, e2] = [180, -180];
    const walk2 = (c: unknown): void => {
      if (typeof (c as number[])[0] === 'number') {
        const x = (c as number[])[0];
        if (x < 0) e2 = Math.max(e2, x);
        else w2 = Math.min(w2, x);
      } else for (const d of c as unknown[]) walk2(d);
    };
    walk2(geometry.coordinates);
    const width = e2 + 360 - w2;
    const mid = w2 + width / 2;
    const lat = (s + n) / 2;
    return { lat, lng: mid > 180 ? mid - 360 : mid, halfKm: haversineKm(s, 0, n, width * Math.cos((lat * Math.PI) / 180)) / 2 };
  }
  return { lat: (s + n) / 2, lng: (w + e) / 2, halfKm: haversineKm(s, w, n, e) / 2 };
}

const LANGS = ['name_en'];
const neNames = (r: Record<string, string>) => [r.name, r.name_alt, r.namealt, r.label, r.name_abb, ...LANGS.map((k) => r[k])];

/** Natural Earth 5.1 rows without coordinates, placed by the 4.0.0 outline of the same name and class. */
function placedByOutline(source: string, rows: Record<string, string>[], outlineFiles: string[]): Feature[] {
  const outlines = new Map<string, { geometry: { type: string; coordinates: unknown } }[]>();
  for (const file of outlineFiles) {
    for (const f of (JSON.parse(readFileSync(file, 'utf8')) as { features: { properties: Record<string, string | null>; geometry: { type: string; coordinates: unknown } }[] }).features) {
      if (!f.properties.name || !f.geometry) continue;
      const key = `${foldText(f.properties.name)}|${(f.properties.featurecla ?? '').toLowerCase()}`;
      outlines.set(key, [...(outlines.get(key) ?? []), f]);
    }
  }
  const rowCount = new Map<string, number>();
  const keyOf = (r: Record<string, string>) => `${foldText(r.name)}|${(r.featurecla ?? '').toLowerCase()}`;
  for (const r of rows) rowCount.set(keyOf(r), (rowCount.get(keyOf(r)) ?? 0) + 1);
  const out: Feature[] = [];
  let unplaced = 0;
  for (const r of rows) {
    if (!/^Q\d+$/.test(r.wikidataid ?? '') || !r.name) continue;
    const found = outlines.get(keyOf(r));
    if (!found || found.length !== 1 || rowCount.get(keyOf(r)) !== 1) {
      unplaced++;
      continue;
    }
    out.push({ source, id: r.wikidataid, names: neNames(r), cls: (r.featurecla ?? '').toLowerCase(), ...extentOf(found[0].geometry) });
  }
  console.log(`${source}: ${out.length} placed, ${unplaced} with an id but no 4.0.0 outline of one feature`);
  return out;
}

function features(): Feature[] {
  const all: Feature[] = [];
  const tsv = (f: string) => readTsv(join(NE5, f));
  all.push(...placedByOutline('ne10m-regions', tsv('10m_physical/ne_10m_geography_regions_polys.tsv'), [join(NE4, 'ne_10m_geography_regions_polys.json')]));
  all.push(
    ...placedByOutline(
      'ne10m-lakes',
      ['ne_10m_lakes', 'ne_10m_lakes_europe', 'ne_10m_lakes_north_america'].flatMap((f) => tsv(`10m_physical/${f}.tsv`)),
      ['ne_10m_lakes', 'ne_10m_lakes_europe', 'ne_10m_lakes_north_america'].map((f) => join(NE4, `${f}.json`)),
    ),
  );
  all.push(
    ...placedByOutline('ne10m-marine', tsv('10m_physical/ne_10m_geography_marine_polys.tsv'), [join(NE4, 'ne_10m_geography_marine_polys.json')]),
  );
  for (const [source, file] of [
    ['ne10m-points', '10m_physical/ne_10m_geography_regions_points.tsv'],
    ['ne10m-peaks', '10m_physical/ne_10m_geography_regions_elevation_points.tsv'],
  ]) {
    for (const r of tsv(file)) {
      if (!/^Q\d+$/.test(r.wikidataid ?? '')) continue;
      all.push({ source, id: r.wikidataid, names: neNames(r), cls: r.featurecla.toLowerCase(), lat: Number(r.lat_y), lng: Number(r.long_x), halfKm: 0 });
    }
  }
  for (const r of tsv('10m_cultural/ne_10m_admin_1_states_provinces.tsv')) {
    if (!/^Q\d+$/.test(r.wikidataid ?? '')) continue;
    const halfKm = Math.sqrt(Math.max(0, Number(r.area_sqkm) || 0)) * 0.71;
    all.push({ source: 'ne10m-admin1', id: r.wikidataid, names: [r.name, r.name_en], cls: 'admin-1', lat: Number(r.latitude), lng: Number(r.longitude), halfKm, country: r.iso_a2 });
  }
  for (const file of readdirSync(OGR).filter((f) => f.endsWith('.geojson'))) {
    for (const f of (JSON.parse(readFileSync(join(OGR, file), 'utf8')) as { features: { properties: Record<string, string>; geometry: { type: string; coordinates: unknown } }[] }).features) {
      if (!/^Q\d+$/.test(f.properties.wikidata ?? '') || !f.geometry) continue;
      all.push({ source: 'ogr', id: f.properties.wikidata, names: [f.properties.name], cls: (f.properties.featureclass ?? '').toLowerCase(), ...extentOf(f.geometry) });
    }
  }
  for (const s of (JSON.parse(readFileSync(SIGHTS, 'utf8')) as { areas: { n: string; a: string[]; k: string; c: string[]; ll: [number, number]; bb: [number, number, number, number]; w?: string }[] }).areas) {
    if (!s.w) continue;
    const [south, west, north, east] = s.bb;
    all.push({ source: 'unesco', id: s.w, names: [s.n, ...s.a], cls: `unesco-${s.k}`, lat: s.ll[0], lng: s.ll[1], halfKm: haversineKm(south, west, north, east) / 2, country: s.c[0] });
  }
  return all;
}

// ── the table ──
interface Row {
  index: number;
  cells: string[];
  name: string;
  kind: string;
  countries: string[];
  lat: number;
  lng: number;
  halfKm: number;
  oldId?: string;
}
const lines = readFileSync(TABLE, 'utf8').split('\n');
const rows: Row[] = [];
lines.forEach((text, index) => {
  if (!text.trim() || text.startsWith('#')) return;
  const cells = text.split('|');
  while (cells.length < 8) cells.push('');
  const [name, , kind, countries, lat, lng, extent, w] = cells.map((c) => c.trim());
  const [wk, hk = wk] = extent.split('x').map(Number);
  rows.push({ index, cells, name, kind, countries: countries.split(',').map((c) => c.trim()), lat: Number(lat), lng: Number(lng), halfKm: Math.hypot(wk, hk) / 2, oldId: w.split('@')[0] || undefined });
});

if (![NE5, NE4, OGR].every(existsSync)) throw new Error(`inputs missing: NE5=${NE5} NE4=${NE4} OGR=${OGR} (see the header)`);
const all = features();
const byName = new Map<string, Feature[]>();
const byBare = new Map<string, Feature[]>();
for (const f of all) {
  const full = fullNames(f.names);
  for (const n of full) byName.set(n, [...(byName.get(n) ?? []), f]);
  for (const n of bareNames(full)) byBare.set(n, [...(byBare.get(n) ?? []), f]);
}
const outlines = readCountryOutlines(readFileSync(OUTLINES, 'utf8'));

const report: string[] = [];
const chosen = new Map<Row, { id: string; sources: string[]; km: number }>();
for (const row of rows) {
  const full = fullNames([row.name, ...row.cells[1].split(';')]);
  const found = new Set<Feature>();
  const fits = (f: Feature) => (KIND_OF_CLASS[f.cls] ?? []).includes(row.kind);
  const own = full[0];
  const admits = (f: Feature, n: string, bare: boolean) => {
    if (!fits(f) || NOT_THE_SAME.has(`${row.name}|${f.id}`)) return false;
    const byOwn = !bare && n === own;
    // A state or province, or a cape for a peninsula, only by the area's own name.
    if ((f.source === 'ne10m-admin1' || (f.cls === 'cape' && row.kind !== 'cape')) && !byOwn) return false;
    // A UNESCO site only by its own name, in full (not "Great Wall of China" for Mutianyu).
    if (f.source === 'unesco' && (bare || foldText(f.names[0]) !== n)) return false;
    // By an alias, never a wider area.
    return byOwn || f.halfKm <= 3 * row.halfKm;
  };
  for (const n of full) for (const f of byName.get(n) ?? []) if (admits(f, n, false)) found.add(f);
  for (const n of bareNames(full)) for (const f of byBare.get(n) ?? []) if (admits(f, n, true)) found.add(f);
  const near = [...found].filter((f) => {
    const km = haversineKm(row.lat, row.lng, f.lat, f.lng);
    if (km > Math.max(MIN_REACH_KM, row.halfKm + f.halfKm)) return false;
    if (f.country) return row.countries.includes(f.country);
    return row.countries.some((c) => distanceToCountryKm(outlines, c, f.lat, f.lng) <= f.halfKm + offshoreKm(row.kind));
  });
  const ids = [...new Set(near.map((f) => f.id))];
  // Of several, the one the area's own name (not an alias) names, when only one does.
  const named = [...new Set(near.filter((f) => fullNames(f.names).includes(own)).map((f) => f.id))];
  const id = ids.length === 1 ? ids[0] : row.oldId && ids.includes(row.oldId) ? row.oldId : named.length === 1 ? named[0] : undefined;
  if (ids.length > 1) report.push(`${id ? `several ids, kept ${id}` : 'ambiguous'}: ${row.name} (${row.countries[0]}): ${near.map((f) => `${f.id}@${f.source} ${f.names[0]}`).join(', ')}`);
  if (id && row.oldId && row.oldId !== id) report.push(`the table's ${row.oldId} for ${row.name} contradicted by ${id} (${near.filter((f) => f.id === id).map((f) => f.source).join(', ')})`);
  if (!id) continue;
  const agreeing = near.filter((f) => f.id === id);
  if (process.env.VERBOSE === '1') console.log(`${row.name} (${row.kind}, ${row.countries[0]}) = ${near.filter((f) => f.id === id).map((f) => `${f.names[0]}@${f.source} ${f.cls}`).join(', ')}`);
  chosen.set(row, { id, sources: [...new Set(agreeing.map((f) => f.source))].sort(), km: Math.min(...agreeing.map((f) => haversineKm(row.lat, row.lng, f.lat, f.lng))) });
}

// Each id once: the nearer area keeps it.
const holders = new Map<string, Row>();
for (const [row, c] of chosen) {
  const other = holders.get(c.id);
  if (!other) {
    holders.set(c.id, row);
    continue;
  }
  const [keep, drop] = chosen.get(other)!.km <= c.km ? [other, row] : [row, other];
  report.push(`${c.id} for both ${other.name} and ${row.name}: kept for ${keep.name}`);
  chosen.delete(drop);
  holders.set(c.id, keep);
}

const counts = new Map<string, number>();
for (const row of rows) {
  const c = chosen.get(row);
  // The first source names the id; the order prefers the datasets that outline the area.
  const ORDER = ['ne10m-regions', 'ogr', 'ne10m-lakes', 'ne10m-marine', 'ne10m-points', 'ne10m-peaks', 'ne10m-admin1', 'unesco'];
  const cell = c ? `${c.id}@${c.sources.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join('+')}` : row.oldId ? `${row.oldId}@memory` : '';
  const tag = c ? c.sources[0] : row.oldId ? 'memory' : 'none';
  counts.set(tag, (counts.get(tag) ?? 0) + 1);
  row.cells[7] = cell;
  const cells = row.cells;
  lines[row.index] = cells.join('|');
}
writeFileSync(TABLE, lines.join('\n'));
console.log(`${rows.length} areas: ${[...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(report.join('\n'));
