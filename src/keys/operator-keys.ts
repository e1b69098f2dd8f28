// Operators' keys: the programme's team authenticates the admin API (/admin/v1) with them. Kept
// apart from affiliates' keys, so that a call's key lookup can never find one: an operator key
// works on nothing public by construction. Only a SHA-256 of each is stored.
import type { SqlDatabase } from '../storage/sql.js';
import { hashSecret, newKeyId, newSecret } from './api-key.js';

export interface OperatorKey {
  id: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

interface OperatorRow {
  id: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

const recordOf = (row: OperatorRow): OperatorKey => ({ id: row.id, label: row.label, createdAt: row.created_at, revokedAt: row.revoked_at });

export class OperatorKeys {
  constructor(private readonly sql: SqlDatabase) {}

  /** Makes an operator's key; its secret is returned here and never again. */
  async create(label: string): Promise<{ secret: string; record: OperatorKey }> {
    const secret = newSecret('operator');
    const row: OperatorRow = { id: newKeyId().replace('key_', 'op_'), label, created_at: new Date().toISOString(), revoked_at: null };
    await this.sql.run('INSERT INTO operator_keys (id, secret_hash, label, created_at) VALUES (?, ?, ?, ?)', [row.id, hashSecret(secret), row.label, row.created_at]);
    return { secret, record: recordOf(row) };
  }

  /** The active operator key a presented secret belongs to, or null. */
  async findActive(secret: string): Promise<OperatorKey | null> {
    const [row] = await this.sql.all<OperatorRow>('SELECT id, label, created_at, revoked_at FROM operator_keys WHERE secret_hash = ? AND revoked_at IS NULL', [
      hashSecret(secret),
    ]);
    return row ? recordOf(row) : null;
  }

  async list(): Promise<OperatorKey[]> {
    return (await this.sql.all<OperatorRow>('SELECT id, label, created_at, revoked_at FROM operator_keys ORDER BY created_at, id')).map(recordOf);
  }

  /** Revokes an operator key from its next call on; null for an unknown id. */
  async revoke(id: string): Promise<OperatorKey | null> {
    await this.sql.run('UPDATE operator_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [new Date().toISOString(), id]);
    const [row] = await this.sql.all<OperatorRow>('SELECT id, label, created_at, revoked_at FROM operator_keys WHERE id = ?', [id]);
    return row ? recordOf(row) : null;
  }
}
