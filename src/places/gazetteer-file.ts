// A gazetteer loaded from a GeoNames dump by `hotel-affiliate gazetteer load`, kept as one
// JSON file in DATA_DIR. When it is there, the service uses its cities (and regions, when the
// dump's admin1 file was given) instead of the bundled ones; countries, airports and
// landmarks stay the bundled ones.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInGazetteer, bundledGazetteer, type Gazetteer } from './gazetteer.js';
import type { CitySource, RegionSource } from './gazetteer-sources.js';
import {
  fileLines,
  GeoNamesFormatError,
  parseAdmin1Code,
  parseAlternateName,
  parseGeonamesCity,
} from './geonames-dump.js';

const FILE_NAME = 'gazetteer.json';
const FORMAT = 1;

export interface LoadedGazetteer {
  format: typeof FORMAT;
  loadedAt: string;
  /** The dump files it was made from, for `gazetteer show` and logs. */
  sources: string[];
  cities: CitySource[];
  /** First-level divisions, or null to keep the bundled ones. */
  regions: RegionSource[] | null;
}

export interface DumpFiles {
  cities: string;
  alternateNames?: string;
  admin1?: string;
}

export function gazetteerFilePath(dataDir: string): string {
  return join(dataDir, FILE_NAME);
}

/** Reads a GeoNames dump; throws GeoNamesFormatError (file and line) on a line it cannot read. */
export async function readGeonamesDump(files: DumpFiles): Promise<LoadedGazetteer> {
  const cities: CitySource[] = [];
  for await (const [line, number] of fileLines(files.cities)) {
    const city = parseGeonamesCity(line, number, files.cities);
    if (city) cities.push(city);
  }
  if (cities.length === 0) throw new GeoNamesFormatError(files.cities, 0, 'no populated places in the file');
  if (files.alternateNames) {
    const byId = new Map(cities.map((c) => [c.geonameId, c]));
    // The cities table already lists some names; the alternate names file adds the rest.
    const known = new Map(cities.map((c) => [c.geonameId, new Set([c.name, ...c.alternateNames])]));
    for await (const [line, number] of fileLines(files.alternateNames)) {
      const parsed = parseAlternateName(line, number, files.alternateNames);
      if (!parsed) continue;
      const [id, name] = parsed;
      const names = known.get(id);
      if (!names || names.has(name)) continue;
      names.add(name);
      byId.get(id)!.alternateNames.push(name);
    }
  }
  let regions: RegionSource[] | null = null;
  if (files.admin1) {
    regions = [];
    for await (const [line, number] of fileLines(files.admin1)) regions.push(parseAdmin1Code(line, number, files.admin1));
  }
  const sources = [files.cities, files.alternateNames, files.admin1].filter((f): f is string => f !== undefined);
  return { format: FORMAT, loadedAt: new Date().toISOString(), sources, cities, regions };
}

/** Writes the loaded gazetteer into DATA_DIR whole (a rename), so a reader never sees half. */
export function writeGazetteerFile(dataDir: string, loaded: LoadedGazetteer): void {
  const path = gazetteerFilePath(dataDir);
  writeFileSync(`${path}.tmp`, JSON.stringify(loaded));
  renameSync(`${path}.tmp`, path);
}

/** Removes a loaded gazetteer: the bundled one is used again. True when there was one. */
export function removeGazetteerFile(dataDir: string): boolean {
  const path = gazetteerFilePath(dataDir);
  const existed = existsSync(path);
  rmSync(path, { force: true });
  return existed;
}

export function readGazetteerFile(dataDir: string): LoadedGazetteer | null {
  const path = gazetteerFilePath(dataDir);
  if (!existsSync(path)) return null;
  const loaded = JSON.parse(readFileSync(path, 'utf8')) as LoadedGazetteer;
  if (loaded.format !== FORMAT) throw new Error(`${path} has format ${loaded.format}, this version reads ${FORMAT}; load the dump again`);
  return loaded;
}

/** The gazetteer a loaded dump makes: its cities (and regions), the bundled rest. */
export function gazetteerOf(loaded: LoadedGazetteer): Gazetteer {
  return bundledGazetteer(loaded.cities, loaded.regions ?? undefined);
}

/** The gazetteer a service on this data directory uses: a loaded dump, or the bundled data. */
export function gazetteerFor(dataDir: string): Gazetteer {
  const loaded = readGazetteerFile(dataDir);
  return loaded ? gazetteerOf(loaded) : builtInGazetteer();
}
