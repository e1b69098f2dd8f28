// PostgreSQL for catalog and keys (DATABASE_URL): a connection pool, and the schema brought up
// to date at start under an advisory lock, so instances starting together migrate once.
import pg from 'pg';
import { attachCircuit, circuitOf } from './postgres-circuit.js';
import { backstopMs, within } from '../within.js';

const MIGRATION_LOCK = 0x486f_7465; // any constant shared by every instance

/** The schema, one step per release that changed it; exported for the migration test. */
export const MIGRATIONS: string[] = [
  `CREATE TABLE catalog_state (
     singleton integer PRIMARY KEY CHECK (singleton = 1),
     generation integer NOT NULL,
     hotel_count integer NOT NULL,
     imported_at text NOT NULL,
     source text NOT NULL
   );
   CREATE TABLE hotels (
     generation integer NOT NULL,
     id text COLLATE "C" NOT NULL,
     name text NOT NULL,
     stars double precision,
     rating double precision,
     review_count integer,
     address text NOT NULL,
     city text NOT NULL,
     country_code text NOT NULL,
     latitude double precision NOT NULL,
     longitude double precision NOT NULL,
     description text NOT NULL,
     photo_url text,
     photos jsonb NOT NULL,
     amenities jsonb NOT NULL,
     PRIMARY KEY (generation, id)
   );`,
  `CREATE TABLE api_keys (
     id text PRIMARY KEY,
     secret_hash text NOT NULL UNIQUE,
     tier text NOT NULL CHECK (tier IN ('standard', 'partner')),
     affiliate_code text NOT NULL,
     label text,
     created_at text NOT NULL,
     revoked_at text
   );`,
  // Saved index files, for instances that share the database but not a disk (file-shelf.ts).
  `CREATE TABLE saved_files (
     name text PRIMARY KEY,
     parts integer NOT NULL,
     bytes bigint NOT NULL,
     saved_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE saved_file_parts (
     name text NOT NULL,
     part integer NOT NULL,
     data bytea NOT NULL,
     PRIMARY KEY (name, part)
   );`,
  // Publishable keys: a browser's key, bound to origins, with an hourly allowance per visitor.
  `ALTER TABLE api_keys ADD COLUMN kind text NOT NULL DEFAULT 'secret' CHECK (kind IN ('secret', 'publishable'));
   ALTER TABLE api_keys ADD COLUMN origins text;
   ALTER TABLE api_keys ADD COLUMN visitor_limit integer;
   ALTER TABLE api_keys ADD COLUMN publishable_key text;`,
  // What the service did for each key, by UTC day, operation and sub_id ('' none): usage reports.
  `CREATE TABLE usage_counts (
     key_id text NOT NULL,
     day text NOT NULL,
     operation text NOT NULL,
     sub_id text NOT NULL,
     calls bigint NOT NULL,
     refused bigint NOT NULL,
     failed bigint NOT NULL,
     hotels_shown bigint NOT NULL,
     links bigint NOT NULL,
     PRIMARY KEY (key_id, day, operation, sub_id)
   );
   CREATE INDEX usage_counts_by_day ON usage_counts (day);`,
  // Affiliates serve themselves: keys found by their code, rolled keys' grace, secret keys' hints,
  // operators' keys for the admin API, the audit of every key change, and console sessions.
  `ALTER TABLE api_keys ADD COLUMN expires_at text;
   ALTER TABLE api_keys ADD COLUMN hint text;
   CREATE INDEX api_keys_by_code ON api_keys (affiliate_code);
   CREATE TABLE operator_keys (
     id text PRIMARY KEY,
     secret_hash text NOT NULL UNIQUE,
     label text NOT NULL,
     created_at text NOT NULL,
     revoked_at text
   );
   CREATE TABLE key_audit (
     seq bigserial PRIMARY KEY,
     at text NOT NULL,
     actor text NOT NULL,
     action text NOT NULL,
     key_id text,
     affiliate_code text,
     address text,
     details text NOT NULL
   );
   CREATE INDEX key_audit_by_code ON key_audit (affiliate_code, seq);
   CREATE TABLE console_sessions (
     token_hash text PRIMARY KEY,
     key_id text NOT NULL,
     csrf_token text NOT NULL,
     created_at text NOT NULL,
     seen_at text NOT NULL
   );
   CREATE INDEX console_sessions_by_key ON console_sessions (key_id);`,
  // Usage by key, day and operation, whatever the sub_id: what charts and reports not by sub_id
  // read (a year of a busy affiliate is 50 times fewer rows). Made from what is kept so far.
  `CREATE TABLE usage_daily (
     key_id text NOT NULL,
     day text NOT NULL,
     operation text NOT NULL,
     calls bigint NOT NULL,
     refused bigint NOT NULL,
     failed bigint NOT NULL,
     hotels_shown bigint NOT NULL,
     links bigint NOT NULL,
     PRIMARY KEY (key_id, day, operation)
   );
   CREATE INDEX usage_daily_by_day ON usage_daily (day);
   INSERT INTO usage_daily (key_id, day, operation, calls, refused, failed, hotels_shown, links)
     SELECT key_id, day, operation, SUM(calls), SUM(refused), SUM(failed), SUM(hotels_shown), SUM(links)
     FROM usage_counts GROUP BY key_id, day, operation;`,
];

/** Errors of a connection the server ended (a restart, pg_terminate_backend, a proxy's cut), not of the query sent on it. */
const ENDED_BY_SERVER = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);

function connectionEnded(error: unknown): boolean {
  const { code, message = '' } = error as { code?: string; message?: string };
  // "Connection terminated due to connection timeout" is a new connection that got no answer: a
  // server that does not answer, not a pooled connection it ended, and no reason to try again.
  if (message.includes('connection timeout')) return false;
  return (code !== undefined && ENDED_BY_SERVER.has(code)) || /^Connection terminated|not queryable/.test(message);
}

/**
 * A query that fails after `timeoutMs` instead of waiting on a server that does not answer. A read
 * sent on a pooled connection the server has ended is made again: the pool drops a connection that
 * failed so, and the others it holds idle may have been ended with it (a restart ends them all),
 * so a read is tried until a live connection answers, at most once per connection the pool holds,
 * then on a new one. A write is not made again: it may have been made. While the pool's circuit
 * is open (postgres-circuit.ts) it fails at once.
 */
export async function queryWithin<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  timeoutMs: number,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<Row>> {
  // The deadline is within()'s, which a held-up event loop does not misread; pg's own
  // query_timeout (supported, but missing from its QueryConfig type) only lets go of a query
  // nobody will answer, freeing its connection.
  const query = { text, values, query_timeout: backstopMs(timeoutMs) } as pg.QueryConfig;
  const attempts = text.startsWith('SELECT') ? (pool.options.max ?? 10) + 1 : 1;
  const circuit = circuitOf(pool);
  circuit?.check();
  for (let attempt = 1; ; attempt++) {
    // Found silent meanwhile: not asked again.
    if (attempt > 1) circuit?.check();
    try {
      return await within(pool.query<Row>(query), timeoutMs, `Query read timeout: no answer within ${timeoutMs} ms`);
    } catch (error) {
      if (attempt >= attempts || !connectionEnded(error)) {
        circuit?.failed(error);
        throw error;
      }
    }
  }
}

/** Runs `work` in a transaction on one client of the pool; rolls back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client whose connection ends (a server restart, PgBouncer's query_wait_timeout)
  // emits 'error', which would end the process unheard; the query under way rejects with it anyway.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}

/** Connects (failing fast when the server cannot be reached) and migrates the schema; `max`: the pool's connections. */
export async function openPostgres(url: string, timeoutMs: number, max = 10): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: timeoutMs });
  // An idle connection dropped by the server must not bring the process down; the next
  // query opens a new one (or fails, and that call is answered 503).
  pool.on('error', () => undefined);
  try {
    await inTransaction(pool, async (client) => {
      // One lock per schema: the schemas of one database migrate on their own.
      await client.query('SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema()))', [MIGRATION_LOCK]);
      await client.query('CREATE TABLE IF NOT EXISTS hotel_affiliate_schema (version integer NOT NULL)');
      const { rows } = await client.query<{ version: number }>('SELECT version FROM hotel_affiliate_schema');
      if (rows.length === 0) await client.query('INSERT INTO hotel_affiliate_schema (version) VALUES (0)');
      let version = rows[0]?.version ?? 0;
      for (; version < MIGRATIONS.length; version++) await client.query(MIGRATIONS[version]);
      await client.query('UPDATE hotel_affiliate_schema SET version = $1', [version]);
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  attachCircuit(pool, timeoutMs);
  return pool;
}
