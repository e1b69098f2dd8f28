// Places named in the traveller's language: countries always (CLDR, the ICU data of Node.js),
// first-level regions where iso3166-2-db has a name in that language (de, es, fr, it, ru,
// zh-Hans, ar), cities where GeoNames has one (data/city-names.json) or the names they are typed
// by know one (data/city-aliases.json). Otherwise the English name: never another language's.
// Airports, sights and areas keep their own names; the parts of their labels that name a region
// or a country are still given in the language.
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { DEFAULT_LANGUAGE, isNameLanguage, type NameLanguage } from '../locale/languages.js';
import { readDataFile } from './gazetteer-sources.js';
import { withoutAdministrativeWord } from './place-names.js';
import type { Gazetteer } from './gazetteer.js';
import type { Place } from './place.js';

const require = createRequire(import.meta.url);

/** iso3166-2-db's language keys of region names, by the service's language. */
const REGION_NAME_KEY: Partial<Record<NameLanguage, string>> = { de: 'de', es: 'es', fr: 'fr', it: 'it', ru: 'ru', 'zh-Hans': 'zh', ar: 'ar' };

/** city-names.json: a city's name in each language, by GeoNames id. */
interface CityNamesFile {
  names: Record<string, Partial<Record<NameLanguage, string>>>;
}

/** city-aliases.json: each name a city is typed by, with its languages (space-separated, "" none known). */
interface CityAliasesFile {
  names: Record<string, Record<string, string>>;
}

/**
 * Each city's name to show in each language: GeoNames' (city-names.json), or where it has none,
 * the first name city-aliases.json knows in that language ("维也纳" for Vienna in zh-Hans,
 * "ウィーン" in ja; not in traditional Chinese, see below); and the name without an
 * administrative word where the aliases know it so in the same language ("罗马" for "罗马市").
 */
function loadCityNames(): Map<string, Partial<Record<NameLanguage, string>>> {
  const shown = readDataFile<CityNamesFile>('city-names.json').names;
  const typed = readDataFile<CityAliasesFile>('city-aliases.json').names;
  const byCity = new Map<string, Partial<Record<NameLanguage, string>>>();
  for (const id of new Set([...Object.keys(shown), ...Object.keys(typed)])) {
    const names: Partial<Record<NameLanguage, string>> = { ...shown[id] };
    const aliases = Object.entries(typed[id] ?? {});
    for (const [name, tags] of aliases) {
      for (const tag of tags.split(' ')) {
        if (!tag || !isNameLanguage(tag)) continue;
        const current = names[tag];
        // Traditional Chinese made from simplified character by character can be wrong (里斯本
        // is not 裏斯本): it is read, never shown.
        if ((current === undefined && tag !== 'zh-Hant') || (current !== undefined && withoutAdministrativeWord(current) === name)) names[tag] = name;
      }
    }
    byCity.set(`geonames:${id}`, names);
  }
  return byCity;
}

function loadRegionNames(): Map<string, Record<string, string>> {
  const countries = require('iso3166-2-db/data/iso3166-2.json') as Record<string, { iso: string; regions?: { admin?: string; names?: Record<string, string> }[] }>;
  const byKey = new Map<string, Record<string, string>>();
  for (const country of Object.values(countries)) {
    for (const region of country.regions ?? []) if (region.admin && region.names) byKey.set(`${country.iso}.${region.admin}`, region.names);
  }
  return byKey;
}

export class LocalNames {
  // Read at the first answer in another language than English: a start pays nothing for them.
  private cityNames?: Map<string, Partial<Record<NameLanguage, string>>>;
  private regionNames?: Map<string, Record<string, string>>;
  private readonly countryNames = new Map<NameLanguage, Intl.DisplayNames>();
  /** Labels made, by language and place: a search answers the same places again and again. */
  private readonly labels = new LRUCache<string, string>({ max: 20_000 });

  constructor(private readonly gazetteer: Gazetteer) {}

  /** The place's own name in the language, or its English name. */
  nameOf(place: Place, language: NameLanguage): string {
    if (language === DEFAULT_LANGUAGE) return place.name;
    switch (place.kind) {
      case 'country':
        return this.country(place.countryCode, language) ?? place.name;
      case 'region':
        return (place.regionKey && this.region(place.regionKey, language)) ?? place.name;
      case 'city':
        return this.city(place.id, language) ?? place.name;
      default:
        return place.name;
    }
  }

  /**
   * The place's label in the language: "Lissabon, Portugal". Its own name, then each part of the
   * English label that names its region, its country or the town it lies by, in the language.
   */
  labelOf(place: Place, language: NameLanguage): string {
    if (language === DEFAULT_LANGUAGE) return place.label;
    const key = `${language} ${place.id}`;
    let label = this.labels.get(key);
    if (label === undefined) this.labels.set(key, (label = this.makeLabel(place, language)));
    return label;
  }

  private makeLabel(place: Place, language: NameLanguage): string {
    const own = place.label.startsWith(place.name) ? place.name : null;
    const rest = own === null ? place.label : place.label.slice(own.length);
    const region = place.regionKey ? this.gazetteer.region(place.regionKey) : undefined;
    const country = this.gazetteer.country(place.countryCode);
    const parts = rest.split(', ').map((part, k) => {
      if (k === 0) return own === null ? part : this.nameOf(place, language) + part;
      if (country && part === country.name) return this.country(place.countryCode, language) ?? part;
      if (region && part === region.name) return this.region(region.regionKey!, language) ?? part;
      // The town an airport, a sight or an area lies by: "…(LIS), Lisbon, Portugal".
      return this.cityOf(part, place.countryCode, place.lat, place.lng, language);
    });
    return parts.join(', ');
  }

  /** A hotel's city (as the catalog names it, near where the hotel is) in the language. */
  cityOf(city: string, countryCode: string, lat: number, lng: number, language: NameLanguage): string {
    if (language === DEFAULT_LANGUAGE) return city;
    const place = this.gazetteer.locateCity(countryCode, city, lat, lng);
    return (place && place.name === city && this.city(place.id, language)) || city;
  }

  private city(id: string, language: NameLanguage): string | undefined {
    const names = (this.cityNames ??= loadCityNames()).get(id);
    if (!names) return undefined;
    // Brazilian Portuguese is Portuguese where GeoNames has no name of its own for it.
    return names[language] ?? (language === 'pt-BR' ? names.pt : undefined);
  }

  private region(key: string, language: NameLanguage): string | undefined {
    const nameKey = REGION_NAME_KEY[language];
    return nameKey ? (this.regionNames ??= loadRegionNames()).get(key)?.[nameKey] : undefined;
  }

  private country(code: string, language: NameLanguage): string | undefined {
    let names = this.countryNames.get(language);
    if (!names) this.countryNames.set(language, (names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })));
    return names.of(code);
  }
}
