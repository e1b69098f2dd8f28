// The schemas of the admin API (/admin/v1): they validate its requests, type its code and make
// its own OpenAPI document (admin-openapi.ts), as the public operations' schemas do theirs. A key
// is answered as the public API answers it (ApiKey), with its affiliate code beside it.
import Type, { type Static } from 'typebox';
import { KEY_CAPS, MAX_GRACE_SECONDS, MAX_LABEL_LENGTH, MAX_VISITOR_LIMIT } from '../keys/key-management.js';
import { ApiKey } from '../operations/key-schemas.js';
import { UsageQuery, UsageResponse } from '../operations/usage-schemas.js';

/** Keys listed in one page, when no page size is asked for, and at most. */
export const DEFAULT_KEY_PAGE = 100;
export const MAX_KEY_PAGE = 500;
/** Audit entries in one page, when no page size is asked for, and at most. */
export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 200;

const AffiliateCode = (description: string) =>
  Type.String({
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    'x-rule': '1 to 64 letters, digits, underscores or hyphens',
    description,
    examples: ['acme-travel'],
  });

const KeyId = (description: string) => Type.String({ minLength: 1, maxLength: 100, description, examples: ['key_3kTMd9Qa1bX'] });

const Tier = Type.Enum(['standard', 'partner'], {
  type: 'string',
  description: "The allowance tier: it sets the key's calls a day, and applies from the key's next call.",
});

const ORIGINS_TEXT = `A publishable key's web origins, as https://blog.example, http://localhost:4000, or https://*.blog.example for every subdomain; at most ${KEY_CAPS.originsPerKey} once repeats are dropped.`;
const Origins = (description = ORIGINS_TEXT) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { minItems: 1, maxItems: 100, description, examples: [['https://blog.example']] });

const Label = Type.String({ minLength: 1, maxLength: MAX_LABEL_LENGTH, description: 'A name for the key, shown in lists and usage reports.', examples: ['Acme travel blog'] });

const VisitorLimit = Type.Integer({
  minimum: 1,
  maximum: MAX_VISITOR_LIMIT,
  'x-rule': `a whole number from 1 to ${MAX_VISITOR_LIMIT}`,
  description: "A publishable key's calls an hour per visitor (client address). Default: 60.",
});

export const AdminKeyIdPath = Type.Object({ id: KeyId('The key id, key_…') }, { additionalProperties: false });
export type AdminKeyIdPath = Static<typeof AdminKeyIdPath>;

export const AdminNoQuery = Type.Object({}, { additionalProperties: false });

export const AdminCreateKeyBody = Type.Object(
  {
    kind: Type.Enum(['secret', 'publishable'], {
      type: 'string',
      description: "secret: an affiliate's server key (live_…), shown once; publishable: a browser key (live_pk_…) for the origins listed.",
    }),
    tier: Tier,
    affiliate_code: AffiliateCode('The affiliate the key is for: links made with it carry this code.'),
    label: Type.Optional(Label),
    origins: Type.Optional(Origins(`${ORIGINS_TEXT} Required for a publishable key; refused for a secret key.`)),
    visitor_limit: Type.Optional(VisitorLimit),
  },
  { additionalProperties: false },
);
export type AdminCreateKeyBody = Static<typeof AdminCreateKeyBody>;

export const AdminUpdateKeyBody = Type.Object(
  {
    tier: Type.Optional(Tier),
    label: Type.Optional(Type.Union([Label, Type.Null()], { description: 'A new label; null removes it.' })),
    origins: Type.Optional(Origins()),
    visitor_limit: Type.Optional(VisitorLimit),
  },
  { additionalProperties: false, minProperties: 1, 'x-rule': 'an object with at least one of tier, label, origins and visitor_limit' },
);
export type AdminUpdateKeyBody = Static<typeof AdminUpdateKeyBody>;

export const AdminRollKeyBody = Type.Object(
  {
    grace_seconds: Type.Integer({
      minimum: 0,
      maximum: MAX_GRACE_SECONDS,
      'x-rule': `a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (24 hours)`,
      description: 'How long the old key keeps working: 0 stops it at once, 86400 (a day) at most.',
      examples: [3600],
    }),
  },
  { additionalProperties: false },
);
export type AdminRollKeyBody = Static<typeof AdminRollKeyBody>;

export const AdminKeyListQuery = Type.Object(
  {
    code: Type.Optional(AffiliateCode('Only the keys of this affiliate code. Without it, every key of the programme, a page at a time.')),
    include_revoked: Type.Optional(
      Type.Boolean({
        description: 'true: keys that stopped working too (revoked, or rolled and past their grace), with revoked or expires set. Default: false, the keys that work.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_KEY_PAGE, description: `Keys in one page. Default: ${DEFAULT_KEY_PAGE}.` })),
    after: Type.Optional(KeyId('The next page: the next value of the previous page (a key id).')),
  },
  { additionalProperties: false },
);
export type AdminKeyListQuery = Static<typeof AdminKeyListQuery>;

const { id: KeyIdField, ...KEY_FIELDS } = ApiKey.properties;

export const AdminKey = Type.Object(
  {
    id: KeyIdField,
    affiliate_code: Type.String({ description: 'The affiliate the key belongs to.' }),
    ...KEY_FIELDS,
  },
  { additionalProperties: false },
);
export type AdminKey = Static<typeof AdminKey>;

export const AdminCreatedKey = Type.Object(
  {
    key: Type.String({ description: 'The key itself: a secret key is shown this once (give it to the affiliate now); a publishable key is shown again in lists.' }),
    ...AdminKey.properties,
  },
  { additionalProperties: false },
);
export type AdminCreatedKey = Static<typeof AdminCreatedKey>;

export const AdminRolledKey = Type.Object(
  {
    key: Type.String({ description: 'The new key, shown this once when it is a secret key.' }),
    new_key: AdminKey,
    old_key: AdminKey,
  },
  { additionalProperties: false },
);
export type AdminRolledKey = Static<typeof AdminRolledKey>;

export const AdminKeyList = Type.Object(
  {
    affiliate_code: Type.Union([Type.String(), Type.Null()], { description: 'The code asked for; null when every key is listed.' }),
    keys: Type.Array(AdminKey, { description: 'The keys, oldest first.' }),
    next: Type.Union([Type.String(), Type.Null()], { description: 'The after value of the next page; null on the last page.' }),
    caps: Type.Object(
      {
        keys: Type.Integer({ description: 'Keys that work an affiliate may hold.' }),
        origins_per_key: Type.Integer({ description: 'Origins a publishable key may list.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type AdminKeyList = Static<typeof AdminKeyList>;

export const AdminUsageQuery = Type.Object(
  {
    code: AffiliateCode("The affiliate whose report it is: every key that ever carried the code, revoked ones included."),
    ...UsageQuery.properties,
  },
  { additionalProperties: false },
);
export type AdminUsageQuery = Static<typeof AdminUsageQuery>;

const { allowance: _allowance, ...REPORT_FIELDS } = UsageResponse.properties;

export const KeyAllowance = Type.Object(
  {
    key_id: Type.String(),
    kind: Type.Enum(['secret', 'publishable'], { type: 'string' }),
    tier: Type.Enum(['standard', 'partner'], { type: 'string' }),
    limit: Type.Integer({ minimum: 0, description: "The key's calls a day at its tier." }),
    remaining: Type.Integer({ minimum: 0, description: 'Calls left today (UTC), every instance counted.' }),
    reset: Type.Integer({ minimum: 0, description: 'Unix time, in whole seconds, when the day resets.' }),
    used_percent: Type.Number({ minimum: 0, maximum: 100, description: 'How much of the day is used, in percent, to one decimal.' }),
  },
  { additionalProperties: false },
);

export const AdminUsageResponse = Type.Object(
  {
    ...REPORT_FIELDS,
    allowances: Type.Array(KeyAllowance, {
      description: "Each key of the code that works now, with its day's allowance as it stands (read without counting anything). A publishable key's visitors have hourly allowances of their own besides.",
    }),
  },
  { additionalProperties: false },
);
export type AdminUsageResponse = Static<typeof AdminUsageResponse>;

export const AUDIT_ACTIONS = ['key.created', 'key.updated', 'key.revoked', 'key.rolled', 'operator_key.created', 'operator_key.revoked'] as const;

export const AuditQuery = Type.Object(
  {
    code: Type.Optional(AffiliateCode('Only the changes of this affiliate code.')),
    key_id: Type.Optional(KeyId("Only the changes of this key (key_…, or an operator key's op_…).")),
    before: Type.Optional(Type.Integer({ minimum: 1, description: 'The next page: the next value of the previous page (entries before that sequence number).' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_AUDIT_PAGE, description: `Entries in one page. Default: ${DEFAULT_AUDIT_PAGE}.` })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: 'The entry\'s sequence number: later changes have larger ones.' }),
    at: Type.String({ description: 'When (ISO 8601, UTC).' }),
    actor: Type.String({
      description: "Who: key:<id> (an affiliate's secret key), console:<key id> (the affiliate's console), operator:<id> (an operator key, here) or cli:<user> (the command line, as that system user).",
      examples: ['operator:op_3kTMd9Qa1bX'],
    }),
    action: Type.Enum([...AUDIT_ACTIONS], { type: 'string', description: 'What was done.' }),
    key_id: Type.Union([Type.String(), Type.Null()], { description: 'The key changed (an operator key for operator_key.*).' }),
    affiliate_code: Type.Union([Type.String(), Type.Null()], { description: "The affiliate the key belongs to; null for an operator key." }),
    address: Type.Union([Type.String(), Type.Null()], { description: 'The client address the change came from; null from the command line.' }),
    details: Type.Record(Type.String(), Type.Unknown(), { description: "What changed: a new key's fields, or the fields before and after; never a secret." }),
  },
  { additionalProperties: false },
);
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object(
  {
    entries: Type.Array(AuditEntry, { description: 'The changes, newest first.' }),
    next: Type.Union([Type.Integer(), Type.Null()], { description: 'The before value of the next page; null on the last page.' }),
  },
  { additionalProperties: false },
);
export type AuditPage = Static<typeof AuditPage>;
