// Key changes as the affiliate (its secret key, the console) and the programme's team (the admin
// API, the command line) make them: the same functions for every door, each change checked
// against the caps, written to the audit, and ending the console sessions of a key that stops.
import { failingAsUnavailable, invalidParams, notFound } from '../errors.js';
import { AFFILIATE_CODE_PATTERN } from './api-key.js';
import type { AccountStores } from './account-stores.js';
import type { AuditAction } from './key-audit.js';
import { DEFAULT_VISITOR_LIMIT, KEY_TIERS, type ApiKeyRecord, type KeyChanges, type KeyStore, type KeyTier } from './key-store.js';
import { parseOriginPattern } from './origins.js';

/** What one affiliate may hold: keys that work, and origins per publishable key. */
export const KEY_CAPS = { keysPerAffiliate: 20, originsPerKey: 20 } as const;
/** The longest a rolled secret key keeps working, in seconds (Stripe's longest is a week; a day keeps a leak short). */
export const MAX_GRACE_SECONDS = 86_400;
export const MAX_VISITOR_LIMIT = 9_999_999;
export const MAX_LABEL_LENGTH = 200;

/** Who makes a change, for the audit. */
export interface Actor {
  /** `key:<id>`, `console:<key id>`, `operator:<id>` or `cli:<user>`. */
  name: string;
  /** The client address; null from the command line. */
  address: string | null;
}

/** The affiliate a change is made for: the code of the calling key, and its tier. */
export interface Owner {
  affiliateCode: string;
  tier: KeyTier;
}

export interface PublishableInput {
  origins: readonly string[];
  label?: string | null;
  visitorLimit?: number;
}

export interface NewKeyInput {
  kind: 'secret' | 'publishable';
  tier: KeyTier;
  affiliateCode: string;
  label?: string | null;
  origins?: readonly string[];
  visitorLimit?: number;
}

/** Whether a key works now: not revoked, and a rolled key still in its grace. */
export function keyWorks(key: ApiKeyRecord, now = Date.now()): boolean {
  return key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now);
}

/** Origins as the affiliate lists them, checked and kept in their plain form, without repeats. */
export function checkedOrigins(texts: readonly string[], field = 'origins'): string[] {
  if (texts.length === 0) throw invalidParams(`${field} must name at least one site, as https://blog.example (or https://*.blog.example for its subdomains)`);
  const origins = [
    ...new Set(
      texts.map((text) => {
        const { origin, problem } = parseOriginPattern(text);
        if (problem !== null) throw invalidParams(`${field}: ${problem}`);
        return origin;
      }),
    ),
  ];
  if (origins.length > KEY_CAPS.originsPerKey) throw invalidParams(`${field} may list at most ${KEY_CAPS.originsPerKey} origins per key (got ${origins.length}); use https://*.blog.example for many subdomains`);
  return origins;
}

export function checkedLabel(label: string | null | undefined): string | null {
  if (label === undefined || label === null) return null;
  if (label.trim().length === 0 || label.length > MAX_LABEL_LENGTH) throw invalidParams(`label must be 1 to ${MAX_LABEL_LENGTH} characters, not only spaces`);
  return label;
}

function checkedVisitorLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_VISITOR_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_VISITOR_LIMIT) {
    throw invalidParams(`visitor_limit must be a whole number of calls an hour per visitor from 1 to ${MAX_VISITOR_LIMIT} (got ${limit})`);
  }
  return limit;
}

function checkedTier(tier: string): KeyTier {
  if (!KEY_TIERS.includes(tier as KeyTier)) throw invalidParams(`tier must be one of ${KEY_TIERS.join(', ')} (got ${JSON.stringify(tier)})`);
  return tier as KeyTier;
}

/** A key's fields as the audit keeps them: never a secret. */
function audited(key: ApiKeyRecord): Record<string, unknown> {
  return { kind: key.kind, tier: key.tier, affiliate_code: key.affiliateCode, label: key.label, origins: key.origins, visitor_limit: key.visitorLimit };
}

const STORE_DOWN = 'keys cannot be read or changed right now (the database does not answer); try again shortly';

export class KeyManagement {
  private readonly keys: KeyStore;
  private readonly account: AccountStores;

  constructor(
    keys: KeyStore,
    account: AccountStores,
    private readonly now: () => number = Date.now,
  ) {
    // A database down is 503 to whoever asked (the API, the console, the admin API), never a 500.
    this.keys = failingAsUnavailable(keys, STORE_DOWN);
    this.account = {
      operators: failingAsUnavailable(account.operators, STORE_DOWN),
      audit: failingAsUnavailable(account.audit, STORE_DOWN),
      sessions: failingAsUnavailable(account.sessions, STORE_DOWN),
    };
  }

  /** An affiliate's keys that work, oldest first. */
  async keysOf(affiliateCode: string): Promise<ApiKeyRecord[]> {
    const now = this.now();
    return (await this.keys.listByCode(affiliateCode)).filter((k) => keyWorks(k, now));
  }

  /** One of the affiliate's keys, or 404 (another affiliate's key is not said to exist). */
  async ownKey(owner: Owner, id: string): Promise<ApiKeyRecord> {
    const key = await this.keys.get(id);
    if (!key || key.affiliateCode !== owner.affiliateCode || !keyWorks(key, this.now())) {
      throw notFound(`you have no key with id ${JSON.stringify(id)} (it may have been revoked); GET /v1/keys lists yours`);
    }
    return key;
  }

  /** A publishable key of the affiliate's, at its tier. */
  async createPublishable(owner: Owner, input: PublishableInput, actor: Actor): Promise<{ secret: string; record: ApiKeyRecord }> {
    return this.create({ kind: 'publishable', tier: owner.tier, affiliateCode: owner.affiliateCode, ...input }, actor);
  }

  /** Any key (the admin API and the command line; the affiliate's own through createPublishable). */
  async create(input: NewKeyInput, actor: Actor): Promise<{ secret: string; record: ApiKeyRecord }> {
    if (!AFFILIATE_CODE_PATTERN.test(input.affiliateCode)) {
      throw invalidParams(`affiliate_code must be 1 to 64 letters, digits, underscores or hyphens (got ${JSON.stringify(input.affiliateCode)})`);
    }
    const tier = checkedTier(input.tier);
    const label = checkedLabel(input.label);
    let publishable: { origins: string[]; visitorLimit: number } | undefined;
    if (input.kind === 'publishable') {
      publishable = { origins: checkedOrigins(input.origins ?? []), visitorLimit: checkedVisitorLimit(input.visitorLimit) };
    } else if (input.origins !== undefined || input.visitorLimit !== undefined) {
      throw invalidParams('origins and visitor_limit are for publishable keys: a secret key must never be in a web page');
    }
    const held = (await this.keysOf(input.affiliateCode)).length;
    if (held >= KEY_CAPS.keysPerAffiliate) {
      throw invalidParams(`an affiliate may hold at most ${KEY_CAPS.keysPerAffiliate} keys that work, and ${input.affiliateCode} holds ${held}: revoke one first`);
    }
    const made = await this.keys.create({ tier, affiliateCode: input.affiliateCode, label, publishable });
    await this.audit(actor, 'key.created', made.record, audited(made.record));
    return made;
  }

  /** Changes one of the affiliate's publishable keys (origins, label, visitor_limit). */
  async updateOwn(owner: Owner, id: string, changes: Omit<KeyChanges, 'tier'>, actor: Actor): Promise<ApiKeyRecord> {
    const key = await this.ownKey(owner, id);
    if (key.kind !== 'publishable' && (changes.origins !== undefined || changes.visitorLimit !== undefined)) {
      throw invalidParams(`${id} is a secret key: it has no origins or visitor limit (only a label); a secret key must never be in a web page`);
    }
    return this.change(key, changes, actor);
  }

  /** Changes any key, its tier included (the admin API); a tier applies from the key's next call. */
  async update(id: string, changes: KeyChanges, actor: Actor): Promise<ApiKeyRecord> {
    const key = await this.keys.get(id);
    if (!key) throw notFound(`no key has id ${JSON.stringify(id)}`);
    if (!keyWorks(key, this.now())) throw invalidParams(`${id} no longer works (revoked, or rolled and past its grace): there is nothing to change`);
    if (key.kind !== 'publishable' && (changes.origins !== undefined || changes.visitorLimit !== undefined)) {
      throw invalidParams(`${id} is a secret key: origins and visitor_limit are for publishable keys`);
    }
    if (changes.tier !== undefined) checkedTier(changes.tier);
    return this.change(key, changes, actor);
  }

  private async change(key: ApiKeyRecord, changes: KeyChanges, actor: Actor): Promise<ApiKeyRecord> {
    const checked: KeyChanges = {};
    if (changes.tier !== undefined) checked.tier = changes.tier;
    if (changes.label !== undefined) checked.label = checkedLabel(changes.label);
    if (changes.origins !== undefined) checked.origins = checkedOrigins(changes.origins);
    if (changes.visitorLimit !== undefined) checked.visitorLimit = checkedVisitorLimit(changes.visitorLimit);
    if (Object.keys(checked).length === 0) throw invalidParams('send at least one of the fields to change');
    const after = (await this.keys.update(key.id, checked))!;
    const before = audited(key);
    const now = audited(after);
    const changed = Object.keys(now).filter((f) => JSON.stringify(before[f]) !== JSON.stringify(now[f]));
    await this.audit(actor, 'key.updated', after, {
      before: Object.fromEntries(changed.map((f) => [f, before[f]])),
      after: Object.fromEntries(changed.map((f) => [f, now[f]])),
    });
    return after;
  }

  /** Revokes one of the affiliate's publishable keys, from the next call on, on every instance. */
  async revokeOwn(owner: Owner, id: string, actor: Actor): Promise<ApiKeyRecord> {
    const key = await this.ownKey(owner, id);
    if (key.kind !== 'publishable') {
      throw invalidParams(`${id} is a secret key: roll it (POST /v1/keys/${id}/roll with grace_seconds 0 stops it at once), so that you are never left without one`);
    }
    return this.stop(key, actor);
  }

  /** Revokes any key (the admin API, the command line); revoking twice keeps the first time. */
  async revoke(id: string, actor: Actor): Promise<ApiKeyRecord> {
    const key = await this.keys.get(id);
    if (!key) throw notFound(`no key has id ${JSON.stringify(id)}`);
    if (key.revokedAt !== null) return key;
    return this.stop(key, actor);
  }

  private async stop(key: ApiKeyRecord, actor: Actor): Promise<ApiKeyRecord> {
    const after = (await this.keys.revoke(key.id))!;
    await this.account.sessions.endForKey(key.id);
    await this.audit(actor, 'key.revoked', after, audited(after));
    return after;
  }

  /**
   * Rolls one of the affiliate's secret keys: a new secret key of the same tier and label, the old
   * one working for `graceSeconds` more (0: stops now), as Stripe rolls keys.
   */
  async rollOwn(owner: Owner, id: string, graceSeconds: number, actor: Actor) {
    const key = await this.ownKey(owner, id);
    if (key.kind !== 'secret') throw invalidParams(`${id} is a publishable key: make a new one (POST /v1/keys) and revoke this one when your pages carry the new one`);
    return this.roll(key, graceSeconds, actor);
  }

  async roll(key: ApiKeyRecord, graceSeconds: number, actor: Actor) {
    if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_GRACE_SECONDS) {
      throw invalidParams(`grace_seconds must be a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (24 hours) (got ${graceSeconds})`);
    }
    if (key.expiresAt !== null) throw invalidParams(`${key.id} has been rolled already; roll the key that replaced it`);
    const rolled = await this.keys.roll(key.id, graceSeconds === 0 ? null : new Date(this.now() + graceSeconds * 1000));
    if (!rolled) throw notFound(`no key that works has id ${JSON.stringify(key.id)}`);
    // The console signed in with the old key signs in again with the new one.
    await this.account.sessions.endForKey(key.id);
    await this.audit(actor, 'key.rolled', rolled.old, { new_key_id: rolled.record.id, grace_seconds: graceSeconds, old_key_works_until: rolled.old.expiresAt ?? rolled.old.revokedAt });
    await this.audit(actor, 'key.created', rolled.record, { ...audited(rolled.record), rolled_from: key.id });
    return rolled;
  }

  private async audit(actor: Actor, action: AuditAction, key: ApiKeyRecord, details: Record<string, unknown>): Promise<void> {
    await this.account.audit.append({ actor: actor.name, action, keyId: key.id, affiliateCode: key.affiliateCode, address: actor.address, details });
  }
}
