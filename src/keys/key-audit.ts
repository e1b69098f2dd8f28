// The audit of every key change: who made it (an affiliate's key, the console, an operator's key
// or the command line), what, when and from where. Written in the change's own request, read by
// the programme's team (GET /admin/v1/audit) and by the affiliate for their own keys.
import type { SqlDatabase } from '../storage/sql.js';

export type AuditAction = 'key.created' | 'key.updated' | 'key.revoked' | 'key.rolled' | 'operator_key.created' | 'operator_key.revoked';

export interface AuditEntry {
  seq: number;
  at: string;
  /** Who: `key:<id>` (an affiliate's secret key), `console:<key id>`, `operator:<id>`, or `cli:<user>`. */
  actor: string;
  action: AuditAction;
  keyId: string | null;
  affiliateCode: string | null;
  /** The client address the change came from; null from the command line. */
  address: string | null;
  /** What changed: the fields before and after, never a secret. */
  details: Record<string, unknown>;
}

export type NewAuditEntry = Omit<AuditEntry, 'seq' | 'at'>;

export interface AuditQuery {
  affiliateCode?: string;
  keyId?: string;
  /** Entries before this sequence number (the next page of a listing), newest first. */
  before?: number;
  limit: number;
}

interface AuditRow {
  seq: number | string;
  at: string;
  actor: string;
  action: AuditAction;
  key_id: string | null;
  affiliate_code: string | null;
  address: string | null;
  details: string;
}

export class KeyAudit {
  constructor(private readonly sql: SqlDatabase) {}

  async append(entry: NewAuditEntry): Promise<void> {
    await this.sql.run('INSERT INTO key_audit (at, actor, action, key_id, affiliate_code, address, details) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      new Date().toISOString(),
      entry.actor,
      entry.action,
      entry.keyId,
      entry.affiliateCode,
      entry.address,
      JSON.stringify(entry.details),
    ]);
  }

  /** Entries newest first. */
  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.affiliateCode !== undefined) where.push('affiliate_code = ?') && values.push(query.affiliateCode);
    if (query.keyId !== undefined) where.push('key_id = ?') && values.push(query.keyId);
    if (query.before !== undefined) where.push('seq < ?') && values.push(query.before);
    const rows = await this.sql.all<AuditRow>(
      `SELECT seq, at, actor, action, key_id, affiliate_code, address, details FROM key_audit
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`,
      [...values, query.limit],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at,
      actor: r.actor,
      action: r.action,
      keyId: r.key_id,
      affiliateCode: r.affiliate_code,
      address: r.address,
      details: JSON.parse(r.details) as Record<string, unknown>,
    }));
  }
}
