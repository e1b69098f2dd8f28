// Derives src/places/data/more-areas.json: the national parks of every country that areas.json
// (Natural Earth) and sights.json (UNESCO) do not have ("Saxon Switzerland National Park", "Khao
// Sok National Park", "Dartmoor"). Same compact format (written by scripts/area-file.ts, read by
// src/places/areas.ts), same keys, same kinds.
//
// Sources (each read from a copy of the public repository's file, at the commit given):
//   - National parks: the parks of Wikipedia's "List of national parks" (IUCN category II and
//     the like, 3,257 listed), their English Wikipedia article and the coordinates that article
//     gives, as scraped by github.com/andrew-dang/national_parks (MIT licence),
//     data/national_parks.csv (commit b7e91cc7b2abdc0633ef31623b2d2646488e8b18; the file is that
//     of cf338e7fe3f787fde4b27fa0c737ed02e359cdaa): country, park name as listed, article URL,
//     latitude and longitude (degrees, minutes, seconds and decimal). 2,813 rows; the parks the
//     scrape found no coordinates for are not in it (Volcanoes National Park in Rwanda is one).
//     The file gives no area or outline, so every park is boxed by PARK_SIDE_KM.
// Only facts are kept: names, countries, coordinates.
//
// Rules:
//   - Kinds: park for every row of the parks file.
//   - Parks kept: those with an English Wikipedia article (the scrape's URL is an article, not a
//     red link "index.php?title=…&redlink=1"); list and overview articles ("Wildlife of Rwanda",
//     NOT_A_PARK) are left out, and so is anything south of 60°S.
//   - Park names: the article's title when it names a protected area (DESIGNATION: "Tayrona
//     National Natural Park" for the listed "PNN Tayrona", "Killarney National Park" for
//     "KillarneyCill Airne"), without a trailing disambiguation "(…)"; the listed name is an alias
//     when it reads as a name (not two names run together, no abbreviation first). When the URL
//     points at a section of a wider article (Brecon_Beacons#National_park) the name is the
//     article's ("Brecon Beacons"), "… National Park" an alias. When the title names a mountain,
//     lake, island or town (Ahaggar National Park → "Hoggar Mountains", Garzón Lagoon →
//     "Maldonado, Uruguay"), the listed name is the name ("Dartmoor", "Monfragüe" are both) and the
//     title an alias only when it shares a word with it; a title's ", Country" is dropped.
//   - Park countries: the file's country (English name) mapped to ISO 3166-1 alpha-2 through
//     world-countries (common, official and alternative names; COUNTRY_NAMES for the rest). The
//     point must lie within max(MIN_COUNTRY_KM, COUNTRY_SPREAD × √area) of that country's centre,
//     else the park is left out (a coordinate with a lost sign), unless it is in reach of a
//     dependent territory's centre (Réunion, Guadeloupe, Svalbard: filed under France or Norway),
//     whose code it takes; so does a park close to a small island territory off its country's
//     shores (Christmas Island, Norfolk Island: filed under Australia). The same article listed
//     under two countries (transboundary parks) is one entry with both codes, in the file's order.
//   - Boxes [south, west, north, east]: a square of PARK_SIDE_KM around a park's point (the file
//     has no area or extent; "p" is not set, being kept for sights and peaks). Centre: the
//     park's point.
//   - Wikidata ids: none (neither source gives them).
//   - Left out, so nothing is duplicated: an entry whose name folds (src/text/fold.ts; spaces and
//     modifier letters ignored: "Hawaiʻi" is "Hawaii") to a name or alias of areas.json or
//     sights.json whose centre is within SAME_PLACE_KM of its own ("Serengeti National Park" is
//     in sights.json); against their parks,
//     sights and regions (BARE_MATCH_KINDS) also without a trailing designation ("Yorkshire Dales
//     National Park" is sights.json's "Yorkshire Dales"), not against their peaks, islands or lakes
//     ("Mount Kenya National Park" is kept beside the peak). Likewise two entries of this file. An
//     alias that is such a name is dropped and the entry kept ("Mount Elgon National Park" loses
//     its listed name "Mount Elgon", the peak's).
//
// Rerun (no network):
//   1. fetch github:andrew-dang/national_parks (a bare git directory, say $G), then
//        git -C $G show b7e91cc7b2abdc0633ef31623b2d2646488e8b18:data/national_parks.csv > /tmp/national_parks.csv
//   2. npx tsx scripts/derive-more-areas.ts /tmp/national_parks.csv   (VERBOSE=1: what is left out, and why)
// The output is deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { foldText } from '../src/text/fold.js';
import { areaFileText, haversineKm, squareBox, type AreaEntry, type AreaSourceNote } from './area-file.js';
import { csvRows } from './csv.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npx tsx scripts/derive-more-areas.ts <national_parks.csv> (see the header)');
  process.exit(2);
}
const VERBOSE = !!process.env.VERBOSE;
const OUTPUT = fileURLToPath(new URL('../src/places/data/more-areas.json', import.meta.url));
const AREAS = fileURLToPath(new URL('../src/places/data/areas.json', import.meta.url));
const SIGHTS = fileURLToPath(new URL('../src/places/data/sights.json', import.meta.url));

/** Side (km) of the square drawn around a park's point: the file gives no area. */
const PARK_SIDE_KM = 30;
/** Entries of the same name this near (km, centre to centre) are one place. */
const SAME_PLACE_KM = 30;
/** A park's point must lie this near its country's centre (km), at least... */
const MIN_COUNTRY_KM = 1000;
/** ...or this many times the side of a square of the country's area. */
const COUNTRY_SPREAD = 3;
/** A park within max(TERRITORY_MIN_KM, TERRITORY_SPREAD × √area) of a small dependent territory's centre is in it. */
const TERRITORY_MIN_KM = 15;
const TERRITORY_SPREAD = 1.5;

const PARKS_SOURCE: AreaSourceNote = {
  what: "national parks: Wikipedia's List of national parks, article titles and coordinates (scraped)",
  repository: 'andrew-dang/national_parks',
  path: 'data/national_parks.csv',
  commit: 'b7e91cc7b2abdc0633ef31623b2d2646488e8b18',
};

const ABOUT =
  'Named areas a traveller may look for hotels in, beyond areas.json and sights.json: national parks of every country ' +
  "(Wikipedia's List of national parks: article titles and coordinates), made by scripts/derive-more-areas.ts (rules " +
  'there). Same keys as areas.json: n name, a aliases, k kind, ' +
  'c countries (ISO 3166-1 alpha-2), ll centre [lat, lng], bb box [south, west, north, east], p 1 for a point with a square ' +
  `drawn around it. Parks have only a point: their box is a ${PARK_SIDE_KM} km square ` +
  'around it. Kinds: park (a national park). Left out: ' +
  'anything already in areas.json or sights.json under the same name within 30 km, parks without an English Wikipedia article.';

// ---------------------------------------------------------------------------------------------
// What the parks file says: designations, list articles, country names

/** Articles that are lists or overviews, not a park. */
const NOT_A_PARK = /^(List of|Lists of|Protected areas of|National parks of|Wildlife of|Geography of)\b/i;
const NOT_A_PARK_TITLES = new Set(['Deutscher Wetterdienst', 'Danish Meteorological Institute', 'Slender-billed curlew']);
/** A title that names a protected area (else it names a mountain, lake, island or town). */
const DESIGNATION = /\b(national|park|parks|parque|parc|nationalpark|reserve|reserves|sanctuary|conservation|protected|biosphere|nacional|preserve|wilderness)\b/i;
/** Words of a trailing designation ("… National Park", "… Game Reserve"), left out for a bare name. */
const DESIGNATION_WORDS = new Set(['national', 'natural', 'marine', 'nature', 'historical', 'historic', 'park', 'parks', 'reserve', 'preserve', 'sanctuary', 'and', 'wildlife', 'game', 'biosphere']);
/** ...of which one must be the last word for the trailing words to be a designation. */
const DESIGNATION_HEADS = new Set(['park', 'parks', 'reserve', 'preserve', 'sanctuary']);
/** A leading designation in the languages of the list ("Parque Nacional de …"). */
const LEADING_DESIGNATION =
  /^(parque nacional|parco nazionale|parc national|parc naturel|nationalpark|national park)( (de la|de los|de las|del|della|delle|dei|degli|de|da|do|dos|das|du|des|di|of|the))* /;
/** Kinds of the other files an entry's bare name may meet. */
const BARE_MATCH_KINDS = new Set(['park', 'sight', 'region']);
/** Country names of the list that world-countries does not know. */
const COUNTRY_NAMES: Record<string, string> = {
  'Ascension Island': 'SH',
  'Democratic Republic of the Congo': 'CD',
  'Republic of the Congo': 'CG',
  'Ivory Coast': 'CI',
  'Czech Republic': 'CZ',
  'East Timor': 'TL',
  'Federated States of Micronesia': 'FM',
  'The Gambia': 'GM',
  'The Bahamas': 'BS',
  'Vatican City': 'VA',
  Macau: 'MO',
  'Cape Verde': 'CV',
  Swaziland: 'SZ',
  Eswatini: 'SZ',
  'Republic of Ireland': 'IE',
  'Georgia (country)': 'GE',
  'Saint Helena, Ascension and Tristan da Cunha': 'SH',
  'Tristan da Cunha': 'SH',
  Kosovo: 'XK',
  'Northern Cyprus': 'CY',
  Abkhazia: 'GE',
  Transnistria: 'MD',
  Turkey: 'TR',
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** The name's keys for comparing with other files: folded, and folded without a trailing designation. */
function nameKeys(names: string[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    const key = foldText(name);
    if (!key) continue;
    keys.add(key);
    const words = key.replace(LEADING_DESIGNATION, '').split(' ');
    let cut = words.length;
    while (cut > 1 && DESIGNATION_WORDS.has(words[cut - 1])) cut--;
    const bare = words.slice(0, words.slice(cut).some((w) => DESIGNATION_HEADS.has(w)) ? cut : words.length).join(' ');
    if (bare && bare !== key) keys.add(bare);
  }
  return [...keys].map(compact);
}

/** Without spaces and modifier letters: "Hawaiʻi" folds to "hawaiʻi" (the ʻokina is a letter to fold.ts), "Phong Nha-Kẻ Bàng" to "phong nha ke bang". */
const compact = (key: string): string => key.replace(/[\s\p{Lm}]/gu, '');
/** A name's exact key, as nameKeys makes it. */
const exactKey = (name: string): string => compact(foldText(name));

const leftOut = new Map<string, string[]>();
function leaveOut(reason: string, what: string): void {
  const list = leftOut.get(reason) ?? [];
  list.push(what);
  leftOut.set(reason, list);
}

// ---------------------------------------------------------------------------------------------
// Countries (world-countries, a dependency of the service)

interface WorldCountry {
  name: { common: string; official: string };
  altSpellings: string[];
  cca2: string;
  cca3: string;
  borders: string[];
  latlng: [number, number];
  area: number;
  independent: boolean | null;
}
const require = createRequire(import.meta.url);
const worldCountries = require('world-countries') as WorldCountry[];
const countryByName = new Map<string, WorldCountry>();
const countryByCode = new Map<string, WorldCountry>();
for (const c of worldCountries) {
  countryByCode.set(c.cca2, c);
  for (const name of [c.name.common, c.name.official, ...c.altSpellings]) {
    const key = foldText(name);
    if (key && !countryByName.has(key)) countryByName.set(key, c);
  }
}
const territories = worldCountries.filter((c) => c.independent === false);

function countryOfName(name: string): WorldCountry | undefined {
  const code = COUNTRY_NAMES[name];
  if (code) return countryByCode.get(code);
  return countryByName.get(foldText(name));
}

/** The country code of a park point filed under `country`, or undefined when the point cannot be there. */
function countryOfPoint(country: WorldCountry, lat: number, lng: number): string | undefined {
  const reach = Math.max(MIN_COUNTRY_KM, COUNTRY_SPREAD * Math.sqrt(Math.max(0, country.area)));
  if (haversineKm(lat, lng, country.latlng[0], country.latlng[1]) <= reach) {
    // An island territory off the country's shores (Christmas Island, Norfolk Island under
    // Australia): small beside the country, not bordering it (not Palestine beside Israel,
    // Gibraltar beside Spain), and the park close to its centre.
    for (const t of territories) {
      if (t.cca2 === country.cca2 || t.area * 50 > country.area || country.borders.includes(t.cca3)) continue;
      const near = Math.max(TERRITORY_MIN_KM, TERRITORY_SPREAD * Math.sqrt(Math.max(0, t.area)));
      if (haversineKm(lat, lng, t.latlng[0], t.latlng[1]) <= near) return t.cca2;
    }
    return country.cca2;
  }
  // Overseas parts filed under their state (Réunion, Guadeloupe under France, Svalbard under
  // Norway): the nearest dependent territory in reach.
  let best: { code: string; km: number } | undefined;
  for (const t of territories) {
    const km = haversineKm(lat, lng, t.latlng[0], t.latlng[1]);
    const tReach = Math.max(300, COUNTRY_SPREAD * Math.sqrt(Math.max(0, t.area)));
    if (km <= tReach && (!best || km < best.km)) best = { code: t.cca2, km };
  }
  return best?.code;
}

// ---------------------------------------------------------------------------------------------
// Parks

interface Candidate extends AreaEntry {
  /** Key of the source row (article), to merge rows of one park. */
  id: string;
}

function titleOf(url: string): { title: string; raw: string; section: boolean } | undefined {
  const m = /^https?:\/\/en\.wikipedia\.org\/wiki\/([^?]+)$/.exec(url.trim());
  if (!m) return undefined;
  let path = m[1];
  let section = false;
  const hash = path.indexOf('#');
  if (hash >= 0) (path = path.slice(0, hash)), (section = true);
  let title: string;
  try {
    title = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const raw = title.replace(/_/g, ' ').trim();
  title = raw.replace(/\s+\([^)]*\)$/, '').trim();
  // "Gorgona Island, Colombia": a place's title disambiguated by its country or region.
  if (!DESIGNATION.test(title)) title = title.replace(/,\s+[^,]+$/, '');
  title = title.replace(/[\s,;.]+$/, '');
  return title ? { title, raw, section } : undefined;
}

/** A listed name that reads as a name: not two names run together ("KillarneyCill Airne"), not an abbreviation first ("PNN Tayrona"). */
function cleanListedName(name: string): string | undefined {
  const n = name.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, ' ').trim().replace(/[\s,;.]+$/, '');
  if (!n || /\p{Ll}\p{Lu}/u.test(n) || /^\p{Lu}{2,}\s/u.test(n)) return undefined;
  return n;
}

function readParks(path: string): Candidate[] {
  const rows = csvRows(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  const header = rows[0].map((h) => h.trim());
  if (header[0] !== 'country' || header[1] !== 'national_park_name' || header[2] !== 'park_url') {
    throw new Error(`${path}: not the national parks file (header ${header.join(',')})`);
  }
  // The header names its last column long_dms twice: columns 5 and 6 are latitude and longitude in degrees.
  const byId = new Map<string, Candidate>();
  const unknownCountries = new Set<string>();
  for (const row of rows.slice(1)) {
    const [countryName, listed, url, , , latText, lngText] = row.map((f) => f.trim());
    const lat = Number(latText);
    const lng = Number(lngText);
    const what = `${listed} (${countryName})`;
    const t = titleOf(url);
    if (!t) {
      leaveOut('no English Wikipedia article (red link)', what);
      continue;
    }
    if (NOT_A_PARK.test(t.title) || NOT_A_PARK_TITLES.has(t.title)) {
      leaveOut('an overview or list article, not a park', what);
      continue;
    }
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      leaveOut('no coordinates', what);
      continue;
    }
    if (lat < -60) {
      leaveOut('south of 60°S', what);
      continue;
    }
    const country = countryOfName(countryName);
    if (!country) {
      unknownCountries.add(countryName);
      leaveOut('country name not known', what);
      continue;
    }
    const code = countryOfPoint(country, lat, lng);
    if (!code) {
      leaveOut('point too far from its country (a lost sign?)', `${what} at ${lat}, ${lng}`);
      continue;
    }
    const listedName = cleanListedName(listed);
    let name: string;
    const aliases: string[] = [];
    if (t.section) {
      // A section of a wider article: the area's name, the park's as an alias.
      name = t.title;
      aliases.push(`${t.title} National Park`);
      if (listedName) aliases.push(listedName);
    } else if (DESIGNATION.test(t.title) || !listedName) {
      name = t.title;
      if (listedName) aliases.push(listedName);
    } else {
      // The article is about a mountain, a lake, an island or a town ("Hoggar Mountains" for
      // Ahaggar National Park, "Maldonado" for Garzón Lagoon): the park is the listed name, the
      // title an alias when it shares a word with it ("Jaj" for Jaj Cedars).
      name = listedName;
      const words = new Set(foldText(listedName).split(' ').filter((w) => w.length >= 3));
      if (foldText(t.title).split(' ').some((w) => words.has(w))) aliases.push(t.title);
    }
    const id = t.section ? `${t.raw}#` : t.raw;
    const existing = byId.get(id);
    if (existing) {
      if (!existing.countries.includes(code)) existing.countries.push(code);
      for (const a of aliases) if (!existing.aliases.includes(a)) existing.aliases.push(a);
      continue;
    }
    byId.set(id, {
      id,
      name,
      aliases,
      kind: 'park',
      countries: [code],
      lat,
      lng,
      box: squareBox(lat, lng, PARK_SIDE_KM),
      point: false,
    });
  }
  if (unknownCountries.size > 0) console.error(`country names not known: ${[...unknownCountries].sort().join('; ')}`);
  return [...byId.values()];
}

// ---------------------------------------------------------------------------------------------
// The other files, so nothing is duplicated

interface Known {
  /** Folded names and aliases; with the bare ones (no trailing designation) only for a park, sight or region. */
  keys: string[];
  /** An entry's bare names may meet this one (a park, sight or region). */
  bare: boolean;
  lat: number;
  lng: number;
  what: string;
}

function readKnown(path: string, file: string): Known[] {
  const data = JSON.parse(readFileSync(path, 'utf8')) as { areas: { n: string; a: string[]; k: string; ll: [number, number] }[] };
  return data.areas.map((a) => ({
    keys: BARE_MATCH_KINDS.has(a.k) ? nameKeys([a.n, ...a.a]) : [a.n, ...a.a].map(exactKey).filter((k) => k),
    bare: BARE_MATCH_KINDS.has(a.k),
    lat: a.ll[0],
    lng: a.ll[1],
    what: `${file}: ${a.n} (${a.k})`,
  }));
}

function knownIndex(known: Known[]): Map<string, Known[]> {
  const index = new Map<string, Known[]>();
  for (const k of known) {
    for (const key of k.keys) {
      const list = index.get(key) ?? [];
      list.push(k);
      index.set(key, list);
    }
  }
  return index;
}

/** The entry of `index` named `name` (or, for a park, sight or region, `name` without a designation) near the point. */
function sameAs(index: Map<string, Known[]>, name: string, lat: number, lng: number): Known | undefined {
  const exact = new Set([exactKey(name)]);
  for (const key of nameKeys([name])) {
    for (const k of index.get(key) ?? []) {
      if (!exact.has(key) && !k.bare) continue;
      if (haversineKm(lat, lng, k.lat, k.lng) <= SAME_PLACE_KM) return k;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Main

const parkFile = files.find((f) => readFileSync(f, 'utf8').replace(/^\uFEFF/, '').startsWith('country,national_park_name,'));
if (!parkFile) {
  console.error('none of the files is the national parks file (data/national_parks.csv, see the header)');
  process.exit(2);
}
const candidates = readParks(parkFile);
const others = knownIndex([...readKnown(AREAS, 'areas.json'), ...readKnown(SIGHTS, 'sights.json')]);
const kept: Candidate[] = [];
const keptIndex = new Map<string, Known[]>();
for (const c of candidates) {
  const other = sameAs(others, c.name, c.lat, c.lng);
  if (other) {
    leaveOut('already in areas.json or sights.json', `${c.name} = ${other.what}`);
    continue;
  }
  const twin = sameAs(keptIndex, c.name, c.lat, c.lng);
  if (twin) {
    leaveOut('twice in this file', `${c.name} = ${twin.what}`);
    continue;
  }
  // An alias that is the name of another place near it (the peak "Mount Elgon" beside "Mount Elgon
  // National Park") is dropped; the entry stays under its own name.
  c.aliases = c.aliases.filter((alias) => {
    const owner = sameAs(others, alias, c.lat, c.lng) ?? sameAs(keptIndex, alias, c.lat, c.lng);
    if (owner) leaveOut('alias dropped, the name of a place near it', `${c.name}: ${alias} = ${owner.what}`);
    return !owner;
  });
  kept.push(c);
  for (const key of nameKeys([c.name, ...c.aliases])) {
    const list = keptIndex.get(key) ?? [];
    list.push({ keys: [], bare: true, lat: c.lat, lng: c.lng, what: c.name });
    keptIndex.set(key, list);
  }
}

const entries: AreaEntry[] = kept.map(({ id: _id, ...entry }) => entry);
const text = areaFileText(ABOUT, [PARKS_SOURCE], entries);
writeFileSync(OUTPUT, text);

const byKind = new Map<string, number>();
for (const e of entries) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
console.log(`${OUTPUT}: ${entries.length} areas, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) console.log(`  ${kind}: ${n}`);
for (const [reason, list] of leftOut) {
  console.log(`left out, ${reason}: ${list.length}`);
  if (VERBOSE) for (const what of list) console.log(`    ${what}`);
}
