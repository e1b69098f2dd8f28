// The index of the catalog in use. It watches the store and, when an import lands, loads the
// new index beside the old one and swaps them: requests never wait for a load and never fail
// because of one; a request holds the index it started with until it ends. A running server
// reads the index the import saved (copying it from the database first where it has to); when
// there is none it builds the index on a thread of its own (`buildAside`), never on the thread
// that answers.
import type { Logger } from 'pino';
import type { CatalogStore, CatalogVersion } from '../catalog/store.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { CatalogChangedError, loadCatalogIndex, type CatalogIndex } from './catalog-index.js';
import type { IndexSnapshots } from './index-snapshot.js';
import { indexFromRegions } from './shared-index.js';
import type { GraphRegions } from '../snapshot/graph-file.js';

/**
 * Catalogs smaller than this are built in place even by a running server: their build pauses
 * answering for less than a thread's start, which opens the store and reads the gazetteer
 * (about half a second, and more where the gazetteer is not saved), costs.
 */
export const BUILD_ASIDE_FROM_HOTELS = 10_000;

/** After a catalog's index could not be made, how long before trying that catalog again (each poll would otherwise). */
const RETRY_AFTER_FAILURE_MS = 60_000;

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

export interface LiveIndexOptions {
  /** Where built indexes are kept: read instead of building, written after building; null: always build. */
  snapshots?: IndexSnapshots | null;
  /**
   * With serving threads: given each index switched to (and its regions when in shared memory),
   * gives the index to use, the same in shared memory, and hands it to the threads.
   */
  share?: ((index: CatalogIndex, regions: GraphRegions | undefined) => CatalogIndex) | null;
  /**
   * Builds a generation's index off this thread (and keeps it when indexes are kept), for a
   * running server's switch, and gives it in shared memory; without it the switch builds here,
   * pausing answers meanwhile. `replace`: the saved file found for it could not be used.
   */
  buildAside?: ((version: CatalogVersion, replace: boolean) => Promise<GraphRegions>) | null;
  /**
   * Instances sharing a database switch in turns: waits for this one's, and gives what ends it.
   * Not asked at start (nothing is answered yet).
   */
  turn?: (() => Promise<() => Promise<void>>) | null;
}

export class LiveIndex implements IndexInUse {
  private index: CatalogIndex | null = null;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | null = null;
  /** A saved file being copied to the shelf. */
  private sharing: Promise<unknown> = Promise.resolve();
  /** The generation whose index could not be made lately, and until when it is not tried again. */
  private failed: { generation: number; until: number } | null = null;
  private readonly snapshots: IndexSnapshots | null;

  constructor(
    private readonly store: CatalogStore,
    private readonly gazetteer: Gazetteer,
    private readonly logger: Logger,
    private readonly pollMs: number,
    private readonly options: LiveIndexOptions = {},
  ) {
    this.snapshots = options.snapshots ?? null;
  }

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
      let version: CatalogVersion | null = null;
      try {
        version = await this.store.current();
        if (!version || version.generation === this.index?.version.generation) return;
        if (this.failed?.generation === version.generation && performance.now() < this.failed.until) return;
        const starting = this.index === null;
        const asked = performance.now();
        const endTurn = starting || !this.options.turn ? null : await this.options.turn();
        try {
          await this.switchTo(version, starting, endTurn ? Math.round(performance.now() - asked) : undefined);
        } finally {
          await endTurn?.();
        }
        this.failed = null;
        return;
      } catch (error) {
        if (error instanceof CatalogChangedError && attempt < 3) continue;
        if (version) this.failed = { generation: version.generation, until: performance.now() + RETRY_AFTER_FAILURE_MS };
        this.logger.warn({ err: error, retryInSeconds: RETRY_AFTER_FAILURE_MS / 1000 }, 'catalog index not refreshed; keeping the one in use');
        return;
      }
    }
  }

  /** Loads a generation's index (copied, read, built aside or in place) and puts it in use. */
  private async switchTo(version: CatalogVersion, starting: boolean, waitedForTurnMs: number | undefined): Promise<void> {
    const started = performance.now();
    await this.fetchShared(version);
    const { index: saved, unreadable, regions } = await this.savedIndex(version);
    let index: CatalogIndex;
    let how: string;
    if (saved) {
      index = this.share ? this.share(saved, regions) : saved;
      how = 'read from its file';
    } else if (!starting && this.options.buildAside && version.hotelCount >= BUILD_ASIDE_FROM_HOTELS) {
      // A running server: built on another thread; only decoding it pauses this one.
      const regions = await this.options.buildAside(version, unreadable);
      index = indexFromRegions(regions, this.gazetteer);
      if (this.share) index = this.share(index, regions);
      how = 'built on a thread of its own';
    } else {
      // At start, before answering (or a small catalog): built here, and kept for the next start.
      const built = await loadCatalogIndex(this.store, version, this.gazetteer);
      index = this.share ? this.share(built, undefined) : built;
      this.save(index, unreadable);
      how = 'built';
    }
    this.index = index;
    this.logger.info(
      { generation: version.generation, hotels: version.hotelCount, source: version.source, index: how, ms: Math.round(performance.now() - started), waitedForTurnMs },
      'catalog index switched',
    );
  }

  private get share() {
    return this.options.share ?? null;
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

  /** Keeps an index built at start for the next start; a file found unreadable is replaced. */
  private save(index: CatalogIndex, replace: boolean): void {
    if (!this.snapshots || (!replace && this.snapshots.has(index.version, this.gazetteer))) return;
    const started = performance.now();
    try {
      const path = this.snapshots.save(index, this.gazetteer);
      if (!path) return;
      this.logger.info({ path, ms: Math.round(performance.now() - started) }, 'catalog index saved for the next start');
      // For instances on other disks; in the background, the copy is only a head start for them.
      this.sharing = this.snapshots.share(path, replace).catch((error: unknown) => this.logger.warn({ err: error }, 'saved catalog index not copied to the database'));
    } catch (error) {
      this.logger.warn({ err: error }, 'catalog index not saved; the next start builds it again');
    }
  }
}
