// The steps of property 5's sequences of calls of one caller, each knowing what it costs:
// operation calls (GET and HEAD), valid POST /links bodies (one per URL), refused ones (1), calls
// with a key that is not valid (the address's allowance), calls that cost nothing (wrong
// methods, other paths, preflights), MCP tool calls, unknown tools and keys that are not valid
// over MCP. The requests carry no caller headers: the test adds the caller's.
import fc from 'fast-check';
import { argsSummary, sentSize, TOOLS, toolArgsArb, validLinksArgs, type ToolName } from './mcp-tool-calls.js';
import { nestedJsonText, validLinksUrlsArb } from './request-bodies.js';
import { bare, snippet, type GeneratedRequest, type OperationName } from './request-model.js';
import { hotelIdArb } from './request-paths.js';
import { plausibleQuery, queryStringArb } from './request-queries.js';
import { subIdArb } from './request-text.js';

export type Step =
  | { kind: 'operation'; request: GeneratedRequest }
  | { kind: 'valid links'; request: GeneratedRequest; urls: number }
  | { kind: 'refused links'; request: GeneratedRequest }
  | { kind: 'bad key'; request: GeneratedRequest }
  | { kind: 'free'; request: GeneratedRequest }
  /** cost: what the call costs; for suggest, which is counted in tens, the model works it out as it goes (NaN here). */
  | { kind: 'tool'; tool: ToolName; args: Record<string, unknown>; cost: number }
  | { kind: 'unknown tool'; tool: string }
  | { kind: 'bad key over MCP'; authorization: string };

const prefixArb = fc.constantFrom('', '/v1');
export const invalidAuthorizationArb = fc.oneof(
  fc.constantFrom('Bearer live_unknownkey000000000000000000000000', 'Basic dXNlcjpwdw==', 'Bearer', '', 'live_abc', 'Bearer live_!!', 'Token x'),
  // Nothing generated here is a key: unknown live_ secrets, other schemes, garbage.
  fc.tuple(fc.constantFrom('Bearer ', 'bearer ', 'Bearer live_', 'Basic ', 'Token ', ''), fc.string({ unit: 'grapheme-ascii', maxLength: 50 })).map(([s, t]) => `${s}${t}`.replace(/[\u0000-\u001f\u007f]/g, '')),
);
const getOperationArb = fc.constantFrom<OperationName>('search', 'find', 'detail');

export const operationStepArb: fc.Arbitrary<Step> = fc
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
  .tuple(
    fc.constantFrom(...TOOLS),
    fc.record({
      search_hotels: toolArgsArb('search_hotels'),
      find_hotel: toolArgsArb('find_hotel'),
      get_hotel: toolArgsArb('get_hotel'),
      create_links: toolArgsArb('create_links'),
      suggest: toolArgsArb('suggest'),
    }),
  )
  .map(([tool, argsByTool]) => {
    // Well under the 64 KiB body limit, whose refusal is an HTTP 400 and not a tool call.
    const args = sentSize(argsByTool[tool]) > 60_000 ? {} : argsByTool[tool];
    return { kind: 'tool', tool, args, cost: tool === 'suggest' ? NaN : tool === 'create_links' && validLinksArgs(args) ? args.urls.length : 1 };
  });

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: operationStepArb },
  { weight: 3, arbitrary: validLinksStepArb },
  { weight: 2, arbitrary: refusedLinksStepArb },
  { weight: 3, arbitrary: badKeyStepArb },
  { weight: 2, arbitrary: freeStepArb },
  { weight: 4, arbitrary: toolStepArb },
  { weight: 1, arbitrary: fc.constantFrom('book_hotel', 'search', 'SEARCH_HOTELS').map((tool): Step => ({ kind: 'unknown tool', tool })) },
  { weight: 1, arbitrary: invalidAuthorizationArb.map((authorization): Step => ({ kind: 'bad key over MCP', authorization })) },
);

export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'tool':
      return `MCP tools/call ${step.tool} ${argsSummary(step.args)} (${Number.isNaN(step.cost) ? 'the first of every ten costs 1' : `costs ${step.cost}`})`;
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
