// The catalog index in shared memory, for serving threads (src/threads): one thread reads or
// builds it, and every thread decodes its own index from the same regions. Their typed arrays
// (the bulk of an index) are views onto the same memory, so a second thread costs the index's
// strings and objects, not its arrays. Scratch arrays are each thread's own (snapshot/scratch.ts).
import type { Gazetteer } from '../places/gazetteer.js';
import { decodeShared, encodeShared, type GraphRegions } from '../snapshot/graph-file.js';
import { CatalogIndex } from './catalog-index.js';
import { INDEX_CLASSES } from './index-snapshot.js';

/** An index in shared memory: the one this thread uses, and the regions other threads decode theirs from. */
export interface SharedIndex {
  index: CatalogIndex;
  regions: GraphRegions;
}

/**
 * The same index in shared memory: `regions` as read from its file (then `index` is already
 * theirs), else encoded now and decoded again (a second or so at a million hotels, only after
 * building one).
 */
export function inSharedMemory(index: CatalogIndex, regions: GraphRegions | undefined, gazetteer: Gazetteer): SharedIndex {
  if (regions) return { index, regions };
  const encoded = encodeShared(index, { classes: INDEX_CLASSES, externals: { gazetteer } });
  return { index: indexFromRegions(encoded, gazetteer), regions: encoded };
}

/** This thread's index decoded from another's regions (with this thread's gazetteer, the same data). */
export function indexFromRegions(regions: GraphRegions, gazetteer: Gazetteer): CatalogIndex {
  const index = decodeShared(regions, { classes: INDEX_CLASSES, externals: { gazetteer } });
  if (!(index instanceof CatalogIndex)) throw new Error('the shared regions do not hold a catalog index');
  return index;
}
