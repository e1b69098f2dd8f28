// An affiliate's own keys, as operations a secret key calls (HTTP /keys; the console calls the
// same functions with its session): list, make a publishable key, change or revoke one, roll a
// secret key. They cost nothing against the allowance and never touch the catalog.
import { ServiceError } from '../errors.js';
import type { Caller } from '../keys/caller.js';
import { KEY_CAPS, type Actor, type KeyManagement, type Owner } from '../keys/key-management.js';
import type { ApiKeyRecord, KeyTier } from '../keys/key-store.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import {
  ApiKey,
  CreatedKey,
  CreateKeyBody,
  KeyIdPath,
  KeyList,
  NoQuery,
  RolledKey,
  RollKeyBody,
  UpdateKeyBody,
} from './key-schemas.js';
import type { CallContext, Operation } from './operations.js';
import type { CatalogServices } from './services.js';

/** Why a publishable key or a keyless call cannot manage keys. */
export const KEYS_NEED_SECRET_KEY =
  'managing keys needs your secret key (live_…) in the Authorization header (Bearer); a publishable key is public and a keyless call has no keys. Or sign in to the console at /console';

export type KeyActivity = Map<string, { callsToday: number; lastDay: string | null }>;

/** A key as the API shows it: never a secret key's value. */
export function keyAnswer(key: ApiKeyRecord, activity: KeyActivity): ApiKey {
  const seen = activity.get(key.id);
  return {
    id: key.id,
    kind: key.kind,
    tier: key.tier,
    label: key.label,
    origins: key.origins,
    visitor_limit: key.visitorLimit,
    publishable_key: key.kind === 'publishable' ? key.publishableKey : null,
    hint: key.hint === null ? null : `live_…${key.hint}`,
    created: key.createdAt,
    expires: key.expiresAt,
    revoked: key.revokedAt,
    last_used: seen?.lastDay ?? null,
    calls_today: seen?.callsToday ?? 0,
  };
}

/** What each key did lately; nothing when the service keeps no usage. */
export async function activityOf(usage: UsageRecorder | undefined, keys: readonly ApiKeyRecord[]): Promise<KeyActivity> {
  return usage && keys.length > 0 ? usage.activity(keys.map((k) => k.id)) : new Map();
}

/** The affiliate of a call: its key's code and tier (a secret key's, as secretKeyOnly ensures). */
export function ownerOf(caller: Caller): Owner {
  if (caller.affiliateCode === null || caller.tier === 'keyless') throw new ServiceError('unauthorized', KEYS_NEED_SECRET_KEY);
  return { affiliateCode: caller.affiliateCode, tier: caller.tier as KeyTier };
}

function management(services: Pick<CatalogServices, 'keyManagement'>): KeyManagement {
  if (!services.keyManagement) throw new ServiceError('upstream_unavailable', 'keys cannot be managed on this service');
  return services.keyManagement;
}

function actorOf(context: CallContext): Actor {
  return { name: `key:${context.caller!.keyId}`, address: context.address ?? null };
}

/** The affiliate's keys that work, with what each did lately. */
export async function listKeys(services: Pick<CatalogServices, 'keyManagement' | 'usage'>, owner: Owner): Promise<KeyList> {
  const keys = await management(services).keysOf(owner.affiliateCode);
  const activity = await activityOf(services.usage, keys);
  return { affiliate_code: owner.affiliateCode, keys: keys.map((k) => keyAnswer(k, activity)), caps: { keys: KEY_CAPS.keysPerAffiliate, origins_per_key: KEY_CAPS.originsPerKey } };
}

const free = { cost: () => 0, free: true, secretKeyOnly: KEYS_NEED_SECRET_KEY } as const;
const NONE: KeyActivity = new Map();

export const LIST_KEYS: Operation<Record<string, never>, KeyList> = {
  id: 'listKeys',
  input: NoQuery,
  output: KeyList,
  ...free,
  run: (services, _credit, _input, context) => listKeys(services, ownerOf(context.caller!)),
};

export const CREATE_KEY: Operation<CreateKeyBody, CreatedKey> = {
  id: 'createKey',
  input: CreateKeyBody,
  output: CreatedKey,
  ...free,
  async run(services, _credit, input, context) {
    const made = await management(services).createPublishable(
      ownerOf(context.caller!),
      { origins: input.origins, label: input.label ?? null, visitorLimit: input.visitor_limit },
      actorOf(context),
    );
    return { key: made.secret, ...keyAnswer(made.record, NONE) };
  },
};

export const UPDATE_KEY: Operation<KeyIdPath & UpdateKeyBody, ApiKey> = {
  id: 'updateKey',
  input: UpdateKeyBody,
  output: ApiKey,
  ...free,
  async run(services, _credit, input, context) {
    const { id, label, origins, visitor_limit } = input;
    const after = await management(services).updateOwn(ownerOf(context.caller!), id, { label, origins, visitorLimit: visitor_limit }, actorOf(context));
    return keyAnswer(after, await activityOf(services.usage, [after]));
  },
};

export const REVOKE_KEY: Operation<KeyIdPath, ApiKey> = {
  id: 'revokeKey',
  input: KeyIdPath,
  output: ApiKey,
  ...free,
  async run(services, _credit, input, context) {
    const after = await management(services).revokeOwn(ownerOf(context.caller!), input.id, actorOf(context));
    return keyAnswer(after, await activityOf(services.usage, [after]));
  },
};

export const ROLL_KEY: Operation<KeyIdPath & RollKeyBody, RolledKey> = {
  id: 'rollKey',
  input: RollKeyBody,
  output: RolledKey,
  ...free,
  async run(services, _credit, input, context) {
    const rolled = await management(services).rollOwn(ownerOf(context.caller!), input.id, input.grace_seconds, actorOf(context));
    const activity = await activityOf(services.usage, [rolled.old]);
    return { key: rolled.secret, new_key: keyAnswer(rolled.record, NONE), old_key: keyAnswer(rolled.old, activity) };
  },
};
