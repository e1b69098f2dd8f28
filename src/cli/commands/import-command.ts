// hotel-affiliate import FILE: replace the catalog with an NDJSON feed, atomically, in its turn
// after any import already under way. The new catalog is published with its index: the import
// builds and saves the index (and copies it to the database) before its commit, so that running
// servers read it when they see the catalog instead of each building its own at the same moment.
import { gazetteerCountryCodes } from '../../catalog/country-codes.js';
import { FeedError } from '../../catalog/feed.js';
import { importFeedFile } from '../../catalog/import.js';
import type { Config } from '../../config.js';
import type { CatalogVersion, ScannedCard } from '../../catalog/store.js';
import { openPlaceIndexes } from '../../places/saved-places.js';
import { buildCatalogIndex } from '../../search/catalog-index.js';
import { IndexSnapshots, indexDirectory } from '../../search/index-snapshot.js';
import { openStorage, type Storage } from '../../storage/storage.js';
import pino from 'pino';
import { importProgress } from '../progress.js';

type SaveStep = 'saved' | 'copied';

/**
 * What makes a new catalog's index and keeps it in `dataDir`/indexes (and, with a shelf, copies
 * it and the places into the database), so that a server seeing the catalog reads the index
 * instead of building it. The gazetteer is opened first, outside the import's transaction. The
 * returned function tells `say` when the index is saved and when the copies are done, and throws
 * what goes wrong.
 */
export async function indexSaver(
  dataDir: string,
  storage: Pick<Storage, 'shelf'>,
  say: (what: SaveStep, path: string) => void = () => undefined,
): Promise<(version: CatalogVersion, cards: AsyncIterable<ScannedCard[]>) => Promise<void>> {
  const dir = indexDirectory(dataDir);
  const { places, sharing } = await openPlaceIndexes(dataDir, dir, pino({ level: 'silent' }), storage.shelf);
  return async (version, cards) => {
    const index = await buildCatalogIndex(version, cards, places.gazetteer);
    const snapshots = new IndexSnapshots(dir, storage.shelf);
    const path = snapshots.save(index, places.gazetteer);
    if (!path) return;
    say('saved', path);
    if (storage.shelf) {
      // Replaced if there: a file of this name is another gazetteer's, left by an import that stopped.
      await Promise.all([snapshots.share(path, true), sharing]);
      say('copied', path);
    }
  };
}

/** The import command's part of that: it says what it did; an index that cannot be made is only reported. */
async function indexStep(config: Config, storage: Storage, started: number) {
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    const save = await indexSaver(config.DATA_DIR, storage, (what, path) =>
      console.log(
        what === 'saved'
          ? `Saved its index for servers to start from (${seconds()} s since the import began): ${path}`
          : `Copied it to the database for servers on other machines (${seconds()} s since the import began).`,
      ),
    );
    return async (version: CatalogVersion, cards: AsyncIterable<ScannedCard[]>) => {
      try {
        await save(version, cards);
      } catch (error) {
        console.error(`The index was not saved (${(error as Error).message}); servers build it when they see the catalog.`);
      }
    };
  } catch (error) {
    console.error(`The index will not be saved (${(error as Error).message}); servers build it when they see the catalog.`);
    return undefined;
  }
}

export async function importCommand(config: Config, file: string): Promise<number> {
  const storage = await openStorage(config);
  const progress = importProgress();
  const started = performance.now();
  try {
    const beforePublish = config.SAVED_INDEXES ? await indexStep(config, storage, started) : undefined;
    const version = await importFeedFile(storage.catalog, gazetteerCountryCodes(), file, {
      onProgress: (p) => progress.update(p),
      onWait: () => console.error('Waiting for another import to finish… (Ctrl-C stops this one and changes nothing)'),
      beforePublish: beforePublish && (async (version, cards) => {
        progress.stop();
        console.log(`Read ${version.hotelCount.toLocaleString('en-US')} hotels; making their index before publishing them.`);
        await beforePublish(version, cards);
      }),
    });
    progress.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${version.hotelCount.toLocaleString('en-US')} hotels from ${file} as catalog generation ` +
        `${version.generation} in ${seconds} s. Running servers switch to it within ${config.CATALOG_POLL_SECONDS} s.`,
    );
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
    await storage.close();
  }
}
