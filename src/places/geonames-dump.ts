// Reads the tab-separated files of a GeoNames dump (download.geonames.org/export/dump): the
// "geoname" table (cities500/1000/5000/15000.txt, allCountries.txt), alternateNamesV2.txt and
// admin1CodesASCII.txt. The bundled city data is the same table, so one reader serves both.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CitySource, GeonamesPlace, RegionSource } from './gazetteer-sources.js';

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

/** Each line of a text, without its line break, with its 1-based number; blank and # lines skipped. */
export function* textLines(text: string): Generator<[string, number]> {
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

/** Each line of a file, streamed (a dump's alternate names file is larger than a string may be). */
export async function* fileLines(path: string): AsyncGenerator<[string, number]> {
  const input = createReadStream(path, { encoding: 'utf8' });
  let number = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    number++;
    if (raw.length > 0 && raw[0] !== '#') yield [raw, number];
  }
}

/** A number column of a row; a GeoNamesFormatError when it is empty or not a number. */
export function numberField(value: string, what: string, file: string, line: number): number {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) throw new GeoNamesFormatError(file, line, `${what} is not a number (got ${JSON.stringify(value)})`);
  return n;
}

/** The 19 tab-separated columns of a line of a "geoname" table file. */
export function splitGeonamesRow(line: string, number: number, file: string): string[] {
  const f = line.split('\t');
  if (f.length < 19) throw new GeoNamesFormatError(file, number, `expected 19 tab-separated columns, got ${f.length}`);
  return f;
}

/**
 * A populated place from a line of a "geoname" table file (19 tab-separated columns); null
 * for other feature classes (mountains, airports... which allCountries.txt mixes in) and for
 * places that are not destinations.
 */
export function parseGeonamesCity(line: string, number: number, file: string): CitySource | null {
  return cityOfRow(splitGeonamesRow(line, number, file), number, file);
}

/** The populated place of a geoname row already split into its columns, or null (see parseGeonamesCity). */
export function cityOfRow(f: string[], number: number, file: string): CitySource | null {
  if (f[6] !== 'P' || NOT_DESTINATIONS.has(f[7])) return null;
  return {
    ...placeOfRow(f, number, file, 'refuse')!,
    population: f[14] === '' ? 0 : numberField(f[14], 'population', file, number),
    featureCode: f[7],
  };
}

/**
 * The place of a geoname row (its columns already split), checked: coordinates in range and a
 * two-letter country code. A row without a country is refused, or skipped (null) when a place
 * may lie across borders or at sea.
 */
export function placeOfRow(f: string[], number: number, file: string, countryless: 'refuse' | 'skip'): GeonamesPlace | null {
  const lat = numberField(f[4], 'latitude', file, number);
  const lng = numberField(f[5], 'longitude', file, number);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new GeoNamesFormatError(file, number, `coordinates out of range (${lat}, ${lng})`);
  if (f[8] === '' && countryless === 'skip') return null;
  if (!/^[A-Z]{2}$/.test(f[8])) throw new GeoNamesFormatError(file, number, `country code must be two capital letters (got ${JSON.stringify(f[8])})`);
  return {
    geonameId: numberField(f[0], 'geonameid', file, number),
    name: f[1],
    asciiName: f[2],
    alternateNames: f[3] ? f[3].split(',') : [],
    countryCode: f[8],
    admin1: f[10],
    lat,
    lng,
  };
}

/** The populated places of a whole "geoname" table held in a string. */
export function parseGeonamesCities(text: string, file = 'cities'): CitySource[] {
  const cities: CitySource[] = [];
  for (const [line, number] of textLines(text)) {
    const city = parseGeonamesCity(line, number, file);
    if (city) cities.push(city);
  }
  return cities;
}

/** A row of alternateNamesV2.txt (or the older alternateNames.txt): whose name, in which language or of which kind, and the name. */
export interface AlternateNameRow {
  geonameId: number;
  /** An ISO language code, a kind of name (`link`, `post`, `iata`, `abbr`...), or empty. */
  language: string;
  name: string;
}

export function parseAlternateNameRow(line: string, number: number, file: string): AlternateNameRow {
  const f = line.split('\t');
  if (f.length < 4) throw new GeoNamesFormatError(file, number, `expected at least 4 tab-separated columns, got ${f.length}`);
  return { geonameId: numberField(f[1], 'geonameid', file, number), language: f[2], name: f[3] };
}

/**
 * True when an alternate name is a name people type: not a link, Wikidata id, postal, airport
 * or UN/LOCODE code (airports come from their own data). Historic names are kept: people
 * still say "Bombay".
 */
export function isTypedName(row: AlternateNameRow): boolean {
  return row.name !== '' && !NOT_NAMES.has(row.language);
}

/** A line of alternateNamesV2.txt as [geonameid, name], or null for what is not a name people type (see isTypedName). */
export function parseAlternateName(line: string, number: number, file: string): [number, string] | null {
  const row = parseAlternateNameRow(line, number, file);
  return isTypedName(row) ? [row.geonameId, row.name] : null;
}

/** A line of admin1CodesASCII.txt: `FR.11<TAB>Île-de-France<TAB>...`. */
export function parseAdmin1Code(line: string, number: number, file: string): RegionSource {
  const f = line.split('\t');
  if (f.length < 2 || !/^[A-Z]{2}\.\w+$/.test(f[0]) || f[1] === '') {
    throw new GeoNamesFormatError(file, number, 'expected a code like FR.11 and a name, tab-separated');
  }
  return { key: f[0], name: f[1] };
}
