// The operations of the admin API (/admin/v1), one table that both the routes (admin-routes.ts)
// and the OpenAPI document (admin-openapi.ts) are made from: each with its method and path, the
// schemas its input is read against and its answer written by, and what it does. Changes go
// through KeyManagement, as the affiliate's own and the command line's do: the same checks and
// caps, and an audit entry naming the operator key and the client address.
import type { TObject, TSchema } from 'typebox';
import type { RequestGate } from '../access/gate.js';
import { invalidParams, notFound, ServiceError } from '../errors.js';
import type { KeyAudit } from '../keys/key-audit.js';
import { KEY_CAPS, keyWorks, type Actor, type KeyManagement } from '../keys/key-management.js';
import type { ApiKeyRecord, KeyStore } from '../keys/key-store.js';
import { activityOf, keyAnswer, type KeyActivity } from '../operations/key-operations.js';
import { usageReport, usedPercent } from '../operations/get-usage.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import {
  AdminCreatedKey,
  AdminCreateKeyBody,
  AdminKey,
  AdminKeyIdPath,
  AdminKeyList,
  AdminKeyListQuery,
  AdminNoQuery,
  AdminRolledKey,
  AdminRollKeyBody,
  AdminUpdateKeyBody,
  AdminUsageQuery,
  AdminUsageResponse,
  AuditPage,
  AuditQuery,
  DEFAULT_AUDIT_PAGE,
  DEFAULT_KEY_PAGE,
} from './admin-schemas.js';
import { readJsonBody, readQuery, type RawRequest } from './http-operation.js';
import { parseJson } from '../validation/fields.js';

/** What the admin operations work on. */
export interface AdminServices {
  keys: KeyStore;
  management: KeyManagement;
  audit: KeyAudit;
  /** Usage reports and keys' activity; absent where the service keeps none. */
  usage?: UsageRecorder;
  /** To read a key's allowance as it stands (counting nothing). */
  gate: RequestGate;
  now: () => number;
}

export interface AdminOperation<Input = any, Output = unknown> {
  id: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under /admin/v1, as the OpenAPI document writes it. */
  path: string;
  /** The same, as the router matches it. */
  routePath: string;
  summary: string;
  description: string;
  tag: 'keys' | 'usage' | 'audit';
  query: TObject;
  pathParams?: TObject;
  body?: TObject;
  output: TSchema;
  status: 200 | 201;
  /** Failure statuses besides 401, 405, 429, 500 and 503, which any call can answer. */
  failures: number[];
  read(raw: RawRequest): Input;
  run(services: AdminServices, input: Input, actor: Actor): Promise<Output>;
}

/** A key as the admin API answers it: as the public API does, with its affiliate code. */
export function adminKey(record: ApiKeyRecord, activity: KeyActivity): AdminKey {
  const { id, ...rest } = keyAnswer(record, activity);
  return { id, affiliate_code: record.affiliateCode, ...rest };
}

const keyIdOf = (raw: RawRequest) => parseJson(AdminKeyIdPath, { id: raw.params.id }, 'path');

/** Any key, revoked ones included, or 404. */
async function anyKey(services: AdminServices, id: string): Promise<ApiKeyRecord> {
  const key = await services.keys.get(id);
  if (!key) throw notFound(`no key has id ${JSON.stringify(id)}; GET /admin/v1/keys?code=… lists an affiliate's keys`);
  return key;
}

/** A key that still works, or 400 saying why it does not (404 for an unknown one). */
async function workingKey(services: AdminServices, id: string, change: string): Promise<ApiKeyRecord> {
  const key = await anyKey(services, id);
  if (!keyWorks(key, services.now())) {
    const why = key.revokedAt !== null ? `was revoked at ${key.revokedAt}` : `was rolled and its grace ended at ${key.expiresAt}`;
    throw invalidParams(`${id} ${why}: a key that stopped working cannot be ${change}; make a new one (POST /admin/v1/keys)`);
  }
  return key;
}

/** A page of the audit, newest first, with the before value of the next page (the admin API's and keys audit's). */
export async function auditPage(audit: KeyAudit, q: AuditQuery): Promise<AuditPage> {
  const limit = q.limit ?? DEFAULT_AUDIT_PAGE;
  const found = await audit.list({ affiliateCode: q.code, keyId: q.key_id, before: q.before, limit: limit + 1 });
  const entries = found.slice(0, limit).map((e) => ({
    seq: e.seq,
    at: e.at,
    actor: e.actor,
    action: e.action,
    key_id: e.keyId,
    affiliate_code: e.affiliateCode,
    address: e.address,
    details: e.details,
  }));
  return { entries, next: found.length > limit ? entries[entries.length - 1].seq : null };
}

const answered = async (services: AdminServices, key: ApiKeyRecord) => adminKey(key, await activityOf(services.usage, [key]));

const listKeys: AdminOperation<AdminKeyListQuery, AdminKeyList> = {
  id: 'adminListKeys',
  method: 'GET',
  path: '/keys',
  routePath: '/keys',
  summary: "An affiliate's keys, or every key",
  description:
    "With code, that affiliate's keys; without it, every key of the programme. Oldest first, a page at a time " +
    `(limit, default ${DEFAULT_KEY_PAGE}; the next page with after=next). The keys that work, rolled ones still in ` +
    'their grace included; include_revoked=true adds the keys that stopped working (revoked set, or expires in the ' +
    "past). Each with its calls today and the last day it made a call. Secret keys' values are never shown.",
  tag: 'keys',
  query: AdminKeyListQuery,
  output: AdminKeyList,
  status: 200,
  failures: [400],
  read: (raw) => readQuery(AdminKeyListQuery, raw),
  async run(services, q) {
    const now = services.now();
    const all = q.code === undefined ? await services.keys.list() : await services.keys.listByCode(q.code);
    let start = 0;
    if (q.after !== undefined) {
      start = all.findIndex((k) => k.id === q.after) + 1;
      if (start === 0) throw invalidParams(`after must be the next value of a previous page of this listing (got ${JSON.stringify(q.after)}, which is not one of its keys)`);
    }
    const rest = all.slice(start).filter((k) => q.include_revoked === true || keyWorks(k, now));
    const limit = q.limit ?? DEFAULT_KEY_PAGE;
    const page = rest.slice(0, limit);
    const activity = await activityOf(services.usage, page);
    return {
      affiliate_code: q.code ?? null,
      keys: page.map((k) => adminKey(k, activity)),
      next: rest.length > limit ? page[page.length - 1].id : null,
      caps: { keys: KEY_CAPS.keysPerAffiliate, origins_per_key: KEY_CAPS.originsPerKey },
    };
  },
};

const createKey: AdminOperation<AdminCreateKeyBody, AdminCreatedKey> = {
  id: 'adminCreateKey',
  method: 'POST',
  path: '/keys',
  routePath: '/keys',
  summary: 'Make a key for an affiliate',
  description:
    'Makes a secret key (live_…), shown this once in key, or a publishable key (live_pk_…) for the origins listed, ' +
    `at any tier, for any affiliate code. An affiliate holds at most ${KEY_CAPS.keysPerAffiliate} keys that work, each ` +
    `publishable key at most ${KEY_CAPS.originsPerKey} origins. Answers 201; the audit names the operator key.`,
  tag: 'keys',
  query: AdminNoQuery,
  body: AdminCreateKeyBody,
  output: AdminCreatedKey,
  status: 201,
  failures: [400],
  read: (raw) => ({
    ...readQuery(AdminNoQuery, raw),
    ...readJsonBody(AdminCreateKeyBody, raw, '{"kind": "secret", "tier": "standard", "affiliate_code": "acme-travel"}'),
  }),
  async run(services, body, actor) {
    const made = await services.management.create(
      { kind: body.kind, tier: body.tier, affiliateCode: body.affiliate_code, label: body.label ?? null, origins: body.origins, visitorLimit: body.visitor_limit },
      actor,
    );
    return { key: made.secret, ...adminKey(made.record, new Map()) };
  },
};

const getKey: AdminOperation<AdminKeyIdPath, AdminKey> = {
  id: 'adminGetKey',
  method: 'GET',
  path: '/keys/{id}',
  routePath: '/keys/:id',
  summary: 'One key',
  description: 'Any key, one that stopped working included, with its calls today and the last day it made a call.',
  tag: 'keys',
  query: AdminNoQuery,
  pathParams: AdminKeyIdPath,
  output: AdminKey,
  status: 200,
  failures: [400, 404],
  read: (raw) => ({ ...readQuery(AdminNoQuery, raw), ...keyIdOf(raw) }),
  run: async (services, input) => answered(services, await anyKey(services, input.id)),
};

const updateKey: AdminOperation<AdminKeyIdPath & AdminUpdateKeyBody, AdminKey> = {
  id: 'adminUpdateKey',
  method: 'PATCH',
  path: '/keys/{id}',
  routePath: '/keys/:id',
  summary: 'Change a key: its tier, label, origins or visitor limit',
  description:
    "Changes a key from its next call on, on every instance: its tier (the key's allowance is read at each call), " +
    "its label, and a publishable key's origins and visitor_limit. Fields left out stay. A key that stopped working " +
    'cannot be changed. The audit keeps the fields before and after.',
  tag: 'keys',
  query: AdminNoQuery,
  pathParams: AdminKeyIdPath,
  body: AdminUpdateKeyBody,
  output: AdminKey,
  status: 200,
  failures: [400, 404],
  read: (raw) => ({ ...readQuery(AdminNoQuery, raw), ...keyIdOf(raw), ...readJsonBody(AdminUpdateKeyBody, raw, '{"tier": "partner"}') }),
  async run(services, input, actor) {
    const key = await workingKey(services, input.id, 'changed');
    const after = await services.management.update(key.id, { tier: input.tier, label: input.label, origins: input.origins, visitorLimit: input.visitor_limit }, actor);
    return answered(services, after);
  },
};

const revokeKey: AdminOperation<AdminKeyIdPath, AdminKey> = {
  id: 'adminRevokeKey',
  method: 'DELETE',
  path: '/keys/{id}',
  routePath: '/keys/:id',
  summary: 'Revoke a key',
  description:
    "Revokes any key, secret or publishable, from its next call on, on every instance; the console sessions signed in " +
    'with it end. Revoking a revoked key answers it as it is (its first revocation stays).',
  tag: 'keys',
  query: AdminNoQuery,
  pathParams: AdminKeyIdPath,
  output: AdminKey,
  status: 200,
  failures: [400, 404],
  read: (raw) => ({ ...readQuery(AdminNoQuery, raw), ...keyIdOf(raw) }),
  run: async (services, input, actor) => answered(services, await services.management.revoke(input.id, actor)),
};

const rollKey: AdminOperation<AdminKeyIdPath & AdminRollKeyBody, AdminRolledKey> = {
  id: 'adminRollKey',
  method: 'POST',
  path: '/keys/{id}/roll',
  routePath: '/keys/:id/roll',
  summary: 'Roll a key',
  description:
    'Makes a new key of the same kind, tier, code, label and origins, shown in key, and keeps the old one working for ' +
    'grace_seconds (0 stops it at once; at most 86400). For a leaked key: roll with 0, give the affiliate the new one.',
  tag: 'keys',
  query: AdminNoQuery,
  pathParams: AdminKeyIdPath,
  body: AdminRollKeyBody,
  output: AdminRolledKey,
  status: 200,
  failures: [400, 404],
  read: (raw) => ({ ...readQuery(AdminNoQuery, raw), ...keyIdOf(raw), ...readJsonBody(AdminRollKeyBody, raw, '{"grace_seconds": 3600}') }),
  async run(services, input, actor) {
    const key = await workingKey(services, input.id, 'rolled');
    const rolled = await services.management.roll(key, input.grace_seconds, actor);
    return { key: rolled.secret, new_key: adminKey(rolled.record, new Map()), old_key: await answered(services, rolled.old) };
  },
};

const getUsage: AdminOperation<AdminUsageQuery, AdminUsageResponse> = {
  id: 'adminGetUsage',
  method: 'GET',
  path: '/usage',
  routePath: '/usage',
  summary: "An affiliate's usage report",
  description:
    "The report the affiliate reads at GET /v1/usage, for any affiliate code: every key that ever carried the code " +
    "(revoked ones too: their calls happened), by day, key, operation and sub_id. Instead of the asking key's " +
    "allowance, allowances lists each key of the code that works now with its day as it stands. An unknown code is 404.",
  tag: 'usage',
  query: AdminUsageQuery,
  output: AdminUsageResponse,
  status: 200,
  failures: [400, 404],
  read: (raw) => readQuery(AdminUsageQuery, raw),
  async run(services, input) {
    const { code, ...query } = input;
    const usage = services.usage;
    if (!usage) throw new ServiceError('upstream_unavailable', 'this service keeps no usage reports');
    const keys = await services.keys.listByCode(code);
    if (keys.length === 0) throw notFound(`no key has ever carried affiliate code ${JSON.stringify(code)}; GET /admin/v1/keys lists every key`);
    const report = await usageReport((...read) => usage.read(...read), { affiliateCode: code, keys }, query, usage.now());
    const now = services.now();
    const allowances = [];
    for (const key of keys.filter((k) => keyWorks(k, now))) {
      const day = await services.gate.peek({ tier: key.tier, subject: `key:${key.id}`, affiliateCode: key.affiliateCode, keyId: key.id, visitor: null });
      allowances.push({
        key_id: key.id,
        kind: key.kind,
        tier: key.tier,
        limit: day.limit,
        remaining: day.remaining,
        reset: day.resetAt,
        used_percent: usedPercent(day.limit, day.remaining),
      });
    }
    return { ...report, allowances };
  },
};

const listAudit: AdminOperation<AuditQuery, AuditPage> = {
  id: 'adminListAudit',
  method: 'GET',
  path: '/audit',
  routePath: '/audit',
  summary: 'The audit of key changes',
  description:
    'Every change of keys, newest first: who made it (actor: an affiliate\'s secret key, the console, an operator key ' +
    'or the command line), what (action and details), when (at) and from where (address). Filtered by affiliate code ' +
    `and key id; a page at a time (limit, default ${DEFAULT_AUDIT_PAGE}; the next page with before=next).`,
  tag: 'audit',
  query: AuditQuery,
  output: AuditPage,
  status: 200,
  failures: [400],
  read: (raw) => readQuery(AuditQuery, raw),
  run: (services, q) => auditPage(services.audit, q),
};

export const ADMIN_OPERATIONS: readonly AdminOperation[] = [listKeys, createKey, getKey, updateKey, revokeKey, rollKey, getUsage, listAudit];
