// Keys in the embedded SQLite database. Every request looks its key up here (an indexed read
// of a few microseconds), so a revocation or a tier change counts from the next request.
// Changes wait their turn behind a catalog import, which holds the file's write lock throughout.
import type { ActiveKey } from '../access/access-gate.js';
import type { SqliteDatabase } from '../storage/sqlite.js';
import { beginWriteInTurn } from '../storage/sqlite-write-turn.js';
import { hashSecret } from './api-key.js';
import { KEY_COLUMNS, keyRecordOf, newKeyRow, type ApiKeyRecord, type KeyRow, type KeyStore, type KeyTier, type NewKey } from './key-store.js';

export class SqliteKeyStore implements KeyStore {
  private readonly byHash;

  /** @param onWriteWait told once when a change must wait for an import to finish */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly onWriteWait?: () => void,
  ) {
    this.byHash = db.prepare(`SELECT id, tier, affiliate_code FROM api_keys WHERE secret_hash = ? AND revoked_at IS NULL`);
  }

  async create(key: NewKey): Promise<{ secret: string; record: ApiKeyRecord }> {
    const { secret, secretHash, row } = newKeyRow(key);
    const insert = this.db.prepare(
      `INSERT INTO api_keys (id, secret_hash, tier, affiliate_code, label, created_at)
       VALUES (@id, @secret_hash, @tier, @affiliate_code, @label, @created_at)`,
    );
    await this.write(() => insert.run({ ...row, secret_hash: secretHash }));
    return { secret, record: keyRecordOf(row) };
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (this.db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`).all() as KeyRow[]).map(keyRecordOf);
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const row = this.db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`).get(id) as KeyRow | undefined;
    return row ? keyRecordOf(row) : null;
  }

  async revoke(id: string): Promise<ApiKeyRecord | null> {
    const update = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    await this.write(() => update.run(new Date().toISOString(), id));
    return this.get(id);
  }

  async setTier(id: string, tier: KeyTier): Promise<ApiKeyRecord | null> {
    const update = this.db.prepare('UPDATE api_keys SET tier = ? WHERE id = ?');
    await this.write(() => update.run(tier, id));
    return this.get(id);
  }

  /** Runs one change in a write transaction taken in turn. */
  private async write(change: () => unknown): Promise<void> {
    await beginWriteInTurn(this.db, this.onWriteWait);
    try {
      change();
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async findActive(secret: string): Promise<ActiveKey | null> {
    const row = this.byHash.get(hashSecret(secret)) as Pick<KeyRow, 'id' | 'tier' | 'affiliate_code'> | undefined;
    return row ? { id: row.id, tier: row.tier, affiliateCode: row.affiliate_code } : null;
  }
}
