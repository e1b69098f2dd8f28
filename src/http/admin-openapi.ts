// The admin API's own OpenAPI 3.1 document, served at /admin/v1/openapi.json to operator keys and
// never part of the public one: generated, as the public document is (openapi.ts), from the
// operation table and the very schemas that read requests and write answers.
import type { TSchema } from 'typebox';
import { ErrorBody } from '../operations/schemas.js';
import { UsageRow, UsageTotals } from '../operations/usage-schemas.js';
import { MESSAGE_ONLY_KEYWORDS } from '../validation/rules.js';
import { ADMIN_AUTH_LIMIT } from './admin-auth.js';
import { ADMIN_OPERATIONS, type AdminOperation } from './admin-operations.js';
import {
  AdminCreatedKey,
  AdminCreateKeyBody,
  AdminKey,
  AdminKeyList,
  AdminRolledKey,
  AdminRollKeyBody,
  AdminUpdateKeyBody,
  AdminUsageResponse,
  AuditEntry,
  AuditPage,
  KeyAllowance,
} from './admin-schemas.js';

type Json = Record<string, unknown>;

/** The admin API's place; its document's paths are written under it. */
export const ADMIN_PREFIX = '/admin/v1';

const COMPONENTS = new Map<object, string>([
  [AdminKey, 'Key'],
  [AdminCreatedKey, 'CreatedKey'],
  [AdminRolledKey, 'RolledKey'],
  [AdminKeyList, 'KeyList'],
  [AdminCreateKeyBody, 'CreateKeyRequest'],
  [AdminUpdateKeyBody, 'UpdateKeyRequest'],
  [AdminRollKeyBody, 'RollKeyRequest'],
  [UsageRow, 'UsageRow'],
  [UsageTotals, 'UsageTotals'],
  [KeyAllowance, 'KeyAllowance'],
  [AdminUsageResponse, 'UsageResponse'],
  [AuditEntry, 'AuditEntry'],
  [AuditPage, 'AuditPage'],
  [ErrorBody, 'Error'],
]);

/** Requests are published closed (an unknown field is refused); answers open, for fields added later. */
const REQUESTS = new Set<object>([AdminCreateKeyBody, AdminUpdateKeyBody, AdminRollKeyBody]);

/** A plain JSON copy of a schema, named components replaced by references, message-only keywords left out. */
function schemaJson(schema: unknown, open: boolean, root = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => schemaJson(s, open, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const component = COMPONENTS.get(schema);
  if (component && !root) return { $ref: `#/components/schemas/${component}` };
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (MESSAGE_ONLY_KEYWORDS.has(key) || (open && key === 'additionalProperties' && value === false)) continue;
    copy[key] = schemaJson(value, open, false);
  }
  return copy;
}

interface ErrorResponse {
  name: string;
  code: string;
  description: string;
  example: string;
}

const ERROR_RESPONSES: Record<number, ErrorResponse> = {
  400: {
    name: 'InvalidParams',
    code: 'invalid_params',
    description: 'invalid_params: a parameter or the body breaks a rule, or the change is refused (a cap, a key that stopped working); the message says which.',
    example: 'tier must be one of standard, partner (got "gold")',
  },
  401: {
    name: 'Unauthorized',
    code: 'unauthorized',
    description: "unauthorized: no operator key, an unknown or revoked one, or a key that is not an operator key (an affiliate's). Carries WWW-Authenticate: Bearer.",
    example: 'the operator key is not valid: unknown, revoked or mistyped',
  },
  404: { name: 'NotFound', code: 'not_found', description: 'not_found: no key has the id, or no key has carried the code.', example: 'no key has id "key_nothere"' },
  405: {
    name: 'MethodNotAllowed',
    code: 'invalid_params',
    description: 'The path does not take this method; Allow lists the ones it takes.',
    example: 'method PUT is not allowed on /admin/v1/keys; use GET or POST',
  },
  429: {
    name: 'TooManyWrongKeys',
    code: 'rate_limited',
    description: `rate_limited: the client address sent ${ADMIN_AUTH_LIMIT.failures} wrong keys within ${ADMIN_AUTH_LIMIT.windowMs / 60_000} minutes; every call from it is refused, whatever its key, until Retry-After has passed.`,
    example: 'too many wrong keys were sent to the admin API from this address (20 in 15 minutes): it is refused until 2026-11-23T10:15:00.000Z, whatever key it sends',
  },
  500: {
    name: 'InternalError',
    code: 'upstream_unavailable',
    description: 'An unexpected failure (code upstream_unavailable); quote the request id in the message when reporting it.',
    example: 'an unexpected error occurred; quote request id 4f6c0e2a-… when reporting it',
  },
  503: {
    name: 'Unavailable',
    code: 'upstream_unavailable',
    description: 'upstream_unavailable: the database or the counters cannot be reached; retry after Retry-After.',
    example: 'operator keys cannot be checked right now; try again shortly',
  },
};
const COMMON_FAILURES = [401, 405, 429, 500, 503];
const ERROR_HEADERS: Record<number, Json> = {
  401: { 'WWW-Authenticate': { description: 'Bearer realm="admin" (with error="invalid_token" when a key was sent).', schema: { type: 'string' } } },
  405: { Allow: { description: 'The methods the path takes.', schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Whole seconds until the address may call again.', schema: { type: 'integer', minimum: 1 } } },
  503: { 'Retry-After': { description: 'Whole seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } } },
};

function parameters(operation: AdminOperation): Json[] {
  const result: Json[] = [];
  const add = (where: 'path' | 'query', schema: TSchema | undefined) => {
    if (!schema) return;
    const object = schema as unknown as { properties: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties)) {
      const { description, ...rest } = schemaJson(property, false) as Json;
      result.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add('path', operation.pathParams);
  add('query', operation.query);
  return result;
}

function operationJson(operation: AdminOperation): Json {
  const responses: Json = {
    [operation.status]: {
      description: operation.status === 201 ? 'Created' : 'OK',
      content: { 'application/json': { schema: schemaJson(operation.output, true, false) } },
    },
  };
  for (const status of [...operation.failures, ...COMMON_FAILURES].sort((a, b) => a - b)) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    parameters: parameters(operation),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaJson(operation.body, false, false) } } } } : {}),
    responses,
  };
}

export function adminOpenApiDocument(baseUrl: string, serviceName: string): Json {
  const paths: Json = {};
  for (const operation of ADMIN_OPERATIONS) {
    const item = (paths[operation.path] ??= {}) as Json;
    item[operation.method.toLowerCase()] = operationJson(operation);
  }
  const schemas: Json = {};
  for (const [schema, name] of COMPONENTS) schemas[name] = schemaJson(schema, !REQUESTS.has(schema));
  const responses: Json = {};
  for (const [status, { name, code, description, example }] of Object.entries(ERROR_RESPONSES)) {
    const headers = ERROR_HEADERS[Number(status)];
    responses[name] = {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: { code, message: example } } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${serviceName} hotel affiliate admin API`,
      version: '1.0.0',
      summary: "The affiliate programme team's API: any affiliate's keys, usage and the audit of key changes.",
      description:
        'For the team that runs the affiliate programme, with an operator key (live_op_…, made with ' +
        '`hotel-affiliate keys create --operator --label NAME`) as a Bearer token. Operator keys work here only, and ' +
        "affiliates' keys never do. Every change is written to the audit with the operator key's id and the client " +
        `address. An address that sends ${ADMIN_AUTH_LIMIT.failures} wrong keys in ${ADMIN_AUTH_LIMIT.windowMs / 60_000} ` +
        'minutes is refused (429) for the rest of that window. Answers are never cached (Cache-Control: no-store).',
    },
    servers: [{ url: `${baseUrl}${ADMIN_PREFIX}`, description: 'The admin API' }],
    security: [{ operatorKey: [] }],
    tags: [
      { name: 'keys', description: "Any affiliate's keys: make, list, change (tier included), revoke, roll." },
      { name: 'usage', description: "Any affiliate's usage report." },
      { name: 'audit', description: 'Who changed which key, when and from where.' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        operatorKey: {
          type: 'http',
          scheme: 'bearer',
          description: "Authorization: Bearer live_op_… An operator key; an affiliate's secret or publishable key is refused (401).",
        },
      },
      responses,
    },
  };
}
