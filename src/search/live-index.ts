// The index of the catalog in use. It watches the store and, when an import lands, builds the
// new index beside the old one and swaps them: requests never wait for a load and never fail
// because of one; a request holds the index it started with until it ends.
import type { Logger } from 'pino';
import type { CatalogStore, CatalogVersion } from '../catalog/store.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { CatalogChangedError, loadCatalogIndex, type CatalogIndex } from './catalog-index.js';
import { importUnderWay } from './import-marker.js';
import type { IndexSnapshots } from './index-snapshot.js';
import type { GraphRegions } from '../snapshot/graph-file.js';

/** How long after switching to an index it built a running server waits to save it. */
const SAVE_AFTER_SWITCH_MS = 30_000;
/** How long a running server waits for the index an import under way saves, checking this often. */
const IMPORT_SAVE_WAIT_MS = 5 * 60_000;
const IMPORT_SAVE_CHECK_MS = 250;

/** The catalog index in use, as the service's parts see it: this thread's LiveIndex, or a serving thread's copy of it. */
export interface IndexInUse {
  /** The index in use, or null when no catalog has been imported yet. */
  readonly current: CatalogIndex | null;
  start(): Promise<void>;
  stop(): void;
  /** Waits for work under way (a file being shared) before the database closes. */
  settled(): Promise<void>;
  /** Switches to the store's catalog if it is newer than the one in use. Never throws. */
  refresh(): Promise<void>;
}

export class LiveIndex implements IndexInUse {
  private index: CatalogIndex | null = null;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | null = null;
  private pendingSave: NodeJS.Timeout | undefined;
  /** A saved file being copied to the shelf. */
  private sharing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: CatalogStore,
    private readonly gazetteer: Gazetteer,
    private readonly logger: Logger,
    private readonly pollMs: number,
    /** Where built indexes are kept: read instead of building, written after building; null: always build. */
    private readonly snapshots: IndexSnapshots | null = null,
    /**
     * With serving threads: given each index switched to (and its regions when read into shared
     * memory), gives the index to use, the same in shared memory, and hands it to the threads.
     */
    private readonly share: ((index: CatalogIndex, regions: GraphRegions | undefined) => CatalogIndex) | null = null,
  ) {}

  /** The index in use, or null when no catalog has been imported yet. */
  get current(): CatalogIndex | null {
    return this.index;
  }

  /** Loads the catalog in use now, then keeps watching for new ones. */
  async start(): Promise<void> {
    await this.refresh();
    if (this.pollMs > 0) {
      this.timer = setInterval(() => void this.refresh(), this.pollMs);
      this.timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.pendingSave);
  }

  /** Waits for a file being copied to the shelf (before the database is closed). */
  async settled(): Promise<void> {
    await this.sharing;
  }

  /** Switches to the store's catalog if it is newer than the one in use. Never throws. */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const version = await this.store.current();
        if (!version || version.generation === this.index?.version.generation) return;
        const starting = this.index === null;
        const started = performance.now();
        await this.fetchShared(version);
        if (!starting && !(await this.importSaved(version))) return;
        const { index: saved, unreadable, regions } = await this.savedIndex(version);
        const loaded = saved ?? (await loadCatalogIndex(this.store, version, this.gazetteer));
        const index = this.share ? this.share(loaded, regions) : loaded;
        this.index = index;
        this.logger.info(
          {
            generation: version.generation,
            hotels: version.hotelCount,
            source: version.source,
            index: saved ? 'read from its file' : 'built',
            ms: Math.round(performance.now() - started),
          },
          'catalog index switched',
        );
        if (saved) return;
        // At start, before answering; on a switch, later (saving pauses the process for a second
        // or more), and only if the import that made the catalog did not save it meanwhile.
        if (starting) this.save(index, unreadable);
        else this.saveLater(index, unreadable);
        return;
      } catch (error) {
        if (error instanceof CatalogChangedError && attempt < 3) continue;
        this.logger.warn({ err: error }, 'catalog index not refreshed; keeping the one in use');
        return;
      }
    }
  }

  /**
   * On a switch, while an import marked in the index folder is under way and this generation's
   * index is not saved yet, waits for the import to save it (reading it pauses answering far
   * less than building it). False when a newer catalog came meanwhile: the next refresh takes it.
   */
  private async importSaved(version: CatalogVersion): Promise<boolean> {
    if (!this.snapshots) return true;
    const until = performance.now() + IMPORT_SAVE_WAIT_MS;
    let said = false;
    while (importUnderWay(this.snapshots.dir) && !this.snapshots.has(version, this.gazetteer) && performance.now() < until) {
      if (!said) this.logger.info({ generation: version.generation }, 'waiting for the import under way to save the new catalog index');
      said = true;
      await new Promise((resolve) => setTimeout(resolve, IMPORT_SAVE_CHECK_MS));
      if ((await this.store.current())?.generation !== version.generation) return false;
    }
    return true;
  }

  /** Copies the generation's file from the shelf (PostgreSQL) when this data directory has none. */
  private async fetchShared(version: CatalogVersion): Promise<void> {
    if (!this.snapshots) return;
    try {
      const started = performance.now();
      if (await this.snapshots.fetch(version, this.gazetteer)) {
        this.logger.info({ generation: version.generation, ms: Math.round(performance.now() - started) }, 'saved catalog index copied from the database');
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'saved catalog index not copied from the database; building it');
    }
  }

  /** The generation's index as saved, or null (none saved, or unreadable: then it is built). */
  private async savedIndex(version: CatalogVersion): Promise<{ index: CatalogIndex | null; unreadable: boolean; regions?: GraphRegions }> {
    if (!this.snapshots) return { index: null, unreadable: false };
    const { index, problem, regions } = await this.snapshots.load(version, this.gazetteer);
    if (problem) this.logger.warn({ err: problem }, 'saved catalog index not readable; building it from the catalog');
    return { index, unreadable: problem !== undefined, regions };
  }

  private saveLater(index: CatalogIndex, replace: boolean): void {
    clearTimeout(this.pendingSave);
    this.pendingSave = setTimeout(() => {
      if (this.index === index) this.save(index, replace);
    }, SAVE_AFTER_SWITCH_MS);
    this.pendingSave.unref();
  }

  /**
   * Keeps a built index for the next start, unless an import (or another server) saved it
   * meanwhile; a file found unreadable is replaced.
   */
  private save(index: CatalogIndex, replace: boolean): void {
    if (!this.snapshots || (!replace && this.snapshots.has(index.version, this.gazetteer))) return;
    const started = performance.now();
    try {
      const path = this.snapshots.save(index, this.gazetteer);
      if (!path) return;
      this.logger.info({ path, ms: Math.round(performance.now() - started) }, 'catalog index saved for the next start');
      // For instances on other disks; in the background, the copy is only a head start for them.
      this.sharing = this.snapshots.share(path).catch((error: unknown) => this.logger.warn({ err: error }, 'saved catalog index not copied to the database'));
    } catch (error) {
      this.logger.warn({ err: error }, 'catalog index not saved; the next start builds it again');
    }
  }
}
