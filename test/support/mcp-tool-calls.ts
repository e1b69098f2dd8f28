// Generated MCP tool calls through the official SDK client: the tools and their fields,
// arguments of every shape (plausible ones, one field set to anything, "__proto__" included,
// values nested thousands deep), the client that sends them, and how a call's outcome reads.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { depthArb, nestedJsonText, validLinksUrlsArb } from './request-bodies.js';
import { FIXTURE_IDS, SERVICE_URLS, snippet } from './request-model.js';
import { hotelIdArb } from './request-paths.js';
import { subIdArb } from './request-text.js';

export const TOOLS = ['search_hotels', 'find_hotel', 'get_hotel', 'create_links', 'suggest'] as const;
export type ToolName = (typeof TOOLS)[number];
export const ALLOWANCE = 'hotel-affiliate/allowance';
export const TOOL_FIELDS: Record<ToolName, string[]> = {
  search_hotels: ['destination', 'place_id', 'lat', 'lng', 'radius_km', 'label', 'limit', 'sort', 'min_stars', 'min_rating', 'sub_id'],
  find_hotel: ['name', 'city', 'sub_id'],
  get_hotel: ['id', 'sub_id'],
  create_links: ['urls', 'sub_id'],
  suggest: ['q', 'limit', 'only', 'sub_id'],
};

// A value nested thousands deep cannot go through the client's JSON.stringify (it runs out of
// stack before the server would), so arguments carry a token, "@@deep-array-5000@@", that the
// client's fetch replaces with the nested JSON text on the way out.
const DEEP_TOKEN = /"@@deep-(array|object)-(\d+)@@"/g;
export const deepToken = (kind: 'array' | 'object', depth: number) => `@@deep-${kind}-${depth}@@`;
const isDeepToken = (value: unknown) => typeof value === 'string' && /^@@deep-(array|object)-\d+@@$/.test(value);

const deepFetch = (url: string | URL, init?: RequestInit): Promise<Response> => {
  if (init && typeof init.body === 'string' && init.body.includes('@@deep-')) {
    init = { ...init, body: init.body.replace(DEEP_TOKEN, (_token, kind: 'array' | 'object', depth: string) => nestedJsonText(Number(depth), kind)) };
  }
  return fetch(url, init);
};

/** Bytes of the arguments as sent, the nested values expanded. */
export function sentSize(args: unknown): number {
  const text = JSON.stringify(args) ?? '';
  let size = Buffer.byteLength(text);
  for (const [, kind, depth] of text.matchAll(DEEP_TOKEN)) size += nestedJsonText(Number(depth), kind as 'array' | 'object').length;
  return size;
}

export async function mcpClient(baseUrl: string, protocol: '2025' | '2026', headers: Record<string, string>): Promise<Client> {
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
export const argValue: fc.Arbitrary<unknown> = fc.oneof(
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
  suggest: fc.record(
    {
      q: fc.oneof(fc.constantFrom('Lisb', 'new yo', 'Pestana Pal', 'Lodnon', 'Paris, Tex', ''), fc.string({ unit: 'grapheme', maxLength: 40 })),
      limit: fc.integer({ min: 0, max: 12 }),
      only: fc.constantFrom('places', 'hotels', 'both'),
      sub_id: subIdArb,
    },
    { requiredKeys: ['q'] },
  ),
};

/** The arguments with one field set (as an own property, even "__proto__"). */
function withField(args: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = { ...args };
  Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const anyFieldName = (tool: ToolName) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TOOL_FIELDS[tool]) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'town', '') });

export const toolArgsArb = (tool: ToolName): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(
    { weight: 3, arbitrary: plausibleArgs[tool] },
    { weight: 3, arbitrary: fc.tuple(plausibleArgs[tool], anyFieldName(tool), argValue).map(([args, name, value]) => withField(args, name, value)) },
    { weight: 2, arbitrary: fc.dictionary(anyFieldName(tool), argValue, { maxKeys: 4 }) },
  );

/** Arguments the create_links tool accepts, so its call costs one per URL. */
export function validLinksArgs(args: unknown): args is { urls: string[] } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
  const a = args as Record<string, unknown>;
  // The MCP SDK drops "__proto__" keys while it reads the JSON-RPC message: the service never sees them.
  if (!Object.keys(a).every((k) => k === 'urls' || k === 'sub_id' || k === '__proto__')) return false;
  if (!Array.isArray(a.urls) || a.urls.length < 1 || a.urls.length > 10) return false;
  if (!a.urls.every((u) => typeof u === 'string' && !isDeepToken(u) && [...u].length <= 2048)) return false;
  return a.sub_id === undefined || (typeof a.sub_id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(a.sub_id));
}

export type ToolResult = Awaited<ReturnType<Client['callTool']>>;
export const textOf = (result: ToolResult) => ((result.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? `[${c.type}]`).join('\n');
export const allowanceOf = (result: ToolResult) => (result._meta as Record<string, { limit: number; remaining: number; reset: number }> | undefined)?.[ALLOWANCE];

export function argsSummary(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? String(args);
  } catch (error) {
    text = `(not serialisable: ${(error as Error).message})`;
  }
  const note = text.includes('@@deep-') ? ' (each "@@deep-KIND-N@@" is sent as a JSON array [[[…1…]]] or object {"a":{"a":…1…}} nested N deep)' : '';
  return `${snippet(text, 500)}${note}`;
}

export async function callTool(client: Client, name: string, args: unknown): Promise<{ result?: ToolResult; error?: unknown }> {
  try {
    return { result: await client.callTool({ name, arguments: args as Record<string, unknown> }) };
  } catch (error) {
    return { error };
  }
}

export function describeOutcome(outcome: { result?: ToolResult; error?: unknown }): string {
  if (outcome.error !== undefined) {
    const e = outcome.error as { code?: unknown; message?: string; constructor?: { name?: string } };
    return `rejected: ${e.constructor?.name ?? 'Error'} ${JSON.stringify(e.code)}: ${e.message}`;
  }
  const r = outcome.result!;
  return `result: isError ${r.isError === true}, text ${JSON.stringify(snippet(textOf(r), 300))}, _meta ${JSON.stringify(r._meta)}, structuredContent ${r.structuredContent ? 'present' : 'absent'}`;
}
