// Derives test/relevance/held-back/localized-cities.json, the held-back set's city names in other
// languages (see test/relevance/held-back/README.md), from sources that have nothing to do with
// the service's gazetteer (GeoNames, Natural Earth, Wikidata):
//
//   - Unicode CLDR 48, the time-zone exemplar city names of each language
//     (npm cldr-dates-full 48.2.0, main/<locale>/timeZoneNames.json; Unicode License v3).
//   - The IANA time zone database (public domain), release 2025b as Debian's tzdata package installs
//     it: zone.tab, the ISO 6709 coordinates of each zone's principal city, and tzdata.zi's links,
//     which map CLDR's old zone ids to the current ones ("Asia/Calcutta" is "Asia/Kolkata").
//
// cldr-dates-full is no dependency of the project: install it in a folder of its own and run
//   npx tsx scripts/derive-held-back-cldr.ts <that folder>/node_modules [/usr/share/zoneinfo]
// The output is deterministic. It is derived once and committed; the test reads only the JSON.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const modules = process.argv[2] ?? '/tmp/hb-deps/node_modules';
const zoneinfo = process.argv[3] ?? '/usr/share/zoneinfo';
const OUTPUT = new URL('../test/relevance/held-back/localized-cities.json', import.meta.url);
const require = createRequire(join(modules, 'x.js'));

/** The service's languages (src/locale/languages.ts, English left out) and the CLDR locale of each. */
const LANGUAGES: [service: string, cldr: string][] = [
  ['de', 'de'], ['fr', 'fr'], ['es', 'es'], ['it', 'it'], ['pt', 'pt-PT'], ['pt-BR', 'pt'], ['nl', 'nl'],
  ['pl', 'pl'], ['sv', 'sv'], ['da', 'da'], ['nb', 'nb'], ['fi', 'fi'], ['cs', 'cs'], ['tr', 'tr'],
  ['ru', 'ru'], ['uk', 'uk'], ['el', 'el'], ['ja', 'ja'], ['ko', 'ko'], ['zh-Hans', 'zh-Hans'],
  ['zh-Hant', 'zh-Hant'], ['ar', 'ar'], ['he', 'he'], ['hi', 'hi'], ['th', 'th'], ['vi', 'vi'], ['id', 'id'],
];
/** Languages written in Latin letters: their count of names other than the English one ranks a zone's fame. */
const LATIN = new Set(['de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'sv', 'da', 'nb', 'fi', 'cs', 'tr', 'vi', 'id']);
/** Languages whose names also get a one-letter typo case (Latin and Cyrillic scripts; not Vietnamese, typed with its own marks). */
const TYPO_LANGUAGES = new Set([...LATIN, 'ru', 'uk'].filter((l) => l !== 'vi'));
const CASES_PER_LANGUAGE = 25;
const TYPOS_PER_LANGUAGE = 10;
/** Zones that are no city: Antarctic stations, and islands or island groups named as such. */
const NOT_A_CITY = /^(Antarctica|Arctic|Etc|America\/(North_Dakota|Indiana|Kentucky))\/|Island|Galapagos|Azores|Canary|Madeira|Faeroe|Faroe|Marquesas|Gambier|Easter|Chatham|Kerguelen|Bermuda|Cape_Verde|South_Georgia|Pitcairn|Norfolk|Christmas|Cocos|Chagos|Reunion|Mauritius|Maldives|Comoro|Mahe|Guam|Saipan|Kwajalein|Majuro|Wake|Midway|Johnston|Enderbury|Kiritimati|Tarawa|Fakaofo|Niue|Nauru|Funafuti|Wallis|Rarotonga|Tahiti|Noumea|Efate|Guadalcanal|Bougainville|Kosrae|Pohnpei|Chuuk|Palau|Pago_Pago|Apia|Tongatapu|Fiji|Stanley|St_Helena|Jan_Mayen|Scoresbysund|Danmarkshavn|Thule|Eirunepe|Macquarie|Lord_Howe|Eucla|Broken_Hill|Lindeman/;

type ZoneTree = { [k: string]: ZoneTree | { exemplarCity?: string } };

function exemplars(locale: string): Map<string, string> {
  const zones = require(`cldr-dates-full/main/${locale}/timeZoneNames.json`).main[locale].dates.timeZoneNames.zone as ZoneTree;
  const out = new Map<string, string>();
  const walk = (node: ZoneTree, path: string): void => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'object' || value === null) continue;
      if ('exemplarCity' in value && typeof value.exemplarCity === 'string') out.set(path + key, value.exemplarCity);
      else walk(value as ZoneTree, `${path}${key}/`);
    }
  };
  walk(zones, '');
  return out;
}

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** ISO 6709 (+DDMM[SS] or +DDDMM[SS]) as degrees. */
function degrees(text: string, degreeDigits: number): number {
  const sign = text[0] === '-' ? -1 : 1;
  const d = Number(text.slice(1, 1 + degreeDigits));
  const m = Number(text.slice(1 + degreeDigits, 3 + degreeDigits));
  const s = Number(text.slice(3 + degreeDigits) || '0');
  return Math.round(sign * (d + m / 60 + s / 3600) * 10_000) / 10_000;
}
const zoneTab = new Map<string, { lat: number; lng: number; country: string }>();
for (const line of readFileSync(join(zoneinfo, 'zone.tab'), 'utf8').split('\n')) {
  if (line.startsWith('#') || !line.trim()) continue;
  const [country, coordinates, zone] = line.split('\t') as [string, string, string];
  const [, lat, lng] = /^([+-]\d+)([+-]\d+)$/.exec(coordinates)!;
  zoneTab.set(zone, { lat: degrees(lat!, 2), lng: degrees(lng!, 3), country });
}
const zi = readFileSync(join(zoneinfo, 'tzdata.zi'), 'utf8');
const tzVersion = /^# version (\S+)/.exec(zi)![1]!;
const linked = new Map<string, string>();
for (const line of zi.split('\n')) {
  const [kind, target, alias] = line.split(' ');
  if (kind === 'L' && zoneTab.has(target!)) linked.set(alias!, target!);
}
const coordinatesOf = (zone: string) => zoneTab.get(zone) ?? zoneTab.get(linked.get(zone) ?? '');

const english = exemplars('en');
const englishName = (zone: string): string => english.get(zone) ?? zone.split('/').pop()!.replace(/_/g, ' ');
const names = new Map(LANGUAGES.map(([lang, cldr]) => [lang, exemplars(cldr)]));

// Every zone that is a city with coordinates, ranked by how many Latin-script languages name it
// otherwise than English (Wien, Vienne, Viena, Vienna, Wenen, Wiedeń … rank Vienna first), then by id.
const zones = [...new Set([...names.values()].flatMap((m) => [...m.keys()]))].filter((z) => !NOT_A_CITY.test(z) && coordinatesOf(z));
const fame = (zone: string): number =>
  LANGUAGES.filter(([lang]) => LATIN.has(lang) && names.get(lang)!.has(zone) && fold(names.get(lang)!.get(zone)!) !== fold(englishName(zone))).length;
const ranked = zones.map((zone) => ({ zone, fame: fame(zone) })).sort((a, b) => b.fame - a.fame || a.zone.localeCompare(b.zone));

const VOWEL_SWAPS: Record<string, string> = { a: 'e', e: 'a', i: 'e', o: 'a', u: 'o', y: 'i', а: 'о', о: 'а', е: 'и', и: 'е', у: 'ю', я: 'а', ы: 'и', і: 'и', ю: 'у' };

/** The name with one vowel changed for another, the one nearest its middle (never the first letter), or null. */
function typo(name: string): string | null {
  const letters = [...name];
  if (letters.filter((c) => /\p{L}/u.test(c)).length < 6) return null;
  const middle = Math.floor(letters.length / 2);
  for (let d = 0; d < letters.length; d++) {
    for (const i of [middle + d, middle - d]) {
      if (i < 1 || i >= letters.length) continue;
      const c = letters[i]!;
      const swap = VOWEL_SWAPS[c];
      if (swap) return [...letters.slice(0, i), swap, ...letters.slice(i + 1)].join('');
    }
  }
  return null;
}

interface LocalizedCase {
  lang: string;
  text: string;
  zone: string;
  english: string;
  country: string;
  lat: number;
  lng: number;
  typo?: true;
}

const cases: LocalizedCase[] = [];
for (const [lang] of LANGUAGES) {
  const own = names.get(lang)!;
  const chosen = ranked.filter(({ zone }) => own.has(zone) && fold(own.get(zone)!) !== fold(englishName(zone))).slice(0, CASES_PER_LANGUAGE);
  let typos = 0;
  for (const { zone } of chosen) {
    const c = coordinatesOf(zone)!;
    const base = { lang, text: own.get(zone)!, zone, english: englishName(zone), country: c.country, lat: c.lat, lng: c.lng };
    cases.push(base);
    const t = TYPO_LANGUAGES.has(lang) && typos < TYPOS_PER_LANGUAGE ? typo(base.text) : null;
    if (t) {
      cases.push({ ...base, text: t, typo: true });
      typos++;
    }
  }
}

const about =
  'Held-back set, never tuned on: city names in other languages from Unicode CLDR 48 time-zone exemplar cities ' +
  '(cldr-dates-full 48.2.0, Unicode License v3), placed at the IANA zone.tab coordinates of their zone ' +
  `(tzdata ${tzVersion}, public domain). Derived by scripts/derive-held-back-cldr.ts; typo cases change one vowel near the middle.`;
writeFileSync(OUTPUT, `${JSON.stringify({ about, cases }, null, 0).replace(/\},\{/g, '},\n{')}\n`);
console.log(`${cases.length} cases (${cases.filter((c) => c.typo).length} typos) for ${LANGUAGES.length} languages, ${ranked.length} city zones`);
