// The OpenAPI 3.1 document, generated from the operation table and the very schemas that
// validate requests. Schemas used in several places become named components.
import type { TSchema } from 'typebox';
import {
  ErrorBody,
  FindResponse,
  Hotel,
  HotelCard,
  LinkEntry,
  LinksBody,
  LinksResponse,
  HotelSuggestion,
  PlaceAlternative,
  PlaceSuggestion,
  SearchResponse,
  SuggestResponse,
} from '../operations/schemas.js';
import { MESSAGE_ONLY_KEYWORDS } from '../validation/rules.js';
import { apiDescription } from './openapi-description.js';
import {
  createdKeyExample,
  errorExample,
  findExample,
  hotelExample,
  keyExample,
  keyListExample,
  linksExample,
  revokedKeyExample,
  rolledKeyExample,
  searchExample,
  suggestExample,
  usageExample,
} from './openapi-examples.js';
import { ApiKey, CreatedKey, CreateKeyBody, KeyList, RolledKey, RollKeyBody, UpdateKeyBody } from '../operations/key-schemas.js';
import { HTTP_OPERATIONS, type HttpOperation } from './operations.js';
import { UsageResponse, UsageRow } from '../operations/usage-schemas.js';

export interface OpenApiSettings {
  serviceName: string;
  mainSite: string;
  affiliateParam: string;
  subIdParam: string;
  /** Query parameters of the traveller's language and currency on links. */
  langParam: string;
  currencyParam: string;
  signupUrl: string;
  keylessPerHour: number;
  standardPerDay: number;
  partnerPerDay: number;
  /** The widget script's Subresource Integrity value, when the widget is built. */
  widgetIntegrity?: string | null;
}

type Json = Record<string, unknown>;

const COMPONENTS = new Map<object, string>([
  [HotelCard, 'HotelCard'],
  [SearchResponse, 'SearchResponse'],
  [PlaceAlternative, 'PlaceAlternative'],
  [FindResponse, 'FindResponse'],
  [Hotel, 'Hotel'],
  [LinkEntry, 'LinkEntry'],
  [LinksBody, 'LinksRequest'],
  [LinksResponse, 'LinksResponse'],
  [PlaceSuggestion, 'PlaceSuggestion'],
  [HotelSuggestion, 'HotelSuggestion'],
  [SuggestResponse, 'SuggestResponse'],
  [UsageRow, 'UsageRow'],
  [UsageResponse, 'UsageResponse'],
  [ApiKey, 'ApiKey'],
  [KeyList, 'KeyList'],
  [CreatedKey, 'CreatedKey'],
  [RolledKey, 'RolledKey'],
  [CreateKeyBody, 'CreateKeyRequest'],
  [UpdateKeyBody, 'UpdateKeyRequest'],
  [RollKeyBody, 'RollKeyRequest'],
  [ErrorBody, 'Error'],
]);

/** Answers: a client must accept fields added later, so their schemas are published open. */
const ANSWER_COMPONENTS = new Set<object>([
  HotelCard,
  SearchResponse,
  PlaceAlternative,
  FindResponse,
  Hotel,
  LinkEntry,
  LinksResponse,
  PlaceSuggestion,
  HotelSuggestion,
  SuggestResponse,
  UsageRow,
  UsageResponse,
  ApiKey,
  KeyList,
  CreatedKey,
  RolledKey,
  ErrorBody,
]);

/**
 * A plain JSON copy of a schema, named components replaced by references. `open` drops
 * `additionalProperties: false` (kept inside the service to write answers): published on an
 * answer, it makes strict generated clients fail the day a field is added.
 */
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

const LIMIT_HEADERS = Object.fromEntries(
  ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'].map((name) => [
    name,
    { $ref: `#/components/headers/${name}` },
  ]),
);

const ERROR_RESPONSES: Record<number, string> = {
  400: 'InvalidParams',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  429: 'RateLimited',
  500: 'InternalError',
  503: 'Unavailable',
};

/** Statuses every operation can answer, besides its own failures. */
const COMMON_FAILURES = [401, 405, 429, 500, 503];

const ANSWER_EXAMPLES: Record<string, (s: OpenApiSettings) => unknown> = {
  searchHotels: searchExample,
  findHotel: findExample,
  getHotel: hotelExample,
  createLinks: linksExample,
  suggest: suggestExample,
  getUsage: usageExample,
  listKeys: keyListExample,
  createKey: createdKeyExample,
  updateKey: keyExample,
  revokeKey: revokedKeyExample,
  rollKey: rolledKeyExample,
};

function parameters(operation: HttpOperation): Json[] {
  const result: Json[] = [];
  const add = (where: 'path' | 'query', schema: TSchema | undefined) => {
    if (!schema) return;
    const object = schema as unknown as { properties: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties)) {
      const { description, ...rest } = schemaJson(property, false) as Json;
      result.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add('path', operation.pathParams);
  add('query', operation.query);
  return result;
}

function operationJson(operation: HttpOperation, s: OpenApiSettings): Json {
  const cacheHeaders = operation.cacheControl
    ? { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' } }
    : {};
  const languageHeaders = operation.namesPlaces ? { 'Content-Language': { $ref: '#/components/headers/Content-Language' } } : {};
  const responses: Json = {
    [operation.operation.id === 'createKey' ? 201 : 200]: {
      description: operation.operation.id === 'createKey' ? 'Created' : 'OK',
      headers: { ...LIMIT_HEADERS, ...cacheHeaders, ...languageHeaders },
      content: {
        'application/json': {
          schema: schemaJson(operation.operation.output, true, false),
          example: ANSWER_EXAMPLES[operation.operation.id](s),
        },
        // The same answer as a spreadsheet, for operations that give one (Accept: text/csv).
        ...(operation.csv
          ? { 'text/csv': { schema: { type: 'string' }, example: operation.csv(ANSWER_EXAMPLES[operation.operation.id](s)) } }
          : {}),
      },
    },
  };
  if (operation.cacheControl) responses[304] = { $ref: '#/components/responses/NotModified' };
  for (const status of [...operation.failures, ...COMMON_FAILURES].sort((a, b) => a - b)) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
  }
  return {
    operationId: operation.operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    parameters: [
      ...parameters(operation),
      ...(operation.cacheControl ? [{ $ref: '#/components/parameters/If-None-Match' }] : []),
    ],
    // Managing keys takes a secret key only.
    ...(operation.tag === 'keys' ? { security: [{ bearerAuth: [] }] } : {}),
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaJson(operation.body, false, false) } } } }
      : {}),
    responses,
  };
}

function errorResponse(description: string, example: unknown, headers: Json = LIMIT_HEADERS): Json {
  return {
    description,
    headers,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
  };
}

export function openApiDocument(baseUrl: string, s: OpenApiSettings): Json {
  const paths: Json = {};
  for (const operation of HTTP_OPERATIONS) {
    const item = (paths[operation.path] ??= {}) as Json;
    item[operation.method.toLowerCase()] = operationJson(operation, s);
  }
  const schemas: Json = {};
  for (const [schema, name] of COMPONENTS) schemas[name] = schemaJson(schema, ANSWER_COMPONENTS.has(schema));
  return {
    openapi: '3.1.0',
    info: {
      title: `${s.serviceName} hotel affiliate API`,
      version: '1.0.0',
      summary: `List hotels and get links to their pages on ${s.mainSite} that carry your affiliate code.`,
      description: apiDescription(baseUrl, s),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: baseUrl, description: 'Current address' },
      { url: `${baseUrl}/v1`, description: 'Earlier address with the /v1 prefix, still served identically' },
    ],
    security: [{}, { bearerAuth: [] }, { publishableKey: [] }],
    tags: [
      { name: 'hotels', description: 'Search, find and read hotels.' },
      { name: 'links', description: 'Make service addresses carry your code.' },
      { name: 'suggestions', description: 'Places and hotels for a search box, as people type; ten calls cost one request.' },
      { name: 'usage', description: 'What your calls did, by day, key, operation and sub_id; free.' },
      { name: 'keys', description: 'Your own keys: make publishable keys for your sites, change or revoke them, roll a secret key; free, with a secret key.' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer live_… An API key raises your allowance and puts your code on links.',
        },
        publishableKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description:
            "A publishable key (live_pk_…) in a web page: accepted only from the origins it was made for (Origin, else Referer); each visitor address has an hourly allowance under it, and all visitors spend the key's day. As a query parameter a page's GET needs no CORS preflight; it may also be sent as Bearer. A secret key is never accepted here.",
        },
      },
      headers: {
        'Content-Language': {
          description:
            'The language the answer names places in: the lang sent, else the best match of Accept-Language among the ' +
            "service's languages, else en (the names it has no name for in that language stay English). Such answers " +
            'carry Vary: Accept-Language.',
          schema: { type: 'string', examples: ['de'] },
        },
        'X-RateLimit-Limit': {
          description:
            "The limit of the allowance the call counted against: your key's, or your address's for a keyless call " +
            'and for a key that was refused (401) or could not be checked (503); for a publishable key, the visitor\'s ' +
            "hour or the key's day, whichever has less left.",
          schema: { type: 'integer', minimum: 0 },
        },
        'X-RateLimit-Remaining': {
          description: 'Requests left in the current window, never below 0.',
          schema: { type: 'integer', minimum: 0 },
        },
        'X-RateLimit-Reset': {
          description: 'Unix time, in whole seconds, when the window resets.',
          schema: { type: 'integer', minimum: 0 },
        },
        'RateLimit-Policy': {
          description:
            'The same allowance as an IETF RateLimit-Policy field (draft-ietf-httpapi-ratelimit-headers): the tier as ' +
            'policy name, q the quota, w the window in seconds. A publishable key\'s call lists two: the visitor\'s ' +
            "hour and the key's day, the one with less left first.",
          schema: { type: 'string' },
          example: `"standard";q=${s.standardPerDay};w=86400`,
        },
        RateLimit: {
          description: 'The IETF RateLimit field: the policy name, r what remains, t the seconds until the window resets.',
          schema: { type: 'string' },
          example: `"standard";r=${s.standardPerDay - 2};t=3600`,
        },
        'Retry-After': {
          description: 'Whole seconds (at least 1) to wait before retrying.',
          schema: { type: 'integer', minimum: 1 },
        },
        'WWW-Authenticate': { description: 'Bearer error="invalid_token"', schema: { type: 'string' } },
        Allow: { description: 'The methods the path takes.', schema: { type: 'string' }, example: 'GET, HEAD' },
        'X-Request-Id': { description: 'The id of this request in our logs.', schema: { type: 'string' } },
        ETag: {
          description: 'A weak tag of the answer (the same however it is compressed); send it back in If-None-Match.',
          schema: { type: 'string' },
          example: 'W/"3q2-7wEjbQ3NnvwDk0hBtv9Mm3E"',
        },
        'Cache-Control': {
          description:
            'How long the answer may be kept. Hotels: private (its links carry your code), 5 minutes. The OpenAPI document: public, 5 minutes.',
          schema: { type: 'string' },
          example: 'private, max-age=300',
        },
      },
      parameters: {
        'If-None-Match': {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description:
            'The ETag of an answer you kept: when the hotel is unchanged the answer is 304 without a body. A 304 is a call and costs 1.',
          schema: { type: 'string' },
        },
      },
      responses: {
        NotModified: {
          description: 'Not Modified: the answer you kept (its ETag was sent in If-None-Match) is still the answer. Costs 1.',
          headers: { ...LIMIT_HEADERS, ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' } },
        },
        InvalidParams: errorResponse(
          'invalid_params: a parameter or the body breaks a rule; the message says which.',
          errorExample('invalid_params', 'query parameter limit must be an integer from 1 to 20 (got "50")'),
        ),
        Unauthorized: errorResponse(
          'unauthorized: the API key is unknown, revoked or malformed, or the operation needs a secret key (GET /usage) and the call has none. Counted against your address while it has room; the limit headers are its.',
          errorExample('unauthorized', 'the API key is not valid: unknown, revoked or mistyped'),
          { ...LIMIT_HEADERS, 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
        ),
        NotFound: errorResponse('not_found: nothing matches.', errorExample('not_found', 'no place matches destination "xqzvbn"')),
        MethodNotAllowed: errorResponse(
          'The path does not take this method (POST /hotels/search, say). Answered before anything else is read; costs nothing, so no limit headers.',
          errorExample('invalid_params', 'method POST is not allowed on /hotels/search; use GET'),
          { Allow: { $ref: '#/components/headers/Allow' } },
        ),
        RateLimited: errorResponse(
          'rate_limited: the call does not fit your allowance; it was not counted.',
          errorExample(
            'rate_limited',
            `Calls without a key are limited to ${s.keylessPerHour} requests an hour per IP address; the limit resets at 2026-11-23T11:00:00.000Z. ` +
              `Apply for an API key at ${s.signupUrl} for a higher allowance.`,
          ),
          { ...LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
        ),
        InternalError: errorResponse(
          'An unexpected failure (code upstream_unavailable); quote the request id in the message when reporting it.',
          errorExample('upstream_unavailable', 'an unexpected error occurred; quote request id 4f6c0e2a-… when reporting it'),
          { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
        ),
        Unavailable: errorResponse(
          'upstream_unavailable: a dependency (catalog store, key store, places provider) is down or too slow. When the key could not ' +
            'be checked, the call counted against your address (while it had room) and the limit headers are its.',
          errorExample('upstream_unavailable', 'the hotel catalog cannot be read right now; try again shortly'),
          { ...LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
        ),
      },
    },
  };
}
