// hotel-affiliate import FILE: replace the catalog with an NDJSON feed, atomically, in its turn
// after any import already under way.
import { gazetteerCountryCodes } from '../../catalog/country-codes.js';
import { FeedError } from '../../catalog/feed.js';
import { importFeedFile } from '../../catalog/import.js';
import type { Config } from '../../config.js';
import type { CatalogVersion } from '../../catalog/store.js';
import { openPlaceIndexes } from '../../places/saved-places.js';
import { loadCatalogIndex } from '../../search/catalog-index.js';
import { markImport } from '../../search/import-marker.js';
import { IndexSnapshots, indexDirectory } from '../../search/index-snapshot.js';
import { openStorage, type Storage } from '../../storage/storage.js';
import pino from 'pino';
import { importProgress } from '../progress.js';

/**
 * What an import does after its commit: builds the new catalog's index and keeps it in
 * `dataDir`/indexes (and, with a shelf, copies it and the places into the database), so that a
 * server starting on it reads it instead of building it. Tells `say` when the index is saved and
 * when the copies are done; throws what goes wrong.
 */
export async function saveIndexOfImport(
  dataDir: string,
  storage: Pick<Storage, 'catalog' | 'shelf'>,
  version: CatalogVersion,
  say: (what: 'saved' | 'copied', path: string) => void = () => undefined,
): Promise<void> {
  const dir = indexDirectory(dataDir);
  const { places, sharing } = await openPlaceIndexes(dataDir, dir, pino({ level: 'silent' }), storage.shelf);
  const index = await loadCatalogIndex(storage.catalog, version, places.gazetteer);
  const snapshots = new IndexSnapshots(dir, storage.shelf);
  const path = snapshots.save(index, places.gazetteer);
  if (!path) return;
  say('saved', path);
  if (storage.shelf) {
    await Promise.all([snapshots.share(path), sharing]);
    say('copied', path);
  }
}

/** The import command's part of that: it says what it did, and an index not saved is only reported. */
async function saveIndexOf(config: Config, storage: Storage, version: CatalogVersion): Promise<void> {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    await saveIndexOfImport(config.DATA_DIR, storage, version, (what, path) =>
      console.log(
        what === 'saved'
          ? `Saved its index for servers to start from in ${seconds()} s: ${path}`
          : `Copied it to the database for servers on other machines (${seconds()} s in all).`,
      ),
    );
  } catch (error) {
    console.error(`The index was not saved (${(error as Error).message}); servers build it when they start.`);
  }
}

export async function importCommand(config: Config, file: string): Promise<number> {
  const storage = await openStorage(config);
  const progress = importProgress();
  const started = performance.now();
  // Servers on this data directory wait for the index this import saves, rather than build it.
  const unmark = config.SAVED_INDEXES ? markImport(indexDirectory(config.DATA_DIR)) : () => undefined;
  try {
    const version = await importFeedFile(storage.catalog, gazetteerCountryCodes(), file, {
      onProgress: (p) => progress.update(p),
      onWait: () => console.error('Waiting for another import to finish… (Ctrl-C stops this one and changes nothing)'),
    });
    progress.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${version.hotelCount.toLocaleString('en-US')} hotels from ${file} as catalog generation ` +
        `${version.generation} in ${seconds} s. Running servers switch to it within ${config.CATALOG_POLL_SECONDS} s.`,
    );
    if (config.SAVED_INDEXES) await saveIndexOf(config, storage, version);
    return 0;
  } catch (error) {
    progress.stop();
    if (error instanceof FeedError) {
      console.error(`Import stopped${error.line > 0 ? ' at ' : ': '}${error.message}. The catalog in use was not changed.`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Cannot read ${file}: no such file. The catalog in use was not changed.`);
      return 1;
    }
    throw error;
  } finally {
    unmark();
    await storage.close();
  }
}
