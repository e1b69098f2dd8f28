// The affiliate console (/console) at scale: how soon its first chart is drawn, and what its usage
// reports cost, on a catalog of --hotels (1,000,000) with a year of a busy programme's usage.
//
//   npm run bench:console [-- --hotels 1000000] [--stores sqlite,postgres] [--runs 5]
//                         [--try-pg 'CREATE INDEX …'] [--try-sqlite 'CREATE INDEX …'] [--keep]
//
// For each store (SQLite in a data directory of its own; PostgreSQL in a schema of its own of
// BENCH_POSTGRES_URL's database, dropped after):
//
// 1. The demo catalog of --hotels (a feed made once with `hotel-affiliate demo` and kept in
//    --data-dir) imported with the CLI, which saves its index; the service then starts as
//    `npm start` runs it (its Node flags read from package.json, the compiled dist/src/main.js) on
//    that store, and is ready when /readyz answers 200.
// 2. Keys and a year of usage, written before the start: the affiliate who signs in has 20 keys
//    (the cap of keys that work; the secret key that signs in made with `hotel-affiliate keys
//    create`, the 19 others, 5 of them publishable, written as rows the CLI writes: newKeyRow) and,
//    on each of 366 days (today included) and each key, a row per operation without a sub_id and
//    --sub-ids (50) placements with 3 of the 5 operations each; 2,000 other affiliates have a key
//    each and 6 rows a day (the 5 operations without a sub_id, searches from one placement). Rows
//    go in day by day, as a year of flushes would lay them out, in bulk (SQLite: one transaction
//    and a prepared statement; PostgreSQL: INSERT … SELECT FROM unnest of 20,000 rows at a time,
//    then VACUUM ANALYZE, as autovacuum would have done to a table that old).
// 3. In Debian's Chromium (playwright-core), a new context each time: from the click on "Sign in"
//    to the page's performance mark `console-first-chart` (set as the chart's canvas is drawn), and
//    to the placements' table; then from choosing "90 days", and "key", to the chart redrawn. A cold
//    run first (the first sign-in after the start), then --runs; then --runs more with the keys
//    section's list held back until the chart is drawn (what that request costs the chart). A
//    report the page could not read (its status says so) is counted, not timed.
// 4. Over HTTP (keep-alive, no browser): the usage reports the page asks for and those over 90 days
//    by day and operation, day and key, and sub_id, on the console (session cookie) and on
//    GET /v1/usage (Bearer), and sign-in, /console/api/me and /console/api/keys: the median of
//    --runs after a warm-up. Beside each report, the store's own read (src/usage's store, on a
//    connection of the bench's own), and for any slower than --slow-ms (300) its plan: EXPLAIN
//    (ANALYZE, BUFFERS) on PostgreSQL, EXPLAIN QUERY PLAN on SQLite.
// 5. The page's weight: /console, its script and style sheet, raw and gzipped as the service sends
//    them, and what Chromium was sent.
//
// --try-pg / --try-sqlite: statements to try (an index, …), run by hand in the bench's database
// after the figures above, which are then measured again (and dropped with the database). --keep
// leaves the database and says where, for EXPLAIN by hand.
// A markdown report goes to stdout, progress to stderr.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { newKeyRow, type NewKey } from '../src/keys/key-store.js';
import { openSqlite, sqliteFile } from '../src/storage/sqlite.js';
import { USAGE_OPERATIONS, utcDay, type UsageGroup } from '../src/usage/usage-counts.js';
import { PostgresUsageStore } from '../src/usage/postgres-usage-store.js';
import { SqliteUsageStore } from '../src/usage/sqlite-usage-store.js';
import { DAILY_FROM_COUNTS, type UsageStore } from '../src/usage/usage-store.js';
import { freePort } from '../test/support/haproxy.js';
import { cli, load1, POSTGRES, readyz, REPO, s1, say, sleep, startInstance, type Instance } from './import-under-load.js';

const { values } = parseArgs({
  options: {
    hotels: { type: 'string', default: '1000000' },
    stores: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '5' },
    'sub-ids': { type: 'string', default: '50' },
    'other-keys': { type: 'string', default: '2000' },
    'slow-ms': { type: 'string', default: '300' },
    // Statements to try (an index, …) on the bench's database after the first figures, which are then measured again.
    'try-pg': { type: 'string', multiple: true, default: [] },
    'try-sqlite': { type: 'string', multiple: true, default: [] },
    // Leave the database (the schema, the data directory) for a look by hand; say where.
    keep: { type: 'boolean', default: false },
    // Where the feed is kept for the next run (930 MB at a million hotels) and the runs' files go.
    'data-dir': { type: 'string', default: join(tmpdir(), 'hotel-affiliate-console-bench') },
  },
});
const HOTELS = Number(values.hotels);
const STORES = values.stores!.split(',') as ('sqlite' | 'postgres')[];
const RUNS = Number(values.runs);
const SUB_IDS = Number(values['sub-ids']);
const OTHER_KEYS = Number(values['other-keys']);
const SLOW_MS = Number(values['slow-ms']);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CODE = 'console-bench';
const MY_KEYS = 20;
const DAYS = 366;
const DAY_MS = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(1) : x.toFixed(0)) : '–');
const spread = (all: (number | undefined)[]) => {
  const xs = all.filter((x): x is number => x !== undefined && Number.isFinite(x));
  return xs.length === 0 ? '–' : `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
};
const n = (x: number) => x.toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ---- a year of usage -------------------------------------------------------------------------

type UsageValues = [string, string, string, string, number, number, number, number, number];

/** A well-mixed 32-bit hash of small integers: the same counts on every run. */
function hash(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x165667b1, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x9e3779b1) ^ Math.imul(d + 0x61c88647, 0x2c1b3c6d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 12;
  return h >>> 0;
}

function counts(key: string, day: string, op: number, calls: number, h: number): UsageValues {
  const operation = USAGE_OPERATIONS[op];
  const hotels = operation === 'search_hotels' ? calls * (5 + (h % 6)) : operation === 'find_hotel' ? calls * 3 : operation === 'get_hotel' ? calls : 0;
  const links = operation === 'create_links' ? calls * (1 + (h % 3)) : 0;
  return [key, day, operation, '', calls, h % 19 === 0 ? 1 + (h % 5) : 0, h % 23 === 0 ? 1 : 0, hotels, links];
}

const PLACEMENTS = ['home', 'sidebar', 'article'];

/** Day by day (as flushes lay them out): the affiliate's keys, then the others'. */
function* usageRows(days: string[], mine: string[], others: string[]): Generator<UsageValues> {
  for (const [d, day] of days.entries()) {
    for (const [k, key] of mine.entries()) {
      // The first keys carry most calls, as a site's server key does.
      const scale = k < 2 ? 200 : k < 8 ? 40 : 8;
      for (let op = 0; op < USAGE_OPERATIONS.length; op++) {
        let h = hash(k, d, op, 9999);
        yield counts(key, day, op, 1 + (h % scale), h);
        for (let s = 0; s < SUB_IDS; s++) {
          if ((s + op) % 5 >= 3) continue;
          h = hash(k, d, op, s);
          const row = counts(key, day, op, 1 + (h % scale), h);
          row[3] = `placement-${String(s).padStart(2, '0')}`;
          yield row;
        }
      }
    }
    for (const [k, key] of others.entries()) {
      for (let op = 0; op < USAGE_OPERATIONS.length; op++) {
        const h = hash(1000 + k, d, op, 9999);
        yield counts(key, day, op, 1 + (h % 60), h);
      }
      const h = hash(1000 + k, d, 0, 0);
      const row = counts(key, day, 0, 1 + (h % 30), h);
      row[3] = PLACEMENTS[(k + d) % PLACEMENTS.length];
      yield row;
    }
  }
}

// ---- a store ---------------------------------------------------------------------------------

interface KeyRowValues {
  id: string;
  secretHash: string;
  row: ReturnType<typeof newKeyRow>['row'];
}

/** The database a run uses, and what the bench does to it directly. */
interface BenchStore {
  name: 'sqlite' | 'postgres';
  /** DATA_DIR and DATABASE_URL for the CLI and the service. */
  env: Record<string, string>;
  insertKeys(keys: KeyRowValues[]): Promise<void>;
  keyIdsOf(code: string): Promise<string[]>;
  insertUsage(rows: Generator<UsageValues>): Promise<number>;
  /** What a table that old has had done to it (PostgreSQL: VACUUM ANALYZE), in ms; null if nothing. */
  settle(): Promise<number | null>;
  usageStore(): UsageStore;
  /** The plan of the statement the store ran last (captured by running `read` on a spy). */
  plan(read: (store: UsageStore) => Promise<unknown>): Promise<string>;
  /** Runs a statement of the bench's own (the keys as the store passes them: $1 / ?), and explains it. */
  run(sql: string, keyIds: string[]): Promise<unknown[]>;
  explain(sql: string, keyIds: string[]): Promise<string>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

const KEY_INSERT_COLUMNS = 'id, secret_hash, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, hint';
const keyValues = (k: KeyRowValues) => [k.id, k.secretHash, k.row.kind, k.row.tier, k.row.affiliate_code, k.row.label, k.row.origins, k.row.visitor_limit, k.row.publishable_key, k.row.created_at, k.row.hint];

function sqliteStore(dataDir: string): BenchStore {
  const open = () => new Database(sqliteFile(dataDir));
  let reader: Database.Database | null = null;
  return {
    name: 'sqlite',
    env: { DATA_DIR: dataDir },
    async insertKeys(keys) {
      const db = open();
      try {
        const insert = db.prepare(`INSERT INTO api_keys (${KEY_INSERT_COLUMNS}) VALUES (${KEY_INSERT_COLUMNS.split(',').map(() => '?').join(', ')})`);
        db.transaction(() => keys.forEach((k) => insert.run(...keyValues(k))))();
      } finally {
        db.close();
      }
    },
    async keyIdsOf(code) {
      const db = open();
      try {
        return (db.prepare('SELECT id FROM api_keys WHERE affiliate_code = ? ORDER BY created_at, id').all(code) as { id: string }[]).map((r) => r.id);
      } finally {
        db.close();
      }
    },
    async insertUsage(rows) {
      const db = open();
      try {
        const insert = db.prepare('INSERT INTO usage_counts (key_id, day, operation, sub_id, calls, refused, failed, hotels_shown, links) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
        let written = 0;
        db.transaction(() => {
          for (const row of rows) {
            insert.run(...row);
            written++;
          }
          db.exec(DAILY_FROM_COUNTS);
        })();
        db.pragma('wal_checkpoint(TRUNCATE)');
        return written;
      } finally {
        db.close();
      }
    },
    settle: async () => null,
    usageStore() {
      // With the service's own settings (WAL, busy timeout, synchronous).
      reader ??= openSqlite(dataDir);
      return new SqliteUsageStore(reader);
    },
    async plan(read) {
      const db = open();
      try {
        let sql = '';
        let args: unknown[] = [];
        // The store on a spy of the database: the statement it prepares last, with its arguments.
        const spy = new Proxy(db, {
          get(target, property) {
            if (property === 'prepare') {
              return (text: string) => {
                sql = text;
                // The statement, its arguments noted as it runs; pluck() and the like give the spy again.
                const spyOn = (statement: Database.Statement): Database.Statement =>
                  new Proxy(statement, {
                    get(stmt, name) {
                      const value = Reflect.get(stmt, name) as unknown;
                      if (typeof value !== 'function') return value;
                      return (...a: unknown[]) => {
                        if (name === 'all' || name === 'get' || name === 'run' || name === 'iterate') args = a;
                        const result = (value as (...x: unknown[]) => unknown).apply(stmt, a);
                        return result === stmt ? spyOn(stmt) : result;
                      };
                    },
                  });
                return spyOn(target.prepare(text));
              };
            }
            const value = Reflect.get(target, property) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
        await read(new SqliteUsageStore(spy as unknown as Database.Database));
        return queryPlan(db, sql, args);
      } finally {
        db.close();
      }
    },
    async run(sql, keyIds) {
      reader ??= openSqlite(dataDir);
      return reader.prepare(sql).all(JSON.stringify(keyIds));
    },
    async explain(sql, keyIds) {
      reader ??= openSqlite(dataDir);
      return queryPlan(reader, sql, [JSON.stringify(keyIds)]);
    },
    async exec(sql) {
      const db = open();
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    async close() {
      reader?.close();
    },
  };
}

/** SQLite's EXPLAIN QUERY PLAN, indented as its tree. */
function queryPlan(db: Database.Database, sql: string, args: unknown[]): string {
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { id: number; parent: number; detail: string }[];
  const depth = new Map<number, number>([[0, -1]]);
  return steps
    .map((s) => {
      depth.set(s.id, (depth.get(s.parent) ?? -1) + 1);
      return `${'  '.repeat(depth.get(s.id)!)}${s.detail}`;
    })
    .join('\n');
}

function postgresStore(url: string, dataDir: string): BenchStore {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const analyzed = async (sql: string, params: unknown[]) =>
    (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    name: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async insertKeys(keys) {
      const columns = KEY_INSERT_COLUMNS.split(', ');
      const types = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'integer', 'text', 'text', 'text'];
      for (let at = 0; at < keys.length; at += 1000) {
        const batch = keys.slice(at, at + 1000).map(keyValues);
        await pool.query(
          `INSERT INTO api_keys (${columns.join(', ')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
          columns.map((_, c) => batch.map((row) => row[c])),
        );
      }
    },
    async keyIdsOf(code) {
      return (await pool.query<{ id: string }>('SELECT id FROM api_keys WHERE affiliate_code = $1 ORDER BY created_at, id', [code])).rows.map((r) => r.id);
    },
    async insertUsage(rows) {
      const client = await pool.connect();
      try {
        await client.query('SET synchronous_commit = off');
        const BATCH = 20_000;
        let written = 0;
        let pending: Promise<unknown> = Promise.resolve();
        for (;;) {
          const columns: unknown[][] = Array.from({ length: 9 }, () => []);
          for (let i = 0; i < BATCH; i++) {
            const next = rows.next();
            if (next.done) break;
            for (let c = 0; c < 9; c++) columns[c].push(next.value[c]);
          }
          if (columns[0].length === 0) break;
          // The next batch is made while this one is written.
          await pending;
          written += columns[0].length;
          pending = client.query(
            `INSERT INTO usage_counts (key_id, day, operation, sub_id, calls, refused, failed, hotels_shown, links)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[])`,
            columns,
          );
        }
        await pending;
        await client.query(DAILY_FROM_COUNTS);
        return written;
      } finally {
        client.release();
      }
    },
    async settle() {
      const started = performance.now();
      await pool.query('VACUUM (ANALYZE) usage_counts, usage_daily');
      await pool.query('ANALYZE api_keys');
      return performance.now() - started;
    },
    usageStore: () => new PostgresUsageStore(pool, 60_000),
    async plan(read) {
      let query: pg.QueryConfig | null = null;
      // The store on a spy of the pool: the statement it sends, with its values, is explained.
      const spy = { options: { max: 1 }, query: async (q: pg.QueryConfig) => ((query = q), { rows: [] }) };
      await read(new PostgresUsageStore(spy as unknown as pg.Pool, 60_000));
      const sent = query as pg.QueryConfig | null;
      if (!sent) return '(no statement)';
      return analyzed(sent.text, sent.values ?? []);
    },
    run: async (sql, keyIds) => (await pool.query(sql, [keyIds])).rows,
    explain: (sql, keyIds) => analyzed(sql, [keyIds]),
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

// ---- HTTP ------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  ms: number;
  /** Bytes on the wire (after any content coding). */
  bytes: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function http(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { agent, method, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, ms: performance.now() - started, bytes: all.length, headers: res.headers, body: all });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signInOverHttp(base: string, secret: string): Promise<{ cookie: string; ms: number }> {
  const answer = await http(base, 'POST', '/console/session', {}, JSON.stringify({ key: secret }));
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.body.toString()}`);
  const set = answer.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set : [set ?? '']).map((c) => c.split(';')[0]).find((c) => c.startsWith('console_session='));
  if (!cookie) throw new Error('sign-in set no console_session cookie');
  return { cookie, ms: answer.ms };
}

/** The page's record of the bench's moments (window.__bench), as predicates run in the page see it. */
type Page = { __bench: Record<string, number | undefined> };

// ---- one store's run -------------------------------------------------------------------------

interface Report {
  query: string;
  groupBy: UsageGroup[] | null;
  from: string;
  http: number[];
  read: number[];
  rows: number;
  bytes: number;
  statuses: Set<number>;
}

interface Figures {
  browser: { cold: Record<string, number>; runs: Record<string, number>[]; held: Record<string, number>[]; failures: string[] };
  reports: Report[];
  plans: { query: string; plan: string }[];
  weight: { path: string; raw: number; gzip: number; chromium: string }[];
}

interface StoreRun {
  store: string;
  importMs: number;
  keysMs: number;
  rows: number;
  seedMs: number;
  settleMs: number | null;
  readyMs: number;
  figures: Figures;
  withIndex?: { sql: string[]; createMs: number; figures: Figures };
  load: string[];
  /** The service's own warnings and errors (its log), with how many times each. */
  warnings: string[];
}

async function runStore(kind: 'sqlite' | 'postgres', feed: string, browser: () => Promise<Browser>): Promise<StoreRun> {
  const run = join(values['data-dir']!, `run-${kind}-${randomBytes(4).toString('hex')}`);
  mkdirSync(run, { recursive: true });
  const schema = `console_bench_${randomBytes(5).toString('hex')}`;
  const admin = kind === 'postgres' ? new pg.Client(POSTGRES) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  const store = kind === 'sqlite' ? sqliteStore(run) : postgresStore(`${POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, run);
  let instance: Instance | undefined;
  const load: string[] = [`start ${load1()}`];
  try {
    // 1. The catalog, with the CLI (it saves the catalog's index in DATA_DIR for the service's start).
    say(`${kind}: importing ${n(HOTELS)} hotels`);
    const imported = cli(['import', feed], { ...store.env, SAVED_INDEXES: 'true' });
    if ((await imported.exited) !== 0) throw new Error(`import: ${imported.lines.map((l) => l.text).join('\n')}`);
    const importMs = performance.now() - imported.started;
    say(`${kind}: imported in ${s1(importMs)} s`);
    load.push(`after import ${load1()}`);

    // 2. Keys: the one that signs in from the CLI, the rest as the rows it writes.
    const keysStarted = performance.now();
    const made = cli(['keys', 'create', '--tier', 'partner', '--code', CODE, '--label', 'server'], store.env);
    if ((await made.exited) !== 0) throw new Error(`keys create: ${made.lines.map((l) => l.text).join('\n')}`);
    const secret = made.lines.find((l) => l.text.startsWith('live_'))!.text.trim();
    const rowOf = (key: NewKey): KeyRowValues => {
      const { secretHash, row } = newKeyRow(key);
      return { id: row.id, secretHash, row };
    };
    const more: KeyRowValues[] = [];
    for (let i = 1; i < MY_KEYS; i++) {
      const publishable = i % 4 === 0 ? { origins: [`https://site-${i}.example`], visitorLimit: 100 } : undefined;
      more.push(rowOf({ tier: 'partner', affiliateCode: CODE, label: publishable ? `widget ${i}` : `site ${i}`, publishable }));
    }
    for (let i = 0; i < OTHER_KEYS; i++) more.push(rowOf({ tier: 'standard', affiliateCode: `affiliate-${String(i).padStart(4, '0')}`, label: null }));
    await store.insertKeys(more);
    const mine = await store.keyIdsOf(CODE);
    const others = more.filter((k) => k.row.affiliate_code !== CODE).map((k) => k.id);
    const keysMs = performance.now() - keysStarted;

    // A year of usage, today included, as the service's clock (UTC) has it.
    const today = utcDay(Date.now());
    const days = Array.from({ length: DAYS }, (_, i) => utcDay(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1 - i) * DAY_MS));
    say(`${kind}: writing ${DAYS} days of usage for ${mine.length} + ${others.length} keys`);
    const seedStarted = performance.now();
    const rows = await store.insertUsage(usageRows(days, mine, others));
    const seedMs = performance.now() - seedStarted;
    say(`${kind}: ${n(rows)} usage rows in ${s1(seedMs)} s`);
    const settleMs = await store.settle();
    if (settleMs !== null) say(`${kind}: VACUUM ANALYZE in ${s1(settleMs)} s`);
    load.push(`after seeding ${load1()}`);

    // 3. The service, as npm start runs it.
    const port = await freePort();
    const spawned = performance.now();
    instance = await startInstance(kind, run, port, {
      ...store.env,
      DEMO_CATALOG: 'false',
      LIMIT_PARTNER_PER_DAY: '100000000',
      SHUTDOWN_DELAY_SECONDS: '0',
      CATALOG_POLL_SECONDS: '0',
    });
    while ((await readyz(instance.base)) === null) {
      if (instance.child.exitCode !== null) throw new Error(`the ${kind} service exited while starting`);
      await sleep(100);
    }
    const readyMs = performance.now() - spawned;
    say(`${kind}: ready ${s1(readyMs)} s after its spawn`);
    load.push(`ready ${load1()}`);

    const figures = await measure(kind, instance.base, secret, mine, today, store, browser);
    load.push(`measured ${load1()}`);
    const result: StoreRun = { store: kind, importMs, keysMs, rows, seedMs, settleMs, readyMs, figures, load, warnings: [] };

    const indexes = kind === 'sqlite' ? values['try-sqlite']! : values['try-pg']!;
    if (indexes.length > 0) {
      const started = performance.now();
      for (const sql of indexes) await store.exec(sql);
      if (kind === 'postgres') await store.exec('ANALYZE usage_counts, usage_daily');
      const createMs = performance.now() - started;
      say(`${kind}: ${indexes.join('; ')} in ${s1(createMs)} s; measuring again`);
      result.withIndex = { sql: indexes, createMs, figures: await measure(kind, instance.base, secret, mine, today, store, browser) };
      load.push(`measured with the index ${load1()}`);
    }
    const warned = new Map<string, number>();
    for (const l of instance.logs.filter((l) => Number(l.level) >= 40)) {
      const error = l.err as { message?: string } | undefined;
      const text = `${l.msg}${error?.message ? `: ${error.message}` : ''}${l.url ? ` (${String(l.url).replace(/\?.*/, '')})` : ''}`;
      warned.set(text, (warned.get(text) ?? 0) + 1);
    }
    result.warnings = [...warned].map(([text, times]) => `${text} (${times}×)`);
    return result;
  } finally {
    if (instance) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await store.close().catch(() => undefined);
    if (values.keep) say(`${kind}: kept ${run}${admin ? ` and the schema ${schema} (DROP SCHEMA ${schema} CASCADE)` : ''}`);
    else {
      await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((error: Error) => say(`could not drop ${schema}: ${error.message}`));
      rmSync(run, { recursive: true, force: true });
    }
    await admin?.end();
  }
}

async function measure(kind: string, base: string, secret: string, keyIds: string[], today: string, store: BenchStore, launch: () => Promise<Browser>): Promise<Figures> {
  // A browser of its own for each measure: a long run outlives no browser.
  const browser = await launch();
  try {
    return await measureWith(kind, base, secret, keyIds, today, store, browser);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

async function measureWith(kind: string, base: string, secret: string, keyIds: string[], today: string, store: BenchStore, browser: Browser): Promise<Figures> {
  const daysBack = (d: number) => utcDay(Date.parse(`${today}T00:00:00Z`) - d * DAY_MS);
  const from7 = daysBack(6);
  const from90 = daysBack(89);

  // ---- in Chromium: the cold sign-in first (the first after the start), then RUNS ----
  say(`${kind}: Chromium`);
  // holdKeys: the keys section's list (GET /console/api/keys, which reads every key's last day)
  // is held back until the chart is drawn, to see what it costs the chart.
  const browserRun = async (holdKeys = false): Promise<Record<string, number>> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let release = () => undefined as void;
    const chartDrawn = new Promise<void>((resolve) => (release = resolve));
    try {
      const page = await context.newPage();
      if (holdKeys) await page.route('**/console/api/keys', async (route) => (await chartDrawn, route.continue().catch(() => undefined)));
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      const loadStarted = performance.now();
      const opened = await page.goto(`${base}/console`);
      if (opened?.status() !== 200) throw new Error(`/console answered ${opened?.status()}`);
      await page.locator('#sign-in-key').waitFor();
      const pageMs = performance.now() - loadStarted;
      await page.getByLabel('Your secret key').fill(secret);
      // The click's own time on the page's clock, and the placements' table once filled.
      await page.evaluate(`(() => {
        window.__bench = {};
        document.querySelector('#sign-in-form button').addEventListener('click', (e) => { window.__bench.click = e.timeStamp; }, { capture: true, once: true });
        const status = document.querySelector('#usage-status');
        new MutationObserver((_, o) => { if (/calls answered|could not be read/.test(status.textContent)) { window.__bench.placements = performance.now(); o.disconnect(); } })
          .observe(status, { childList: true, subtree: true, characterData: true });
      })()`);
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#chart canvas').waitFor({ timeout: 120_000 });
      const canvasWall = Date.now() - clicked;
      // Predicates as functions: a string would be evaluated by the page, which its policy refuses.
      await page.waitForFunction(() => performance.getEntriesByName('console-first-chart').length > 0 && (globalThis as unknown as Page).__bench.placements !== undefined, undefined, { timeout: 120_000 });
      // A report the page could not read is said in its status: that step failed (its times are
      // not figures), and is counted.
      const failedStep = async (step: string) => {
        const status = (await page.locator('#usage-status').textContent()) ?? '';
        if (!/could not be read/.test(status)) return false;
        say(`${kind}: ${step}: the page says: ${status}`);
        failures.push(`${step}: ${status.replace(/; quote request id .*/, '')}`);
        return true;
      };
      const signInFailed = await failedStep('sign-in');
      // When the chart's report (by day, key and operation) had come in, on the page's clock: the
      // rest is the page's own work (JSON, the chart, the table).
      const reportIn = (since: string) =>
        `(() => { const e = performance.getEntriesByType('resource').filter((r) => r.name.includes('group_by=day,key,operation') && !r.name.includes('format=csv') && r.startTime >= window.__bench.${since}); return e.length ? e[e.length - 1].responseEnd - window.__bench.${since} : null; })()`;
      const first = (await page.evaluate(
        `[performance.getEntriesByName('console-first-chart')[0].startTime - window.__bench.click, window.__bench.placements - window.__bench.click, ${reportIn('click')}]`,
      )) as [number, number, number | null];
      release();
      // From a choice in the controls (its change event) to the chart and its table redrawn, and
      // (for a new period) to the placements' table too (the status says so last).
      const change = async (label: string, drawn: string, complete: string) => {
        await page.evaluate(`(() => {
          const b = window.__bench = {};
          document.querySelector('#usage-controls').addEventListener('change', (e) => { b.change = e.timeStamp; }, { capture: true, once: true });
          new MutationObserver((_, o) => {
            if (b.drawn === undefined && (${drawn})) b.drawn = performance.now();
            const failed = /could not be read/.test(document.querySelector('#usage-status').textContent);
            if ((b.drawn !== undefined && (${complete})) || failed) { b.complete = performance.now(); o.disconnect(); }
          }).observe(document.querySelector('#usage'), { childList: true, subtree: true, characterData: true });
        })()`);
        await page.getByLabel(label, { exact: true }).check();
        await page.waitForFunction(() => (globalThis as unknown as Page).__bench.complete !== undefined, undefined, { timeout: 120_000 }).catch(async (error: Error) => {
          const seen = await page.evaluate("JSON.stringify([window.__bench, document.querySelector('#usage-status').textContent, document.querySelectorAll('#daily-table tbody tr').length, document.querySelector('#chart-title').textContent])");
          throw new Error(`${label}: ${error.message}; the page: ${seen}`);
        });
        return (await page.evaluate(`[window.__bench.drawn - window.__bench.change, window.__bench.complete - window.__bench.change, ${reportIn('change')}]`)) as [number, number, number | null];
      };
      const [days90, days90Placements, days90Report] = await change(
        '90 days',
        "document.querySelectorAll('#daily-table tbody tr').length === 90",
        "/calls answered|could not be read/.test(document.querySelector('#usage-status').textContent)",
      );
      const days90Failed = await failedStep('90 days');
      const [byKey] = await change('key', "/by key/.test(document.querySelector('#chart-title').textContent)", 'true');
      if (problems.length > 0) throw new Error(`the page reported: ${problems.join('; ')}`);
      return {
        pageMs,
        ...(signInFailed ? { signInFailed: 1 } : { firstChart: first[0], canvasWall, placements: first[1], firstReport: first[2] ?? Number.NaN }),
        ...(days90Failed ? { days90Failed: 1 } : { days90, days90Placements, days90Report: days90Report ?? Number.NaN }),
        byKey,
      };
    } finally {
      release();
      await context.close();
    }
  };
  const failures: string[] = [];
  const cold = await browserRun();
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await browserRun());
  say(`${kind}: first chart ${ms(cold.firstChart)} ms cold, ${spread(runs.map((r) => r.firstChart))} ms`);
  const held: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) held.push(await browserRun(true));
  say(`${kind}: first chart with the keys list held back ${spread(held.map((r) => r.firstChart))} ms`);

  // ---- over HTTP ----
  say(`${kind}: HTTP`);
  const { cookie } = await signInOverHttp(base, secret);
  const consoleHeaders = { cookie, accept: 'application/json', 'accept-encoding': 'gzip' };
  const bearer = { authorization: `Bearer ${secret}`, 'accept-encoding': 'gzip' };
  const usageStore = store.usageStore();
  const q = (from: string, groupBy: string) => `from=${from}&to=${today}&group_by=${groupBy}`;
  const cases: { query: string; method?: string; path: string; headers: Record<string, string>; body?: () => string; groupBy: UsageGroup[] | null; from: string }[] = [
    { query: 'sign-in, POST /console/session', method: 'POST', path: '/console/session', headers: {}, body: () => JSON.stringify({ key: secret }), groupBy: null, from: '' },
    { query: 'GET /console/api/me', path: '/console/api/me', headers: consoleHeaders, groupBy: null, from: '' },
    { query: 'GET /console/api/keys', path: '/console/api/keys', headers: consoleHeaders, groupBy: null, from: '' },
  ];
  const usageCase = (prefix: string, headers: Record<string, string>, days: number, from: string, groupBy: string) =>
    cases.push({ query: `${prefix} ${days} days, group_by=${groupBy}`, path: `${prefix === 'console' ? '/console/api/usage' : '/v1/usage'}?${q(from, groupBy)}`, headers, groupBy: groupBy.split(',') as UsageGroup[], from });
  // What the page asks first (its chart, then the placements of the period and the one before), then at 90 days.
  usageCase('console', consoleHeaders, 7, from7, 'day,key,operation');
  usageCase('console', consoleHeaders, 7, from7, 'sub_id');
  usageCase('console', consoleHeaders, 90, from90, 'day,key,operation');
  for (const groupBy of ['day,operation', 'day,key', 'sub_id']) usageCase('console', consoleHeaders, 90, from90, groupBy);
  for (const groupBy of ['day,operation', 'day,key', 'sub_id']) usageCase('/v1/usage', bearer, 90, from90, groupBy);

  const reports: Report[] = [];
  for (const c of cases) {
    const report: Report = { query: c.query, groupBy: c.groupBy, from: c.from, http: [], read: [], rows: 0, bytes: 0, statuses: new Set() };
    for (let i = 0; i <= RUNS; i++) {
      const answer = await http(base, c.method ?? 'GET', c.path, c.headers, c.body?.());
      report.statuses.add(answer.status);
      if (i === 0) continue;
      report.http.push(answer.ms);
      report.bytes = answer.bytes;
      if (c.groupBy && answer.status === 200) {
        const text = answer.headers['content-encoding'] === 'gzip' ? (await import('node:zlib')).gunzipSync(answer.body).toString() : answer.body.toString();
        report.rows = (JSON.parse(text) as { rows: unknown[] }).rows.length;
      }
    }
    // The store's read alone, from a connection of the bench's own.
    if (c.groupBy) {
      for (let i = 0; i <= RUNS; i++) {
        const started = performance.now();
        await usageStore.read(keyIds, c.from, today, c.groupBy);
        if (i > 0) report.read.push(performance.now() - started);
      }
    }
    reports.push(report);
    say(`${kind}: ${c.query}: ${spread(report.http)} ms${report.read.length ? `, read ${spread(report.read)} ms` : ''}`);
  }
  // What /console/api/keys and /me read besides the keys: each key's last day and today's calls.
  for (const [query, read] of [
    ['store: last day of the 20 keys (lastDays)', () => usageStore.lastDays(keyIds)],
    ['store: calls today of the 20 keys (activity)', () => usageStore.read(keyIds, today, today, ['key'])],
  ] as const) {
    const report: Report = { query, groupBy: null, from: '', http: [], read: [], rows: 0, bytes: 0, statuses: new Set() };
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      await read();
      if (i > 0) report.read.push(performance.now() - started);
    }
    reports.push(report);
  }

  // The last day of each key as one index lookup per key (MAX of the primary key's second column
  // for one key_id) instead of a scan of all the keys' rows: a proposal, run by the bench itself.
  const lastDayPerKey =
    kind === 'postgres'
      ? 'SELECT k.key_id, (SELECT MAX(u.day) FROM usage_counts u WHERE u.key_id = k.key_id) AS day FROM unnest($1::text[]) AS k(key_id)'
      : 'SELECT value AS key_id, (SELECT MAX(day) FROM usage_counts WHERE key_id = value) AS day FROM json_each(?)';
  {
    const report: Report = { query: 'store: last day of the 20 keys, one lookup per key (proposed)', groupBy: null, from: '', http: [], read: [], rows: 0, bytes: 0, statuses: new Set() };
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      report.rows = (await store.run(lastDayPerKey, keyIds)).length;
      if (i > 0) report.read.push(performance.now() - started);
    }
    reports.push(report);
  }

  // Plans of the slow ones, and of the 90-day chart's always.
  const plans: { query: string; plan: string }[] = [];
  for (const r of reports) {
    const slow = median(r.http) > SLOW_MS || median(r.read) > SLOW_MS;
    if (!slow && !r.query.startsWith('console 90 days, group_by=day,key,operation') && !r.query.startsWith('store:')) continue;
    if (r.groupBy) plans.push({ query: r.query, plan: await store.plan((s) => s.read(keyIds, r.from, today, r.groupBy!)) });
    else if (r.query.includes('lastDays')) plans.push({ query: r.query, plan: await store.plan((s) => s.lastDays(keyIds)) });
    else if (r.query.includes('activity')) plans.push({ query: r.query, plan: await store.plan((s) => s.read(keyIds, today, today, ['key'])) });
    else if (r.query.includes('proposed')) plans.push({ query: `${r.query}: ${lastDayPerKey}`, plan: await store.explain(lastDayPerKey, keyIds) });
  }

  // ---- the page's weight ----
  const weight: Figures['weight'] = [];
  const context = await browser.newContext();
  const sent = new Map<string, string>();
  try {
    const page = await context.newPage();
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      const sizes = await response.request().sizes().catch(() => null);
      sent.set(path, `${sizes ? kb(sizes.responseBodySize) : '?'} ${response.headers()['content-encoding'] ?? 'identity'}`);
    });
    await page.goto(`${base}/console`, { waitUntil: 'networkidle' });
  } finally {
    await context.close();
  }
  const pageAnswer = await http(base, 'GET', '/console', { 'accept-encoding': 'identity' });
  const linked = [...pageAnswer.body.toString().matchAll(/(?:href|src)="(\/console\/console\.(?:js|css)\?[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  for (const path of ['/console', ...linked]) {
    const raw = await http(base, 'GET', path, { 'accept-encoding': 'identity' });
    const zipped = await http(base, 'GET', path, { 'accept-encoding': 'gzip' });
    const gzip = zipped.headers['content-encoding'] === 'gzip' ? zipped.bytes : gzipSync(raw.body).length;
    weight.push({ path: path.replace(/\?.*/, ''), raw: raw.bytes, gzip, chromium: sent.get(path.replace(/\?.*/, '')) ?? '?' });
  }
  return { browser: { cold, runs, held, failures }, reports, plans, weight };
}

// ---- the report ------------------------------------------------------------------------------

/** The code measured: the commit, and the files of src/ changed since (a shared checkout moves). */
function treeState(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trimEnd();
    const changed = git('status', '--porcelain', '--', 'src').split('\n').filter(Boolean).map((l) => l.slice(3));
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed.length ? `, src/ changed since in ${changed.join(', ')}` : ''}`;
  } catch {
    return 'commit unknown';
  }
}

/** How many runs' sign-in or 90-day report the page could not read, and what it said. */
function failedRuns(f: Figures): string {
  const all = [f.browser.cold, ...f.browser.runs, ...f.browser.held];
  const signIn = all.filter((r) => r.signInFailed).length;
  const days90 = all.filter((r) => r.days90Failed).length;
  if (signIn + days90 === 0) return `none of ${all.length}`;
  const said = [...new Set(f.browser.failures.map((text) => text.replace(/^[^:]+: /, '')))].join('; ');
  return `sign-in ${signIn}, 90 days ${days90} of ${all.length} (${said})`;
}

function print(results: StoreRun[], started: Date): void {
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  line(`# The console at scale: ${n(HOTELS)} hotels, a year of usage`);
  line(`${started.toISOString()} to ${new Date().toISOString()}; ${cpus().length} processors; compiled service (dist/), Node ${process.version}; ${treeState()}`);
  line();
  line('| store | import of the catalog (CLI) | keys | usage rows | writing them | VACUUM ANALYZE | spawn to /readyz 200 | load average |');
  line('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    line(`| ${r.store} | ${s1(r.importMs)} s | ${MY_KEYS} + ${OTHER_KEYS} in ${s1(r.keysMs)} s | ${n(r.rows)} | ${s1(r.seedMs)} s (${n(Math.round(r.rows / (r.seedMs / 1000)))}/s) | ${r.settleMs === null ? '–' : `${s1(r.settleMs)} s`} | ${s1(r.readyMs)} s | ${r.load.join('; ')} |`);
  }
  const sections: [string, Figures, string][] = [];
  for (const r of results) {
    sections.push([r.store, r.figures, '']);
    if (r.withIndex) sections.push([r.store, r.withIndex.figures, ` with ${r.withIndex.sql.join('; ')} (made in ${s1(r.withIndex.createMs)} s)`]);
  }
  line();
  line(`In Chromium, ms: median of ${RUNS} sign-ins (fastest–slowest), each in a new context, after a cold one (the first after the start):`);
  line();
  line('| store | page to its sign-in form | click to first chart (mark) | cold | of which its report in | click to canvas (wall) | click to placements | 90 days: chart redrawn | of which its report in | 90 days: placements | by key: chart redrawn | reports the page could not read |');
  line('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [store, f, note] of sections) {
    for (const [runs, what, cold] of [
      [f.browser.runs, '', ms(f.browser.cold.firstChart)],
      [f.browser.held, ', the keys list held back until the chart is drawn', ''],
    ] as const) {
      const of = (k: string) => runs.map((r) => r[k]);
      line(
        `| ${store}${note}${what} | ${spread(of('pageMs'))} | **${spread(of('firstChart'))}** | ${cold} | ${spread(of('firstReport'))} | ${spread(of('canvasWall'))} | ${spread(of('placements'))} | ` +
          `${spread(of('days90'))} | ${spread(of('days90Report'))} | ${spread(of('days90Placements'))} | ${spread(of('byKey'))} | ${what ? '' : failedRuns(f)} |`,
      );
    }
  }
  line();
  line(`Over HTTP (keep-alive, gzip), ms: median of ${RUNS} after a warm-up (fastest–slowest); "store read": the store's own read (src/usage) from the bench's connection:`);
  line();
  const storeNames = sections.map(([s, , note]) => `${s}${note ? ' +index' : ''}`);
  line(`| call | rows | gzipped bytes | ${storeNames.map((s) => `${s} HTTP | ${s} store read`).join(' | ')} |`);
  line(`|---|---|---|${storeNames.map(() => '---|---').join('|')}|`);
  for (const [i, r] of sections[0][1].reports.entries()) {
    const cells = sections.map(([, f]) => {
      const x = f.reports[i];
      const bad = [...x.statuses].filter((s) => s !== 200);
      return `${x.http.length ? spread(x.http) : '–'}${bad.length ? ` (status ${bad.join(', ')})` : ''} | ${x.read.length ? spread(x.read) : '–'}`;
    });
    line(`| ${r.query} | ${r.groupBy ? n(r.rows) : ''} | ${r.bytes ? n(r.bytes) : ''} | ${cells.join(' | ')} |`);
  }
  line();
  line('The page (as the service sends it; Chromium: the body it was sent, and its coding):');
  line();
  line('| file | raw | gzip | Chromium |');
  line('|---|---|---|---|');
  for (const w of sections[0][1].weight) line(`| ${w.path} | ${kb(w.raw)} | ${kb(w.gzip)} | ${w.chromium} |`);
  const total = sections[0][1].weight.reduce((sum, w) => ({ raw: sum.raw + w.raw, gzip: sum.gzip + w.gzip }), { raw: 0, gzip: 0 });
  line(`| all | ${kb(total.raw)} | ${kb(total.gzip)} | |`);
  for (const r of results) {
    if (r.warnings.length > 0) {
      line();
      line(`The ${r.store} service's warnings and errors: ${r.warnings.join('; ')}`);
    }
  }
  for (const [store, f, note] of sections) {
    for (const p of f.plans) {
      line();
      line(`Plan, ${store}${note}, ${p.query}:`);
      line();
      line('```');
      line(p.plan);
      line('```');
    }
  }
  console.log(out.join('\n'));
}

async function main(): Promise<void> {
  const started = new Date();
  say(`console bench: ${n(HOTELS)} hotels, stores ${STORES.join(', ')}; load average ${load1()}`);
  const feedDir = join(values['data-dir']!, String(HOTELS));
  const feed = join(feedDir, 'a.ndjson');
  if (!existsSync(feed)) {
    mkdirSync(feedDir, { recursive: true });
    const scratch = join(feedDir, 'demo-data');
    const demo = cli(['demo', '--count', String(HOTELS), '--out', `${feed}.partial`], { DATA_DIR: scratch });
    if ((await demo.exited) !== 0) throw new Error(`demo: ${demo.lines.map((l) => l.text).join('\n')}`);
    const { renameSync } = await import('node:fs');
    renameSync(`${feed}.partial`, feed);
    rmSync(scratch, { recursive: true, force: true });
    say(`feed written to ${feed} (kept for the next run)`);
  }
  const { chromium } = await import('playwright-core');
  const launch = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results: StoreRun[] = [];
  const failed: string[] = [];
  for (const kind of STORES) {
    try {
      results.push(await runStore(kind, feed, launch));
    } catch (error) {
      // The other store's figures are still worth printing.
      say(`${kind}: ${(error as Error).stack}`);
      failed.push(`${kind}: ${(error as Error).message}`);
    }
  }
  agent.destroy();
  if (results.length > 0) print(results, started);
  for (const f of failed) console.log(`\nFAILED ${f}`);
  if (failed.length > 0) process.exitCode = 1;
}

await main();
