// Derives test/relevance/typeahead-independent.json, the typeahead relevance set written from
// public sources independent of this service (not from its answers), for
// test/relevance-typeahead.test.ts.
//
// Sources (each read from a copy of the public repository's file, at the commit given):
//   - Hotels in Europe: the "515K Hotel Reviews Data in Europe" hotel list (Booking.com, 1,494
//     hotels of Amsterdam, Barcelona, London, Milan, Paris and Vienna) as kept by
//     github.com/laurybenoit/Team-Hotel, application/static/js/data.js
//     (commit 26785f1edcbcdffbb3c057609f59ea8c1e634f61): name, country, address, average score,
//     reviewers. The dataset lost every letter outside ASCII ("H tel", "Op ra", "Claridge s");
//     the common losses are put back below (REPAIRS) and the names still broken are left out.
//   - Hotels in California: github.com/AmitYadav-bit/Expedia_Raw_Data, hotels.csv
//     (commit dcc4f5bb847191d78fb362e2b0efc70b96d9d5b9): Expedia hotel names, the city being the
//     Expedia market the hotel's page is filed under ("Palm-Springs-Hotels-…").
//   - Cities: simplemaps' world cities of a million people or more, as kept by
//     github.com/Tommy-whit/world-cities, worldcities.csv
//     (commit c449b523f4a6547241b87385db7b3f4c1ab4199c): name, ASCII name, ISO alpha-2 country,
//     capital or not, population.
// Only facts are kept: names, cities, countries (and the hotels' guest scores, which order
// names in suggestions).
//
// What a traveller types is made from the names by the rules below, and the answer expected is
// the hotel (by id) or the city (by name and country) the text was made from. The service's
// gazetteer (src/places/gazetteer.ts) is used only to leave out the hotels of a city it does not
// know (the test places the others at their city's coordinates) and to know a city of the list
// under the name it files it by (its city of that name, own or other, within 50 km of where the
// list puts it: "Rangoon" is Yangon); nothing here asks the service for suggestions.
//
// Rerun (no network): copy the three files to a folder and run
//   npx tsx scripts/derive-typeahead-independent.ts <folder>
// with, in the folder, booking-515k-hotels.js (Team-Hotel's data.js), expedia-california-hotels.csv
// (hotels.csv) and simplemaps-worldcities.csv (worldcities.csv). The output is deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { haversineKm } from '../src/search/geo.js';
import { foldText } from '../src/text/fold.js';
import { hotelIds, placeOfCity, type HotelCategory, type HotelCity, type PlaceCategory } from '../test/relevance/typeahead-independent.js';

const folder = process.argv[2] ?? '/tmp/typeahead-src';
const OUTPUT = new URL('../test/relevance/typeahead-independent.json', import.meta.url);

/** At most this many names may begin with what is typed for a hotel case: the list shows five. */
const SHOWN = 5;
/** One hotel in this many gets the three cases per hotel (all get abbreviation cases). */
const SAMPLE_ONE_IN = 5;
/** Cities: every capital of the list, and the most populous others, at most this many per country. */
const OTHER_CITIES_PER_COUNTRY = 4;
const OTHER_CITIES = 160;
/** How far (km) the gazetteer's city may be from where the list puts it and still be it. */
const SAME_CITY_KM = 50;

// ---------------------------------------------------------------------------------------------
// Reading the sources

interface SourceHotel {
  name: string;
  city: string;
  countryCode: string;
  /** The region a city of that name must be in, when the source says it (Expedia's are in California). */
  regionKey?: string;
  rating: number | null;
  reviews: number | null;
  source: 'booking' | 'expedia';
}

/** Letters the Booking list lost, put back where the word is known (the rest of its broken names are left out). */
const REPAIRS: [RegExp, string][] = [
  [/\bH tel\b/g, 'Hôtel'],
  [/\bOp ra\b/g, 'Opéra'],
  [/\bChamps lys es\b/g, 'Champs Élysées'],
  [/\bElys es\b/g, 'Elysées'],
  [/\bElys e\b/g, 'Elysée'],
  [/\bPr s\b/g, 'Prés'],
  [/\bTrocad ro\b/g, 'Trocadéro'],
  [/\bSch nbrunn\b/g, 'Schönbrunn'],
  [/\bCh teau(x?)\b/g, 'Château$1'],
  [/\bR publique\b/g, 'République'],
  [/\bHonor( |$)/g, 'Honoré$1'],
  [/\bGr cia\b/g, 'Gràcia'],
  [/\bCol n\b/g, 'Colón'],
  [/\bEspa a\b/g, 'España'],
  [/\bPanth on\b/g, 'Panthéon'],
  [/\bVend me\b/g, 'Vendôme'],
  [/\bJos phine\b/g, 'Joséphine'],
  [/\bMoli re\b/g, 'Molière'],
  [/\bLi ge\b/g, 'Liège'],
  [/\bS vres\b/g, 'Sèvres'],
  [/\bOrl ans\b/g, 'Orléans'],
  [/\bR gencia\b/g, 'Régencia'],
  [/\bR gis\b/g, 'Régis'],
  [/\bTh r se\b/g, 'Thérèse'],
  [/\bKl ber\b/g, 'Kléber'],
  [/\bMinist re\b/g, 'Ministère'],
  [/\bTh tres\b/g, 'Théâtres'],
  [/\bAth n e\b/g, 'Athénée'],
  [/\bEug ne\b/g, 'Eugène'],
  [/\bG tico\b/g, 'Gótico'],
  [/\bK nig\b/g, 'König'],
  [/\bJ ger\b/g, 'Jäger'],
  [/\bR sidences\b/g, 'Résidences'],
  [/\bBarri re\b/g, 'Barrière'],
  [/\bAd le\b/g, 'Adèle'],
  [/\bF licien\b/g, 'Félicien'],
  [/\bAmp re\b/g, 'Ampère'],
  [/\bAcad mie\b/g, 'Académie'],
  [/\bD clic\b/g, 'Déclic'],
  [/\bBagu s\b/g, 'Bagués'],
  [/\bSall s\b/g, 'Sallés'],
  [/\bG L\b/g, 'G.L.'],
  // A possessive ("Claridge s") and an elision ("D Aubusson", "l Est").
  [/(\w\w) s\b/g, "$1's"],
  [/(^| )([DLdl]) ([A-Z])/g, "$1$2'$3"],
];
/** Lower-case words a hotel name may hold; any other lower-case word of a Booking name is a remnant of a lost letter. */
const LOWER_CASE_WORDS = new Set(
  'a an and at by de del des di du e et en el of the in la le les los am der und y al dei degli della delle da do dos das zum zur im on to for van den von het petit'.split(' '),
);

function bookingHotels(): SourceHotel[] {
  const text = readFileSync(join(folder, 'booking-515k-hotels.js'), 'utf8');
  const rows = JSON.parse(text.replace(/^var data = /, '').replace(/;\s*$/, '')) as {
    hotel_name: string;
    country: string;
    hotel_address: string;
    average_score: number;
    count_of_reviewers: number;
  }[];
  // Each country's hotels of the list are in one city.
  const cities: Record<string, [string, string]> = {
    'United Kingdom': ['London', 'GB'],
    France: ['Paris', 'FR'],
    Austria: ['Vienna', 'AT'],
    Spain: ['Barcelona', 'ES'],
    Italy: ['Milan', 'IT'],
    Netherlands: ['Amsterdam', 'NL'],
  };
  const hotels: SourceHotel[] = [];
  for (const row of rows) {
    const city = cities[row.country];
    // The list's "Grand Total" line, and names whose every letter was lost.
    if (!city || row.hotel_name.trim() === '') continue;
    let name = row.hotel_name;
    for (const [pattern, replacement] of REPAIRS) name = name.replace(pattern, replacement);
    const repairedEnd = name !== row.hotel_name && !name.endsWith(' ');
    name = name.trim();
    const broken =
      (row.hotel_name.endsWith(' ') && !repairedEnd) ||
      name.includes('  ') ||
      name.split(' ').some(
        (w) =>
          (/^[a-z]/.test(w) && !LOWER_CASE_WORDS.has(w) && !/^[dl]'/.test(w) && !/^[a-z]+[A-Z]/.test(w)) ||
          (/^[A-Za-z]$/.test(w) && !LOWER_CASE_WORDS.has(w.toLowerCase()) && !'BEGHKLMSVW'.includes(w)),
      );
    if (broken) continue;
    hotels.push({ name, city: city[0], countryCode: city[1], rating: row.average_score, reviews: row.count_of_reviewers, source: 'booking' });
  }
  return hotels;
}

/** The fields of a CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') fields.push(field), (field = '');
    else field += c;
  }
  fields.push(field);
  return fields;
}

function csvRows(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(folder, file), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const names = csvFields(header);
  return lines.map((line) => Object.fromEntries(csvFields(line).map((value, i) => [names[i], value])));
}

function expediaHotels(): SourceHotel[] {
  const hotels: SourceHotel[] = [];
  for (const row of csvRows('expedia-california-hotels.csv')) {
    // The market a hotel's page is filed under: ".../Palm-Springs-Hotels-Name.h123.Hotel-Information".
    const market = /expedia\.com\/([A-Za-z-]+?)-Hotels-[^?]*\.h\d+\.Hotel-Information/.exec(row.url)?.[1];
    if (!market) continue; // a destination's page, not a hotel's
    const name = row.name.replace(/\s+/g, ' ').trim();
    // Holiday rentals' listings ("Relax at …: Cozy Studio, Golf & Resort Bliss!") are not hotel names.
    if (/[!:]/.test(name)) continue;
    hotels.push({ name, city: market.replace(/-/g, ' '), countryCode: 'US', regionKey: 'US.CA', rating: null, reviews: null, source: 'expedia' });
  }
  return hotels;
}

// ---------------------------------------------------------------------------------------------
// Typing: what a traveller's keyboard makes of a name (accents left out, apostrophes dropped,
// "&" typed as "and", other punctuation as a space), lower case.

const SPECIAL_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđı]/g, (c) => SPECIAL_LETTERS[c])
    .replace(/['’`´]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const typedWords = (name: string) => plain(name).split(' ').filter((w) => w !== '');

/** Words typed in a row, the last one perhaps cut, as a text. */
const asTyped = (words: readonly string[]) => words.join(' ');

/** How many of `catalog` (names as typed words) begin with `typed` (its last word perhaps cut). */
function namesBeginning(catalog: readonly string[][], typed: readonly string[]): number {
  const last = typed.length - 1;
  let count = 0;
  for (const words of catalog) {
    if (words.length < typed.length) continue;
    let k = 0;
    while (k < last && words[k] === typed[k]) k++;
    if (k === last && words[last].startsWith(typed[last])) count++;
  }
  return count;
}

/** How many of `catalog` hold a word beginning with `prefix`. */
const namesWithWordBeginning = (catalog: readonly string[][], prefix: string) => catalog.filter((words) => words.some((w) => w.startsWith(prefix))).length;

/** Words said before the name's own word: "Hôtel de Banville", "The Langham", "Le Bristol". */
const LEADING_SMALL_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'the', 'a', 'an', 'of', 'el', 'il', 'am', 'der', 'die', 'das', 'di', 'del', 'y', 'and', 'by', 'at', 'in', 'on']);

/** Abbreviations a traveller types for a word of a name, and the word a traveller spells out for an abbreviation. */
const ABBREVIATIONS: Record<string, string> = {
  international: 'intl',
  saint: 'st',
  sainte: 'ste',
  apartments: 'apts',
  apartment: 'apt',
  mount: 'mt',
  avenue: 'ave',
  square: 'sq',
  st: 'saint',
  intl: 'international',
};

// ---------------------------------------------------------------------------------------------

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function main() {
  const gazetteer = builtInGazetteer();

  // The hotels, by city, in the order of the sources; those of a city the gazetteer does not know left out.
  const cities: HotelCity[] = [];
  const unplaced = new Set<string>();
  for (const h of [...bookingHotels(), ...expediaHotels()]) {
    let city = cities.find((c) => c.city === h.city && c.country === h.countryCode && c.region === h.regionKey);
    if (!city) {
      city = { city: h.city, country: h.countryCode, ...(h.regionKey ? { region: h.regionKey } : {}), hotels: [] };
      if (!placeOfCity(gazetteer, city)) {
        unplaced.add(`${h.city} ${h.countryCode}`);
        continue;
      }
      cities.push(city);
    }
    city.hotels.push([h.name, h.rating, h.reviews]);
  }
  const used = new Set<string>();
  const hotels = cities.flatMap((city) => {
    const ids = hotelIds(city, used);
    return city.hotels.map(([name], n) => ({ id: ids[n], name }));
  });

  // What travellers type for them.
  const catalog = hotels.map((h) => typedWords(h.name));
  const hotelCases: [HotelCategory, string, string][] = [];
  const addCase = (category: HotelCategory, typed: string[], id: string) => {
    const text = asTyped(typed);
    if (!hotelCases.some(([c, t, i]) => c === category && t === text && i === id)) hotelCases.push([category, text, id]);
  };
  hotels.forEach((h, index) => {
    const words = catalog[index];
    const sampled = fnv(h.id) % SAMPLE_ONE_IN === 0;
    if (sampled && words.length >= 2) {
      // The first word, any small words after it, and the beginning of the next: "hotel alde",
      // "the lang", "hotel de banv". Typed on while more than five names begin so.
      let k = 1;
      while (k < words.length - 1 && LEADING_SMALL_WORDS.has(words[k])) k++;
      const word = words[k];
      if (!/^\d+$/.test(word) && word.length >= 2) {
        for (let cut = word.length >= 5 ? 4 : word.length - 1; cut <= word.length; cut++) {
          if (cut < 1) continue;
          const typed = [...words.slice(0, k), word.slice(0, cut)];
          if (namesBeginning(catalog, typed) <= SHOWN) {
            addCase(words[0] === 'hotel' || words[0] === 'the' ? 'hotel-first-words-after-hotel-or-the' : 'hotel-first-words', typed, h.id);
            break;
          }
        }
      }
    }
    if (sampled && words.length >= 2) {
      // The beginning (five letters) of a later word that few names hold: "westm" for "Park Plaza Westminster Bridge".
      const candidates = words
        .slice(1)
        .filter((w) => w.length >= 5 && !/\d/.test(w))
        .map((w) => ({ prefix: w.slice(0, 5), holders: namesWithWordBeginning(catalog, w.slice(0, 5)) }))
        .filter((c) => c.holders <= SHOWN && c.prefix !== words[0].slice(0, 5))
        .sort((a, b) => a.holders - b.holders || (a.prefix < b.prefix ? -1 : 1));
      if (candidates.length > 0) addCase('hotel-later-word', [candidates[0].prefix], h.id);
    }
    if (sampled && words.length >= 2) {
      // The whole name, the last word half typed: "park plaza westminster bridge lon".
      const last = words[words.length - 1];
      if (last.length >= 3 && !/^\d+$/.test(last)) {
        const typed = [...words.slice(0, -1), last.slice(0, Math.ceil(last.length / 2))];
        if (namesBeginning(catalog, typed) <= SHOWN) addCase('hotel-whole-name', typed, h.id);
      }
    }
    // Every name with a word travellers abbreviate (or an abbreviation they spell out): the name
    // to that word so typed, and the first letters of the next word: "crescent intl h".
    words.forEach((w, k) => {
      const other = ABBREVIATIONS[w];
      if (other === undefined) return;
      const typed = [...words.slice(0, k), other];
      const next = words[k + 1];
      if (next !== undefined) typed.push(next.slice(0, Math.min(2, next.length)));
      const spelled = [...words.slice(0, k), w, ...(next !== undefined ? [next.slice(0, Math.min(2, next.length))] : [])];
      if (namesBeginning(catalog, spelled) <= SHOWN) addCase('hotel-abbreviation', typed, h.id);
    });
  });

  // The cities.
  const rows = csvRows('simplemaps-worldcities.csv').map((r) => ({
    name: r.city,
    ascii: r.city_ascii,
    countryCode: r.iso2,
    lat: Number(r.lat),
    lng: Number(r.lon),
    capital: r.capital === 'primary',
    population: Number(r.population),
  }));
  rows.sort((a, b) => b.population - a.population);
  const chosen = rows.filter((r) => r.capital);
  const perCountry = new Map<string, number>();
  for (const r of rows) {
    if (r.capital || chosen.length >= rows.filter((x) => x.capital).length + OTHER_CITIES) continue;
    const n = perCountry.get(r.countryCode) ?? 0;
    if (n >= OTHER_CITIES_PER_COUNTRY) continue;
    perCountry.set(r.countryCode, n + 1);
    chosen.push(r);
  }
  const placeCases: [PlaceCategory, string, string[], string][] = [];
  const unknownCities: string[] = [];
  for (const r of chosen) {
    // The gazetteer's city of that name (its own or another) in that country where the list puts it:
    // "Washington" is Washington, D.C., "Newcastle" Newcastle upon Tyne, "Rangoon" Yangon.
    const known = [...gazetteer.named(foldText(r.name)), ...gazetteer.named(foldText(r.ascii))]
      .filter((p) => p.kind === 'city' && p.countryCode === r.countryCode && haversineKm(p.lat, p.lng, r.lat, r.lng) <= SAME_CITY_KM)
      .sort((a, b) => b.population - a.population)[0];
    if (!known) {
      unknownCities.push(`${r.name} ${r.countryCode}`);
      continue;
    }
    const names = [...new Set([r.name, r.ascii, known.name])];
    const add = (category: PlaceCategory, typed: string) => {
      if (!placeCases.some(([c, t, , cc]) => c === category && t === typed && cc === r.countryCode)) placeCases.push([category, typed, names, r.countryCode]);
    };
    add('city-prefix', cityPrefix(r.ascii.toLowerCase()));
    // With its accents, as typed where they are: to the first accented letter at least ("são p", "bogotá").
    const accented = r.name.toLowerCase();
    const firstAccent = [...accented].findIndex((c) => plain(c) !== c && /\p{L}/u.test(c));
    if (firstAccent >= 0) {
      const typed = cityPrefix(accented);
      add('city-accented', [...typed].length > firstAccent ? typed : [...accented].slice(0, firstAccent + 1).join(''));
    }
  }

  const data = {
    about:
      'Typeahead relevance set from public sources independent of this service, made by scripts/derive-typeahead-independent.ts ' +
      '(rules and sources there) for test/relevance-typeahead.test.ts. cities: the catalog the test imports, each city with its hotels ' +
      '[name, guest score, reviews] (ids and places: test/relevance/typeahead-independent.ts). hotelCases: [category, typed, id of the ' +
      'hotel meant]; placeCases: [category, typed, names of the city meant, country].',
    sources: [
      { what: 'hotels in Amsterdam, Barcelona, London, Milan, Paris and Vienna (Booking.com, "515K Hotel Reviews Data in Europe")', repository: 'laurybenoit/Team-Hotel', path: 'application/static/js/data.js', commit: '26785f1edcbcdffbb3c057609f59ea8c1e634f61' },
      { what: 'hotels in California (Expedia), the city being the market a hotel is filed under', repository: 'AmitYadav-bit/Expedia_Raw_Data', path: 'hotels.csv', commit: 'dcc4f5bb847191d78fb362e2b0efc70b96d9d5b9' },
      { what: "cities of a million people or more (simplemaps' world cities)", repository: 'Tommy-whit/world-cities', path: 'worldcities.csv', commit: 'c449b523f4a6547241b87385db7b3f4c1ab4199c' },
    ],
    cities,
    hotelCases,
    placeCases,
  };
  // One line per hotel and per case, so a change reads as a diff.
  const j = (value: unknown) => JSON.stringify(value);
  const json = [
    '{',
    `"about": ${j(data.about)},`,
    `"sources": [\n${data.sources.map(j).join(',\n')}\n],`,
    `"cities": [\n${data.cities
      .map(({ hotels: list, ...city }) => `${j(city).slice(0, -1)}, "hotels": [\n${list.map(j).join(',\n')}\n]}`)
      .join(',\n')}\n],`,
    `"hotelCases": [\n${data.hotelCases.map(j).join(',\n')}\n],`,
    `"placeCases": [\n${data.placeCases.map(j).join(',\n')}\n]`,
    '}',
  ].join('\n');
  writeFileSync(OUTPUT, json + '\n');
  const count = <T extends string>(cases: [T, ...unknown[]][]) => Object.entries(cases.reduce<Record<string, number>>((m, [c]) => ((m[c] = (m[c] ?? 0) + 1), m), {}));
  console.log(`hotels: ${hotels.length} in ${cities.length} cities (cities the gazetteer does not know: ${[...unplaced].join(', ') || 'none'})`);
  console.log('hotel cases:', count(hotelCases));
  console.log(`cities: ${chosen.length - unknownCities.length} of ${chosen.length} known (unknown: ${unknownCities.join(', ') || 'none'})`);
  console.log('place cases:', count(placeCases));
}

/** A city's name typed in part: four letters of a five-letter name, five of six or seven, six of a longer one or of a name of several words ("new yo"). */
function cityPrefix(name: string): string {
  const chars = [...name];
  if (chars.length <= 4) return name;
  let cut = /[\s-]/.test(name) ? 6 : chars.length <= 5 ? 4 : chars.length <= 7 ? 5 : 6;
  cut = Math.min(cut, chars.length);
  while (cut < chars.length && !/[\p{L}\p{N}]/u.test(chars[cut - 1])) cut++;
  return chars.slice(0, cut).join('');
}

main();
