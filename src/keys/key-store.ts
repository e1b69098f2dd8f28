// Where keys live: the same database as the catalog (embedded SQLite, or PostgreSQL), behind
// one contract so both run the same tests.
import type { ActiveKey, KeyLookup } from '../access/access-gate.js';
import type { Tier } from './caller.js';
import { hashSecret, newKeyId, newSecret, type KeyKind } from './api-key.js';

export type KeyTier = Exclude<Tier, 'keyless'>;
export const KEY_TIERS: readonly KeyTier[] = ['standard', 'partner'];

/** A visitor's calls an hour under a publishable key, unless the key says otherwise. */
export const DEFAULT_VISITOR_LIMIT = 60;

export interface ApiKeyRecord {
  id: string;
  kind: KeyKind;
  tier: KeyTier;
  affiliateCode: string;
  label: string | null;
  /** A publishable key's origins (`https://blog.example`, `https://*.blog.example`); null for a secret key. */
  origins: string[] | null;
  /** A publishable key's calls an hour per visitor address; null for a secret key. */
  visitorLimit: number | null;
  /** A publishable key itself, public by design and so kept to show again; never a secret key. */
  publishableKey: string | null;
  createdAt: string;
  revokedAt: string | null;
  /** When a rolled key stops working (the end of its grace); null for a key that has not been rolled. */
  expiresAt: string | null;
  /** The last four characters of a secret key, to tell keys apart; null for keys made before hints were kept. */
  hint: string | null;
}

/** A key as both databases store it (never a secret key's hash). */
export const KEY_COLUMNS = 'id, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, revoked_at, expires_at, hint';
export interface KeyRow {
  id: string;
  kind: KeyKind;
  tier: KeyTier;
  affiliate_code: string;
  label: string | null;
  /** JSON array of origins, for a publishable key. */
  origins: string | null;
  visitor_limit: number | null;
  publishable_key: string | null;
  created_at: string;
  revoked_at: string | null;
  expires_at: string | null;
  hint: string | null;
}

/** What a request's lookup reads of a key. */
export const ACTIVE_KEY_COLUMNS = 'id, kind, tier, affiliate_code, origins, visitor_limit, expires_at';
export type ActiveKeyRow = Pick<KeyRow, 'id' | 'kind' | 'tier' | 'affiliate_code' | 'origins' | 'visitor_limit' | 'expires_at'>;

/** Whether a key row found by its secret still works at `now` (a rolled key's grace may be over). */
export function stillWorks(row: Pick<KeyRow, 'expires_at'>, now: number): boolean {
  return row.expires_at === null || Date.parse(row.expires_at) > now;
}

export function activeKeyOf(row: ActiveKeyRow): ActiveKey {
  const expiresAtMs = row.expires_at === null ? null : Date.parse(row.expires_at);
  return row.kind === 'publishable'
    ? {
        id: row.id,
        kind: 'publishable',
        tier: row.tier,
        affiliateCode: row.affiliate_code,
        origins: JSON.parse(row.origins ?? '[]') as string[],
        visitorLimit: row.visitor_limit ?? DEFAULT_VISITOR_LIMIT,
        expiresAtMs,
      }
    : { id: row.id, kind: 'secret', tier: row.tier, affiliateCode: row.affiliate_code, origins: null, visitorLimit: null, expiresAtMs };
}

export function keyRecordOf(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    kind: row.kind,
    tier: row.tier,
    affiliateCode: row.affiliate_code,
    label: row.label,
    origins: row.origins === null ? null : (JSON.parse(row.origins) as string[]),
    visitorLimit: row.visitor_limit,
    publishableKey: row.publishable_key,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    expiresAt: row.expires_at,
    hint: row.hint,
  };
}

/** A new key's secret (to show), the hash to store, and its row. */
export function newKeyRow(key: NewKey): { secret: string; secretHash: string; row: KeyRow } {
  const kind = key.publishable ? 'publishable' : 'secret';
  const secret = newSecret(kind);
  const row: KeyRow = {
    id: newKeyId(),
    kind,
    tier: key.tier,
    affiliate_code: key.affiliateCode,
    label: key.label,
    origins: key.publishable ? JSON.stringify(key.publishable.origins) : null,
    visitor_limit: key.publishable ? key.publishable.visitorLimit : null,
    publishable_key: key.publishable ? secret : null,
    created_at: new Date().toISOString(),
    revoked_at: null,
    expires_at: null,
    hint: key.publishable ? null : secret.slice(-4),
  };
  return { secret, secretHash: hashSecret(secret), row };
}

export interface NewKey {
  tier: KeyTier;
  affiliateCode: string;
  label: string | null;
  /** Makes a publishable key, enabled on these origins (as parseOriginPattern keeps them). */
  publishable?: { origins: string[]; visitorLimit: number };
}

/** What may be changed of a key; fields left out stay as they are. */
export interface KeyChanges {
  tier?: KeyTier;
  label?: string | null;
  /** A publishable key's only. */
  origins?: string[];
  /** A publishable key's only. */
  visitorLimit?: number;
}

export interface KeyStore extends KeyLookup {
  /** Creates a key; a secret key's secret is returned here and never again. */
  create(key: NewKey): Promise<{ secret: string; record: ApiKeyRecord }>;
  list(): Promise<ApiKeyRecord[]>;
  /** The keys of one affiliate code, revoked ones included, oldest first. */
  listByCode(affiliateCode: string): Promise<ApiKeyRecord[]>;
  /** Changes a key from the next request on; null for an unknown id. */
  update(id: string, changes: KeyChanges): Promise<ApiKeyRecord | null>;
  /**
   * Makes a new key of the same kind, tier, code, label and origins, and lets the old one work
   * until `expiresAt` (null: revoked at once), in one transaction. Null for an
   * unknown, revoked or already rolled key.
   */
  roll(id: string, expiresAt: Date | null): Promise<{ secret: string; record: ApiKeyRecord; old: ApiKeyRecord } | null>;
  get(id: string): Promise<ApiKeyRecord | null>;
  /** Revokes a key from the next request on; null for an unknown id. Revoking twice keeps the first time. */
  revoke(id: string): Promise<ApiKeyRecord | null>;
  /** Moves a key to another tier from the next request on; null for an unknown id. */
  setTier(id: string, tier: KeyTier): Promise<ApiKeyRecord | null>;
  /** Replaces a publishable key's origins from the next request on; null for an unknown id. */
  setOrigins(id: string, origins: string[]): Promise<ApiKeyRecord | null>;
  findActive(secret: string): Promise<ActiveKey | null>;
}
