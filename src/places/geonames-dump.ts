// Reads the tab-separated files of a GeoNames dump (download.geonames.org/export/dump): the
// "geoname" table (cities500/1000/5000/15000.txt, allCountries.txt), alternateNamesV2.txt and
// admin1CodesASCII.txt. The bundled city data is the same table, so one reader serves both.
import type { CitySource, RegionSource } from './gazetteer-sources.js';

/** Feature codes of populated places that are not destinations: historical, abandoned, destroyed. */
const NOT_DESTINATIONS = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * Kinds of alternate name that are not names people type for a place: links, Wikidata ids,
 * postal codes, airport and UN/LOCODE codes (airports come from their own data).
 */
const NOT_NAMES = new Set(['link', 'wkdt', 'post', 'iata', 'icao', 'faac', 'unlc', 'phon', 'piny', 'tcid', 'fr_1793']);

export class GeoNamesFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file} line ${line}: ${reason}`);
  }
}

/** Each line of a text, without its line break, with its 1-based number; blank lines skipped. */
function* lines(text: string): Generator<[string, number]> {
  let start = 0;
  let number = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    number++;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    if (line.length > 0 && line[0] !== '#') yield [line, number];
  }
}

function numberField(value: string, what: string, file: string, line: number): number {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) throw new GeoNamesFormatError(file, line, `${what} is not a number (got ${JSON.stringify(value)})`);
  return n;
}

/**
 * Populated places of a "geoname" table file (19 tab-separated columns). Other feature
 * classes (mountains, airports...) are skipped: allCountries.txt mixes them in.
 */
export function parseGeonamesCities(text: string, file = 'cities'): CitySource[] {
  const cities: CitySource[] = [];
  for (const [line, number] of lines(text)) {
    const f = line.split('\t');
    if (f.length < 19) throw new GeoNamesFormatError(file, number, `expected 19 tab-separated columns, got ${f.length}`);
    if (f[6] !== 'P' || NOT_DESTINATIONS.has(f[7])) continue;
    const lat = numberField(f[4], 'latitude', file, number);
    const lng = numberField(f[5], 'longitude', file, number);
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new GeoNamesFormatError(file, number, `coordinates out of range (${lat}, ${lng})`);
    cities.push({
      geonameId: numberField(f[0], 'geonameid', file, number),
      name: f[1],
      alternateNames: f[3] ? f[3].split(',') : [],
      countryCode: f[8],
      admin1: f[10],
      lat,
      lng,
      population: f[14] === '' ? 0 : numberField(f[14], 'population', file, number),
      featureCode: f[7],
    });
  }
  return cities;
}

/**
 * Names from alternateNamesV2.txt (or the older alternateNames.txt), by geonameid, for the
 * ids asked for; historic names are kept (people still say "Bombay"), codes and links are not.
 */
export function parseAlternateNames(text: string, wanted: ReadonlySet<number>, file = 'alternate names'): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const [line, number] of lines(text)) {
    const f = line.split('\t');
    if (f.length < 4) throw new GeoNamesFormatError(file, number, `expected at least 4 tab-separated columns, got ${f.length}`);
    const id = numberField(f[1], 'geonameid', file, number);
    if (!wanted.has(id) || NOT_NAMES.has(f[2]) || f[3] === '') continue;
    const list = names.get(id);
    if (list) list.push(f[3]);
    else names.set(id, [f[3]]);
  }
  return names;
}

/** First-level divisions from admin1CodesASCII.txt: `FR.11<TAB>Île-de-France<TAB>...`. */
export function parseAdmin1Codes(text: string, file = 'admin1 codes'): RegionSource[] {
  const regions: RegionSource[] = [];
  for (const [line, number] of lines(text)) {
    const f = line.split('\t');
    if (f.length < 2 || !/^[A-Z]{2}\.\w+$/.test(f[0])) {
      throw new GeoNamesFormatError(file, number, 'expected a code like FR.11 and a name, tab-separated');
    }
    regions.push({ key: f[0], name: f[1] });
  }
  return regions;
}
