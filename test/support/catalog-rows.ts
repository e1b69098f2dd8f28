// The catalog as the database holds it, read directly (SQLite file or PostgreSQL schema): the
// catalog_state row and how many hotel rows each generation has, committed rows only.
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFile } from '../../src/storage/sqlite.js';

export interface CatalogRows {
  state: { generation: number; hotelCount: number; source: string } | null;
  /** Hotel rows by generation, e.g. { 3: 20000 }. */
  rowsByGeneration: Record<number, number>;
  /** Hotel rows whose id contains the text (a feed's label). */
  rowsLike(text: string): number;
}

const STATE = 'SELECT generation, hotel_count, source FROM catalog_state';
const PER_GENERATION = 'SELECT generation, COUNT(*) AS n FROM hotels GROUP BY generation';

interface StateRow {
  generation: number;
  hotel_count: number;
  source: string;
}

/** Reads the catalog tables of a test service's data directory or, with DATABASE_URL in its env, its PostgreSQL schema. */
export async function catalogRows(dataDir: string, databaseEnv: Record<string, string>): Promise<CatalogRows> {
  let state: StateRow | undefined;
  let generations: { generation: number; n: number | string }[];
  let ids: string[];
  if (databaseEnv.DATABASE_URL) {
    const client = new pg.Client(databaseEnv.DATABASE_URL);
    await client.connect();
    try {
      state = (await client.query<StateRow>(STATE)).rows[0];
      generations = (await client.query(PER_GENERATION)).rows;
      ids = (await client.query<{ id: string }>('SELECT id FROM hotels')).rows.map((r) => r.id);
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(sqliteFile(dataDir), { readonly: true });
    try {
      state = db.prepare(STATE).get() as StateRow | undefined;
      generations = db.prepare(PER_GENERATION).all() as { generation: number; n: number }[];
      ids = (db.prepare('SELECT id FROM hotels').all() as { id: string }[]).map((r) => r.id);
    } finally {
      db.close();
    }
  }
  return {
    state: state ? { generation: state.generation, hotelCount: state.hotel_count, source: state.source } : null,
    rowsByGeneration: Object.fromEntries(generations.map((g) => [g.generation, Number(g.n)])),
    rowsLike: (text) => ids.filter((id) => id.includes(text)).length,
  };
}
