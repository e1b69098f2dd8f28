// The hotels people open most, kept in memory: a hotel's page is asked for again and again (the
// popular few of a catalog), and its record is the same until a new catalog is read. A read of
// the store costs a SQLite lookup and the parse of its lists, or a PostgreSQL round trip; a
// remembered one, a Map lookup. At most `capacity` records (least recently used go first); none
// is kept across catalogs, and a hotel that is not found is not remembered.
import type { HotelRecord } from './hotel.js';

export class HotHotels {
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  private readonly records = new Map<string, HotelRecord>();
  private generation = -1;

  /**
   * @param read the store's read of a hotel of the catalog in use
   * @param currentGeneration the catalog the service answers from (its index's), or -1 before one
   */
  constructor(
    private readonly read: (id: string) => Promise<HotelRecord | null>,
    private readonly currentGeneration: () => number,
    private readonly capacity: number,
  ) {}

  get size(): number {
    return this.records.size;
  }

  async get(id: string): Promise<HotelRecord | null> {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.records.clear();
      this.generation = generation;
    }
    const known = this.records.get(id);
    if (known) {
      this.records.delete(id);
      this.records.set(id, known);
      return known;
    }
    const record = await this.read(id);
    // Kept only if the catalog did not change while it was read.
    if (record && this.capacity > 0 && generation === this.generation) {
      this.records.set(id, record);
      if (this.records.size > this.capacity) this.records.delete(this.records.keys().next().value!);
    }
    return record;
  }
}
