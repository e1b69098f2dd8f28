// The catalog in PostgreSQL, with the same generations as the SQLite store: an import writes a
// new generation, deletes the older ones and points catalog_state at the new one in one
// transaction, so every instance reads the old catalog or the new one, whole, never a mixture.
// Imports take turns on an advisory lock held by that transaction, one lock per schema: two
// catalogs in one database (two deployments, or tests) do not wait for each other.
import type pg from 'pg';
import { inTransaction, queryWithin } from '../storage/postgres.js';
import { circuitOf } from '../storage/postgres-circuit.js';
import type { HotelCardRow, HotelRecord } from './hotel.js';
import type { CatalogStore, CatalogVersion, ImportTurn } from './store.js';

const CARD_COLUMNS = 'id, name, stars, rating, review_count, address, city, country_code, latitude, longitude, photo_url';
const IMPORT_LOCK = 0x486f_7466;
/** The import turn of the schema in use: the lock's two keys, this constant and the schema's hash. */
const IMPORT_TURN = `$1::integer, hashtext(current_schema())`;
/** Rows per INSERT: one array per column, so a batch is 15 parameters however large. */
const INSERT_BATCH = 2000;

interface StateRow {
  generation: number;
  hotel_count: number;
  imported_at: string;
  source: string;
}

const toVersion = (row: StateRow): CatalogVersion => ({
  generation: row.generation,
  hotelCount: row.hotel_count,
  importedAt: row.imported_at,
  source: row.source,
});

async function insertBatch(client: pg.PoolClient, generation: number, batch: HotelRecord[]): Promise<void> {
  const column = <K extends keyof HotelRecord>(key: K) => batch.map((r) => r[key]);
  await client.query(
    `INSERT INTO hotels (generation, id, name, stars, rating, review_count, address, city, country_code,
                         latitude, longitude, description, photo_url, photos, amenities)
     SELECT $1, u.id, u.name, u.stars, u.rating, u.review_count, u.address, u.city, u.country_code,
            u.latitude, u.longitude, u.description, u.photo_url, u.photos::jsonb, u.amenities::jsonb
     FROM unnest($2::text[], $3::text[], $4::float8[], $5::float8[], $6::int[], $7::text[], $8::text[], $9::text[],
                 $10::float8[], $11::float8[], $12::text[], $13::text[], $14::text[], $15::text[])
       AS u(id, name, stars, rating, review_count, address, city, country_code, latitude, longitude,
            description, photo_url, photos, amenities)`,
    [
      generation,
      column('id'),
      column('name'),
      column('stars'),
      column('rating'),
      column('review_count'),
      column('address'),
      column('city'),
      column('country_code'),
      column('latitude'),
      column('longitude'),
      column('description'),
      column('photo_url'),
      batch.map((r) => JSON.stringify(r.photos)),
      batch.map((r) => JSON.stringify(r.amenities)),
    ],
  );
}

/** A generation's cards in id order, a keyset page at a time, through `query` (the pool, or a transaction's client). */
async function* scanWith(
  query: (text: string, values: unknown[]) => Promise<pg.QueryResult<HotelCardRow>>,
  generation: number,
  batchSize: number,
): AsyncIterable<HotelCardRow[]> {
  let after = '';
  for (;;) {
    const { rows } = await query(`SELECT ${CARD_COLUMNS} FROM hotels WHERE generation = $1 AND id > $2 ORDER BY id LIMIT $3`, [generation, after, batchSize]);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Waits, without a time limit, until no other import runs, then holds the turn until the
 * transaction ends: COMMIT, ROLLBACK, or the connection dropped by a process that was killed.
 */
async function takeImportTurn(client: pg.PoolClient, onWait?: () => void): Promise<void> {
  const { rows } = await client.query<{ taken: boolean }>(`SELECT pg_try_advisory_xact_lock(${IMPORT_TURN}) AS taken`, [IMPORT_LOCK]);
  if (rows[0].taken) return;
  onWait?.();
  // A timeout the database may set for every statement must not cut the wait short.
  await client.query('SET LOCAL statement_timeout = 0');
  await client.query('SET LOCAL lock_timeout = 0');
  await client.query(`SELECT pg_advisory_xact_lock(${IMPORT_TURN})`, [IMPORT_LOCK]);
}

export class PostgresCatalogStore implements CatalogStore {
  /** @param timeoutMs how long a read waits before it fails (and the call is answered 503) */
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  private read<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<Row>> {
    return queryWithin<Row>(this.pool, this.timeoutMs, text, values);
  }

  async current(): Promise<CatalogVersion | null> {
    const { rows } = await this.read<StateRow>('SELECT generation, hotel_count, imported_at, source FROM catalog_state WHERE singleton = 1');
    return rows[0] ? toVersion(rows[0]) : null;
  }

  scanCards(generation: number, batchSize = 5000): AsyncIterable<HotelCardRow[]> {
    return scanWith((text, values) => this.read<HotelCardRow>(text, values), generation, batchSize);
  }
  async getHotel(id: string): Promise<HotelRecord | null> {
    const { rows } = await this.read<HotelRecord>(
      `SELECT h.id, h.name, h.stars, h.rating, h.review_count, h.address, h.city, h.country_code, h.latitude,
              h.longitude, h.description, h.photo_url, h.photos, h.amenities
       FROM hotels h JOIN catalog_state s ON s.singleton = 1 AND h.generation = s.generation
       WHERE h.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  replaceCatalog(records: AsyncIterable<HotelRecord>, source: string, turn: ImportTurn = {}): Promise<CatalogVersion> {
    return this.importInTurn(records, source, turn, false) as Promise<CatalogVersion>;
  }

  fillEmptyCatalog(records: AsyncIterable<HotelRecord>, source: string, turn: ImportTurn = {}): Promise<CatalogVersion | null> {
    return this.importInTurn(records, source, turn, true);
  }

  private importInTurn(
    records: AsyncIterable<HotelRecord>,
    source: string,
    turn: ImportTurn,
    onlyIfEmpty: boolean,
  ): Promise<CatalogVersion | null> {
    return inTransaction(this.pool, async (client) => {
      await takeImportTurn(client, turn.onWait);
      if (onlyIfEmpty && (await client.query('SELECT 1 FROM catalog_state')).rowCount) return null;
      const { rows } = await client.query<{ next: number }>(
        `SELECT GREATEST(COALESCE((SELECT MAX(generation) FROM hotels), 0),
                         COALESCE((SELECT generation FROM catalog_state), 0)) + 1 AS next`,
      );
      const generation = rows[0].next;
      let batch: HotelRecord[] = [];
      let count = 0;
      for await (const record of records) {
        batch.push(record);
        count++;
        if (batch.length === INSERT_BATCH) {
          await insertBatch(client, generation, batch);
          batch = [];
        }
      }
      if (batch.length > 0) await insertBatch(client, generation, batch);
      // In the transaction, not after it: other instances see the old rows until COMMIT, and an
      // import that followed this one at once cannot lose its rows to this DELETE.
      await client.query('DELETE FROM hotels WHERE generation <> $1', [generation]);
      // Statistics of the new rows before any server pages through them: without them the
      // planner sorts the rest of the table for every page of scanCards (1M hotels: 2 minutes
      // instead of seconds).
      await client.query('ANALYZE hotels');
      const next: CatalogVersion = { generation, hotelCount: count, importedAt: new Date().toISOString(), source };
      // In the transaction, which sees the rows no other connection sees yet.
      await turn.beforePublish?.(next, scanWith((text, values) => client.query<HotelCardRow>(text, values), generation, 5000));
      await client.query(
        `INSERT INTO catalog_state (singleton, generation, hotel_count, imported_at, source) VALUES (1, $1, $2, $3, $4)
         ON CONFLICT (singleton) DO UPDATE SET generation = excluded.generation, hotel_count = excluded.hotel_count,
           imported_at = excluded.imported_at, source = excluded.source`,
        [next.generation, next.hotelCount, next.importedAt, next.source],
      );
      return next;
    });
  }

  /** Closes the pool, which the key store shares (as the SQLite stores share their file). */
  async close(): Promise<void> {
    circuitOf(this.pool)?.stop();
    if (!this.pool.ended) await this.pool.end();
  }
}
