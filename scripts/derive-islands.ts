// Derives src/places/data/islands.json: named islands of every country that areas.json (Natural
// Earth), sights.json (UNESCO) and more-areas.json (national parks) do not have ("Sylt", "Capri",
// "Hvar", "Nantucket"). Same compact format (written by scripts/area-file.ts, read by
// src/places/areas.ts), same keys; one kind, island.
//
// Source (read from a copy of the public repository's file, at the commit given):
//   - Islands: github.com/blauewelt/earth, data/islands.json (commit
//     b884582a057940193176faa1479cc832eb9c3e94, snapshot 2026-08-03, 4,950 islands): the land and
//     minor-island rings of Natural Earth (naturalearthdata.com, public domain; ne_10m_land,
//     ne_10m_minor_islands), named from Natural Earth's ne_10m_geography_regions_polys and from
//     GeoNames (geonames.org, feature class T; names CC BY 4.0, "GeoNames, geonames.org").
//     Each island: n name, o longitude, a latitude (the centre of its bounding box), e extent in
//     km (geodesic diagonal of the bounding box), c ISO 3166-1 alpha-2 country, s a flag of the
//     source's own (not used). The file gives no outline, only the extent.
// Only facts are kept: names, countries, coordinates, extents. Attribution: island names in part
// from GeoNames (CC BY 4.0), coastlines from Natural Earth (public domain); both are named in the
// output's "sources" and "about".
//
// Rules:
//   - Islands kept: those with a country (c not empty; not AQ, Antarctica: no hotels) and an
//     extent of at least MIN_EXTENT_KM (1.5 km: smaller rocks and sandbanks are not where anyone
//     looks for a hotel, and at that size a 2 km square already covers them).
//   - Names: the file's name; a GeoNames name written backwards ("Quijada, isla") is turned round
//     ("Isla Quijada"). Left out: names that are not names (no letter, a code such as "A-12" or
//     "B3", "Unnamed …", "… sin nombre", "Island No. 4").
//   - Aliases: for "Isla X", "Île X", "Pulau X", "Ostrov X", "X Island", "Isle of X" and the like
//     (ISLAND_PREFIX, ISLAND_SUFFIX) the bare "X", only when it has 4 letters or more (the service
//     strips such words from a query itself, so aliases are kept few). "Ko X"/"Koh X" (Thai) get
//     the other spelling as their one alias ("Koh Samui" for "Ko Samui").
//   - Countries: the file's c.
//   - Boxes [south, west, north, east]: a square around the island's centre whose diagonal is e
//     (side e/√2), at least MIN_SIDE_KM on a side; not a point ("p" unset). Centre: the file's.
//   - Wikidata ids: none (the source gives none).
//   - Left out, so nothing is duplicated: an island whose name or bare name folds
//     (src/text/fold.ts; spaces and modifier letters ignored) to a name or alias of areas.json,
//     sights.json or more-areas.json, or to the bare form of one, whose centre is within
//     SAME_PLACE_KM of its own (Natural Earth's islands in areas.json: "Bali", "Ibiza";
//     sights.json's "Isle of Skye"). Within this file, islands of the same folded name within
//     SAME_PLACE_KM are one: the larger (e) is kept.
//
// Rerun (no network):
//   1. Save the file as /tmp/islands/islands.json: fetch github:blauewelt/earth and
//        git -C $G show b884582a057940193176faa1479cc832eb9c3e94:data/islands.json > /tmp/islands/islands.json
//      (or, where the snapshot lacks that commit, read the file at that commit page by page from
//      the stored copy of public GitHub files and join the pages; it must parse as JSON, 351,443
//      characters).
//   2. npx tsx scripts/derive-islands.ts /tmp/islands/islands.json   (VERBOSE=1: what is left out, and why)
// The output is deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { foldText } from '../src/text/fold.js';
import { areaFileText, haversineKm, squareBox, type AreaEntry, type AreaSourceNote } from './area-file.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/derive-islands.ts <islands.json> (see the header)');
  process.exit(2);
}
const VERBOSE = !!process.env.VERBOSE;
const OUTPUT = fileURLToPath(new URL('../src/places/data/islands.json', import.meta.url));
const OTHER_FILES = ['areas.json', 'sights.json', 'more-areas.json'].map((name) => ({
  name,
  path: fileURLToPath(new URL(`../src/places/data/${name}`, import.meta.url)),
}));

/** Islands smaller than this (km, diagonal of the bounding box) are left out. */
const MIN_EXTENT_KM = 1.5;
/** The smallest side (km) of an island's box. */
const MIN_SIDE_KM = 2;
/** Entries of the same name this near (km, centre to centre) are one place. */
const SAME_PLACE_KM = 30;
/** A bare name ("Skye" of "Isle of Skye") must have this many letters to be an alias. */
const MIN_BARE_LETTERS = 4;

const ISLANDS_SOURCE: AreaSourceNote = {
  what: 'islands: Natural Earth coastlines (public domain), named from Natural Earth and GeoNames (CC BY 4.0, geonames.org)',
  repository: 'blauewelt/earth',
  path: 'data/islands.json',
  commit: 'b884582a057940193176faa1479cc832eb9c3e94',
};

const ABOUT =
  'Named islands a traveller may look for hotels on, beyond areas.json, sights.json and more-areas.json: islands ' +
  'of Natural Earth coastlines (public domain) named from Natural Earth and GeoNames (names CC BY 4.0, geonames.org), ' +
  'made by scripts/derive-islands.ts (rules there). Same keys as areas.json: n name, a aliases, k kind, ' +
  'c countries (ISO 3166-1 alpha-2), ll centre [lat, lng], bb box [south, west, north, east]. Boxes are a square ' +
  `around the centre whose diagonal is the island's extent, at least ${MIN_SIDE_KM} km a side. Kinds: island. ` +
  `Left out: islands under ${MIN_EXTENT_KM} km across, in Antarctica or without a country, unnamed ones, and ` +
  `anything already in areas.json, sights.json or more-areas.json under the same name within ${SAME_PLACE_KM} km.`;

// ---------------------------------------------------------------------------------------------
// Names

/** Leading words meaning "island" (folded). */
// Longer first: an alternation takes the first that matches ("isola di", not "isola").
const ISLAND_PREFIX = /^(isle of|island of|isla de|ile de|ile d|ilha de|ilha do|ilha da|isola di|isla|islote|ile|ilha|ilhe|ilheu|isola|isolotto|insel|pulau|nusa|ostrov|ostrova|otok|nisos|nisi|adasi) /;
/** Trailing words meaning "island" (folded). */
const ISLAND_SUFFIX = / (island|isle|islet|insel|island north|island south)$/;
/** Not a name: "Unnamed", "Isla sin nombre", "Island No. 4", codes. */
const NOT_A_NAME = /\b(unnamed|no name|sin nombre|sans nom|nameless)\b/;

/** The name as written, or undefined when it is not a name. */
function cleanName(raw: string): string | undefined {
  let name = raw.replace(/\s+/g, ' ').trim();
  // GeoNames writes some names backwards: "Quijada, isla", "Ellen, islote".
  const backwards = /^(.+), (isla|islote|île|ile|ilha|isola|island|isle|pulau|ostrov)$/i.exec(name);
  if (backwards) name = `${backwards[2][0].toUpperCase()}${backwards[2].slice(1).toLowerCase()} ${backwards[1]}`;
  // ...and some Norwegian ones with their qualifier last: "Gissøya,nordre".
  const qualified = /^(.+?),\s*(nordre|søndre|store|lille|vestre|østre|ytre|indre)$/i.exec(name);
  if (qualified) name = `${qualified[2][0].toUpperCase()}${qualified[2].slice(1).toLowerCase()} ${qualified[1]}`;
  const key = foldText(name);
  if (!key || !/\p{L}{2}/u.test(name)) return undefined;
  if (NOT_A_NAME.test(key)) return undefined;
  // Codes: "A-12", "B3", "N.P. 4", "Island 17", "No. 3": a digit anywhere, or only capitals and punctuation.
  if (/\p{N}/u.test(name)) return undefined;
  if (/^[\p{Lu}\s.\-/]+$/u.test(name) && key.replace(/ /g, '').length <= 4) return undefined;
  return name;
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/** "Skye" of "Isle of Skye", "Samui" of "Ko Samui": the name without the word for island. */
function bareName(name: string): string | undefined {
  const words = name.split(' ');
  const key = foldText(name);
  const prefix = ISLAND_PREFIX.exec(key);
  const thai = /^(ko|koh) /.exec(key);
  let bare: string | undefined;
  if (prefix) bare = words.slice(prefix[1].split(' ').length).join(' ').replace(/^(d['’]|l['’])/i, '');
  else if (thai) bare = words.slice(1).join(' ');
  else if (ISLAND_SUFFIX.test(key)) bare = words.slice(0, words.length - (ISLAND_SUFFIX.exec(key)![1].split(' ').length)).join(' ');
  bare = bare?.trim();
  return bare && letters(bare) >= MIN_BARE_LETTERS && foldText(bare) !== key ? bare : undefined;
}

/** The name's aliases: its bare name, and the other spelling of a Thai "Ko"/"Koh". */
function aliasesFor(name: string): string[] {
  const aliases: string[] = [];
  const thai = /^(Ko|Koh) (.+)$/.exec(name);
  if (thai) aliases.push(`${thai[1] === 'Ko' ? 'Koh' : 'Ko'} ${thai[2]}`);
  const bare = bareName(name);
  if (bare) aliases.push(bare);
  return aliases;
}

/** Folded, without spaces and modifier letters (as scripts/derive-more-areas.ts compares names). */
const exactKey = (name: string): string => foldText(name).replace(/[\s\p{Lm}]/gu, '');

// ---------------------------------------------------------------------------------------------
// Helpers

const leftOut = new Map<string, string[]>();
function leaveOut(reason: string, what: string): void {
  const list = leftOut.get(reason) ?? [];
  list.push(what);
  leftOut.set(reason, list);
}

// ---------------------------------------------------------------------------------------------
// The source

interface SourceIsland {
  n: string;
  o: number;
  a: number;
  e: number;
  c: string;
  s?: number;
}

interface Candidate extends AreaEntry {
  extent: number;
  keys: string[];
}

function readIslands(path: string): Candidate[] {
  const data = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')) as { id?: string; count?: number; islands?: SourceIsland[] };
  if (data.id !== 'islands' || !Array.isArray(data.islands)) throw new Error(`${path}: not the islands file (see the header)`);
  if (data.count !== undefined && data.count !== data.islands.length) {
    console.error(`${path}: says ${data.count} islands, has ${data.islands.length}`);
  }
  const out: Candidate[] = [];
  for (const island of data.islands) {
    const what = `${island.n} (${island.c || '-'}, ${island.e} km)`;
    const { a: lat, o: lng, e: extent } = island;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180 || !Number.isFinite(extent)) {
      leaveOut('no coordinates or extent', what);
      continue;
    }
    const country = (island.c ?? '').trim().toUpperCase();
    if (!country) {
      leaveOut('no country', what);
      continue;
    }
    if (country === 'AQ') {
      leaveOut('Antarctica', what);
      continue;
    }
    if (!/^[A-Z]{2}$/.test(country)) {
      leaveOut('country not an ISO code', what);
      continue;
    }
    if (extent < MIN_EXTENT_KM) {
      leaveOut(`under ${MIN_EXTENT_KM} km`, what);
      continue;
    }
    const name = cleanName(island.n ?? '');
    if (!name) {
      leaveOut('unnamed, or a code', what);
      continue;
    }
    const aliases = aliasesFor(name);
    const bare = bareName(name);
    out.push({
      name,
      aliases,
      kind: 'island',
      countries: [country],
      lat,
      lng,
      box: squareBox(lat, lng, Math.max(MIN_SIDE_KM, extent / Math.SQRT2)),
      point: false,
      extent,
      keys: [...new Set([name, ...(bare ? [bare] : [])].map(exactKey).filter((k) => k))],
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The other files, so nothing is duplicated

interface Known {
  lat: number;
  lng: number;
  what: string;
}

function addKnown(index: Map<string, Known[]>, names: string[], known: Known): void {
  const keys = new Set<string>();
  for (const n of names) {
    const key = exactKey(n);
    if (key) keys.add(key);
    const bare = bareName(n);
    if (bare) keys.add(exactKey(bare));
  }
  for (const key of keys) {
    const list = index.get(key) ?? [];
    list.push(known);
    index.set(key, list);
  }
}

function near(index: Map<string, Known[]>, keys: string[], lat: number, lng: number): Known | undefined {
  for (const key of keys) {
    for (const k of index.get(key) ?? []) if (haversineKm(lat, lng, k.lat, k.lng) <= SAME_PLACE_KM) return k;
  }
  return undefined;
}

const others = new Map<string, Known[]>();
for (const f of OTHER_FILES) {
  const data = JSON.parse(readFileSync(f.path, 'utf8')) as { areas: { n: string; a: string[]; k: string; ll: [number, number] }[] };
  for (const a of data.areas) addKnown(others, [a.n, ...a.a], { lat: a.ll[0], lng: a.ll[1], what: `${f.name}: ${a.n} (${a.k})` });
}

// ---------------------------------------------------------------------------------------------
// Main

const candidates = readIslands(file);
// Larger first, so that of two islands of one name the larger is kept.
candidates.sort((x, y) => y.extent - x.extent || x.name.localeCompare(y.name) || x.lat - y.lat || x.lng - y.lng);
const kept: Candidate[] = [];
const keptIndex = new Map<string, Known[]>();
for (const c of candidates) {
  const other = near(others, c.keys, c.lat, c.lng);
  if (other) {
    leaveOut('already in areas.json, sights.json or more-areas.json', `${c.name} = ${other.what}`);
    continue;
  }
  const twin = near(keptIndex, [exactKey(c.name)], c.lat, c.lng);
  if (twin) {
    leaveOut('twice in this file (the larger kept)', `${c.name} (${c.extent} km) = ${twin.what}`);
    continue;
  }
  kept.push(c);
  const list = keptIndex.get(exactKey(c.name)) ?? [];
  list.push({ lat: c.lat, lng: c.lng, what: `${c.name} (${c.extent} km)` });
  keptIndex.set(exactKey(c.name), list);
}

const entries: AreaEntry[] = kept.map(({ extent: _e, keys: _k, ...entry }) => entry);
const text = areaFileText(ABOUT, [ISLANDS_SOURCE], entries);
writeFileSync(OUTPUT, text);

console.log(`${OUTPUT}: ${entries.length} islands of ${candidates.length} named candidates, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
for (const [reason, list] of leftOut) {
  console.log(`left out, ${reason}: ${list.length}`);
  if (VERBOSE) for (const what of list) console.log(`    ${what}`);
}
