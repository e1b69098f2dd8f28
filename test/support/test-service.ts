// Starts the real service on a loopback port with a catalog made in the test, and talks to
// it over HTTP as a client would.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { HotelRecord } from '../../src/catalog/hotel.js';
import { importFeedFile } from '../../src/catalog/import.js';
import { loadConfig, type Config } from '../../src/config.js';
import { builtInGazetteer } from '../../src/places/gazetteer.js';
import { createService, type Service } from '../../src/service.js';
import { openStorage } from '../../src/storage/storage.js';
import { toNdjson } from './fixture-hotels.js';
import { testDatabase, type TestDatabase } from './test-database.js';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(startMs: number = Date.UTC(2026, 10, 23, 10, 0, 0)): TestClock {
  let current = startMs;
  return { now: () => current, set: (ms) => (current = ms), advance: (ms) => (current += ms) };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestService {
  baseUrl: string;
  config: Config;
  service: Service;
  dataDir: string;
  clock: TestClock;
  request<T = any>(path: string, init?: RequestInit): Promise<Answer<T>>;
  /** Imports a feed file through the CLI's import path. */
  importFeed(hotels: HotelRecord[] | string): Promise<unknown>;
  /** The database (SQLite, or a PostgreSQL schema under TEST_STORAGE=postgres); its env goes to the CLI too. */
  database: TestDatabase;
  close(): Promise<void>;
}

export async function writeFeed(dir: string, hotels: HotelRecord[] | string): Promise<string> {
  const file = join(dir, `feed-${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(file, typeof hotels === 'string' ? hotels : toNdjson(hotels));
  return file;
}

export interface TestServiceOptions {
  /** Where the test clock starts (Redis expiries are absolute: use the real time with Redis). */
  clockStart?: number;
  logger?: Logger;
  /** An existing data directory, shared with another instance. */
  dataDir?: string;
  /** The database of another instance, to share (with its data directory). */
  database?: TestDatabase;
}

export async function startTestService(
  hotels: HotelRecord[] | null,
  env: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<TestService> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hotel-affiliate-test-'));
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await testDatabase(dataDir));
  const config = loadConfig({
    ...database.env,
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'false',
    LOG_LEVEL: 'silent',
    CATALOG_POLL_SECONDS: '0.2',
    LIMIT_KEYLESS_PER_HOUR: '100000',
    // Saving indexes takes a second per start; saved-indexes.test.ts turns it on and compares answers.
    SAVED_INDEXES: 'false',
    // One serving thread unless a test asks for more (the default is one per processor).
    HTTP_THREADS: '1',
    ...env,
  });
  const importFeed = async (feed: HotelRecord[] | string) => {
    const storage = await openStorage(config);
    try {
      return await importFeedFile(storage.catalog, builtInGazetteer(), await writeFeed(dataDir, feed));
    } finally {
      await storage.close();
    }
  };
  if (hotels) await importFeed(hotels);
  const clock = testClock(options.clockStart);
  const service = await createService(config, { now: clock.now, logger: options.logger ?? pino({ level: 'silent' }) });
  await service.http.listen({ port: 0, host: '127.0.0.1' });
  const address = service.http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    config,
    service,
    dataDir,
    clock,
    async request(path, init) {
      const response = await fetch(`${baseUrl}${path}`, init);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON; keep the text
      }
      return { status: response.status, headers: response.headers, body: body as any };
    },
    importFeed,
    database,
    async close() {
      await service.close();
      if (ownsDatabase) await database.drop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON. */
export function jsonBody(value: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}
