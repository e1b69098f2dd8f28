// A gazetteer loaded from a GeoNames dump by `hotel-affiliate gazetteer load`, kept as one
// JSON file in DATA_DIR. When it is there, the service uses its cities (and regions, when the
// dump's admin1 file was given) instead of the bundled ones, and the well-known islands,
// areas, lakes, mountains, parks and sights of the dump besides; countries, airports and the
// short landmark list stay the bundled ones.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInGazetteer, bundledGazetteer, type Gazetteer } from './gazetteer.js';
import type { CitySource, RegionSource } from './gazetteer-sources.js';
import {
  cityOfRow,
  fileLines,
  GeoNamesFormatError,
  isTypedName,
  parseAdmin1Code,
  parseAlternateNameRow,
  splitGeonamesRow,
} from './geonames-dump.js';
import { FeatureIds, FeatureNotes, featureOfRow, isNotable, type FeatureSource } from './geonames-features.js';

const FILE_NAME = 'gazetteer.json';
// Files written before features were read have none; they are read the same way.
const FORMAT = 1;

export interface LoadedGazetteer {
  format: typeof FORMAT;
  loadedAt: string;
  /** The dump files it was made from, for `gazetteer show` and logs. */
  sources: string[];
  cities: CitySource[];
  /** First-level divisions, or null to keep the bundled ones. */
  regions: RegionSource[] | null;
  /** Islands, areas, lakes, mountains, parks and sights well known enough (absent in older files). */
  features?: FeatureSource[];
}

export interface DumpFiles {
  /** "geoname" table files: cities500.txt, allCountries.txt, or per-country files (IT.txt, ES.txt). */
  cities: string | string[];
  /** alternateNamesV2.txt, or per-country alternate names files. */
  alternateNames?: string | string[];
  admin1?: string;
}

export function gazetteerFilePath(dataDir: string): string {
  return join(dataDir, FILE_NAME);
}

/**
 * Reads a GeoNames dump; throws GeoNamesFormatError (file and line) on a line it cannot read.
 * The geoname tables are read twice when they hold features worth keeping: once for the cities
 * and to mark the features of codes that are read, again for the rows of the features the
 * alternate names show to be well known (holding every mountain and chapel of allCountries.txt
 * between the two would take gigabytes).
 */
export async function readGeonamesDump(files: DumpFiles): Promise<LoadedGazetteer> {
  const tables = [files.cities].flat();
  const alternateFiles = files.alternateNames === undefined ? [] : [files.alternateNames].flat();
  const cities: CitySource[] = [];
  const cityIds = new Set<number>();
  const candidates = new FeatureIds();
  for (const file of tables) {
    for await (const [line, number] of fileLines(file)) {
      const row = splitGeonamesRow(line, number, file);
      const city = cityOfRow(row, number, file);
      if (city) {
        // The same place in two of the files (cities500.txt and IT.txt) is one place.
        if (!cityIds.has(city.geonameId)) cities.push(city);
        cityIds.add(city.geonameId);
        continue;
      }
      const feature = featureOfRow(row, number, file);
      if (feature) candidates.mark(feature.geonameId, feature.featureCode);
    }
  }
  if (cities.length === 0) throw new GeoNamesFormatError(tables[0], 0, 'no populated places in the file');

  const byId = new Map(cities.map((c) => [c.geonameId, c]));
  // The cities table already lists some names; the alternate names file adds the rest.
  const known = new Map(cities.map((c) => [c.geonameId, new Set([c.name, ...c.alternateNames])]));
  const notes = new Map<number, FeatureNotes>();
  for (const file of alternateFiles) {
    for await (const [line, number] of fileLines(file)) {
      const row = parseAlternateNameRow(line, number, file);
      const names = known.get(row.geonameId);
      if (names) {
        if (!isTypedName(row) || names.has(row.name)) continue;
        names.add(row.name);
        byId.get(row.geonameId)!.alternateNames.push(row.name);
      } else if (candidates.codeOf(row.geonameId) !== undefined) {
        let note = notes.get(row.geonameId);
        if (!note) notes.set(row.geonameId, (note = new FeatureNotes()));
        note.add(row.language, row.name);
        if (isTypedName(row)) note.names.push(row.name);
      }
    }
  }
  const features = await readNotableFeatures(tables, candidates, notes);

  let regions: RegionSource[] | null = null;
  if (files.admin1) {
    regions = [];
    for await (const [line, number] of fileLines(files.admin1)) regions.push(parseAdmin1Code(line, number, files.admin1));
  }
  const sources = [...tables, ...alternateFiles, files.admin1].filter((f): f is string => f !== undefined);
  return { format: FORMAT, loadedAt: new Date().toISOString(), sources, cities, regions, features };
}

/** The features the alternate names show to be well known, read again from the geoname tables. */
async function readNotableFeatures(tables: string[], candidates: FeatureIds, notes: Map<number, FeatureNotes>): Promise<FeatureSource[]> {
  const notable = new Map<number, { note: FeatureNotes; counts: ReturnType<FeatureNotes['counts']> }>();
  for (const [id, note] of notes) {
    const counts = note.counts();
    if (isNotable({ ...counts, featureCode: candidates.codeOf(id)! })) notable.set(id, { note, counts });
  }
  notes.clear();
  const features: FeatureSource[] = [];
  for (const file of tables) {
    if (notable.size === 0) break;
    for await (const [line, number] of fileLines(file)) {
      const id = Number(line.slice(0, line.indexOf('\t')));
      const found = notable.get(id);
      if (!found) continue;
      const feature = featureOfRow(splitGeonamesRow(line, number, file), number, file);
      if (!feature) continue;
      notable.delete(id);
      const names = new Set([...feature.alternateNames, ...found.note.names]);
      names.delete(feature.name);
      features.push({ ...feature, alternateNames: [...names], ...found.counts });
    }
  }
  return features;
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

/** The gazetteer a loaded dump makes: its cities (and regions) and features, the bundled rest. */
export function gazetteerOf(loaded: LoadedGazetteer, identity?: string): Gazetteer {
  return bundledGazetteer(loaded.cities, loaded.regions ?? undefined, loaded.features ?? [], identity);
}

/**
 * Which gazetteer a data directory has, without reading it: "bundled", or the loaded file's size
 * and time (a load writes a new file), for what is built from it to be known by.
 */
export function gazetteerIdentity(dataDir: string): string {
  try {
    const file = statSync(gazetteerFilePath(dataDir));
    return `loaded ${file.size} ${file.mtimeMs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'bundled';
    throw error;
  }
}

/** The gazetteer a service on this data directory uses: a loaded dump, or the bundled data. */
export function gazetteerFor(dataDir: string): Gazetteer {
  const identity = gazetteerIdentity(dataDir);
  const loaded = readGazetteerFile(dataDir);
  return loaded ? gazetteerOf(loaded, identity) : builtInGazetteer();
}
