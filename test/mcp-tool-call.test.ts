// A plain 2025-protocol tools/call is answered by the service's own short path, not through a
// server and transport the SDK builds per request: every such call must answer exactly what the
// SDK answers. The same calls are sent plain (the short path) and with a per-request `_meta`
// (which the short path leaves to the SDK), and the answers compared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
let key: string;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_PARTNER_PER_DAY: '1000' });
  key = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'agent', label: null })).secret;
});
afterAll(async () => t.close());

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/**
 * Which path answered each call, read off its bytes: the SDK writes a result's _meta first, the
 * short path its content first. Without it, a short path never taken would pass every comparison.
 */
const answeredBySdk: boolean[] = [];
const lastTwo = () => answeredBySdk.slice(-2);

async function toolCall(name: string, args: unknown, options: { viaSdk: boolean; headers?: Record<string, string>; id?: unknown }) {
  const params: Record<string, unknown> = { name, arguments: args };
  if (options.viaSdk) params._meta = {};
  return post({ jsonrpc: '2.0', id: options.id ?? 7, method: 'tools/call', params }, options.headers);
}

/** Posts a message to /mcp with the key; the answer as compared, noting which path gave it. */
async function post(message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify(message),
  });
  const raw = await response.text();
  const body = JSON.parse(raw);
  answeredBySdk.push(raw.startsWith('{"result":{"_meta"'));
  // Each call spends the allowance: what remains differs by design.
  const allowance = body.result?._meta?.['hotel-affiliate/allowance'];
  if (allowance) allowance.remaining = 'n';
  return { status: response.status, type: response.headers.get('content-type'), body };
}

const CALLS: Array<[string, unknown]> = [
  ['search_hotels', { destination: 'Lisbon', limit: 3, sub_id: 'chat' }],
  ['search_hotels', { lat: 38.72, lng: -9.14, radius_km: 2 }],
  ['search_hotels', { destination: 'Springfield' }],
  ['search_hotels', { destination: 'Nowhere at all zzqx' }],
  ['search_hotels', { destination: 'Lisbon', limit: 99 }],
  ['search_hotels', {}],
  ['find_hotel', { name: 'pestana palace' }],
  ['get_hotel', { id: 'hotel/pt/lisbon/casa-do-sol' }],
  ['get_hotel', { id: 'hotel/pt/lisbon/none-such' }],
  ['create_links', { urls: ['https://www.stays.example/', 'https://evil.example/'] }],
  ['suggest', { q: 'Lisb' }],
  ['search_hotels', { destination: 'Lisbon', unknown: 1 }],
];

const MODERN = '2026-07-28';

/** A 2026-07-28 call as the SDK's client sends it; `viaSdk` declares a capability, which the short path leaves to the SDK. */
async function modernCall(name: string, args: unknown, viaSdk: boolean) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'agent', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': viaSdk ? { roots: { listChanged: true } } : {},
  };
  const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name };
  return post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args, _meta } }, headers);
}

describe('a plain 2026-07-28 tools/call', () => {
  it.each(CALLS)('%s %j answers what the SDK answers', async (name, args) => {
    const short = await modernCall(name, args, false);
    expect(short).toEqual(await modernCall(name, args, true));
    expect(lastTwo()).toEqual([false, true]);
    expect(short.body.result.resultType).toBe('complete');
    expect(short.body.result._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'hotel-affiliate', title: 'Example Stays hotels', version: '1.0.0' });
  });
});

describe('a plain 2025 tools/call', () => {
  it.each(CALLS)('%s %j answers what the SDK answers', async (name, args) => {
    const short = await toolCall(name, args, { viaSdk: false });
    const sdk = await toolCall(name, args, { viaSdk: true });
    expect(short).toEqual(sdk);
    expect(lastTwo()).toEqual([false, true]);
    expect(short.status).toBe(200);
    expect(short.type).toBe('application/json');
  });

  it('keeps the id as sent, a string or a number, and answers under each supported 2025 revision the same', async () => {
    for (const id of ['abc', 0, 42]) {
      const short = await toolCall('suggest', { q: 'Pest' }, { viaSdk: false, id });
      expect(short.body.id).toEqual(id);
      expect(short).toEqual(await toolCall('suggest', { q: 'Pest' }, { viaSdk: true, id }));
    }
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) {
      const headers = { 'mcp-protocol-version': version };
      expect(await toolCall('suggest', { q: 'Pest' }, { viaSdk: false, headers })).toEqual(await toolCall('suggest', { q: 'Pest' }, { viaSdk: true, headers }));
    }
  });

  it('answers arguments holding a "__proto__" key as the SDK does, which drops it: the URL is credited and costs 1', async () => {
    // JSON.parse makes "__proto__" an own key, as a client's JSON carries it.
    const args = JSON.parse('{"urls":["https://www.stays.example/"],"__proto__":false}');
    const plain = await toolCall('create_links', args, { viaSdk: false });
    expect(plain).toEqual(await toolCall('create_links', args, { viaSdk: true }));
    expect(plain.body.result.isError ?? false).toBe(false);
    expect(plain.body.result.structuredContent.links[0].url).toMatch(/^https:\/\/www\.stays\.example\/\?aff=agent/);
  });

  it('leaves what it does not answer to the SDK: an unknown tool, a missing Accept, an unknown revision', async () => {
    const unknownTool = await toolCall('no_such_tool', {}, { viaSdk: false });
    expect(unknownTool.body.error.code).toBe(-32602);
    const notAccepted = await toolCall('suggest', { q: 'Pest' }, { viaSdk: false, headers: { accept: 'application/json' } });
    expect(notAccepted.status).toBe(406);
    const unsupported = await toolCall('suggest', { q: 'Pest' }, { viaSdk: false, headers: { 'mcp-protocol-version': '1999-01-01' } });
    expect(unsupported.status).toBe(400);
  });
});
