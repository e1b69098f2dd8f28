// How much room a thread's V8 heap has once the service has read its catalog, indexes and
// gazetteer. npm start caps each thread's old generation (package.json's start script,
// --max-old-space-size=1024), and V8 sizes how far a heap may grow between full collections from
// that cap: up to 4× its live objects under the default cap of a large machine, about 1.6× under
// 1 GB. The cap is what keeps the service's memory after load near what it holds. A heap whose
// live objects come near it (a large GeoNames dump, say) would end in an out-of-memory exit under
// load instead, so the start says so while there is still room.
import { getHeapStatistics, type HeapInfo } from 'node:v8';
import type { Logger } from 'pino';

/** Past this share of its cap at start, a heap is too near it for the garbage of load. */
const TIGHT_SHARE = 0.5;

/** Logs the main thread's heap at start and its limit; a serving thread reads the same data. */
export function reportHeapRoom(logger: Logger, heap: Pick<HeapInfo, 'used_heap_size' | 'heap_size_limit'> = getHeapStatistics()): void {
  const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20);
  const room = { heapUsedMb: megabytes(heap.used_heap_size), heapLimitMb: megabytes(heap.heap_size_limit) };
  if (heap.used_heap_size > heap.heap_size_limit * TIGHT_SHARE) {
    logger.warn(room, 'the V8 heap is over half full at start (each serving thread holds as much): run the service with a higher --max-old-space-size before load fills it');
  } else {
    logger.info(room, 'the V8 heap at start (each serving thread holds as much)');
  }
}
