// Where keys live: the same database as the catalog (embedded SQLite, or PostgreSQL), behind
// one contract so both run the same tests.
import type { ActiveKey, KeyLookup } from '../access/access-gate.js';
import type { Tier } from './caller.js';
import { hashSecret, newKeyId, newSecret } from './api-key.js';

export type KeyTier = Exclude<Tier, 'keyless'>;
export const KEY_TIERS: readonly KeyTier[] = ['standard', 'partner'];

export interface ApiKeyRecord {
  id: string;
  tier: KeyTier;
  affiliateCode: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** A key as both databases store it (never its secret's hash). */
export const KEY_COLUMNS = 'id, tier, affiliate_code, label, created_at, revoked_at';
export interface KeyRow {
  id: string;
  tier: KeyTier;
  affiliate_code: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

export function keyRecordOf(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    tier: row.tier,
    affiliateCode: row.affiliate_code,
    label: row.label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** A new key's secret (to show once), the hash to store, and its row. */
export function newKeyRow(key: NewKey): { secret: string; secretHash: string; row: KeyRow } {
  const secret = newSecret();
  const row: KeyRow = {
    id: newKeyId(),
    tier: key.tier,
    affiliate_code: key.affiliateCode,
    label: key.label,
    created_at: new Date().toISOString(),
    revoked_at: null,
  };
  return { secret, secretHash: hashSecret(secret), row };
}

export interface NewKey {
  tier: KeyTier;
  affiliateCode: string;
  label: string | null;
}

export interface KeyStore extends KeyLookup {
  /** Creates a key; the secret is returned here and never again. */
  create(key: NewKey): Promise<{ secret: string; record: ApiKeyRecord }>;
  list(): Promise<ApiKeyRecord[]>;
  get(id: string): Promise<ApiKeyRecord | null>;
  /** Revokes a key from the next request on; null for an unknown id. Revoking twice keeps the first time. */
  revoke(id: string): Promise<ApiKeyRecord | null>;
  /** Moves a key to another tier from the next request on; null for an unknown id. */
  setTier(id: string, tier: KeyTier): Promise<ApiKeyRecord | null>;
  findActive(secret: string): Promise<ActiveKey | null>;
}
