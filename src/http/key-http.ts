// An affiliate's own keys over HTTP: GET and POST /keys, PATCH and DELETE /keys/{id}, POST
// /keys/{id}/roll, with a secret key in the Authorization header. Listed in the OpenAPI document
// with the operations.
import { CREATE_KEY, LIST_KEYS, REVOKE_KEY, ROLL_KEY, UPDATE_KEY } from '../operations/key-operations.js';
import { CreateKeyBody, KeyIdPath, NoQuery, RollKeyBody, UpdateKeyBody } from '../operations/key-schemas.js';
import { parseJson } from '../validation/fields.js';
import { readJsonBody, readQuery, type HttpOperation, type RawRequest } from './http-operation.js';

const NOT_CACHED = 'private, no-store';

const keyId = (raw: RawRequest) => parseJson(KeyIdPath, { id: raw.params.id }, 'path');

const listKeys: HttpOperation = {
  operation: LIST_KEYS,
  method: 'GET',
  path: '/keys',
  routePath: '/keys',
  summary: 'Your keys',
  description:
    'The keys of your affiliate code that work: your secret keys (never their value, only a hint of the last four ' +
    'characters) and your publishable keys (shown in full: they are public by design), with the last day each made ' +
    'a call and its calls today. Needs a secret key; costs nothing.',
  query: NoQuery,
  failures: [400],
  tag: 'keys',
  cacheControl: undefined,
  read: (raw) => readQuery(NoQuery, raw),
};

const createKey: HttpOperation = {
  operation: CREATE_KEY,
  method: 'POST',
  path: '/keys',
  routePath: '/keys',
  summary: 'Make a publishable key',
  description:
    'Makes a publishable key (live_pk_…) for your web pages: your affiliate code and tier, working only on the ' +
    'origins listed (Origin, else Referer), with an hourly allowance per visitor (visitor_limit, default 60). ' +
    'Answers 201 with the key. An affiliate holds at most 20 keys that work, each with at most 20 origins. ' +
    'Needs a secret key; costs nothing.',
  query: NoQuery,
  body: CreateKeyBody,
  failures: [400],
  tag: 'keys',
  read: (raw) => ({ ...readQuery(NoQuery, raw), ...readJsonBody(CreateKeyBody, raw, '{"kind": "publishable", "origins": ["https://blog.example"]}') }),
};

const updateKey: HttpOperation = {
  operation: UPDATE_KEY,
  method: 'PATCH',
  path: '/keys/{id}',
  routePath: '/keys/:id',
  summary: 'Change a key',
  description:
    "Changes a key's label, or a publishable key's origins and visitor_limit (when your blog moves), from the next " +
    'call on, on every instance. Fields left out stay. Another affiliate\'s key id is 404. Needs a secret key; costs nothing.',
  query: NoQuery,
  pathParams: KeyIdPath,
  body: UpdateKeyBody,
  failures: [400, 404],
  tag: 'keys',
  read: (raw) => ({ ...readQuery(NoQuery, raw), ...keyId(raw), ...readJsonBody(UpdateKeyBody, raw, '{"origins": ["https://blog.example"]}') }),
};

const revokeKey: HttpOperation = {
  operation: REVOKE_KEY,
  method: 'DELETE',
  path: '/keys/{id}',
  routePath: '/keys/:id',
  summary: 'Revoke a publishable key',
  description:
    'Revokes one of your publishable keys (one that leaked, or a site you closed): refused from the next call on, on ' +
    'every instance. A secret key is rolled instead (POST /keys/{id}/roll), so that you are never left without one. ' +
    'Needs a secret key; costs nothing.',
  query: NoQuery,
  pathParams: KeyIdPath,
  failures: [400, 404],
  tag: 'keys',
  read: (raw) => ({ ...readQuery(NoQuery, raw), ...keyId(raw) }),
};

const rollKey: HttpOperation = {
  operation: ROLL_KEY,
  method: 'POST',
  path: '/keys/{id}/roll',
  routePath: '/keys/:id/roll',
  summary: 'Roll a secret key',
  description:
    'Makes a new secret key of the same tier and label, shown once in key, and keeps the old one working for ' +
    'grace_seconds (0 to 86400) so that your servers can move to the new one; then the old one is refused. Console ' +
    'sessions signed in with the old key end. Needs a secret key (any of yours); costs nothing.',
  query: NoQuery,
  pathParams: KeyIdPath,
  body: RollKeyBody,
  failures: [400, 404],
  tag: 'keys',
  read: (raw) => ({ ...readQuery(NoQuery, raw), ...keyId(raw), ...readJsonBody(RollKeyBody, raw, '{"grace_seconds": 3600}') }),
};

export const KEY_HTTP_OPERATIONS: readonly HttpOperation[] = [listKeys, createKey, updateKey, revokeKey, rollKey];

/** The status of a successful answer: 201 for a key made. */
export const CREATED_STATUS: ReadonlySet<string> = new Set(['createKey']);
