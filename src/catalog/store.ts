// Where the catalog lives. The embedded SQLite store is the default; others (PostgreSQL)
// implement the same contract and run the same tests.
import type { HotelCardRow, HotelRecord } from './hotel.js';

export interface CatalogVersion {
  /** Increases with every successful import; the running servers compare it to switch. */
  generation: number;
  hotelCount: number;
  importedAt: string;
  /** What the catalog came from: a feed file name, or the demo generator. */
  source: string;
}

export interface CatalogStore {
  /** The catalog in use, or null before the first import. */
  current(): Promise<CatalogVersion | null>;

  /** The index fields of every hotel of a generation, in id order, a batch at a time. */
  scanCards(generation: number, batchSize?: number): AsyncIterable<HotelCardRow[]>;

  /** A hotel of the catalog in use. */
  getHotel(id: string): Promise<HotelRecord | null>;

  /**
   * Replaces the whole catalog with the records, atomically: if the records end in an error,
   * nothing changes and the error is rethrown. Returns the new version.
   */
  replaceCatalog(records: AsyncIterable<HotelRecord>, source: string): Promise<CatalogVersion>;

  close(): Promise<void>;
}
