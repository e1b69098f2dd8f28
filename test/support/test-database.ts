// The database a test service uses: the embedded SQLite file of its data directory, or, when the
// suite runs with TEST_STORAGE=postgres, a schema of its own in the machine's PostgreSQL
// (database test on 127.0.0.1:5432), created for the service and dropped with it.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFile } from '../../src/storage/sqlite.js';

export const TEST_POSTGRES = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const usePostgres = process.env.TEST_STORAGE === 'postgres';

export interface TestDatabase {
  /** DATABASE_URL for the service and its CLI; none for SQLite. */
  env: Record<string, string>;
  /** The stored api_keys rows, read directly from the database. */
  keyRows(): Promise<Record<string, unknown>[]>;
  /** Runs one statement on the database from a connection of its own, as an operator would ($1, $2... for parameters). */
  sql(statement: string, params: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

/** Runs `work` on a connection of its own to the machine's PostgreSQL, as an operator's psql would. */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(TEST_POSTGRES);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function testDatabase(dataDir: string): Promise<TestDatabase> {
  if (!usePostgres) {
    return {
      env: {},
      async keyRows() {
        const db = new Database(sqliteFile(dataDir), { readonly: true });
        try {
          return db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      },
      async sql(statement, params) {
        const db = new Database(sqliteFile(dataDir));
        try {
          db.prepare(statement.replace(/\$\d+/g, '?')).run(...params);
        } finally {
          db.close();
        }
      },
      drop: async () => undefined,
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  return {
    env: { DATABASE_URL: `${TEST_POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    keyRows: () => withClient(async (c) => (await c.query(`SELECT * FROM ${schema}.api_keys`)).rows),
    sql: (statement, params) => withClient((c) => c.query(`SET search_path TO ${schema}`).then(() => c.query(statement, params))).then(() => undefined),
    drop: () => withClient((c) => c.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined),
  };
}
