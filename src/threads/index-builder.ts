// Building a catalog index without pausing the answers: a running server that sees a catalog
// nobody saved an index for (indexes not kept, an import by another build of the service, a file
// that could not be read) builds it on a thread of its own, which reads the store and the saved
// places itself. The main thread then only decodes the result from shared memory, as it decodes
// a saved file: at 200,000 hotels the build paused answering for 1-2.5 s on the main thread.
import type { CatalogVersion } from '../catalog/store.js';
import type { Config } from '../config.js';
import { CatalogChangedError } from '../search/catalog-index.js';
import type { GraphRegions } from '../snapshot/graph-file.js';
import type { IndexBuildResult, IndexBuildStart } from './messages.js';
import { answerOfThread, threadEntry } from './thread-entry.js';

const ENTRY = threadEntry(import.meta.url, 'index-build-thread');

export interface BuiltAside {
  regions: GraphRegions;
  buildMs: number;
  /** The file it was saved to, or null (not kept, or not saved: `saveProblem` says why). */
  saved: string | null;
  saveProblem?: string;
}

/** Builds a generation's index on a thread of its own; rejects with what stopped it (CatalogChangedError: a newer catalog came). */
export async function buildIndexAside(config: Config, version: CatalogVersion, replace: boolean): Promise<BuiltAside> {
  const start: IndexBuildStart = { config, version, replace };
  const result = await answerOfThread<IndexBuildResult>(ENTRY, start, 'building the index');
  if (result.type === 'built') return result;
  throw result.changed ? new CatalogChangedError(result.message) : new Error(`the index could not be built: ${result.message}`);
}
