// The service through PgBouncer in transaction pooling (pool_mode = transaction), as a deployment
// of many instances shares a few PostgreSQL connections. PgBouncer is given 4 server connections;
// two instances, each with a pool of 3 (DATABASE_POOL_MAX), plus the CLI, ask for more than that.
// The schema is chosen by the role's default search_path (ALTER ROLE ... SET search_path): the
// `options` of a URL, which the other tests use, is refused by PgBouncer (checked below).
// Checked through PgBouncer's port: migrations and imports under their advisory locks, a key
// created, concurrent keyed searches, hotel pages and POST /links on both instances with no call
// failing, a second import (a long transaction while the index is copied into the database by
// other connections) that both instances switch to, and the usage flushed by both adding up.
// Always on PostgreSQL, whatever the project; the role the test creates logs in without a password
// (trust, as on the test machine).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { labelledFeed, writeLabelledFeed, type LabelledFeedFile } from './support/labelled-feed.js';
import { pgbouncerVersion, startPgbouncer, type AdminRow, type Pgbouncer } from './support/pgbouncer.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';
import { TEST_POSTGRES, withClient } from './support/test-database.js';

const PGBOUNCER = pgbouncerVersion();
if (!PGBOUNCER) console.warn('pgbouncer.test.ts skipped: pgbouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it)');

/** Server connections PgBouncer may open for the service (default_pool_size). */
const SERVER_POOL = 4;
/** DATABASE_POOL_MAX of each instance: two instances may hold 6 client connections to PgBouncer's 4. */
const INSTANCE_POOL = 3;
/** Calls each instance has under way at any moment. */
const CLIENTS_PER_INSTANCE = 6;
const FIRST_HOTELS = 3000;
const ADDED_HOTELS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const id = randomBytes(6).toString('hex');
const schema = `t_${id}`;
/** The service's role, whose default search_path is the schema. */
const role = `stays_${id}`;
const server = new URL(TEST_POSTGRES);

const onPostgres = withClient;

/** One number read directly from PostgreSQL (not through PgBouncer). */
const count = (statement: string) => onPostgres(async (c) => Number(Object.values((await c.query(statement)).rows[0])[0]));

let dir: string | undefined;
let roleCreated = false;
let bouncer: Pgbouncer | undefined;
let databaseEnv: Record<string, string>;
let feed: LabelledFeedFile;
let key: string;
const instances: ServiceProcess[] = [];
const report: string[] = [];

/** The catalog an instance answers from, as its readiness says. */
async function catalogOf(instance: ServiceProcess): Promise<{ generation: number; hotels: number }> {
  return ((await (await fetch(`${instance.baseUrl}/readyz`)).json()) as { catalog: { generation: number; hotels: number } }).catalog;
}

describe.skipIf(!PGBOUNCER)(`PgBouncer ${PGBOUNCER} in transaction pooling between the service and PostgreSQL`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-pgbouncer-test-'));
    await onPostgres((c) => c.query(`CREATE ROLE ${role} LOGIN; CREATE SCHEMA ${schema} AUTHORIZATION ${role}; ALTER ROLE ${role} SET search_path = ${schema}`));
    roleCreated = true;
    bouncer = await startPgbouncer({
      databases: { stays: `host=${server.hostname} port=${server.port || 5432} dbname=${server.pathname.slice(1)}` },
      users: [role],
      // A client that waits 10 s for a server connection is failed (120 s by default): with
      // transactions of milliseconds, that means the pool is starved, and the test says so.
      settings: { pool_mode: 'transaction', default_pool_size: SERVER_POOL, max_client_conn: 100, query_wait_timeout: 10 },
    });
    databaseEnv = { DATABASE_URL: bouncer.url('stays', role) };
    feed = writeLabelledFeed(dir, 'first', FIRST_HOTELS);
  });

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await bouncer?.stop();
    if (report.length > 0) console.log(['pgbouncer figures:', ...report.map((line) => `  ${line}`)].join('\n'));
    if (roleCreated) await onPostgres((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP ROLE ${role}`));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a schema chosen by the options of DATABASE_URL, and the CLI says so', async () => {
    // PgBouncer 1.18 refuses a startup parameter it does not know. Told to ignore it
    // (ignore_startup_parameters = options), it drops it: the service would then work, unaware, in public.
    const withOptions = `${bouncer!.url('stays', role)}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const listed = await runCli(dir!, ['keys', 'list'], { DATABASE_URL: withOptions });
    expect(listed.code).toBe(2);
    expect(listed.stderr.trim()).toBe(
      'configuration: DATABASE_URL: cannot use the PostgreSQL database: unsupported startup parameter: options (08P01); ' +
        'behind PgBouncer, choose the schema with ALTER ROLE … SET search_path instead of options in DATABASE_URL',
    );
  });

  it('imports a feed and creates a key through PgBouncer, in the schema of the role', async () => {
    // At once: both migrate the empty schema, in turns on the advisory lock. The import saves the
    // places and the catalog's index and copies them into the database, for the instances to start from.
    const [imported, created] = await Promise.all([
      runCli(dir!, ['import', feed.file], { ...databaseEnv, SAVED_INDEXES: 'true' }),
      runCli(dir!, ['keys', 'create', '--tier', 'partner', '--code', 'bouncer'], databaseEnv),
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`Imported ${FIRST_HOTELS.toLocaleString('en-US')} hotels`);
    expect(created.code, created.stderr).toBe(0);
    key = created.stdout.trim();
    // In the schema, not in public nor anywhere else.
    expect(await count(`SELECT count(*) FROM ${schema}.hotels`)).toBe(FIRST_HOTELS);
    expect(await count(`SELECT count(*) FROM ${schema}.api_keys`)).toBe(1);
  });

  it('answers every call of two instances, switches both to an import made meanwhile, and counts the usage of both', async () => {
    const started = performance.now();
    const serviceEnv = {
      ...databaseEnv,
      DATABASE_POOL_MAX: String(INSTANCE_POOL),
      // Every hotel page read from the database, not from memory.
      HOT_HOTELS: '0',
      USAGE_FLUSH_SECONDS: '0.5',
      CATALOG_POLL_SECONDS: '0.5',
      DEMO_CATALOG: 'false',
    };
    // Each its own data directory, as on machines of their own: the saved indexes come through the database.
    instances.push(...(await Promise.all([1, 2].map(() => startServiceProcess({ ...serviceEnv, DATA_DIR: mkdtempSync(join(dir!, 'instance-')) })))));
    report.push(`two instances listening ${((performance.now() - started) / 1000).toFixed(1)} s after start`);
    for (const instance of instances) expect(await catalogOf(instance)).toEqual({ generation: 1, hotels: FIRST_HOTELS });

    // The calls: a search, a hotel page and a POST /links in turn, all with the key.
    const made = { search: 0, hotel: 0, links: 0 };
    const failures: string[] = [];
    let stopping = false;
    const auth = { authorization: `Bearer ${key}` };
    async function caller(instance: ServiceProcess, n: number): Promise<void> {
      for (let i = 0; !stopping; i++) {
        const hotelId = feed.idOf((n * 389 + i * 37) % FIRST_HOTELS);
        const [kind, path, init]: [keyof typeof made, string, RequestInit] =
          i % 3 === 0
            ? ['search', '/hotels/search?destination=Lisbon&limit=5', { headers: auth }]
            : i % 3 === 1
              ? ['hotel', `/hotels/${hotelId}`, { headers: auth }]
              : [
                  'links',
                  '/links',
                  { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ urls: [`https://www.stays.example/${hotelId}`] }) },
                ];
        try {
          const answer = await fetch(`${instance.baseUrl}${path}`, init);
          const body = await answer.text();
          if (answer.status === 200) made[kind]++;
          else failures.push(`${init.method ?? 'GET'} ${path}: ${answer.status} ${body.slice(0, 300)}`);
        } catch (error) {
          failures.push(`${init.method ?? 'GET'} ${path}: ${(error as Error).message}`);
        }
      }
    }

    // PgBouncer's pool of the service, sampled while the calls run.
    const pools = { servers: 0, clients: 0, waiting: 0, maxwaitMs: 0 };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const row = (await bouncer!.show('POOLS').catch(() => [])).find((r) => r.database === 'stays');
        if (row) {
          const n = (...columns: string[]) => columns.reduce((sum, c) => sum + Number(row[c] ?? 0), 0);
          pools.servers = Math.max(pools.servers, n('sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'));
          pools.clients = Math.max(pools.clients, n('cl_active', 'cl_waiting'));
          pools.waiting = Math.max(pools.waiting, n('cl_waiting'));
          pools.maxwaitMs = Math.max(pools.maxwaitMs, n('maxwait') * 1000 + n('maxwait_us') / 1000);
        }
        await sleep(200);
      }
    })();

    const callers = instances.flatMap((instance) => Array.from({ length: CLIENTS_PER_INSTANCE }, (_, n) => caller(instance, n)));
    const stop = async () => {
      stopping = true;
      await Promise.all(callers);
      sampling = false;
      await sampler;
    };
    await sleep(2000);

    // A second feed, the first's hotels and more, imported while they answer; its index saved and
    // copied into the database (by other connections, while the import's transaction holds one).
    const secondFile = join(dir!, 'second.ndjson');
    const second = [...labelledFeed('first', FIRST_HOTELS).hotels(), ...labelledFeed('added', ADDED_HOTELS).hotels()];
    writeFileSync(secondFile, second.map((h) => JSON.stringify(h)).join('\n') + '\n');
    const expected = { generation: 2, hotels: FIRST_HOTELS + ADDED_HOTELS };
    const importStarted = performance.now();
    let importMs = 0;
    let switched: number[] = [];
    try {
      const imported = await runCli(dir!, ['import', secondFile], { ...databaseEnv, SAVED_INDEXES: 'true' });
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('Copied it to the database');
      importMs = performance.now() - importStarted;
      switched = await Promise.all(
        instances.map(async (instance) => {
          for (let waited = 0; waited < 10_000 && (await catalogOf(instance)).generation !== expected.generation; waited += 100) await sleep(100);
          return performance.now() - importStarted - importMs;
        }),
      );
      for (const instance of instances) expect(await catalogOf(instance)).toEqual(expected);
      await sleep(1000);
    } finally {
      await stop();
    }

    const stats = (await bouncer!.show('STATS')).find((r: AdminRow) => r.database === 'stays')!;
    const total = made.search + made.hotel + made.links;
    report.push(
      `calls: ${total} answered (${made.search} searches, ${made.hotel} hotel pages, ${made.links} POST /links), ${failures.length} failed`,
      `second import: ${(importMs / 1000).toFixed(1)} s; instances switched ${switched.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')} after it`,
      `PgBouncer's pool: at most ${pools.servers} server connections for ${pools.clients} client connections, ` +
        `${pools.waiting} waiting at once, the longest wait ${pools.maxwaitMs.toFixed(0)} ms`,
      `PgBouncer's stats: ${stats.total_xact_count} transactions, ${stats.total_query_count} queries, ` +
        `clients waited ${(Number(stats.total_wait_time) / 1000).toFixed(0)} ms in all`,
    );
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThan(100);
    // Nothing went wrong quietly either: a copy of a saved index or a usage flush that failed is only logged.
    for (const instance of instances) {
      expect(instance.logs.filter((line) => Number(line.level) >= 40).map((line) => `${line.msg} ${JSON.stringify(line.err ?? line.reason ?? '')}`)).toEqual([]);
      expect(instance.logs).toContainEqual(expect.objectContaining({ msg: 'catalog index switched', generation: 2, index: 'read from its file' }));
    }
    expect(pools.servers).toBeLessThanOrEqual(SERVER_POOL);
    // More client connections than server connections: PgBouncer shared them, transaction by transaction.
    expect(pools.clients).toBeGreaterThan(SERVER_POOL);

    // The copied index is in the schema, and so is the new catalog, whole.
    expect(await count(`SELECT count(*) FROM ${schema}.saved_files`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM ${schema}.hotels`)).toBe(expected.hotels);

    // Both instances flushed what they counted: each reads the same report, every call in it.
    const wanted = [
      ['create_links', made.links, made.links],
      ['get_hotel', made.hotel, made.hotel],
      ['search_hotels', made.search, null],
    ];
    const usage = async (instance: ServiceProcess) => {
      const answer = await fetch(`${instance.baseUrl}/usage?group_by=operation`, { headers: auth });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { rows: { operation: string; calls: number; links: number; hotels_shown: number; failed: number; refused: number }[] };
      return body.rows.map((r) => [r.operation, r.calls, r.operation === 'create_links' ? r.links : r.operation === 'get_hotel' ? r.hotels_shown : null]);
    };
    for (let waited = 0; waited < 5000 && JSON.stringify(await usage(instances[0])) !== JSON.stringify(wanted); waited += 100) await sleep(100);
    for (const instance of instances) expect(await usage(instance)).toEqual(wanted);
    expect(await count(`SELECT sum(calls) FROM ${schema}.usage_counts`)).toBe(total);
  });
});
