// The schemas of an affiliate's own keys (GET/POST /keys, PATCH/DELETE /keys/{id}, POST
// /keys/{id}/roll): they validate requests, type the code and make the OpenAPI document, as the
// other operations' do. The console's and the admin API's answers use the same key schema.
import Type, { type Static } from 'typebox';
import { KEY_CAPS, MAX_GRACE_SECONDS, MAX_LABEL_LENGTH, MAX_VISITOR_LIMIT } from '../keys/key-management.js';

const Origins = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
  minItems: 1,
  maxItems: 100,
  description: `The web origins the key works on, as https://blog.example, http://localhost:4000, or https://*.blog.example for every subdomain; at most ${KEY_CAPS.originsPerKey} once repeats are dropped.`,
  examples: [['https://blog.example', 'https://*.blog.example']],
});

const Label = Type.String({
  minLength: 1,
  maxLength: MAX_LABEL_LENGTH,
  description: 'Your name for the key, shown in lists and usage reports.',
  examples: ['travel blog widget'],
});

const VisitorLimit = Type.Integer({
  minimum: 1,
  maximum: MAX_VISITOR_LIMIT,
  'x-rule': `a whole number from 1 to ${MAX_VISITOR_LIMIT}`,
  description: 'Calls an hour each visitor (client address) may make with the key. Default: 60.',
});

export const KeyIdPath = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100, description: 'The key id, key_…', examples: ['key_3kTMd9Qa1bX'] }) },
  { additionalProperties: false },
);
export type KeyIdPath = Static<typeof KeyIdPath>;

export const NoQuery = Type.Object({}, { additionalProperties: false });

export const CreateKeyBody = Type.Object(
  {
    kind: Type.Literal('publishable', {
      'x-rule': 'publishable (a new secret key comes from rolling yours: POST /keys/{id}/roll)',
      description: 'publishable: a browser key for your web pages, at your tier and affiliate code.',
    }),
    origins: Origins,
    label: Type.Optional(Label),
    visitor_limit: Type.Optional(VisitorLimit),
  },
  { additionalProperties: false },
);
export type CreateKeyBody = Static<typeof CreateKeyBody>;

export const UpdateKeyBody = Type.Object(
  {
    label: Type.Optional(Type.Union([Label, Type.Null()], { description: 'A new label; null removes it.' })),
    origins: Type.Optional(Origins),
    visitor_limit: Type.Optional(VisitorLimit),
  },
  { additionalProperties: false, minProperties: 1, 'x-rule': 'an object with at least one of label, origins and visitor_limit' },
);
export type UpdateKeyBody = Static<typeof UpdateKeyBody>;

export const RollKeyBody = Type.Object(
  {
    grace_seconds: Type.Integer({
      minimum: 0,
      maximum: MAX_GRACE_SECONDS,
      'x-rule': `a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (24 hours)`,
      description: 'How long the old key keeps working, so that your servers can move to the new one: 0 stops it at once, 86400 (a day) at most.',
      examples: [3600],
    }),
  },
  { additionalProperties: false },
);
export type RollKeyBody = Static<typeof RollKeyBody>;

export const ApiKey = Type.Object(
  {
    id: Type.String({ description: 'The key id: safe to log and share with support.' }),
    kind: Type.Enum(['secret', 'publishable'], { type: 'string' }),
    tier: Type.Enum(['standard', 'partner'], { type: 'string', description: 'The allowance tier; the programme team moves keys between tiers.' }),
    label: Type.Union([Type.String(), Type.Null()]),
    origins: Type.Union([Type.Array(Type.String()), Type.Null()], { description: "A publishable key's origins; null for a secret key." }),
    visitor_limit: Type.Union([Type.Integer(), Type.Null()], { description: "A publishable key's calls an hour per visitor; null for a secret key." }),
    publishable_key: Type.Union([Type.String(), Type.Null()], { description: 'A publishable key itself (public by design, for your pages); null for a secret key, which is never shown again.' }),
    hint: Type.Union([Type.String(), Type.Null()], { description: "A secret key's last four characters (live_…abcd), to tell keys apart; null for publishable keys and keys made before hints." }),
    created: Type.String({ description: 'When the key was made (ISO 8601, UTC).' }),
    expires: Type.Union([Type.String(), Type.Null()], { description: 'When a rolled key stops working (the end of its grace); null otherwise.' }),
    revoked: Type.Union([Type.String(), Type.Null()], { description: 'When the key was revoked; null for a key that works.' }),
    last_used: Type.Union([Type.String(), Type.Null()], { description: 'The last UTC day (YYYY-MM-DD) the key made a call; null when it never did.' }),
    calls_today: Type.Integer({ minimum: 0, description: 'Calls answered today (UTC) with the key, every instance counted.' }),
  },
  { additionalProperties: false },
);
export type ApiKey = Static<typeof ApiKey>;

export const KeyList = Type.Object(
  {
    affiliate_code: Type.String({ description: 'Your affiliate code: every key listed carries it.' }),
    keys: Type.Array(ApiKey, { description: 'Your keys that work (rolled ones until their grace ends), oldest first.' }),
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
export type KeyList = Static<typeof KeyList>;

export const CreatedKey = Type.Object(
  {
    key: Type.String({ description: 'The key itself. A publishable key is shown again in lists; keep it in your pages.' }),
    ...ApiKey.properties,
  },
  { additionalProperties: false },
);
export type CreatedKey = Static<typeof CreatedKey>;

export const RolledKey = Type.Object(
  {
    key: Type.String({ description: 'The new secret key, shown this once: store it now.' }),
    new_key: ApiKey,
    old_key: ApiKey,
  },
  { additionalProperties: false },
);
export type RolledKey = Static<typeof RolledKey>;
