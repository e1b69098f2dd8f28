// The composition root: builds the service's parts from the configuration. The HTTP server,
// the CLI and the tests all start the service through here.
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { AccessGate } from './access/access-gate.js';
import { ensureCatalog } from './catalog/demo-catalog.js';
import { TurnLogLines } from './log-lines.js';
import { HotHotels } from './catalog/hot-hotels.js';
import { USAGE_DEFAULTS, UsageRecorder } from './usage/usage-recorder.js';
import { demoPhotoBase } from './catalog/demo-photos.js';
import type { CatalogStore, CatalogVersion } from './catalog/store.js';
import { configurationFailure, trustedProxyList, type Config } from './config.js';
import { buildHttpApp } from './http/server.js';
import type { KeyStore } from './keys/key-store.js';
import { KeyManagement } from './keys/key-management.js';
import { failingAsUnavailable } from './errors.js';
import type { AccountStores } from './keys/account-stores.js';
import type { CounterStore } from './limits/counter-store.js';
import type { CounterSnapshots } from './limits/counter-snapshots.js';
import { InProcessCounters } from './limits/in-process-counters.js';
import { openSharedCounters } from './limits/redis-start.js';
import { ServiceMetrics } from './metrics.js';
import { AffiliateLinker } from './links/affiliate-link.js';
import type { LinkSettings } from './links/link-settings.js';
import { GazetteerResolver } from './places/destination-resolver.js';
import type { Gazetteer } from './places/gazetteer.js';
import { LocalNames } from './places/local-names.js';
import { gazetteerFilePath, gazetteerIdentity } from './places/gazetteer-file.js';
import { openPlaceIndexes, type OpenedPlaces } from './places/saved-places.js';
import type { FileShelf } from './storage/file-shelf.js';
import { CachedPlaceProvider } from './places/cached-places.js';
import { GooglePlacesProvider } from './places/google-places.js';
import { GazetteerPlaceProvider, RoutingPlaceProvider, type PlaceProvider } from './places/place-provider.js';
import { IndexSnapshots, indexDirectory } from './search/index-snapshot.js';
import { LiveIndex, type IndexInUse } from './search/live-index.js';
import type { CatalogIndex } from './search/catalog-index.js';
import { inSharedMemory } from './search/shared-index.js';
import type { GraphRegions } from './snapshot/graph-file.js';
import { ServingThreads } from './threads/serving-threads.js';
import { buildIndexAside } from './threads/index-builder.js';
import { ShelfReadAside } from './threads/shelf-reader.js';
import { openStorage } from './storage/storage.js';

/** What a serving thread (src/threads) takes from the main thread instead of keeping its own. */
export interface ThreadRole {
  /** Which serving thread this is, from 1 (the main thread is none). */
  number: number;
  /** The process's exact allowance counts, kept by the main thread. */
  counters: CounterStore;
  /** The process's metrics, every thread's, gathered by the main thread. */
  metricsText(): Promise<string>;
  /** The index in use, read or built by the main thread and decoded here with this thread's gazetteer. */
  index(gazetteer: Gazetteer): IndexInUse;
}

export interface ServiceOverrides {
  /** The clock of allowance windows (tests move it). */
  now?: () => number;
  logger?: Logger;
  /** Builds a serving thread's service rather than the main one's. */
  thread?: ThreadRole;
}

export interface Service {
  http: FastifyInstance;
  liveIndex: IndexInUse;
  /** The other threads answering on the port (HTTP_THREADS), started once this one listens; null with one. */
  threads: ServingThreads | null;
  store: CatalogStore;
  keys: KeyStore;
  /** Operators' keys, the audit of key changes, console sessions. */
  account: AccountStores;
  metrics: ServiceMetrics;
  /** What the service did for each key, counted and written to the database. */
  usage: UsageRecorder;
  gazetteer: Gazetteer;
  logger: Logger;
  /** The process's metrics in Prometheus's text format (every thread's, summed). */
  metricsText(): Promise<string>;
  /** Begins shutdown: readiness reports unready and every answer closes its connection. */
  beginDrain(): void;
  close(): Promise<void>;
}

/** The service's log: JSON lines on standard output, written once per turn of the event loop (log-lines.ts). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL }, new TurnLogLines());
}

export function linkSettings(config: Config): LinkSettings {
  return {
    mainSite: config.MAIN_SITE,
    travelSite: config.TRAVEL_SITE,
    affiliateParam: config.AFFILIATE_PARAM,
    subIdParam: config.SUB_ID_PARAM,
    langParam: config.LANG_PARAM,
    currencyParam: config.CURRENCY_PARAM,
  };
}

/** The configured external places API, behind its cache; null without a key. */
function externalPlaces(config: Config): PlaceProvider | null {
  if (!config.PLACES_API_KEY) return null;
  const google = new GooglePlacesProvider({ baseUrl: config.PLACES_API_URL, apiKey: config.PLACES_API_KEY, timeoutMs: config.PLACES_TIMEOUT_MS });
  return config.PLACES_CACHE_SIZE > 0 ? new CachedPlaceProvider(google, config.PLACES_CACHE_SIZE) : google;
}

/** The gazetteer of the data directory (a loaded GeoNames dump, else the bundled data) and its suggestions. */
async function openPlaces(config: Config, logger: Logger, shelf: FileShelf | null): Promise<OpenedPlaces> {
  const dataDir = config.DATA_DIR;
  try {
    return await openPlaceIndexes(dataDir, config.SAVED_INDEXES ? indexDirectory(dataDir) : null, logger, shelf);
  } catch (error) {
    throw configurationFailure('DATA_DIR', `the loaded gazetteer ${gazetteerFilePath(dataDir)} cannot be read; load it again or run "hotel-affiliate gazetteer reset"`, error);
  }
}

/**
 * Starts reading the catalog's saved index from disk, to be read while the gazetteer is decoded
 * (decoding the index needs the gazetteer, reading it does not): half a second of a start at 1M
 * hotels on a slow day. Never throws: the start then reads or builds the index as before.
 */
async function prefetchCatalogIndex(snapshots: IndexSnapshots, store: CatalogStore, dataDir: string): Promise<void> {
  try {
    const version = await store.current();
    if (version) snapshots.prefetch(version, gazetteerIdentity(dataDir));
  } catch {
    // The catalog is read again when the index is loaded, and a failure reported there.
  }
}

/** A running server's build of a catalog nobody saved an index for, on a thread of its own. */
async function buildAside(config: Config, version: CatalogVersion, replace: boolean, logger: Logger): Promise<GraphRegions> {
  const built = await buildIndexAside(config, version, replace);
  logger.info({ generation: version.generation, ms: built.buildMs, saved: built.saved }, 'catalog index built on a thread of its own');
  if (built.saveProblem) logger.warn({ reason: built.saveProblem }, 'catalog index not saved; the next start builds it again');
  return built.regions;
}

function saveCounts(snapshots: CounterSnapshots, counters: InProcessCounters, logger: Logger): void {
  try {
    snapshots.save(counters.entries());
  } catch (error) {
    // A database busy with a long import, or gone: the next start gives fresh allowances.
    logger.warn({ err: error }, 'allowance counts not kept for the next start');
  }
}

export async function createService(config: Config, overrides: ServiceOverrides = {}): Promise<Service> {
  const logger = overrides.logger ?? createLogger(config);
  // The database first: a data directory or DATABASE_URL that cannot be used stops the start at once.
  const storage = await openStorage(config);
  const { thread } = overrides;
  const threaded = config.HTTP_THREADS > 1;
  // A serving thread takes its index from the main thread; with threads the main thread reads
  // saved indexes into shared memory.
  // A running server copies new catalogs' indexes from the shelf on a thread of its own.
  const shelf = storage.shelf && config.DATABASE_URL ? new ShelfReadAside(storage.shelf, config.DATABASE_URL, config.DATABASE_TIMEOUT_MS) : storage.shelf;
  const snapshots = config.SAVED_INDEXES && !thread ? new IndexSnapshots(indexDirectory(config.DATA_DIR), shelf, threaded) : null;
  let opened: OpenedPlaces;
  try {
    if (snapshots) await prefetchCatalogIndex(snapshots, storage.catalog, config.DATA_DIR);
    opened = await openPlaces(config, logger, storage.shelf);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const { places } = opened;
  const { gazetteer } = places;
  const store = storage.catalog;
  // Process-wide figures (memory, processor) once, from the main thread.
  const metrics = new ServiceMetrics({ sharedLimiter: config.REDIS_URL !== undefined, postgres: config.DATABASE_URL !== undefined, servingThread: thread?.number });
  if (config.DEMO_CATALOG && !thread) await ensureCatalog(store, gazetteer, config.DEMO_HOTELS, demoPhotoBase(config), logger);
  const local = new InProcessCounters(overrides.now);
  const threads = threaded && !thread ? new ServingThreads(config.HTTP_THREADS - 1, config, local, metrics, logger) : null;
  const shareIndex = threads
    ? (index: CatalogIndex, regions: GraphRegions | undefined) => {
        const shared = inSharedMemory(index, regions, gazetteer);
        threads.publish(index.version.generation, shared.regions);
        return shared.index;
      }
    : null;
  const liveIndex = thread
    ? thread.index(gazetteer)
    : new LiveIndex(store, gazetteer, logger, config.CATALOG_POLL_SECONDS * 1000, {
        snapshots,
        share: shareIndex,
        buildAside: (version, replace) => buildAside(config, version, replace, logger),
        turn: storage.switchTurn,
      });
  await liveIndex.start();

  const links = linkSettings(config);
  const allowances = {
    keylessPerHour: config.LIMIT_KEYLESS_PER_HOUR,
    standardPerDay: config.LIMIT_STANDARD_PER_DAY,
    partnerPerDay: config.LIMIT_PARTNER_PER_DAY,
  };
  metrics.catalogSize = () => liveIndex.current?.size ?? 0;
  if (threads) metrics.httpThreads = () => 1 + threads.listeningCount;
  // Counting on its own (no Redis), the instance keeps its counts across a restart where it can.
  const kept = config.REDIS_URL || thread ? null : storage.counterSnapshots;
  if (kept) local.restore(kept.load());
  // A serving thread counts on the main thread's counts: the process's allowances stay exact.
  const localCounts: CounterStore = thread ? thread.counters : local;
  let counters: CounterStore = localCounts;
  if (config.REDIS_URL) {
    try {
      counters = await openSharedCounters(config.REDIS_URL, config, logger, metrics, localCounts);
    } catch (error) {
      liveIndex.stop();
      await storage.close();
      throw error;
    }
  }
  const gate = new AccessGate(storage.keys, counters, allowances, overrides.now);
  const keyManagement = new KeyManagement(storage.keys, storage.account, overrides.now);
  const usage = new UsageRecorder(storage.usage, logger, { ...USAGE_DEFAULTS, flushMs: config.USAGE_FLUSH_SECONDS * 1000 }, overrides.now);
  usage.onFlushFailed = () => metrics.operations.usageFlushFailures.inc();
  usage.start();
  metrics.operations.sources = {
    catalog: () => liveIndex.current?.version ?? null,
    pool: storage.pool?.figures,
    databaseUp: storage.pool?.up,
  };
  let draining = false;
  const metricsText = thread ? () => thread.metricsText() : threads ? () => threads.metricsText() : () => metrics.registry.metrics();
  const http = await buildHttpApp({
    services: {
      liveIndex,
      store,
      resolver: new GazetteerResolver(gazetteer, (text, hotelCount) => places.suggestions.beginningOf(text, hotelCount)),
      placeSuggestions: places.suggestions,
      names: new LocalNames(gazetteer),
      places: new RoutingPlaceProvider(new GazetteerPlaceProvider(gazetteer), externalPlaces(config)),
      links,
      linker: new AffiliateLinker(links),
      // HOT_HOTELS is the process's: each serving thread keeps its share. A hotel not kept is
      // read where the index in use found it (a hint the store checks against the id).
      hotHotels: new HotHotels((id) => store.getHotel(id, liveIndex.current?.storeRowOf(id)), () => liveIndex.current?.version.generation ?? -1, Math.ceil(config.HOT_HOTELS / config.HTTP_THREADS)),
      usage,
      keys: failingAsUnavailable(storage.keys, 'keys cannot be read right now (the database does not answer); try again shortly'),
      keyManagement,
    },
    accounts: { keys: storage.keys, account: storage.account, management: keyManagement, usage, counters },
    onCall: (operation, caller, outcome) => metrics.countOutcome(operation.id, caller.tier, outcome),
    gate,
    logger,
    metrics,
    metricsText,
    metricsRoute: config.METRICS_PORT === undefined,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    trustedProxies: trustedProxyList(config),
    health: {
      catalog: () => {
        const index = liveIndex.current;
        return index ? { generation: index.version.generation, hotels: index.size } : null;
      },
      database: async () => void (await store.current()),
      databaseShared: config.DATABASE_URL !== undefined,
      sharedCounters: () => counters.sharedStoreUp(),
      draining: () => draining,
    },
    docs: {
      serviceName: config.SERVICE_NAME,
      mainSite: config.MAIN_SITE,
      affiliateParam: config.AFFILIATE_PARAM,
      subIdParam: config.SUB_ID_PARAM,
      langParam: config.LANG_PARAM,
      currencyParam: config.CURRENCY_PARAM,
      signupUrl: config.AFFILIATE_SIGNUP_URL,
      ...allowances,
    },
  });

  return {
    http,
    liveIndex,
    threads,
    store,
    keys: storage.keys,
    account: storage.account,
    metrics,
    usage,
    gazetteer,
    logger,
    metricsText,
    beginDrain() {
      draining = true;
      threads?.beginDrain();
    },
    async close() {
      liveIndex.stop();
      // The threads answer what they have while the counts they ask for are still here.
      await Promise.all([http.close(), threads?.close()]);
      // What the calls answered since the last flush is written before the database closes.
      await usage.close();
      if (kept) saveCounts(kept, local, logger);
      await counters.close();
      // Files still being copied to the database finish before it is closed.
      await Promise.all([liveIndex.settled(), opened.sharing]);
      await storage.close();
    },
  };
}
