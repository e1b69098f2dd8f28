// A typed client of the Example Stays hotel affiliate API. Requests and answers are typed by
// `schema.ts`, which is generated from the service's own OpenAPI document (scripts/generate.mjs);
// calls go through openapi-fetch. Every call resolves (it never throws for an HTTP status):
// check `ok`, then read `data` or `error`. The allowance the call counted against comes back
// as numbers in `allowance`, from the X-RateLimit-* headers and the IETF RateLimit fields.
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export type SearchParams = NonNullable<operations['searchHotels']['parameters']['query']>;
export type FindParams = operations['findHotel']['parameters']['query'];
export type SuggestParams = operations['suggest']['parameters']['query'];
export type SuggestResponse = components['schemas']['SuggestResponse'];
export type SearchResponse = components['schemas']['SearchResponse'];
export type FindResponse = components['schemas']['FindResponse'];
export type Hotel = components['schemas']['Hotel'];
export type HotelCard = components['schemas']['HotelCard'];
export type LinksResponse = components['schemas']['LinksResponse'];
export type UsageParams = NonNullable<operations['getUsage']['parameters']['query']>;
export type UsageResponse = components['schemas']['UsageResponse'];
export type ApiKey = components['schemas']['ApiKey'];
export type KeyList = components['schemas']['KeyList'];
export type CreatedKey = components['schemas']['CreatedKey'];
export type RolledKey = components['schemas']['RolledKey'];
export type CreateKeyRequest = components['schemas']['CreateKeyRequest'];
export type UpdateKeyRequest = components['schemas']['UpdateKeyRequest'];
export type ApiError = components['schemas']['Error']['error'];
export type ErrorCode = ApiError['code'];

/** The allowance a call counted against, as the response headers give it. */
export interface Allowance {
  /** Calls the window allows. */
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** When the window resets. */
  resetAt: Date;
  /** The allowance's name (the tier: keyless, standard or partner; visitor for a publishable key's visitor), from RateLimit-Policy. */
  policy: string | null;
  /** The window's length in seconds, from RateLimit-Policy. */
  windowSeconds: number | null;
  /** Seconds until the window resets, from RateLimit. */
  resetInSeconds: number | null;
}

interface Outcome {
  status: number;
  /** The allowance the call counted against; null for answers that count nothing (a 405, say). */
  allowance: Allowance | null;
  response: Response;
}

export type Result<T> =
  | (Outcome & { ok: true; data: T })
  | (Outcome & {
      ok: false;
      error: ApiError;
      /** Seconds to wait before trying again (429 and 503), else null. */
      retryAfterSeconds: number | null;
    });

export interface ClientOptions {
  /** The service's address, for example https://api.stays.example */
  baseUrl: string;
  /**
   * An API key: links then carry your affiliate code. Without one, calls are keyless. A secret key
   * (live_…) goes in the Authorization header and belongs on a server. A publishable key
   * (live_pk_…), made for the web origins of your pages, goes in the key query parameter, so a
   * browser's GET needs no CORS preflight; the service takes it only from those origins.
   */
  key?: string;
  /** A fetch to use instead of the global one (tests, proxies, retries). */
  fetch?: typeof fetch;
}

function whole(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** One parameter of an IETF RateLimit or RateLimit-Policy item: `"standard";q=2000;w=86400`. */
function itemParameter(field: string | null, name: string): number | null {
  const match = field === null ? null : new RegExp(`;\\s*${name}=(\\d+)`).exec(field);
  return match ? Number(match[1]) : null;
}

/** The allowance headers of a response, as numbers; null when it has none. */
export function allowanceOf(headers: Headers): Allowance | null {
  const limit = whole(headers.get('x-ratelimit-limit'));
  const remaining = whole(headers.get('x-ratelimit-remaining'));
  const reset = whole(headers.get('x-ratelimit-reset'));
  if (limit === null || remaining === null || reset === null) return null;
  const policyField = headers.get('ratelimit-policy');
  const rateLimit = headers.get('ratelimit');
  return {
    limit,
    remaining,
    resetAt: new Date(reset * 1000),
    policy: policyField === null ? null : (/^"([^"]*)"/.exec(policyField)?.[1] ?? null),
    windowSeconds: itemParameter(policyField, 'w'),
    resetInSeconds: itemParameter(rateLimit, 't'),
  };
}

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Result<T>> {
  const { data, error, response } = await call;
  const outcome = { status: response.status, allowance: allowanceOf(response.headers), response };
  if (response.ok && data !== undefined) return { ...outcome, ok: true, data };
  const body = (error ?? {}) as { error?: ApiError };
  return {
    ...outcome,
    ok: false,
    error: body.error ?? { code: 'upstream_unavailable', message: `the service answered ${response.status} without an error body` },
    retryAfterSeconds: whole(response.headers.get('retry-after')),
  };
}

/** The client: one method per operation, plus the underlying openapi-fetch client as `raw`. */
export function createHotelAffiliateClient(options: ClientOptions) {
  const publishable = options.key?.startsWith('live_pk_') ?? false;
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.key && !publishable ? { Authorization: `Bearer ${options.key}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The key parameter is the publishableKey security scheme of the document, not an operation parameter.
  const keyed = <Q extends object>(query: Q): Q => (publishable ? { ...query, key: options.key } : query);
  return {
    raw,
    /** Hotels in a place (destination or place_id) or around a point (lat, lng). */
    searchHotels: (query: SearchParams): Promise<Result<SearchResponse>> => settle(raw.GET('/hotels/search', { params: { query: keyed(query) } })),
    /** One hotel by its name as people say it, with up to five candidates. */
    findHotel: (query: FindParams): Promise<Result<FindResponse>> => settle(raw.GET('/hotels/find', { params: { query: keyed(query) } })),
    /** One hotel in full, by the id a search or find gave. */
    getHotel: (id: string, query: { sub_id?: string } = {}): Promise<Result<Hotel>> =>
      settle(raw.GET('/hotels/{id}', { params: { path: { id }, query: keyed(query) } })),
    /** Makes addresses of the booking site carry your code (costs one call per URL). */
    createLinks: (urls: string[], query: { sub_id?: string } = {}): Promise<Result<LinksResponse>> =>
      settle(raw.POST('/links', { body: { urls }, params: { query: keyed(query) } })),
    /** Places and hotels for a search box, as people type (ten calls cost one request). */
    suggest: (query: SuggestParams): Promise<Result<SuggestResponse>> => settle(raw.GET('/suggest', { params: { query: keyed(query) } })),
    /** What the service did for your key by day, operation and sub_id (a secret key only; costs nothing). */
    // The report is also given as CSV; this asks for JSON, so the answer is the JSON one.
    usage: (query: UsageParams = {}): Promise<Result<UsageResponse>> =>
      settle(raw.GET('/usage', { params: { query }, headers: { accept: 'application/json' } }) as Promise<{ data?: UsageResponse; error?: unknown; response: Response }>),
    /** Your own keys (a secret key only; all free): list, make publishable keys, change, revoke, roll. */
    keys: {
      list: (): Promise<Result<KeyList>> => settle(raw.GET('/keys', {})),
      /** A publishable key for your web pages, working only on `origins`. */
      createPublishable: (body: Omit<CreateKeyRequest, 'kind'>): Promise<Result<CreatedKey>> =>
        settle(raw.POST('/keys', { body: { kind: 'publishable', ...body } })),
      update: (id: string, body: UpdateKeyRequest): Promise<Result<ApiKey>> => settle(raw.PATCH('/keys/{id}', { params: { path: { id } }, body })),
      /** Revokes a publishable key at once. */
      revoke: (id: string): Promise<Result<ApiKey>> => settle(raw.DELETE('/keys/{id}', { params: { path: { id } } })),
      /** A new secret key; the old one keeps working for `graceSeconds` (0 to 86400). */
      roll: (id: string, graceSeconds: number): Promise<Result<RolledKey>> =>
        settle(raw.POST('/keys/{id}/roll', { params: { path: { id } }, body: { grace_seconds: graceSeconds } })),
    },
  };
}

export type HotelAffiliateClient = ReturnType<typeof createHotelAffiliateClient>;
