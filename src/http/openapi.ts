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
  SearchResponse,
} from '../operations/schemas.js';
import { MESSAGE_ONLY_KEYWORDS } from '../validation/rules.js';
import { HTTP_OPERATIONS, type HttpOperation } from './operations.js';

export interface OpenApiSettings {
  serviceName: string;
  mainSite: string;
  affiliateParam: string;
  subIdParam: string;
  signupUrl: string;
  keylessPerHour: number;
  standardPerDay: number;
  partnerPerDay: number;
}

type Json = Record<string, unknown>;

const COMPONENTS = new Map<object, string>([
  [HotelCard, 'HotelCard'],
  [SearchResponse, 'SearchResponse'],
  [FindResponse, 'FindResponse'],
  [Hotel, 'Hotel'],
  [LinkEntry, 'LinkEntry'],
  [LinksBody, 'LinksRequest'],
  [LinksResponse, 'LinksResponse'],
  [ErrorBody, 'Error'],
]);

/** A plain JSON copy of a schema, named components replaced by references. */
function schemaJson(schema: unknown, root = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => schemaJson(s, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const component = COMPONENTS.get(schema);
  if (component && !root) return { $ref: `#/components/schemas/${component}` };
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!MESSAGE_ONLY_KEYWORDS.has(key)) copy[key] = schemaJson(value, false);
  }
  return copy;
}

const LIMIT_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

const ERROR_RESPONSES: Record<number, string> = {
  400: 'InvalidParams',
  401: 'Unauthorized',
  404: 'NotFound',
  429: 'RateLimited',
  503: 'Unavailable',
};

function parameters(operation: HttpOperation): Json[] {
  const result: Json[] = [];
  const add = (where: 'path' | 'query', schema: TSchema | undefined) => {
    if (!schema) return;
    const object = schema as unknown as { properties: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties)) {
      const { description, ...rest } = schemaJson(property) as Json;
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

function operationJson(operation: HttpOperation): Json {
  const responses: Json = {
    200: {
      description: 'OK',
      headers: LIMIT_HEADERS,
      content: { 'application/json': { schema: schemaJson(operation.operation.output, false) } },
    },
  };
  for (const status of [...operation.failures, 401, 429, 503].sort((a, b) => a - b)) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
  }
  return {
    operationId: operation.operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.path === '/links' ? 'links' : 'hotels'],
    parameters: parameters(operation),
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaJson(operation.body, false) } } } }
      : {}),
    responses,
  };
}

function errorResponse(description: string, extraHeaders: Json = {}): Json {
  return {
    description,
    headers: { ...LIMIT_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

export function openApiDocument(baseUrl: string, s: OpenApiSettings): Json {
  const paths: Json = {};
  for (const operation of HTTP_OPERATIONS) {
    const item = (paths[operation.path] ??= {}) as Json;
    item[operation.method.toLowerCase()] = operationJson(operation);
  }
  const schemas: Json = {};
  for (const [schema, name] of COMPONENTS) schemas[name] = schemaJson(schema);
  return {
    openapi: '3.1.0',
    info: {
      title: `${s.serviceName} hotel affiliate API`,
      version: '1.0.0',
      summary: `List hotels and get links to their pages on ${s.mainSite} that carry your affiliate code.`,
      description: [
        `Every hotel link carries your affiliate code (query parameter ${s.affiliateParam}) when you call with a key, ` +
          `and your placement tag sub_id as ${s.subIdParam}. Bookings within 90 days of a click (last click wins) ` +
          'earn you up to 5%. No operation takes dates; prices, rooms and reviews are on the hotel page the link opens.',
        `Display rules: link to photos, never copy or re-host them; search only when a person asks; wherever hotels ` +
          `appear, credit the service with a linked text "Book on ${s.serviceName}".`,
        `Keys are optional. Without one, calls are counted per IP address (IPv6 per /64): ${s.keylessPerHour} an hour, ` +
          `resetting on the hour (UTC). A standard key allows ${s.standardPerDay} a day and a partner key ` +
          `${s.partnerPerDay} a day, resetting at 00:00 UTC. Apply for a key at ${s.signupUrl}. An unknown, revoked ` +
          'or malformed key is refused with 401; it never falls back to keyless, which would lose your commission. ' +
          'Such a call counts against your address, as a keyless call, while that allowance has room; once it has none, ' +
          'the key is still refused with 401 (not 429), at no cost.',
        'Every call costs 1, errors included, except POST /links with a valid body, which costs one per URL. A call ' +
          'that does not fit what remains is refused whole with 429 and costs nothing. Every response of the four ' +
          'operations carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.',
        'Errors have the body {"error": {"code", "message"}}; the message names the parameter, the rule and the ' +
          'value received. Unknown or repeated query parameters, empty values and malformed numbers are 400. ' +
          'A dependency that is down or too slow is 503 upstream_unavailable with Retry-After. An unknown path is ' +
          '404 and a wrong method 405 with Allow, whatever the other headers. A request that cannot be read as HTTP ' +
          '(a request line and headers over 16 KiB: 431; a request that does not arrive in time: 408; other ' +
          'malformed bytes: 400) gets the same error body and X-Request-Id, costs nothing and closes its connection.',
        `The same operations are MCP tools for AI agents at ${baseUrl}/mcp (Streamable HTTP, also under /v1): ` +
          'search_hotels, find_hotel, get_hotel and create_links take the parameters of their operations as one ' +
          'object and answer their response as structured content, with a short text crediting the site. Send the ' +
          'same Authorization header: a bad key is 401, no key is keyless. A tool call costs what its operation ' +
          'costs, from the same allowance; a refused call is a tool error (isError) saying when to retry. Agents that ' +
          'start tools as local processes run `hotel-affiliate mcp`, which calls this API with their key.',
      ].join('\n\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: baseUrl, description: 'Current address' },
      { url: `${baseUrl}/v1`, description: 'Earlier address with the /v1 prefix, still served identically' },
    ],
    security: [{}, { bearerAuth: [] }],
    tags: [
      { name: 'hotels', description: 'Search, find and read hotels.' },
      { name: 'links', description: 'Make service addresses carry your code.' },
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
      },
      headers: {
        'X-RateLimit-Limit': {
          description:
            "The limit of the allowance the call counted against: your key's, or your address's for a keyless call " +
            'and for a key that was refused (401) or could not be checked (503).',
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
        'Retry-After': {
          description: 'Whole seconds (at least 1) to wait before retrying.',
          schema: { type: 'integer', minimum: 1 },
        },
        'WWW-Authenticate': { description: 'Bearer error="invalid_token"', schema: { type: 'string' } },
      },
      responses: {
        InvalidParams: errorResponse('invalid_params: a parameter or the body breaks a rule; the message says which.'),
        Unauthorized: errorResponse(
          'unauthorized: the API key is unknown, revoked or malformed. Counted against your address while it has room; the limit headers are its.',
          { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
        ),
        NotFound: errorResponse('not_found: nothing matches.'),
        RateLimited: errorResponse('rate_limited: the call does not fit your allowance; it was not counted.', {
          'Retry-After': { $ref: '#/components/headers/Retry-After' },
        }),
        Unavailable: errorResponse(
          'upstream_unavailable: a dependency (catalog store, key store, places provider) is down or too slow. When the key could not ' +
            'be checked, the call counted against your address (while it had room) and the limit headers are its.',
          { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
        ),
      },
    },
  };
}
