// Where the catalog lives. The embedded SQLite store is the default; others (PostgreSQL)
// implement the same contract and run the same tests.
import type { HotelCardRow, HotelRecord } from './hotel.js';

/**
 * A hotel's card as a scan reads it, with where the store keeps the hotel when it can say (`at`:
 * SQLite's rowid), for a detail read to go there without looking the id up.
 */
export type ScannedCard = HotelCardRow & { at?: number };

export interface CatalogVersion {
  /** Increases with every successful import; the running servers compare it to switch. */
  generation: number;
  hotelCount: number;
  importedAt: string;
  /** What the catalog came from: a feed file name, or the demo generator. */
  source: string;
}

/** How an import takes its turn: one import at a time writes the catalog; the others wait. */
export interface ImportTurn {
  /** Called once when another import holds the catalog, before this one waits for it (without a time limit). */
  onWait?: () => void;
  /**
   * Called when the new generation's rows are written and before anyone can see them, with its
   * version and its hotels' cards as scanCards gives them: an import makes the catalog's index
   * here, so that servers find it saved when they see the catalog. What it throws stops the
   * import and changes nothing.
   */
  beforePublish?: (version: CatalogVersion, cards: AsyncIterable<ScannedCard[]>) => Promise<void>;
}

export interface CatalogStore {
  /** The catalog in use, or null before the first import. */
  current(): Promise<CatalogVersion | null>;

  /** The index fields of every hotel of a generation, in id order, a batch at a time. */
  scanCards(generation: number, batchSize?: number): AsyncIterable<ScannedCard[]>;

  /**
   * A hotel of the catalog in use. `at`: where a scan of the catalog found it (ScannedCard.at),
   * read there first when the store can; a hint only, checked against the id.
   */
  getHotel(id: string, at?: number): Promise<HotelRecord | null>;

  /**
   * Replaces the whole catalog with the records, atomically, in its turn after any import under
   * way: if the records end in an error, nothing changes and the error is rethrown. The rows of
   * older catalogs are deleted in the same transaction. Returns the new version.
   */
  replaceCatalog(records: AsyncIterable<HotelRecord>, source: string, turn?: ImportTurn): Promise<CatalogVersion>;

  /**
   * Fills a store that has no catalog yet (the demo catalog), deciding in its import turn, so
   * that a feed imported meanwhile is never replaced. Returns null, reading no record, when
   * the store has a catalog.
   */
  fillEmptyCatalog(records: AsyncIterable<HotelRecord>, source: string, turn?: ImportTurn): Promise<CatalogVersion | null>;

  close(): Promise<void>;
}
