// The key changes an affiliate and the programme's team make (list by code, edit, roll), written
// once for both databases: they are rare, unlike a call's lookup, which each store keeps its own.
import type { SqlDatabase } from '../storage/sql.js';
import { KEY_COLUMNS, keyRecordOf, newKeyRow, type ApiKeyRecord, type KeyChanges, type KeyRow } from './key-store.js';

const INSERT_KEY = `INSERT INTO api_keys (id, secret_hash, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, hint)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export class KeyRecords {
  constructor(private readonly sql: SqlDatabase) {}

  async listByCode(affiliateCode: string): Promise<ApiKeyRecord[]> {
    const rows = await this.sql.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE affiliate_code = ? ORDER BY created_at, id`, [affiliateCode]);
    return rows.map(keyRecordOf);
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    const [row] = await this.sql.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
    return row ? keyRecordOf(row) : null;
  }

  async update(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null> {
    const sets: string[] = [];
    const values: unknown[] = [];
    if (changes.tier !== undefined) sets.push('tier = ?') && values.push(changes.tier);
    if (changes.label !== undefined) sets.push('label = ?') && values.push(changes.label);
    // Origins and a visitor's limit mean something for a publishable key only.
    if (changes.origins !== undefined) sets.push(`origins = CASE WHEN kind = 'publishable' THEN ? ELSE origins END`) && values.push(JSON.stringify(changes.origins));
    if (changes.visitorLimit !== undefined) sets.push(`visitor_limit = CASE WHEN kind = 'publishable' THEN ? ELSE visitor_limit END`) && values.push(changes.visitorLimit);
    if (sets.length > 0) await this.sql.run(`UPDATE api_keys SET ${sets.join(', ')} WHERE id = ?`, [...values, id]);
    return this.get(id);
  }

  async roll(id: string, expiresAt: Date | null): Promise<{ secret: string; record: ApiKeyRecord; old: ApiKeyRecord } | null> {
    const nowIso = new Date().toISOString();
    return this.sql.transaction(async (tx) => {
      const [row] = await tx.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ? AND revoked_at IS NULL AND expires_at IS NULL`, [id]);
      if (!row) return null;
      const old = keyRecordOf(row);
      const made = newKeyRow({
        tier: old.tier,
        affiliateCode: old.affiliateCode,
        label: old.label,
        publishable: old.kind === 'publishable' ? { origins: old.origins ?? [], visitorLimit: old.visitorLimit ?? 1 } : undefined,
      });
      const r = made.row;
      await tx.run(INSERT_KEY, [r.id, made.secretHash, r.kind, r.tier, r.affiliate_code, r.label, r.origins, r.visitor_limit, r.publishable_key, r.created_at, r.hint]);
      // No grace: the old key stops now, as a revocation.
      if (expiresAt === null) await tx.run('UPDATE api_keys SET revoked_at = ? WHERE id = ?', [nowIso, id]);
      else await tx.run('UPDATE api_keys SET expires_at = ? WHERE id = ?', [expiresAt.toISOString(), id]);
      const [after] = await tx.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
      return { secret: made.secret, record: keyRecordOf(r), old: keyRecordOf(after) };
    });
  }
}
