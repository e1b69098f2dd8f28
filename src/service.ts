// The composition root: builds the service's parts from the configuration. The HTTP server,
// the CLI and the tests all start the service through here.
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { AccessGate } from './access/access-gate.js';
import { ensureCatalog } from './catalog/demo-catalog.js';
import { SqliteCatalogStore } from './catalog/sqlite-catalog-store.js';
import type { CatalogStore } from './catalog/store.js';
import { ConfigError, type Config } from './config.js';
import { buildHttpApp } from './http/server.js';
import { InProcessCounters } from './limits/in-process-counters.js';
import { AffiliateLinker } from './links/affiliate-link.js';
import type { LinkSettings } from './links/link-settings.js';
import { GazetteerResolver } from './places/destination-resolver.js';
import { builtInGazetteer, type Gazetteer } from './places/gazetteer.js';
import { GazetteerPlaceProvider } from './places/place-provider.js';
import { LiveIndex } from './search/live-index.js';
import { openSqlite } from './storage/sqlite.js';

export interface ServiceOverrides {
  /** The clock of allowance windows (tests move it). */
  now?: () => number;
  logger?: Logger;
}

export interface Service {
  http: FastifyInstance;
  liveIndex: LiveIndex;
  store: CatalogStore;
  gazetteer: Gazetteer;
  logger: Logger;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL });
}

export function linkSettings(config: Config): LinkSettings {
  return {
    mainSite: config.MAIN_SITE,
    travelSite: config.TRAVEL_SITE,
    affiliateParam: config.AFFILIATE_PARAM,
    subIdParam: config.SUB_ID_PARAM,
  };
}

/** Opens the catalog store the configuration names. */
export function openCatalogStore(config: Config): CatalogStore {
  if (config.DATABASE_URL) {
    throw new ConfigError('configuration: DATABASE_URL is set, but PostgreSQL storage is not available yet; unset it to use the embedded database');
  }
  return new SqliteCatalogStore(openSqlite(config.DATA_DIR));
}

export async function createService(config: Config, overrides: ServiceOverrides = {}): Promise<Service> {
  const logger = overrides.logger ?? createLogger(config);
  const gazetteer = builtInGazetteer();
  const store = openCatalogStore(config);
  if (config.DEMO_CATALOG) await ensureCatalog(store, gazetteer, config.DEMO_HOTELS, logger);
  const liveIndex = new LiveIndex(store, gazetteer, logger, config.CATALOG_POLL_SECONDS * 1000);
  await liveIndex.start();

  const links = linkSettings(config);
  const allowances = {
    keylessPerHour: config.LIMIT_KEYLESS_PER_HOUR,
    standardPerDay: config.LIMIT_STANDARD_PER_DAY,
    partnerPerDay: config.LIMIT_PARTNER_PER_DAY,
  };
  const counters = new InProcessCounters(overrides.now);
  const gate = new AccessGate(null, counters, allowances, overrides.now);
  const http = await buildHttpApp({
    services: {
      liveIndex,
      store,
      resolver: new GazetteerResolver(gazetteer),
      places: new GazetteerPlaceProvider(gazetteer),
      links,
      linker: new AffiliateLinker(links),
    },
    gate,
    logger,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    trustedProxies: config.TRUSTED_PROXIES?.split(',').map((p) => p.trim()),
    docs: {
      serviceName: config.SERVICE_NAME,
      mainSite: config.MAIN_SITE,
      affiliateParam: config.AFFILIATE_PARAM,
      subIdParam: config.SUB_ID_PARAM,
      signupUrl: config.AFFILIATE_SIGNUP_URL,
      ...allowances,
    },
  });

  return {
    http,
    liveIndex,
    store,
    gazetteer,
    logger,
    async close() {
      liveIndex.stop();
      await http.close();
      await counters.close();
      await store.close();
    },
  };
}
