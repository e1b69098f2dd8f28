// Keys in the embedded SQLite database. Every request asks for its key here, and a revocation or
// a tier change counts from the next request: active keys are remembered only as long as nothing
// at all has been committed to the database since (SqliteChangeSignal, one 48-byte read), because
// the lookup itself, a read transaction, cost about a tenth of a search under load. The signal is
// read once per turn of the event loop: a call answered after a change was committed (anywhere)
// arrives in a later turn, and under load a turn answers several calls (the read was a
// system call each, 4% of a hotel by id). This store's own changes forget at once.
// Changes wait their turn behind a catalog import, which holds the file's write lock throughout.
import type { ActiveKey } from '../access/access-gate.js';
import type { SqliteDatabase } from '../storage/sqlite.js';
import { SqliteChangeSignal } from '../storage/sqlite-change-signal.js';
import { beginWriteInTurn } from '../storage/sqlite-write-turn.js';
import { sqliteStatements } from '../storage/sql.js';
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

/** Active keys remembered at most; past that all are forgotten (a bound on secrets nobody sends again). */
const REMEMBERED_KEYS = 10_000;

export class SqliteKeyStore implements KeyStore {
  private readonly byHash;
  private readonly changes: SqliteChangeSignal;
  /** Active keys by secret, valid while `changes` says nothing was committed. Unknown secrets are never kept. */
  private readonly active = new Map<string, ActiveKey>();
  private readonly records: KeyRecords;
  private lookedThisTurn = false;
  private readonly turnEnded = () => {
    this.lookedThisTurn = false;
  };

  /** @param onWriteWait told once when a change must wait for an import to finish */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly onWriteWait?: () => void,
  ) {
    this.byHash = db.prepare(`SELECT ${ACTIVE_KEY_COLUMNS} FROM api_keys WHERE secret_hash = ? AND revoked_at IS NULL`);
    this.changes = new SqliteChangeSignal(db);
    this.records = new KeyRecords(sqliteStatements(db, onWriteWait));
  }

  /** Lets go of the -shm file read for changes (the database is closed by its owner). */
  close(): void {
    this.changes.close();
  }

  async create(key: NewKey): Promise<{ secret: string; record: ApiKeyRecord }> {
    const { secret, secretHash, row } = newKeyRow(key);
    const insert = this.db.prepare(
      `INSERT INTO api_keys (id, secret_hash, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, hint)
       VALUES (@id, @secret_hash, @kind, @tier, @affiliate_code, @label, @origins, @visitor_limit, @publishable_key, @created_at, @hint)`,
    );
    const { revoked_at: _, expires_at: __, ...values } = row;
    await this.write(() => insert.run({ ...values, secret_hash: secretHash }));
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

  async setOrigins(id: string, origins: string[]): Promise<ApiKeyRecord | null> {
    const update = this.db.prepare(`UPDATE api_keys SET origins = ? WHERE id = ? AND kind = 'publishable'`);
    await this.write(() => update.run(JSON.stringify(origins), id));
    return this.get(id);
  }

  /** Runs one change in a write transaction taken in turn. */
  private async write(change: () => unknown): Promise<void> {
    await beginWriteInTurn(this.db, this.onWriteWait);
    try {
      change();
      this.db.exec('COMMIT');
      this.active.clear();
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  listByCode(affiliateCode: string): Promise<ApiKeyRecord[]> {
    return this.records.listByCode(affiliateCode);
  }

  async update(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    const updated = await this.records.update(id, changes);
    this.active.clear();
    return updated;
  }

  async roll(id: string, expiresAt: Date | null): ReturnType<KeyStore['roll']> {
    const rolled = await this.records.roll(id, expiresAt);
    this.active.clear();
    return rolled;
  }

  /** Whether anything may have been committed since the last look, looked at once a turn. */
  private mayHaveChanged(): boolean {
    if (this.lookedThisTurn) return false;
    this.lookedThisTurn = true;
    setImmediate(this.turnEnded);
    return this.changes.changed();
  }

  async findActive(secret: string): Promise<ActiveKey | null> {
    // A database closed under the store: nothing remembered holds, and the lookup below says so (503).
    if (!this.db.open || this.mayHaveChanged()) this.active.clear();
    const known = this.active.get(secret);
    if (known) return known;
    const row = this.byHash.get(hashSecret(secret)) as ActiveKeyRow | undefined;
    if (!row) return null;
    const key = activeKeyOf(row);
    if (this.active.size >= REMEMBERED_KEYS) this.active.clear();
    this.active.set(secret, key);
    return key;
  }
}
