// The hotels people open most, kept in memory: a hotel's page is asked for again and again (the
// popular few of a catalog), and its record is the same until a new catalog is read. A read of
// the store costs a SQLite lookup and the parse of its lists, or a PostgreSQL round trip; a
// remembered one, a lookup. At most `capacity` records (least recently used go first); none is
// kept across catalogs, and a hotel that is not found is not remembered.
//
// lru-cache, not a Map re-inserted on each hit: with ids drawn from a whole catalog nearly every
// read misses and evicts, and evicting a Map's oldest entry (`keys().next()`) walks the deleted
// entries V8 keeps until it rehashes: 15-24 µs a miss in a full Map of 20,000 (ids drawn from a
// million), against 0.2-0.5 µs for lru-cache's linked list over fixed arrays (measured 2026-11-28).
//
// A hotel is kept only when opened a second time while its first opening is still remembered (a
// doorkeeper, as TinyLFU admits): with ids drawn from a whole catalog, keeping every record read
// made each one live long enough to be promoted to V8's old generation and then evicted, and that
// churn cost more than the cache saved (at 1M hotels under load, 57-74 µs of CPU an answer with
// 20,000 kept against 48-49 µs with none, 2026-11-29). The doorkeeper remembers four ids per kept
// record: a hotel opened more often than about once in that many calls is kept, one opened once
// in a while passes through.
import { LRUCache } from 'lru-cache';
import { SeenLately } from '../text/seen-lately.js';
import type { HotelRecord } from './hotel.js';

export class HotHotels {
  private readonly records: LRUCache<string, HotelRecord> | null;
  /** Ids opened lately: the doorkeeper (null when nothing is kept). */
  private readonly openedLately: SeenLately | null;
  private generation = -1;

  /**
   * @param read the store's read of a hotel of the catalog in use
   * @param currentGeneration the catalog the service answers from (its index's), or -1 before one
   */
  constructor(
    private readonly read: (id: string) => Promise<HotelRecord | null>,
    private readonly currentGeneration: () => number,
    capacity: number,
  ) {
    this.records = capacity > 0 ? new LRUCache({ max: capacity }) : null;
    this.openedLately = capacity > 0 ? new SeenLately(4 * capacity) : null;
  }

  get size(): number {
    return this.records?.size ?? 0;
  }

  async get(id: string): Promise<HotelRecord | null> {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.records?.clear();
      this.generation = generation;
    }
    const known = this.records?.get(id);
    if (known) return known;
    const record = await this.read(id);
    // Kept only if the catalog did not change while it was read, and the hotel was opened lately.
    if (record && this.records && generation === this.generation && this.openedLately!.again(id)) this.records.set(id, record);
    return record;
  }
}
