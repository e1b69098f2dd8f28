// Property-based tests: generated requests of every shape thrown at every operation, through
// HTTP (on a raw socket, so any method, request target and header bytes can be sent) and MCP
// (the official SDK client), against the service's promises:
//   1. never a 5xx (every dependency is up here);
//   2. every error answer has the error body {"error":{"code","message"}} and nothing else,
//      its status and code agree, with WWW-Authenticate on 401, Retry-After on 429, Allow on 405
//      (and a wrong method is 405 whatever the other headers);
//   3. every answer carries X-Request-Id, including those given at the connection level;
//   4. every answer of the four operations carries the three X-RateLimit-* headers as integers;
//   5. the allowance is counted as documented, for HTTP and MCP together;
//   6. an MCP tool call ends in a result or a tool error with a known code, never in an internal
//      error or a dropped connection.
// PROPERTY_RUNS sets the runs per property (30 by default; `npm run fuzz` runs 2000). Seeds are
// random; a failure prints its seed and path: PROPERTY_SEED=<seed> PROPERTY_PATH=<path> with
// `-t '<test name>'` replays that counterexample.
// A failure shows the request (method, target, headers, body) and the answer (status, headers,
// body); connection-level cases show the bytes sent.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { METHODS } from 'node:http';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import {
  depthArb,
  describeRequest,
  fitTarget,
  FIXTURE_IDS,
  hotelIdArb,
  linksBodyRequestArb,
  mcpEndpointRequestArb,
  nestedJsonText,
  operationRequestArb,
  otherPathRequestArb,
  percentEncode,
  plausibleQuery,
  preflightRequestArb,
  printable,
  queryStringArb,
  SERVICE_URLS,
  snippet,
  subIdArb,
  validLinksUrlsArb,
  wireBytes,
  wrongMethodRequestArb,
  type GeneratedRequest,
  type KeySecrets,
  type OperationName,
} from './support/http-arbitraries.js';
import { rawRequest, type RawOutcome, type RawResponse } from './support/raw-http.js';
import { startTestService, type TestService } from './support/test-service.js';

const RUNS = Math.max(1, Number(process.env.PROPERTY_RUNS) || 30);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const PATH = process.env.PROPERTY_PATH || undefined;
/** Per test: generous, as a failing property shrinks its counterexample with more requests. */
const TIMEOUT = 120_000 + RUNS * 300;

function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, runs = RUNS): Promise<void> {
  return fc.assert(fc.asyncProperty(arbitrary, predicate), {
    numRuns: runs,
    seed: SEED,
    path: PATH,
    // Shrinking replays requests: bound the whole, and count a run cut short as a failure
    // rather than as a pass.
    interruptAfterTimeLimit: 60_000 + runs * 250,
    markInterruptAsFailure: true,
  });
}

// -------------------------------------------------------------------------------------------
// The service under the generated requests

// Keyless addresses and a partner key have plenty, a standard key 3 (used up before the run):
// generated requests meet 200s, 4xx of every kind and 429s (of the used-up key); running
// allowances down is property 5's business. X-Forwarded-For is believed from the loopback, so
// generated addresses are callers of their own.
const FUZZ_ENV = {
  TRUSTED_PROXIES: '127.0.0.1',
  LIMIT_KEYLESS_PER_HOUR: '1000000',
  LIMIT_STANDARD_PER_DAY: '3',
  LIMIT_PARTNER_PER_DAY: '1000000',
};
// The counting service: allowances small enough to run down in a few calls.
const KEYLESS_LIMIT = 8;
const STANDARD_LIMIT = 6;
const COUNT_ENV = { TRUSTED_PROXIES: '127.0.0.1', LIMIT_KEYLESS_PER_HOUR: String(KEYLESS_LIMIT), LIMIT_STANDARD_PER_DAY: String(STANDARD_LIMIT) };

let fuzz: TestService;
let fuzzPort: number;
let keys: KeySecrets;
let counting: TestService;
let countingPort: number;

const portOf = (t: TestService) => Number(new URL(t.baseUrl).port);
let keyCounter = 0;
async function newKey(t: TestService, tier: 'standard' | 'partner'): Promise<string> {
  return (await t.service.keys.create({ tier, affiliateCode: `prop-${tier}-${++keyCounter}`, label: null })).secret;
}

beforeAll(async () => {
  [fuzz, counting] = await Promise.all([startTestService(FIXTURE_HOTELS, FUZZ_ENV), startTestService(FIXTURE_HOTELS, COUNT_ENV)]);
  fuzzPort = portOf(fuzz);
  countingPort = portOf(counting);
  const partner = await newKey(fuzz, 'partner');
  const exhausted = await newKey(fuzz, 'standard');
  for (let i = 0; i < 3; i++) await fuzz.request('/hotels/find?name=Pestana', { headers: { authorization: `Bearer ${exhausted}` } });
  const revokedKey = await fuzz.service.keys.create({ tier: 'standard', affiliateCode: 'prop-revoked', label: null });
  await fuzz.service.keys.revoke(revokedKey.record.id);
  keys = { partner, exhausted, revoked: revokedKey.secret };
  if (SEED !== undefined) console.log(`property tests: seed ${SEED}, ${RUNS} runs each`);
});
afterAll(async () => {
  await Promise.all([fuzz?.close(), counting?.close()]);
});

// -------------------------------------------------------------------------------------------
// The rules, as checks of one answer

const ERROR_CODES = ['unauthorized', 'rate_limited', 'invalid_params', 'not_found', 'upstream_unavailable'];
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_params',
  401: 'unauthorized',
  404: 'not_found',
  405: 'invalid_params',
  408: 'invalid_params',
  417: 'invalid_params',
  429: 'rate_limited',
  431: 'invalid_params',
};
/**
 * POST /mcp is answered by the MCP transport where the message is not one it can take: with the
 * statuses and JSON-RPC error bodies the Streamable HTTP specification gives, which MCP clients read.
 */
const MCP_TRANSPORT_STATUSES = new Set([400, 406, 415]);
/** The MCP endpoint, at both base paths, with the one trailing slash the router ignores. */
const MCP_PATH = /^(\/v1)?\/mcp\/?(\?|$)/;

function isJsonRpcError(text: string): boolean {
  try {
    const body = JSON.parse(text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };
    return body.jsonrpc === '2.0' && Number.isInteger(body.error?.code) && typeof body.error?.message === 'string';
  } catch {
    return false;
  }
}
const INTEGER = /^\d+$/;

function describeResponse(outcome: RawOutcome): string {
  if (!outcome.ok) return `no response: ${outcome.reason}; received ${JSON.stringify(outcome.received)}`;
  const r = outcome.response;
  const lines = [`HTTP ${r.status} ${r.statusText}`];
  for (const [name, value] of r.headerLines) lines.push(`  ${name}: ${snippet(value, 200)}`);
  lines.push(`  body (${r.body.length} bytes): ${JSON.stringify(snippet(r.text))}`);
  return lines.join('\n');
}

/** Property 1: no 5xx. */
function neverServerError(r: RawResponse): string[] {
  return r.status >= 500 ? [`property 1: answered ${r.status}; no input may reach a 5xx while every dependency is up`] : [];
}

/** Property 2: the error body, and the status, code and headers that go together. */
function errorAnswer(method: string, r: RawResponse, wrongMethod?: { allowed: string[] }, mcpMessage = false): string[] {
  const problems: string[] = [];
  if (mcpMessage && MCP_TRANSPORT_STATUSES.has(r.status) && isJsonRpcError(r.text)) return problems;
  if (wrongMethod && r.status !== 405) {
    problems.push(`property 2: ${method} is a wrong method here (allowed: ${wrongMethod.allowed.join(', ')}): expected 405, got ${r.status}`);
  }
  if (r.status < 400) return problems;
  const expectedCode = CODE_OF_STATUS[r.status];
  if (!expectedCode && r.status < 500) problems.push(`property 2: ${r.status} is not a status of the service (${Object.keys(CODE_OF_STATUS).join(', ')})`);
  if (method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(r.text);
    } catch {
      problems.push('property 2: the error body is not JSON');
    }
    if (body !== undefined) {
      const outer = body as { error?: { code?: unknown; message?: unknown } };
      const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
      if (!isObject(body) || Object.keys(body).join() !== 'error' || !isObject(outer.error) || Object.keys(outer.error).sort().join() !== 'code,message') {
        problems.push('property 2: the error body is not exactly {"error":{"code","message"}}');
      } else {
        const { code, message } = outer.error;
        if (typeof code !== 'string' || !ERROR_CODES.includes(code)) problems.push(`property 2: unknown error code ${JSON.stringify(code)}`);
        else if (expectedCode && code !== expectedCode) problems.push(`property 2: status ${r.status} goes with code ${expectedCode}, got ${code}`);
        if (typeof message !== 'string' || message.trim() === '') problems.push('property 2: the error message is empty or not a string');
      }
    }
  }
  if (r.status === 401 && r.headers['www-authenticate'] !== 'Bearer error="invalid_token"') {
    problems.push(`property 2: a 401 needs WWW-Authenticate: Bearer error="invalid_token" (got ${JSON.stringify(r.headers['www-authenticate'])})`);
  }
  if (r.status === 429) {
    const retryAfter = r.headers['retry-after'];
    if (retryAfter === undefined || !INTEGER.test(retryAfter) || Number(retryAfter) < 1) {
      problems.push(`property 2: a 429 needs Retry-After in whole seconds, at least 1 (got ${JSON.stringify(retryAfter)})`);
    }
  }
  if (r.status === 405) {
    const allow = (r.headers.allow ?? '').split(',').map((m) => m.trim()).filter(Boolean);
    if (allow.length === 0) problems.push('property 2: a 405 needs an Allow header');
    else if (allow.includes(method)) problems.push(`property 2: a 405 for ${method} whose Allow lists ${method}`);
    else if (wrongMethod && !wrongMethod.allowed.every((m) => allow.includes(m))) {
      problems.push(`property 2: Allow should list ${wrongMethod.allowed.join(', ')} (got ${r.headers.allow})`);
    }
  }
  return problems;
}

/** Property 3: X-Request-Id on every answer. */
function requestId(r: RawResponse): string[] {
  const id = r.headers['x-request-id'];
  return id === undefined || id.trim() === '' ? ['property 3: no X-Request-Id'] : [];
}

/** Property 4: the three rate-limit headers as integers (and Remaining within Limit). */
function limitHeaders(r: RawResponse): string[] {
  const problems: string[] = [];
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = r.headers[name];
    if (value === undefined || !INTEGER.test(value)) problems.push(`property 4: ${name} is ${value === undefined ? 'missing' : `not a whole number (${JSON.stringify(value)})`}`);
  }
  if (problems.length === 0 && Number(r.headers['x-ratelimit-remaining']) > Number(r.headers['x-ratelimit-limit'])) {
    problems.push('property 4: X-RateLimit-Remaining is above X-RateLimit-Limit');
  }
  return problems;
}

type Rule = 'status' | 'body' | 'request id' | 'limit headers';

function violations(rule: Rule, request: GeneratedRequest, outcome: RawOutcome): string[] {
  if (!outcome.ok) return [`${rule === 'status' ? 'property 1' : rule === 'body' ? 'property 2' : rule === 'request id' ? 'property 3' : 'property 4'}: no response at all`];
  const r = outcome.response;
  switch (rule) {
    case 'status':
      return neverServerError(r);
    case 'body':
      return errorAnswer(
        request.method,
        r,
        request.route.kind === 'wrong-method' ? request.route : undefined,
        request.method === 'POST' && MCP_PATH.test(request.target),
      );
    case 'request id':
      return requestId(r);
    case 'limit headers':
      return request.route.kind === 'operation' ? limitHeaders(r) : [];
  }
}

function failure(problems: string[], request: string, outcome: RawOutcome): Error {
  return new Error(`${problems.join('\n')}\n\nrequest:\n${request}\n\nresponse:\n${describeResponse(outcome)}\n`);
}

const send = (port: number, request: GeneratedRequest) => rawRequest(port, wireBytes(request, port), { head: request.method === 'HEAD' });

// -------------------------------------------------------------------------------------------
// Properties 1–4 over generated HTTP requests, area by area

const AREAS: [string, (keys: KeySecrets) => fc.Arbitrary<GeneratedRequest>][] = [
  ['calls of the four operations', operationRequestArb],
  ['POST /links with bodies of any shape and depth', linksBodyRequestArb],
  ['wrong methods on served paths', wrongMethodRequestArb],
  ['unknown paths and variations of served ones', otherPathRequestArb],
  ['OPTIONS requests and CORS preflights', preflightRequestArb],
  ['the MCP endpoint', mcpEndpointRequestArb],
];

const RULES: [string, Rule][] = [
  ['property 1: never a 5xx', 'status'],
  ['property 2: error answers have the error body, and status, code and headers agree', 'body'],
  ['property 3: every answer carries X-Request-Id', 'request id'],
];

for (const [title, rule] of RULES) {
  describe(title, () => {
    it.each(AREAS)('%s', async (_area, arbitrary) => {
      await check(arbitrary(keys), async (request) => {
        const outcome = await send(fuzzPort, request);
        const problems = violations(rule, request, outcome);
        if (problems.length) throw failure(problems, describeRequest(request), outcome);
      });
    }, TIMEOUT);
  });
}

describe('property 4: every answer of the four operations carries X-RateLimit-Limit, -Remaining and -Reset', () => {
  it.each(AREAS.slice(0, 2))('%s, whatever the answer', async (_area, arbitrary) => {
    await check(arbitrary(keys), async (request) => {
      const outcome = await send(fuzzPort, request);
      const problems = violations('limit headers', request, outcome);
      if (problems.length) throw failure(problems, describeRequest(request), outcome);
    });
  }, TIMEOUT);
});

// -------------------------------------------------------------------------------------------
// Properties 1–3 at the connection level: requests the HTTP parser refuses before any route

interface RawCase {
  bytes: Buffer;
  /** The method on the request line (for the Allow check of a 405). */
  method: string;
  /** HEAD: no body to read. */
  head: boolean;
}

const rawCase = (text: string | Buffer, method = 'GET') =>
  printable({ bytes: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), method, head: method === 'HEAD' } as RawCase, (c) => {
    const shown = c.bytes.toString('latin1');
    return `${JSON.stringify(snippet(shown, 600))} (${c.bytes.length} bytes)`;
  });

const HOST = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const opPathArb = fc.oneof(
  fc.constantFrom('/hotels/search?destination=Lisbon', '/v1/hotels/find?name=Pestana', '/links', '/hotels/hotel/pt/lisbon/pestana-palace', '/nothing', '/'),
  hotelIdArb.map((id) => `/hotels/${id}`),
);
const KNOWN = new Set(METHODS);
const unknownMethodArb = fc.oneof(
  fc.constantFrom('FOO', 'get', 'Get', 'post', 'BREW', 'GETS', 'HEADER', 'G', 'QUERYX', 'PRI', 'X-CUSTOM', 'DELETE_'),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_!#$%&*+.^`|~'.split('')), minLength: 1, maxLength: 12 }),
).filter((m) => !KNOWN.has(m));

const CONNECTION_CASES: [string, fc.Arbitrary<RawCase>][] = [
  [
    'a method the HTTP parser does not know (FOO)',
    fc.tuple(unknownMethodArb, opPathArb, fc.boolean()).map(([method, path, body]) =>
      rawCase(`${method} ${path} HTTP/1.1\r\n${HOST}${body ? 'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' : '\r\n'}`, method),
    ),
  ],
  [
    'a malformed request line',
    fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'DELETE'),
        opPathArb,
        fc.nat({ max: 11 }),
        // Garbage of blank lines only is no request yet: HTTP lets a server skip them and wait (as Node.js does).
        fc.uint8Array({ minLength: 1, maxLength: 40 }).filter((bytes) => bytes.some((b) => b !== 0x0d && b !== 0x0a)),
      )
      .map(([method, path, how, garbage]) => {
        const lines = [
          `${method} ${path}\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/9.9\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/1.1 extra\r\n${HOST}\r\n`,
          `${method} ${path.replace('/', '/ ')} HTTP/1.1\r\n${HOST}\r\n`,
          `${method} ${path}\u0001x HTTP/1.1\r\n${HOST}\r\n`,
          `${method} HTTP/1.1\r\n${HOST}\r\n`,
          `${path} HTTP/1.1\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/1.1 \r\n${HOST}\r\n`,
          `${method} ${path} http/1.1\r\n${HOST}\r\n`,
          `${method}\t${path} HTTP/1.1\r\n${HOST}\r\n`,
          `\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003\r\n\r\n`,
        ];
        if (how < lines.length) return rawCase(Buffer.from(lines[how], 'latin1'), method);
        return rawCase(Buffer.concat([Buffer.from(garbage), Buffer.from('\r\n\r\n')]), '(garbage)');
      }),
  ],
  [
    'a request target with raw non-ASCII bytes',
    fc
      .tuple(fc.constantFrom('/hotels/search?destination=', '/hotels/find?name=', '/hotels/', '/'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => /[^\u0000-\u007f]/.test(s)))
      .map(([path, text]) => rawCase(`GET ${path}${text.replace(/[\s#?]/g, '')} HTTP/1.1\r\n${HOST}\r\n`)),
  ],
  [
    'a request line over the 16 KiB header limit',
    fc
      .tuple(fc.constantFrom('/hotels/search?destination=', '/hotels/', '/links?sub_id=', '/nothing/'), fc.integer({ min: 16_400, max: 60_000 }), fc.constantFrom('GET', 'POST', 'DELETE'))
      .map(([path, length, method]) => rawCase(`${method} ${path}${'a'.repeat(length)} HTTP/1.1\r\n${HOST}\r\n`, method)),
  ],
  [
    'headers over the 16 KiB header limit',
    fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 17_000, max: 40_000 }), fc.constantFrom('/hotels/search?destination=Lisbon', '/links', '/nothing'))
      .map(([count, total, path]) => {
        const each = Math.ceil(total / count);
        const lines = Array.from({ length: count }, (_, i) => `X-Filler-${i}: ${'b'.repeat(each)}\r\n`).join('');
        return rawCase(`GET ${path} HTTP/1.1\r\n${HOST}${lines}\r\n`);
      }),
  ],
  [
    'a malformed header line',
    fc
      .tuple(opPathArb, fc.constantFrom('No-Colon-Here', 'Bad Name: x', ': empty-name', 'X-Ctl: a\u0001b', ' Folded: x', 'X-A: a\r\n continued', 'X-Nul: \u0000', 'Content-Length: abc', 'Content-Length: 1\r\nContent-Length: 2', 'Transfer-Encoding: chunked\r\nContent-Length: 3'))
      .map(([path, line]) => rawCase(Buffer.from(`GET ${path} HTTP/1.1\r\n${HOST}${line}\r\n\r\n`, 'latin1'))),
  ],
  [
    'an HTTP/1.1 request without Host',
    fc.tuple(opPathArb, fc.constantFrom('GET', 'HEAD', 'POST')).map(([path, method]) => rawCase(`${method} ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`, method)),
  ],
  [
    'an Expect header other than 100-continue',
    fc.tuple(opPathArb, fc.constantFrom('foo', '200-ok', '100-continue, foo', 'x')).map(([path, expect]) => rawCase(`GET ${path} HTTP/1.1\r\n${HOST}Expect: ${expect}\r\n\r\n`)),
  ],
  [
    'CONNECT',
    fc.constantFrom('127.0.0.1:80', 'www.stays.example:443', '/hotels/search').map((target) => rawCase(`CONNECT ${target} HTTP/1.1\r\n${HOST}\r\n`, 'CONNECT')),
  ],
];

const CONNECTION_RUNS = Math.max(5, Math.ceil(RUNS / 2));

describe('properties 1 and 2 at the connection level: the answer is a 4xx with the error body', () => {
  it.each(CONNECTION_CASES)('%s', async (_name, arbitrary) => {
    await check(
      arbitrary,
      async (c) => {
        const outcome = await rawRequest(fuzzPort, c.bytes, { head: c.head });
        const problems = outcome.ok ? [...neverServerError(outcome.response), ...errorAnswer(c.method, outcome.response)] : ['properties 1 and 2: no response at all'];
        if (outcome.ok && outcome.response.status < 400) problems.length = 0; // accepted after all: nothing to check here
        if (problems.length) throw failure(problems, String((c as unknown as Record<symbol, () => string>)[fc.toStringMethod]()), outcome);
      },
      CONNECTION_RUNS,
    );
  }, TIMEOUT);
});

describe('property 3 at the connection level: the answer carries X-Request-Id', () => {
  it.each(CONNECTION_CASES)('%s', async (_name, arbitrary) => {
    await check(
      arbitrary,
      async (c) => {
        const outcome = await rawRequest(fuzzPort, c.bytes, { head: c.head });
        const problems = outcome.ok ? requestId(outcome.response) : ['property 3: no response at all'];
        if (problems.length) throw failure(problems, String((c as unknown as Record<symbol, () => string>)[fc.toStringMethod]()), outcome);
      },
      CONNECTION_RUNS,
    );
  }, TIMEOUT);
});

// -------------------------------------------------------------------------------------------
// MCP: generated tool calls through the official SDK client

const TOOLS = ['search_hotels', 'find_hotel', 'get_hotel', 'create_links'] as const;
type ToolName = (typeof TOOLS)[number];
const ALLOWANCE = 'hotel-affiliate/allowance';
const TOOL_FIELDS: Record<ToolName, string[]> = {
  search_hotels: ['destination', 'place_id', 'lat', 'lng', 'radius_km', 'label', 'limit', 'sort', 'min_stars', 'min_rating', 'sub_id'],
  find_hotel: ['name', 'city', 'sub_id'],
  get_hotel: ['id', 'sub_id'],
  create_links: ['urls', 'sub_id'],
};

// A value nested thousands deep cannot go through the client's JSON.stringify (it runs out of
// stack before the server would), so arguments carry a token, "@@deep-array-5000@@", that the
// client's fetch replaces with the nested JSON text on the way out.
const DEEP_TOKEN = /"@@deep-(array|object)-(\d+)@@"/g;
const deepToken = (kind: 'array' | 'object', depth: number) => `@@deep-${kind}-${depth}@@`;
const isDeepToken = (value: unknown) => typeof value === 'string' && /^@@deep-(array|object)-\d+@@$/.test(value);

const deepFetch = (url: string | URL, init?: RequestInit): Promise<Response> => {
  if (init && typeof init.body === 'string' && init.body.includes('@@deep-')) {
    init = { ...init, body: init.body.replace(DEEP_TOKEN, (_token, kind: 'array' | 'object', depth: string) => nestedJsonText(Number(depth), kind)) };
  }
  return fetch(url, init);
};

/** Bytes of the arguments as sent, the nested values expanded. */
function sentSize(args: unknown): number {
  const text = JSON.stringify(args) ?? '';
  let size = Buffer.byteLength(text);
  for (const [, kind, depth] of text.matchAll(DEEP_TOKEN)) size += nestedJsonText(Number(depth), kind as 'array' | 'object').length;
  return size;
}

async function mcpClient(baseUrl: string, protocol: '2025' | '2026', headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'property-tests', version: '1.0.0' }, protocol === '2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers }, fetch: deepFetch }));
  return client;
}

const argLeaf = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', 'Lisbon', 'Pestana Palace', 'geonames:2267057', 'hotel/pt/lisbon/pestana-palace', 'rating', 'distance', '10abc', 'NaN', 1e308, -0, 2 ** 53 + 1, 0.5, 21, -91, 'a'.repeat(5000)),
);
const argValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: argLeaf },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 3, arbitrary: fc.tuple(depthArb, fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, kind]) => deepToken(kind, kind === 'object' ? Math.min(depth, 8_000) : depth)) },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...SERVICE_URLS), argLeaf), { maxLength: 12 }) },
);

const plausibleArgs: Record<ToolName, fc.Arbitrary<Record<string, unknown>>> = {
  search_hotels: fc.oneof(
    fc.record({ destination: fc.constantFrom('Lisbon', 'Paris', 'Porto', 'Qwxzyv', 'Portugal'), limit: fc.integer({ min: 0, max: 25 }), sub_id: subIdArb }, { requiredKeys: ['destination'] }),
    fc.record({ lat: fc.double({ min: -95, max: 95, noNaN: true }), lng: fc.double({ min: -185, max: 185, noNaN: true }), radius_km: fc.double({ min: 0, max: 60, noNaN: true }), sort: fc.constantFrom('distance', 'rating', 'stars', 'x') }, { requiredKeys: ['lat', 'lng'] }),
    fc.record({ place_id: fc.constantFrom('geonames:2267057', 'iata:LIS', 'country:PT', 'nope:1', ''), label: fc.string({ maxLength: 20 }) }, { requiredKeys: ['place_id'] }),
  ),
  find_hotel: fc.record({ name: fc.constantFrom('Pestana Palace', 'aurora', 'Zzyzx', ''), city: fc.constantFrom('Lisbon', 'Porto'), sub_id: subIdArb }, { requiredKeys: ['name'] }),
  get_hotel: fc.record({ id: fc.oneof(fc.constantFrom(...FIXTURE_IDS, 'nothing/here', ''), hotelIdArb), sub_id: subIdArb }, { requiredKeys: ['id'] }),
  create_links: fc.record({ urls: validLinksUrlsArb, sub_id: subIdArb }, { requiredKeys: ['urls'] }),
};

/** The arguments with one field set (as an own property, even "__proto__"). */
function withField(args: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = { ...args };
  Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const anyFieldName = (tool: ToolName) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TOOL_FIELDS[tool]) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'town', '') });

const toolArgsArb = (tool: ToolName): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(
    { weight: 3, arbitrary: plausibleArgs[tool] },
    { weight: 3, arbitrary: fc.tuple(plausibleArgs[tool], anyFieldName(tool), argValue).map(([args, name, value]) => withField(args, name, value)) },
    { weight: 2, arbitrary: fc.dictionary(anyFieldName(tool), argValue, { maxKeys: 4 }) },
  );

/** Arguments the create_links tool accepts, so its call costs one per URL. */
function validLinksArgs(args: unknown): args is { urls: string[] } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
  const a = args as Record<string, unknown>;
  // The MCP SDK drops "__proto__" keys while it reads the JSON-RPC message: the service never sees them.
  if (!Object.keys(a).every((k) => k === 'urls' || k === 'sub_id' || k === '__proto__')) return false;
  if (!Array.isArray(a.urls) || a.urls.length < 1 || a.urls.length > 10) return false;
  if (!a.urls.every((u) => typeof u === 'string' && !isDeepToken(u) && [...u].length <= 2048)) return false;
  return a.sub_id === undefined || (typeof a.sub_id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(a.sub_id));
}

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) => ((result.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? `[${c.type}]`).join('\n');
const allowanceOf = (result: ToolResult) => (result._meta as Record<string, { limit: number; remaining: number; reset: number }> | undefined)?.[ALLOWANCE];

function argsSummary(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? String(args);
  } catch (error) {
    text = `(not serialisable: ${(error as Error).message})`;
  }
  const note = text.includes('@@deep-') ? ' (each "@@deep-KIND-N@@" is sent as a JSON array [[[…1…]]] or object {"a":{"a":…1…}} nested N deep)' : '';
  return `${snippet(text, 500)}${note}`;
}

/** Property 6 on one tool call's outcome; the allowance is checked by the callers that know it. */
function toolCallProblems(name: string, known: boolean, outcome: { result?: ToolResult; error?: unknown }): string[] {
  if (outcome.error !== undefined) {
    const error = outcome.error as { code?: unknown; message?: string; constructor?: { name?: string } };
    const what = `${error.constructor?.name ?? 'Error'} ${JSON.stringify(error.code)}: ${error.message}`;
    if (error.code === -32603) return [`property 6: tools/call ended in a JSON-RPC internal error (${what})`];
    if (typeof error.code !== 'number') return [`property 6: tools/call did not end in a JSON-RPC answer; the exchange failed (${what})`];
    if (known) return [`property 6: a call of ${name} was answered with a protocol error instead of a result or a tool error (${what})`];
    return [];
  }
  const result = outcome.result!;
  if (!known) return [`property 6: the unknown tool ${JSON.stringify(name)} was answered with a result instead of a protocol error`];
  const problems: string[] = [];
  if (result.isError) {
    const first = ((result.content ?? []) as { type: string; text?: string }[])[0];
    const match = first?.type === 'text' ? /^([a-z_]+): (.+)/s.exec(first.text ?? '') : null;
    if (!match || !ERROR_CODES.includes(match[1])) problems.push(`property 6: a tool error whose first text is not "<code>: <message>" with a known code (${JSON.stringify(snippet(textOf(result), 300))})`);
    else if (match[1] === 'upstream_unavailable') problems.push('property 6 (and 1): upstream_unavailable while every dependency is up: the MCP form of a 5xx');
  } else {
    const structured = result.structuredContent;
    if (typeof structured !== 'object' || structured === null || Array.isArray(structured)) problems.push('property 6: a successful tool result without structuredContent');
  }
  const allowance = allowanceOf(result);
  if (!allowance || ![allowance.limit, allowance.remaining, allowance.reset].every((n) => Number.isInteger(n) && n >= 0)) {
    problems.push(`property 6: the result has no _meta["${ALLOWANCE}"] with whole limit, remaining and reset (${JSON.stringify(result._meta)})`);
  }
  return problems;
}

async function callTool(client: Client, name: string, args: unknown): Promise<{ result?: ToolResult; error?: unknown }> {
  try {
    return { result: await client.callTool({ name, arguments: args as Record<string, unknown> }) };
  } catch (error) {
    return { error };
  }
}

function describeOutcome(outcome: { result?: ToolResult; error?: unknown }): string {
  if (outcome.error !== undefined) {
    const e = outcome.error as { code?: unknown; message?: string; constructor?: { name?: string } };
    return `rejected: ${e.constructor?.name ?? 'Error'} ${JSON.stringify(e.code)}: ${e.message}`;
  }
  const r = outcome.result!;
  return `result: isError ${r.isError === true}, text ${JSON.stringify(snippet(textOf(r), 300))}, _meta ${JSON.stringify(r._meta)}, structuredContent ${r.structuredContent ? 'present' : 'absent'}`;
}

describe('property 6: an MCP tool call ends in a result or a tool error with a known code', () => {
  const CALLERS = ['partner key, 2025 protocol', 'partner key, 2026-07-28 protocol', 'keyless, 2025 protocol', 'used-up standard key, 2026-07-28 protocol'] as const;
  let clients: Client[] = [];
  beforeAll(async () => {
    const address = '192.0.2.77';
    clients = await Promise.all([
      mcpClient(fuzz.baseUrl, '2025', { authorization: `Bearer ${keys.partner}` }),
      mcpClient(fuzz.baseUrl, '2026', { authorization: `Bearer ${keys.partner}` }),
      mcpClient(fuzz.baseUrl, '2025', { 'x-forwarded-for': address }),
      mcpClient(fuzz.baseUrl, '2026', { authorization: `Bearer ${keys.exhausted}` }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  const callArb = fc
    .record({
      caller: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1) }, { weight: 1, arbitrary: fc.constantFrom(2, 3) }),
      tool: fc.oneof({ weight: 8, arbitrary: fc.constantFrom<string>(...TOOLS) }, { weight: 1, arbitrary: fc.constantFrom('book_hotel', '', 'search_hotels ', 'SEARCH_HOTELS', 'tools/list') }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }),
      argsByTool: fc.record({ search_hotels: toolArgsArb('search_hotels'), find_hotel: toolArgsArb('find_hotel'), get_hotel: toolArgsArb('get_hotel'), create_links: toolArgsArb('create_links') }),
      unknownArgs: fc.dictionary(fc.string({ maxLength: 8 }), argValue, { maxKeys: 3 }),
    })
    .map(({ caller, tool, argsByTool, unknownArgs }) => {
      const known = (TOOLS as readonly string[]).includes(tool);
      const args = known ? argsByTool[tool as ToolName] : unknownArgs;
      return printable({ caller, tool, args: sentSize(args) > 60_000 ? {} : args, known }, (c) => `${CALLERS[c.caller]}: tools/call ${JSON.stringify(c.tool)} with arguments ${argsSummary(c.args)}`);
    });

  // Arguments nested thousands deep in a field of the tool (any JSON depth, under 64 KiB).
  const deepCallArb = fc
    .record({
      caller: fc.constantFrom(0, 1),
      tool: fc.constantFrom(...TOOLS),
      field: fc.nat(),
      depth: depthArb,
      kind: fc.constantFrom<'array' | 'object'>('array', 'object'),
      inArray: fc.boolean(),
    })
    .map(({ caller, tool, field, depth, kind, inArray }) => {
      const name = TOOL_FIELDS[tool][field % TOOL_FIELDS[tool].length];
      const token = deepToken(kind, kind === 'object' ? Math.min(depth, 8_000) : depth);
      const args = { [name]: inArray ? [token] : token };
      return printable({ caller, tool, args, known: true }, (c) => `${CALLERS[c.caller]}: tools/call ${JSON.stringify(c.tool)} with arguments ${argsSummary(c.args)}`);
    });

  it.each([
    ['any tool name, any arguments, any caller', callArb],
    ['deeply nested arguments', deepCallArb],
  ] as const)('%s', async (_name, arbitrary) => {
    await check(arbitrary, async (c) => {
      const outcome = await callTool(clients[c.caller], c.tool, c.args);
      const problems = toolCallProblems(c.tool, c.known, outcome);
      if (problems.length) {
        throw new Error(`${problems.join('\n')}\n\ncall:\n${CALLERS[c.caller]}: tools/call ${JSON.stringify(c.tool)} with arguments ${argsSummary(c.args)}\n\n${describeOutcome(outcome)}\n`);
      }
    });
  }, TIMEOUT);
});

// -------------------------------------------------------------------------------------------
// Property 5: the allowance, counted over sequences of calls of one caller

type Step =
  | { kind: 'operation'; request: GeneratedRequest }
  | { kind: 'valid links'; request: GeneratedRequest; urls: number }
  | { kind: 'refused links'; request: GeneratedRequest }
  | { kind: 'bad key'; request: GeneratedRequest }
  | { kind: 'free'; request: GeneratedRequest }
  | { kind: 'tool'; tool: ToolName; args: Record<string, unknown>; cost: number }
  | { kind: 'unknown tool'; tool: string }
  | { kind: 'bad key over MCP'; authorization: string };

interface Caller {
  keyed: boolean;
  protocol: '2025' | '2026';
}

/** A request without caller headers; the test adds the caller's X-Forwarded-For and key. */
const bare = (method: string, target: string, route: GeneratedRequest['route'], headers: [string, string][] = [], body?: Buffer): GeneratedRequest =>
  fitTarget({ method, target, headers, body, route });

const prefixArb = fc.constantFrom('', '/v1');
const invalidAuthorizationArb = fc.oneof(
  fc.constantFrom('Bearer live_unknownkey000000000000000000000000', 'Basic dXNlcjpwdw==', 'Bearer', '', 'live_abc', 'Bearer live_!!', 'Token x'),
  // Nothing generated here is a key: unknown live_ secrets, other schemes, garbage.
  fc.tuple(fc.constantFrom('Bearer ', 'bearer ', 'Bearer live_', 'Basic ', 'Token ', ''), fc.string({ unit: 'grapheme-ascii', maxLength: 50 })).map(([s, t]) => `${s}${t}`.replace(/[\u0000-\u001f\u007f]/g, '')),
);
const getOperationArb = fc.constantFrom<OperationName>('search', 'find', 'detail');

const operationStepArb: fc.Arbitrary<Step> = fc
  .record({ op: getOperationArb, prefix: prefixArb, head: fc.integer({ min: 0, max: 5 }).map((n) => n === 0), id: hotelIdArb, query: fc.oneof(queryStringArb, plausibleQuery('search'), plausibleQuery('find'), fc.constant('')) })
  .map(({ op, prefix, head, id, query }) => ({
    kind: 'operation',
    request: bare(head ? 'HEAD' : 'GET', `${prefix}${op === 'detail' ? `/hotels/${id}` : op === 'search' ? '/hotels/search' : '/hotels/find'}${query}`, { kind: 'operation', operation: op }),
  }));

const linksContentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON');

const validLinksStepArb: fc.Arbitrary<Step> = fc
  .record({ urls: validLinksUrlsArb, prefix: prefixArb, subId: fc.option(subIdArb), contentType: linksContentType })
  .map(({ urls, prefix, subId, contentType }) => ({
    kind: 'valid links',
    urls: urls.length,
    request: bare('POST', `${prefix}/links${subId ? `?sub_id=${subId}` : ''}`, { kind: 'operation', operation: 'links' }, [['Content-Type', contentType]], Buffer.from(JSON.stringify({ urls }))),
  }));

const REFUSED_BODIES: [string | undefined, string, string][] = [
  ['application/json', '', '{}'],
  ['application/json', '', '{"urls":[]}'],
  ['application/json', '', '{"urls":"https://www.stays.example/"}'],
  ['application/json', '', JSON.stringify({ urls: Array.from({ length: 11 }, () => 'https://www.stays.example/') })],
  ['application/json', '', JSON.stringify({ urls: [`https://www.stays.example/${'p'.repeat(2100)}`] })],
  ['application/json', '', '{"urls":["https://www.stays.example/"],"extra":1}'],
  ['application/json', '', '{"urls":["https://www.stays.example/"]'],
  ['application/json', '', ''],
  ['application/json', '', nestedJsonText(10_000, 'array')],
  ['application/json', '', `{"urls":${nestedJsonText(8_000, 'array')}}`],
  ['application/json', '', `{"urls":["x"],"deep":${nestedJsonText(4_000, 'object')}}`],
  ['application/json', '', `{"urls":["${'a'.repeat(66_000)}"]}`],
  ['text/plain', '', '{"urls":["https://www.stays.example/"]}'],
  [undefined, '', '{"urls":["https://www.stays.example/"]}'],
  ['application/json', '?sub_id=', '{"urls":["https://www.stays.example/"]}'],
  ['application/json', '?sub_id=bad!', '{"urls":["https://www.stays.example/"]}'],
  ['application/json', '?foo=1', '{"urls":["https://www.stays.example/"]}'],
  ['application/json', '?sub_id=a&sub_id=b', '{"urls":["https://www.stays.example/"]}'],
  ['application/json', '?sub_id=%ff', '{"urls":["https://www.stays.example/"]}'],
];

const refusedLinksStepArb: fc.Arbitrary<Step> = fc.tuple(fc.constantFrom(...REFUSED_BODIES), prefixArb).map(([[contentType, query, body], prefix]) => ({
  kind: 'refused links',
  request: bare('POST', `${prefix}/links${query}`, { kind: 'operation', operation: 'links' }, contentType ? [['Content-Type', contentType]] : [], Buffer.from(body)),
}));

const badKeyStepArb: fc.Arbitrary<Step> = fc
  .tuple(invalidAuthorizationArb, fc.oneof(operationStepArb, validLinksStepArb))
  .map(([authorization, step]) => {
    const request = (step as { request: GeneratedRequest }).request;
    return { kind: 'bad key', request: { ...request, headers: [['Authorization', authorization], ...request.headers] } };
  });

const freeStepArb: fc.Arbitrary<Step> = fc
  .oneof(
    fc.tuple(prefixArb, fc.constantFrom('PUT', 'DELETE', 'PATCH', 'POST'), fc.constantFrom('/hotels/search', '/hotels/find', '/hotels/hotel/pt/lisbon/pestana-palace')).map(([p, m, path]) => bare(m, `${p}${path}`, { kind: 'wrong-method', allowed: ['GET', 'HEAD'] })),
    fc.tuple(prefixArb, fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH')).map(([p, m]) => bare(m, `${p}/links`, { kind: 'wrong-method', allowed: ['POST'] })),
    fc.constantFrom('/nothing', '/v1/nothing', '/hotels', '/v2/hotels/search').map((path) => bare('GET', path, { kind: 'other' })),
    fc.constantFrom('/openapi.json', '/v1/openapi.json', '/').map((path) => bare('GET', path, { kind: 'other' })),
    fc.tuple(prefixArb, fc.constantFrom('/hotels/search', '/links', '/hotels/hotel/pt/lisbon/casa-do-sol')).map(([p, path]) =>
      bare('OPTIONS', `${p}${path}`, { kind: 'preflight' }, [['Origin', 'https://blog.example'], ['Access-Control-Request-Method', 'GET'], ['Access-Control-Request-Headers', 'authorization']]),
    ),
  )
  .map((request) => ({ kind: 'free', request }));

const toolStepArb: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom(...TOOLS), fc.record({ search_hotels: toolArgsArb('search_hotels'), find_hotel: toolArgsArb('find_hotel'), get_hotel: toolArgsArb('get_hotel'), create_links: toolArgsArb('create_links') }))
  .map(([tool, argsByTool]) => {
    // Well under the 64 KiB body limit, whose refusal is an HTTP 400 and not a tool call.
    const args = sentSize(argsByTool[tool]) > 60_000 ? {} : argsByTool[tool];
    return { kind: 'tool', tool, args, cost: tool === 'create_links' && validLinksArgs(args) ? args.urls.length : 1 };
  });

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: operationStepArb },
  { weight: 3, arbitrary: validLinksStepArb },
  { weight: 2, arbitrary: refusedLinksStepArb },
  { weight: 3, arbitrary: badKeyStepArb },
  { weight: 2, arbitrary: freeStepArb },
  { weight: 4, arbitrary: toolStepArb },
  { weight: 1, arbitrary: fc.constantFrom('book_hotel', 'search', 'SEARCH_HOTELS').map((tool): Step => ({ kind: 'unknown tool', tool })) },
  { weight: 1, arbitrary: invalidAuthorizationArb.map((authorization): Step => ({ kind: 'bad key over MCP', authorization })) },
);

function describeStep(step: Step): string {
  switch (step.kind) {
    case 'tool':
      return `MCP tools/call ${step.tool} ${argsSummary(step.args)} (costs ${step.cost})`;
    case 'unknown tool':
      return `MCP tools/call ${JSON.stringify(step.tool)} (an unknown tool: costs nothing)`;
    case 'bad key over MCP':
      return `POST /mcp initialize with Authorization: ${JSON.stringify(step.authorization)}`;
    default: {
      const r = step.request;
      const cost = step.kind === 'valid links' ? `costs ${step.urls}` : step.kind === 'free' ? 'costs nothing' : 'costs 1';
      const headers = r.headers.map(([n, v]) => `${n}: ${JSON.stringify(snippet(v, 80))}`).join('; ');
      return `${step.kind} (${cost}): ${r.method} ${snippet(r.target, 200)}${headers ? ` [${headers}]` : ''}${r.body ? ` body ${JSON.stringify(snippet(r.body.toString('utf8'), 120))}` : ''}`;
    }
  }
}

const scenarioArb = fc
  .record({
    keyed: fc.boolean(),
    protocol: fc.constantFrom<'2025' | '2026'>('2025', '2026'),
    steps: fc.array(stepArb, { minLength: 1, maxLength: 16 }),
  })
  .map((s) =>
    printable(s, ({ keyed, protocol, steps }) =>
      [`${keyed ? `a fresh standard key (${STANDARD_LIMIT} a day)` : `a fresh keyless address (${KEYLESS_LIMIT} an hour)`}, MCP over the ${protocol} protocol:`, ...steps.map((st, i) => `  ${i + 1}. ${describeStep(st)}`)].join('\n'),
    ),
  );

let addressCounter = 0;
const freshAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

describe('property 5: the allowance is counted as documented', () => {
  it('over sequences of HTTP and MCP calls of one caller, down to 0 and past it', async () => {
    await check(scenarioArb, async (scenario) => {
      // Fresh caller in every run (shrinking replays runs): an address, and a key when keyed.
      const address = freshAddress();
      const key = scenario.keyed ? await newKey(counting, 'standard') : null;
      const own: [string, string][] = [['X-Forwarded-For', address], ...(key ? [['Authorization', `Bearer ${key}`] as [string, string]] : [])];
      let mcp: Client | null = null;
      // What remains: the address's keyless allowance, and the key's when keyed. A keyless
      // caller's own allowance is the address's, which a key that is not valid also draws on.
      const model = { address: KEYLESS_LIMIT, key: STANDARD_LIMIT };
      const ownName = scenario.keyed ? ('key' as const) : ('address' as const);
      const ownLimit = scenario.keyed ? STANDARD_LIMIT : KEYLESS_LIMIT;
      const log: string[] = [];
      const fail = (i: number, problem: string, answer: string) =>
        new Error(`property 5: step ${i + 1}: ${problem}\n\nsteps so far (expected remaining after each):\n${log.join('\n')}\n\nanswer:\n${answer}\n`);
      try {
        for (const [i, step] of scenario.steps.entries()) {
          if (step.kind === 'tool' || step.kind === 'unknown tool') {
            mcp ??= await mcpClient(counting.baseUrl, scenario.protocol, Object.fromEntries(own.map(([n, v]) => [n.toLowerCase(), v])));
            const outcome = await callTool(mcp, step.tool, step.kind === 'tool' ? step.args : {});
            const answer = describeOutcome(outcome);
            if (step.kind === 'unknown tool') {
              log.push(`  ${i + 1}. ${describeStep(step)} -> ${model[ownName]}`);
              if (outcome.error === undefined) throw fail(i, 'an unknown tool was answered with a result', answer);
              continue;
            }
            const fits = step.cost <= model[ownName];
            if (fits) model[ownName] -= step.cost;
            log.push(`  ${i + 1}. ${describeStep(step)} -> ${model[ownName]}`);
            const result = outcome.result;
            if (!result) throw fail(i, 'the tool call did not end in a result', answer);
            const allowance = allowanceOf(result);
            const limited = result.isError === true && textOf(result).startsWith('rate_limited:');
            if (!allowance) throw fail(i, `no _meta["${ALLOWANCE}"]`, answer);
            if (fits && limited) throw fail(i, `refused as rate_limited although it costs ${step.cost} and ${model[ownName] + step.cost} remained`, answer);
            if (!fits && !limited) throw fail(i, `it costs ${step.cost} and only ${model[ownName]} remained: expected a rate_limited tool error`, answer);
            if (allowance.remaining !== model[ownName] || allowance.limit !== ownLimit) {
              throw fail(i, `expected the allowance at limit ${ownLimit}, remaining ${model[ownName]}; got limit ${allowance.limit}, remaining ${allowance.remaining}`, answer);
            }
            continue;
          }
          if (step.kind === 'bad key over MCP') {
            const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'p5', version: '1' } } };
            const request = bare('POST', '/mcp', { kind: 'mcp' }, [
              ['X-Forwarded-For', address],
              ['Authorization', step.authorization],
              ['Content-Type', 'application/json'],
              ['Accept', 'application/json, text/event-stream'],
            ], Buffer.from(JSON.stringify(initialize)));
            const outcome = await send(countingPort, request);
            if (model.address >= 1) model.address -= 1;
            log.push(`  ${i + 1}. ${describeStep(step)} -> address ${model.address}`);
            const answer = describeResponse(outcome);
            if (!outcome.ok) throw fail(i, 'no response', answer);
            const r = outcome.response;
            if (r.status !== 401) throw fail(i, `a key that is not valid must be 401 (whatever the address's allowance), got ${r.status}`, answer);
            if (r.headers['x-ratelimit-remaining'] !== String(model.address) || r.headers['x-ratelimit-limit'] !== String(KEYLESS_LIMIT)) {
              throw fail(i, `expected the address's allowance: limit ${KEYLESS_LIMIT}, remaining ${model.address}`, answer);
            }
            continue;
          }
          const request = { ...step.request, headers: step.kind === 'bad key' ? [['X-Forwarded-For', address] as [string, string], ...step.request.headers] : [...own, ...step.request.headers] };
          const outcome = await send(countingPort, request);
          const answer = describeResponse(outcome);
          if (!outcome.ok) throw fail(i, 'no response', answer);
          const r = outcome.response;
          if (step.kind === 'free') {
            log.push(`  ${i + 1}. ${describeStep(step)} -> ${model[ownName]}`);
            if (r.status === 429 || r.status >= 500) throw fail(i, `a call that costs nothing was answered ${r.status}`, answer);
            continue;
          }
          if (step.kind === 'bad key') {
            if (model.address >= 1) model.address -= 1;
            log.push(`  ${i + 1}. ${describeStep(step)} -> address ${model.address}`);
            if (r.status !== 401) throw fail(i, `a key that is not valid must be 401 (whatever the address's allowance), got ${r.status}`, answer);
            if (r.headers['x-ratelimit-remaining'] !== String(model.address) || r.headers['x-ratelimit-limit'] !== String(KEYLESS_LIMIT)) {
              throw fail(i, `expected the address's allowance on the 401: limit ${KEYLESS_LIMIT}, remaining ${model.address}`, answer);
            }
            continue;
          }
          const cost = step.kind === 'valid links' ? step.urls : 1;
          const fits = cost <= model[ownName];
          if (fits) model[ownName] -= cost;
          log.push(`  ${i + 1}. ${describeStep(step)} -> ${model[ownName]}`);
          if (fits && r.status === 429) throw fail(i, `refused 429 although it costs ${cost} and ${model[ownName] + cost} remained`, answer);
          if (!fits && r.status !== 429) throw fail(i, `it costs ${cost} and only ${model[ownName]} remained: expected 429, got ${r.status}`, answer);
          if (fits && step.kind === 'valid links' && r.status !== 200) throw fail(i, `a valid links body must be 200, got ${r.status}`, answer);
          if (fits && step.kind === 'refused links' && r.status !== 400) throw fail(i, `a refused links body must be 400, got ${r.status}`, answer);
          if (r.headers['x-ratelimit-remaining'] !== String(model[ownName]) || r.headers['x-ratelimit-limit'] !== String(ownLimit)) {
            throw fail(i, `expected X-RateLimit-Limit ${ownLimit} and X-RateLimit-Remaining ${model[ownName]}`, answer);
          }
          if (!INTEGER.test(r.headers['x-ratelimit-reset'] ?? '')) throw fail(i, 'X-RateLimit-Reset is not a whole number', answer);
        }
      } finally {
        await mcp?.close();
      }
    });
  }, TIMEOUT);

  it('an address whose keyless allowance is spent still gets 401, not 429, for a key that is not valid, and it costs nothing', async () => {
    const arbitrary = fc
      .record({ authorization: invalidAuthorizationArb, step: operationStepArb, extra: fc.integer({ min: 0, max: 3 }) })
      .map((c) => printable(c, ({ authorization, step, extra }) => `${KEYLESS_LIMIT + extra} keyless calls from a fresh address, then ${describeStep(step)} with Authorization: ${JSON.stringify(authorization)}`));
    await check(
      arbitrary,
      async ({ authorization, step, extra }) => {
        const address = freshAddress();
        const request = (step as { request: GeneratedRequest }).request;
        for (let i = 0; i < KEYLESS_LIMIT + extra; i++) {
          await send(countingPort, { ...bare('GET', '/hotels/find?name=Pestana', { kind: 'operation', operation: 'find' }), headers: [['X-Forwarded-For', address]] });
        }
        const withBadKey = { ...request, headers: [['X-Forwarded-For', address], ['Authorization', authorization]] as [string, string][] };
        const outcome = await send(countingPort, withBadKey);
        const problems: string[] = [];
        if (!outcome.ok) problems.push('no response');
        else {
          const r = outcome.response;
          if (r.status !== 401) problems.push(`property 5: expected 401 for a key that is not valid, got ${r.status}`);
          if (r.headers['x-ratelimit-remaining'] !== '0') problems.push(`property 5: expected X-RateLimit-Remaining 0, got ${JSON.stringify(r.headers['x-ratelimit-remaining'])}`);
        }
        if (problems.length) throw failure(problems, `(after ${KEYLESS_LIMIT + extra} keyless calls from ${address})\n${describeRequest(withBadKey)}`, outcome);
      },
      Math.max(3, Math.ceil(RUNS / 5)),
    );
  }, TIMEOUT);
});

// The links of a percent-encoded id are the same as those of the raw id (a sanity anchor that
// the generated ids reach the catalog at all).
describe('generators reach the catalog', () => {
  it('fixture ids, raw or percent-encoded, are found', async () => {
    for (const id of FIXTURE_IDS) {
      for (const sent of [id, percentEncode(id)]) {
        const outcome = await send(fuzzPort, { ...bare('GET', `/hotels/${sent}`, { kind: 'operation', operation: 'detail' }), headers: [['X-Forwarded-For', freshAddress()]] });
        if (!outcome.ok || outcome.response.status !== 200) throw new Error(`GET /hotels/${sent}: ${describeResponse(outcome)}`);
      }
    }
  });
});
