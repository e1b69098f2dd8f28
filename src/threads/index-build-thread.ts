// A catalog index built on a thread of its own (see index-builder.ts): opens the store and the
// places as the service does, builds the generation's index, saves it (and copies it to the
// database) when indexes are kept, and hands it to the main thread in shared memory.
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openPlaceIndexes } from '../places/saved-places.js';
import { CatalogChangedError, loadCatalogIndex } from '../search/catalog-index.js';
import { IndexSnapshots, INDEX_CLASSES, indexDirectory } from '../search/index-snapshot.js';
import { encodeShared } from '../snapshot/graph-file.js';
import { openStorage } from '../storage/storage.js';
import type { IndexBuildResult, IndexBuildStart } from './messages.js';

const start = workerData as IndexBuildStart;

async function build(): Promise<IndexBuildResult> {
  const { config, version, replace } = start;
  // One connection is all a build reads with.
  const storage = await openStorage({ ...config, DATABASE_POOL_MAX: 1 });
  try {
    const saveDir = config.SAVED_INDEXES ? indexDirectory(config.DATA_DIR) : null;
    // The main thread opened these places already: read from their saved file, not built.
    const { places, sharing } = await openPlaceIndexes(config.DATA_DIR, saveDir, pino({ level: 'silent' }), storage.shelf);
    const started = performance.now();
    const index = await loadCatalogIndex(storage.catalog, version, places.gazetteer);
    const buildMs = performance.now() - started;
    let saved: string | null = null;
    let saveProblem: string | undefined;
    if (saveDir) {
      try {
        const snapshots = new IndexSnapshots(saveDir, storage.shelf);
        saved = snapshots.save(index, places.gazetteer);
        if (saved) await snapshots.share(saved, replace);
      } catch (error) {
        saveProblem = (error as Error).message;
      }
    }
    await sharing;
    const regions = encodeShared(index, { classes: INDEX_CLASSES, externals: { gazetteer: places.gazetteer } });
    return { type: 'built', regions, buildMs: Math.round(buildMs), saved, saveProblem };
  } finally {
    await storage.close();
  }
}

build().then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) =>
    parentPort!.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      changed: error instanceof CatalogChangedError,
    } satisfies IndexBuildResult),
);
