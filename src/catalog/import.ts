// Loading a feed file into the store: the one path every feed takes.
import { basename } from 'node:path';
import type { Gazetteer } from '../places/gazetteer.js';
import { readFeed, type FeedProgress } from './feed.js';
import type { CatalogStore, CatalogVersion, ImportTurn } from './store.js';

/** What a feed's country codes are checked against: a gazetteer, or the codes of its countries. */
export type KnownCountries = Pick<Gazetteer, 'country'> | ReadonlySet<string>;

export interface ImportOptions extends ImportTurn {
  onProgress?: (progress: FeedProgress) => void;
}

export async function importFeedFile(
  store: CatalogStore,
  countries: KnownCountries,
  path: string,
  options: ImportOptions = {},
): Promise<CatalogVersion> {
  const knownCountry = 'has' in countries ? (code: string) => countries.has(code) : (code: string) => countries.country(code) !== undefined;
  const records = readFeed(path, { knownCountry, onProgress: options.onProgress });
  return store.replaceCatalog(records, basename(path), { onWait: options.onWait, beforePublish: options.beforePublish });
}
