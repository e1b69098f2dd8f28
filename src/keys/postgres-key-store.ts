// Keys in PostgreSQL. As with SQLite, every request looks its key up (an indexed read), so a
// revocation or a tier change counts from the next request on every instance.
import type pg from 'pg';
import type { ActiveKey } from '../access/access-gate.js';
import { queryWithin } from '../storage/postgres.js';
import { postgresStatements } from '../storage/sql.js';
import { hashSecret } from './api-key.js';
import {
  ACTIVE_KEY_COLUMNS,
  activeKeyOf,
  KEY_COLUMNS,
  keyRecordOf,
  newKeyRow,
  type ActiveKeyRow,
  type ApiKeyRecord,
  type KeyRow,
  type KeyStore,
  type KeyChanges,
  type KeyTier,
  type NewKey,
} from './key-store.js';
import { KeyRecords } from './key-records.js';

export class PostgresKeyStore implements KeyStore {
  private readonly records: KeyRecords;

  /** @param timeoutMs how long a lookup waits before it fails (and the call is answered 503) */
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {
    this.records = new KeyRecords(postgresStatements(pool, timeoutMs));
  }

  private query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<Row>> {
    return queryWithin<Row>(this.pool, this.timeoutMs, text, values);
  }

  async create(key: NewKey): Promise<{ secret: string; record: ApiKeyRecord }> {
    const { secret, secretHash, row } = newKeyRow(key);
    await this.query(
      `INSERT INTO api_keys (id, secret_hash, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, hint)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [row.id, secretHash, row.kind, row.tier, row.affiliate_code, row.label, row.origins, row.visitor_limit, row.publishable_key, row.created_at, row.hint],
    );
    return { secret, record: keyRecordOf(row) };
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`)).rows.map(keyRecordOf);
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
    return rows[0] ? keyRecordOf(rows[0]) : null;
  }

  async revoke(id: string): Promise<ApiKeyRecord | null> {
    await this.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [new Date().toISOString(), id]);
    return this.get(id);
  }

  async setTier(id: string, tier: KeyTier): Promise<ApiKeyRecord | null> {
    await this.query('UPDATE api_keys SET tier = $1 WHERE id = $2', [tier, id]);
    return this.get(id);
  }

  async setOrigins(id: string, origins: string[]): Promise<ApiKeyRecord | null> {
    await this.query(`UPDATE api_keys SET origins = $1 WHERE id = $2 AND kind = 'publishable'`, [JSON.stringify(origins), id]);
    return this.get(id);
  }

  listByCode(affiliateCode: string): Promise<ApiKeyRecord[]> {
    return this.records.listByCode(affiliateCode);
  }

  update(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    return this.records.update(id, changes);
  }

  roll(id: string, expiresAt: Date | null): ReturnType<KeyStore['roll']> {
    return this.records.roll(id, expiresAt);
  }

  async findActive(secret: string): Promise<ActiveKey | null> {
    const { rows } = await this.query<ActiveKeyRow>(`SELECT ${ACTIVE_KEY_COLUMNS} FROM api_keys WHERE secret_hash = $1 AND revoked_at IS NULL`, [
      hashSecret(secret),
    ]);
    return rows[0] ? activeKeyOf(rows[0]) : null;
  }
}
