// Built catalog indexes kept on disk beside the catalog: an import writes the index of the
// generation it made, a server that had to build one writes it too, and a start (or a new
// generation seen by a running server) reads it instead of building it again: half a second
// instead of ten at a million hotels. A file is used only for the same generation of the same
// catalog, the same gazetteer and the same code; any other file is ignored and, after a while,
// removed. With PostgreSQL the files also go to the database's file shelf, for instances on
// other disks.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CatalogVersion } from '../catalog/store.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { codeFingerprint } from '../snapshot/code-fingerprint.js';
import type { FileShelf } from '../storage/file-shelf.js';
import type { GraphRegions, OpenedGraph, SnapshotClasses } from '../snapshot/graph-file.js';
import { hasSaved, openSavedInBackground, readOpened, saveInFolder, unopened } from '../snapshot/saved-graph.js';
import { CatalogIndex } from './catalog-index.js';
import { CircleCounter } from './circle-count.js';
import { CityNames } from './city-names.js';
import { CityWordLists } from './city-words.js';
import { ExactNames } from './exact-names.js';
import { HotelSuggestions } from './hotel-suggestions.js';
import { HotelTable } from './hotel-table.js';
import { IndexBuffer } from './index-buffer.js';
import { KdTree } from './kd-tree.js';
import { KeyIndex } from '../text/key-index.js';
import { NameGroups } from './name-groups.js';
import { NameIndex } from './name-index.js';
import { NameReader } from './name-reading.js';
import { RangeBest } from './prefix-ranges.js';
import { SortedTexts } from './sorted-texts.js';
import { InternedColumn, OptionalStringColumn, StringColumn } from './string-column.js';
import { SuggestionRows } from './suggestion-rows.js';
import { TopK } from './top-k.js';
import { WordPairLists } from './word-pairs.js';
import { makeDirectories } from '../storage/directories.js';

/** Every class a catalog index is made of. */
export const INDEX_CLASSES: SnapshotClasses = {
  CatalogIndex,
  CircleCounter,
  CityNames,
  CityWordLists,
  ExactNames,
  HotelSuggestions,
  HotelTable,
  IndexBuffer,
  InternedColumn,
  KdTree,
  KeyIndex,
  NameGroups,
  NameIndex,
  NameReader,
  OptionalStringColumn,
  RangeBest,
  SortedTexts,
  StringColumn,
  SuggestionRows,
  TopK,
  WordPairLists,
};

const PREFIX = 'catalog-index-';

interface SnapshotMeta {
  kind: 'catalog-index';
  code: string;
  gazetteer: string;
  generation: number;
  hotelCount: number;
  importedAt: string;
  source: string;
}

function metaOf(version: CatalogVersion, gazetteer: Gazetteer): SnapshotMeta | null {
  return gazetteer.identity === null ? null : metaFor(version, gazetteer.identity);
}

function metaFor(version: CatalogVersion, gazetteerIdentity: string): SnapshotMeta {
  return {
    kind: 'catalog-index',
    code: codeFingerprint(),
    gazetteer: gazetteerIdentity,
    generation: version.generation,
    hotelCount: version.hotelCount,
    importedAt: version.importedAt,
    source: version.source,
  };
}

/** Where a data directory keeps its built indexes. */
export function indexDirectory(dataDir: string): string {
  return join(dataDir, 'indexes');
}

/** The folder of index files of a data directory, and what is done with them. */
export class IndexSnapshots {
  /** A file being read in the background, for load() to take when it wants the same meta. */
  private prefetched: { meta: string; opened: Promise<OpenedGraph> } | null = null;

  /**
   * `shelf`: where instances on other disks put theirs (PostgreSQL), or null. `shared`: files are
   * read into shared memory, and load() gives their regions, for serving threads to decode.
   */
  constructor(
    readonly dir: string,
    private readonly shelf: FileShelf | null = null,
    private readonly shared = false,
  ) {}

  /**
   * Copies this generation's file from the shelf when this data directory has none; true when
   * it did. Throws what the shelf throws (the caller builds the index then).
   */
  async fetch(version: CatalogVersion, gazetteer: Gazetteer): Promise<boolean> {
    const meta = metaOf(version, gazetteer);
    if (!this.shelf || meta === null || existsSync(this.pathOf(meta))) return false;
    makeDirectories(this.dir);
    return this.shelf.get(basename(this.pathOf(meta)), this.pathOf(meta));
  }

  /**
   * Puts a saved file on the shelf for instances on other disks (nothing without one), unless
   * the shelf has it already; `replace` when the file of that name found before was not usable.
   */
  async share(path: string, replace = false): Promise<void> {
    if (this.shelf) await this.shelf.put(path, PREFIX, { replace });
  }

  private pathOf(meta: SnapshotMeta): string {
    return join(this.dir, `${PREFIX}${meta.generation}-${meta.code.slice(0, 12)}.bin`);
  }

  /** Whether this generation's index is saved (for this code and gazetteer). */
  has(version: CatalogVersion, gazetteer: Gazetteer): boolean {
    const meta = metaOf(version, gazetteer);
    return meta !== null && hasSaved(this.pathOf(meta), meta);
  }

  /**
   * Starts reading this generation's saved index on libuv's threads, when there is one, for
   * load() to take: a start does so before it decodes the gazetteer, which the index's decoding
   * needs but its reading does not (`gazetteerIdentity`: what the gazetteer will be known by).
   */
  prefetch(version: CatalogVersion, gazetteerIdentity: string): void {
    const meta = metaFor(version, gazetteerIdentity);
    try {
      const opened = openSavedInBackground(this.pathOf(meta), meta, this.shared);
      // A failure is load()'s to report; a prefetch nobody takes is dropped by the next load().
      opened.catch(() => {});
      this.prefetched = { meta: JSON.stringify(meta), opened };
    } catch {
      // No file, or one unreadable now: load() opens it again, and reports why it cannot.
    }
  }

  /**
   * The saved index of this generation, or null when there is none for it (or it cannot be
   * read: the caller builds the index then). Throws nothing.
   */
  async load(version: CatalogVersion, gazetteer: Gazetteer): Promise<{ index: CatalogIndex | null; problem?: unknown; regions?: GraphRegions }> {
    const prefetched = this.prefetched;
    this.prefetched = null;
    const meta = metaOf(version, gazetteer);
    if (meta === null) return { index: null };
    const path = this.pathOf(meta);
    let opened: OpenedGraph;
    try {
      // Read on libuv's threads either way: a running server switching to a new generation goes on
      // answering while the file is read, and pauses only to decode it.
      opened = await (prefetched?.meta === JSON.stringify(meta) ? prefetched.opened : openSavedInBackground(path, meta, this.shared));
    } catch (error) {
      return { index: null, problem: unopened(error).problem };
    }
    const { value, problem } = readOpened(opened, meta, { classes: INDEX_CLASSES, externals: { gazetteer } });
    if (value === null) return { index: null, problem };
    if (!(value instanceof CatalogIndex) || value.size !== version.hotelCount) return { index: null, problem: new Error(`${path} does not hold the index it says`) };
    return { index: value, regions: opened.regions };
  }

  /** Writes an index (whole, by a rename) and removes old files; returns the file's path, or null for an ad-hoc gazetteer. */
  save(index: CatalogIndex, gazetteer: Gazetteer): string | null {
    const meta = metaOf(index.version, gazetteer);
    if (meta === null) return null;
    const path = this.pathOf(meta);
    saveInFolder(this.dir, PREFIX, path, meta, index, { classes: INDEX_CLASSES, externals: { gazetteer } });
    return path;
  }
}
