// Whole generated requests, area by area: calls of the four operations, POST /links with bodies
// of any shape, wrong methods on served paths, unknown paths and variations of served ones,
// OPTIONS requests and CORS preflights, and the MCP endpoint. Each knows what it is and prints
// as the request it is.
import fc from 'fast-check';
import { bodyArb, linksBodyArb, nestedJsonText } from './request-bodies.js';
import { authorizationArb, headersArb } from './request-headers.js';
import { describeRequest, fitTarget, printable, type GeneratedRequest, type KeySecrets, type OperationName } from './request-model.js';
import { hotelIdArb, operationPath, otherPathArb, PREFIXES } from './request-paths.js';
import { plausibleQuery, queryStringArb } from './request-queries.js';
import { subIdArb } from './request-text.js';

/** Mostly Content-Length; now and then Transfer-Encoding: chunked. */
const chunkSizeArb = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 70_000 }) });

const GET_OPERATIONS: OperationName[] = ['search', 'find', 'detail', 'suggest'];
const finish = (request: GeneratedRequest) => printable(fitTarget(request), describeRequest);

/** Calls of the operations: their paths at / and /v1, with their own methods. */
export function operationRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      operation: fc.constantFrom<OperationName>('search', 'find', 'detail', 'detail', 'links', 'suggest'),
      head: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      prefix: fc.constantFrom(...PREFIXES),
      id: hotelIdArb,
      query: fc.oneof(queryStringArb, fc.constant('')),
      plausible: fc.boolean(),
      plausibleQueries: fc.record({
        search: plausibleQuery('search'),
        find: plausibleQuery('find'),
        detail: plausibleQuery('detail'),
        links: plausibleQuery('links'),
        suggest: plausibleQuery('suggest'),
      }),
      headers: headersArb(keys),
      body: bodyArb,
      emptyContentLength: fc.boolean(),
      chunkSize: chunkSizeArb,
    })
    .map((r) => {
      const isGet = GET_OPERATIONS.includes(r.operation);
      const query = r.plausible ? r.plausibleQueries[r.operation] : r.query;
      return finish({
        method: isGet ? (r.head ? 'HEAD' : 'GET') : 'POST',
        target: `${r.prefix}${operationPath(r.operation, r.id)}${query}`,
        headers: r.headers,
        // GET bodies are rarer than POST ones.
        body: isGet && r.head ? undefined : r.body,
        emptyContentLength: r.emptyContentLength,
        chunkSize: r.chunkSize,
        route: { kind: 'operation', operation: r.operation },
      });
    });
}

/** POST /links (and /v1/links) with bodies of any shape, mostly as JSON. */
export function linksBodyRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES),
      // Mostly a query string that is accepted, so that the body is read.
      query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: subIdArb.map((s) => `?sub_id=${s}`) }, { weight: 1, arbitrary: queryStringArb }),
      // Mostly callers that are let in, so that the body is read.
      headers: headersArb(keys, fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constant(`Bearer ${keys.partner}`) }, { weight: 1, arbitrary: authorizationArb(keys) })),
      jsonType: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') }, { weight: 1, arbitrary: fc.constant(null) }),
      body: linksBodyArb,
      chunkSize: chunkSizeArb,
    })
    .map((r) => {
      // Mostly sent as JSON, so that the body is read.
      const headers = r.jsonType === null ? r.headers : [...r.headers.filter(([name]) => name !== 'Content-Type'), ['Content-Type', r.jsonType] as [string, string]];
      return finish({ method: 'POST', target: `${r.prefix}/links${r.query}`, headers, body: r.body, chunkSize: r.chunkSize, route: { kind: 'operation', operation: 'links' } });
    });
}

/** Methods the HTTP parser knows; the ones a path does not serve are wrong methods there. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'QUERY', 'TRACE', 'PURGE', 'PROPFIND', 'SEARCH', 'LOCK', 'MKCOL', 'COPY', 'MOVE', 'LINK', 'UNLINK', 'REPORT', 'NOTIFY', 'SUBSCRIBE', 'M-SEARCH', 'MERGE'];

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Served paths with a method not served there. */
export function wrongMethodRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const served: fc.Arbitrary<[string, string[]]> = fc.oneof(
    fc.tuple(fc.constantFrom('/hotels/search', '/hotels/find', '/openapi.json'), fc.constant<string[]>(['GET', 'HEAD'])),
    // Ids that decode: a malformed path may be refused as such (400) before its method is looked at.
    fc.tuple(hotelIdArb.filter(decodes).map((id) => `/hotels/${id}`), fc.constant<string[]>(['GET', 'HEAD'])),
    fc.tuple(fc.constant('/links'), fc.constant<string[]>(['POST'])),
    fc.tuple(fc.constant('/mcp'), fc.constant<string[]>(['POST'])),
  );
  return fc
    .record({
      served,
      prefix: fc.constantFrom(...PREFIXES),
      method: fc.constantFrom(...KNOWN_METHODS),
      query: fc.oneof(queryStringArb, fc.constant('')),
      headers: headersArb(keys),
      body: bodyArb,
    })
    .filter((r) => !r.served[1].includes(r.method))
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.prefix}${r.served[0]}${r.query}`,
        headers: r.headers,
        body: r.method === 'HEAD' ? undefined : r.body,
        route: { kind: 'wrong-method', allowed: r.served[1] },
      }),
    );
}

/** Unknown paths and variations of known ones, with common methods. */
export function otherPathRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      path: otherPathArb,
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'QUERY'),
      query: fc.oneof(queryStringArb, fc.constant('')),
      headers: headersArb(keys),
      body: bodyArb,
    })
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.path}${r.path.includes('?') ? r.query.replace(/^\?/, '&') : r.query}`,
        headers: r.headers,
        body: r.method === 'HEAD' ? undefined : r.body,
        route: { kind: 'other' },
      }),
    );
}

/** OPTIONS on any path, as a CORS preflight or not. */
export function preflightRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const path = fc.oneof(
    fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom<OperationName>('search', 'find', 'detail', 'links', 'suggest'), hotelIdArb).map(([prefix, op, id]) => `${prefix}${operationPath(op, id)}`),
    otherPathArb,
    fc.constantFrom('/mcp', '/v1/mcp', '*'),
  );
  return fc
    .record({
      path,
      query: fc.oneof(queryStringArb, fc.constant('')),
      origin: fc.option(fc.constantFrom('https://blog.example', 'null', '', 'http://localhost:3000')),
      requestMethod: fc.option(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'FOO', '')),
      requestHeaders: fc.option(fc.constantFrom('authorization', 'content-type, authorization', 'x-custom', 'mcp-protocol-version', '')),
      headers: headersArb(keys),
      body: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyArb }),
    })
    .map((r) => {
      const headers: [string, string][] = [...r.headers];
      if (r.origin !== null) headers.push(['Origin', r.origin]);
      if (r.requestMethod !== null) headers.push(['Access-Control-Request-Method', r.requestMethod]);
      if (r.requestHeaders !== null) headers.push(['Access-Control-Request-Headers', r.requestHeaders]);
      return finish({
        method: 'OPTIONS',
        target: r.path === '*' ? '*' : `${r.path}${r.query}`,
        headers,
        body: r.body,
        route: { kind: 'preflight' },
      });
    });
}

const JSON_RPC_BODIES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_hotels', arguments: { destination: 'Lisbon' } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'create_links', arguments: { urls: ['https://www.stays.example/'] } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_hotel', arguments: 'x' } },
  { jsonrpc: '2.0', id: 7, method: 'tools/call' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 8, method: 'resources/list' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  [{ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { jsonrpc: '2.0', id: 10, method: 'ping' }],
  { jsonrpc: '1.0', id: 11, method: 'tools/list' },
];

/** The MCP endpoint: POST with MCP-like and arbitrary bodies, and the GET and DELETE of session-ful MCP (405 here). */
export function mcpEndpointRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...JSON_RPC_BODIES).map((b) => Buffer.from(JSON.stringify(b))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('search_hotels', 'find_hotel', 'get_hotel', 'create_links', 'x'), fc.jsonValue({ maxDepth: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)))
        .map(([name, args, id]) => Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 6000 })
        .map((depth) => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_links","arguments":{"urls":${nestedJsonText(depth, 'array')}}}}`)),
    },
    { weight: 3, arbitrary: bodyArb.map((b) => b ?? Buffer.alloc(0)) },
  );
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES),
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE'),
      query: fc.oneof(fc.constant(''), queryStringArb),
      headers: headersArb(keys),
      accept: fc.option(fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*')),
      body: fc.option(body, { nil: undefined, freq: 6 }),
    })
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.prefix}/mcp${r.query}`,
        headers: r.accept === null ? r.headers : [...r.headers, ['Accept', r.accept]],
        body: r.body,
        route: { kind: 'mcp' },
      }),
    );
}
