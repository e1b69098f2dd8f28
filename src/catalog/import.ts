// Loading a feed file into the store: the one path every catalog takes, the demo included.
import { basename } from 'node:path';
import type { Gazetteer } from '../places/gazetteer.js';
import { readFeed, type FeedProgress } from './feed.js';
import type { CatalogStore, CatalogVersion } from './store.js';

export async function importFeedFile(
  store: CatalogStore,
  gazetteer: Gazetteer,
  path: string,
  onProgress?: (progress: FeedProgress) => void,
): Promise<CatalogVersion> {
  const records = readFeed(path, { knownCountry: (code) => gazetteer.country(code) !== undefined, onProgress });
  return store.replaceCatalog(records, basename(path));
}
