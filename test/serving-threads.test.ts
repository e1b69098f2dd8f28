// HTTP_THREADS=2: one process answering on one port from two threads. Seen from outside it is
// one instance: a caller's allowance is exact whichever thread answers, /metrics counts every
// thread's calls, a newly imported catalog reaches every thread, SIGTERM loses no usage, and a
// port already taken is refused as it is with one thread. On PostgreSQL the allowances are
// counted in Redis, each thread with its own connection.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeedFile } from '../src/catalog/import.js';
import { loadConfig } from '../src/config.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { openStorage } from '../src/storage/storage.js';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startServiceProcess, waitFor, type ServiceProcess } from './support/service-process.js';
import { testDatabase, usePostgres, type TestDatabase } from './support/test-database.js';
import { writeFeed } from './support/test-service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-threads-'));
const KEYLESS_PER_HOUR = 25;
let db: TestDatabase;
/** The database, and with PostgreSQL the Redis counters too, as every process here is given them. */
let storageEnv: Record<string, string>;

async function importFixture(hotels = FIXTURE_HOTELS): Promise<number> {
  const storage = await openStorage(loadConfig({ DATA_DIR: dataDir, ...storageEnv }));
  try {
    return (await importFeedFile(storage.catalog, builtInGazetteer(), await writeFeed(dataDir, hotels))).generation;
  } finally {
    await storage.close();
  }
}

/** A GET on a connection of its own (the kernel spreads new connections over the threads), and its status and body. */
function getAlone(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    }).on('error', reject);
  });
}

function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

let s: ServiceProcess;
let partnerKey: string;

beforeAll(async () => {
  db = await testDatabase(dataDir);
  storageEnv = usePostgres ? { ...db.env, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `threads-test-${randomBytes(6).toString('hex')}:` } : {};
  await importFixture();
  const created = await runCli(dataDir, ['keys', 'create', '--tier', 'partner', '--code', 'threads'], storageEnv);
  expect(created.code).toBe(0);
  partnerKey = created.stdout.trim();
  s = await startServiceProcess({
    ...storageEnv,
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'false',
    HTTP_THREADS: '2',
    LIMIT_KEYLESS_PER_HOUR: String(KEYLESS_PER_HOUR),
    CATALOG_POLL_SECONDS: '0.2',
    SHUTDOWN_DELAY_SECONDS: '0',
    USAGE_FLUSH_SECONDS: '300',
    // Exact across threads, not the fail-open policy (tested on its own): a Redis call the busy
    // machine holds past the usual 250 ms must not be counted locally here.
    REDIS_TIMEOUT_MS: '5000',
  });
  await waitFor(() => s.logs.some((l) => l.msg === 'serving threads listening'), 'the second thread to listen', 30_000);
}, 60_000);

afterAll(async () => {
  s?.child.kill('SIGKILL');
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two serving threads on one port', () => {
  it('both answer, and a keyless caller gets exactly its allowance across them', async () => {
    expect(s.logs.find((l) => l.msg === 'serving threads listening')).toMatchObject({ threads: 2 });
    const calls = 4 * KEYLESS_PER_HOUR;
    const answers = await Promise.all(Array.from({ length: calls }, () => getAlone(`${s.baseUrl}/hotels/search?destination=Lisbon&limit=1`)));
    const statuses = answers.map((a) => a.status);
    expect(s.logs.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('shared allowance store unreachable'))).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(KEYLESS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(calls - KEYLESS_PER_HOUR);
    // Both threads answered some of them (their access lines say which).
    await waitFor(() => s.logs.filter((l) => l.msg === 'answered' && l.url === '/hotels/search?destination=Lisbon&limit=1').length === calls, 'every access line');
    const answered = s.logs.filter((l) => l.msg === 'answered' && l.url === '/hotels/search?destination=Lisbon&limit=1');
    const byServingThread = answered.filter((l) => l.thread === 'serving').length;
    expect(byServingThread).toBeGreaterThan(0);
    expect(byServingThread).toBeLessThan(calls);

    // /metrics, from whichever thread answers it, counts every thread's calls, and the process's memory once.
    for (let i = 0; i < 4; i++) {
      const metrics = (await getAlone(`${s.baseUrl}/metrics`)).body;
      expect(metricValue(metrics, 'hotel_affiliate_calls_total{operation="searchHotels",status="200"}')).toBe(KEYLESS_PER_HOUR);
      expect(metricValue(metrics, 'hotel_affiliate_calls_total{operation="searchHotels",status="429"}')).toBe(calls - KEYLESS_PER_HOUR);
      expect(metricValue(metrics, 'hotel_affiliate_catalog_hotels')).toBe(FIXTURE_HOTELS.length);
      expect(metricValue(metrics, 'hotel_affiliate_http_threads')).toBe(2);
      expect(metrics.match(/^process_resident_memory_bytes /gm)).toHaveLength(1);
      // Each thread's heap apart, the main one's and the serving thread's.
      const heaps = [...metrics.matchAll(/^hotel_affiliate_thread_heap_bytes\{thread="([^"]+)",state="used"\} (\d+)/gm)];
      expect(heaps.map((m) => m[1]).sort()).toEqual(['1', 'main']);
      for (const [, , bytes] of heaps) expect(Number(bytes)).toBeGreaterThan(1e6);
      // Both run under npm start's cap of the old generation (1 GB), the young generation's beside it.
      const limits = [...metrics.matchAll(/^hotel_affiliate_thread_heap_bytes\{thread="([^"]+)",state="limit"\} (\d+)/gm)];
      expect(limits.map((m) => m[1]).sort()).toEqual(['1', 'main']);
      for (const [, , bytes] of limits) expect(Number(bytes) / 2 ** 20).toBeGreaterThanOrEqual(1024);
      for (const [, , bytes] of limits) expect(Number(bytes) / 2 ** 20).toBeLessThan(1024 + 256);
      if (usePostgres) expect(metricValue(metrics, 'hotel_affiliate_limiter_shared_store_up')).toBe(1);
    }
  });

  it('switches every thread to a newly imported catalog', async () => {
    const generation = await importFixture(FIXTURE_HOTELS.slice(0, 5));
    const answeredBy = async () => {
      const ready = await Promise.all(Array.from({ length: 16 }, () => getAlone(`${s.baseUrl}/readyz`)));
      return ready.map((r) => (JSON.parse(r.body) as { catalog: { generation: number; hotels: number } }).catalog);
    };
    for (let tries = 0; tries < 100; tries++) {
      if ((await answeredBy()).every((c) => c.generation === generation)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set((await answeredBy()).map((c) => `${c.generation}/${c.hotels}`))).toEqual(new Set([`${generation}/5`]));
    const search = await getAlone(`${s.baseUrl}/hotels/search?destination=Lisbon`, { authorization: `Bearer ${partnerKey}` });
    expect((JSON.parse(search.body) as { total: number }).total).toBeLessThanOrEqual(5);
  });

  it('refuses to start a second instance on its port', async () => {
    const port = new URL(s.baseUrl).port;
    const second = startServiceProcess({ ...storageEnv, DATA_DIR: dataDir, DEMO_CATALOG: 'false', HTTP_THREADS: '2', PORT: port });
    await expect(second).rejects.toThrow('exited with 2');
  });

  it('on SIGTERM adds the usage every thread counted, and exits', async () => {
    const calls = 30;
    const answers = await Promise.all(
      Array.from({ length: calls }, () => getAlone(`${s.baseUrl}/hotels/search?destination=Lisbon&limit=1`, { authorization: `Bearer ${partnerKey}` })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.logs.at(-1)).toMatchObject({ msg: 'stopped', timedOut: false });
    // Usage is flushed every 300 s here: only the threads' flushes as they stop can have written it.
    const listed = await runCli(dataDir, ['keys', 'list', '--json'], storageEnv);
    const keys = JSON.parse(listed.stdout) as { affiliate_code: string; calls_today: number }[];
    // These calls, and the search made with the key after the catalog switch.
    expect(keys.find((k) => k.affiliate_code === 'threads')?.calls_today).toBe(calls + 1);
  });
});
