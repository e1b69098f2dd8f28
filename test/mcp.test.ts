// The MCP server through the official SDK client, over Streamable HTTP (2025 and 2026-07-28
// protocols) and over stdio: the tools with the operations' own schemas, answers equal to
// the HTTP answers, the caller's code on links, bad keys refused, one allowance for all.
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp, MCP_WAYS, rpcMessageOf } from './support/mcp-clients.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';
import { usePostgres } from './support/test-database.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, {
    LIMIT_KEYLESS_PER_HOUR: '1000',
    LIMIT_STANDARD_PER_DAY: '6',
    LIMIT_PARTNER_PER_DAY: '200',
  });
});
afterAll(async () => t.close());

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (result: ToolResult) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
const allowanceOf = (result: ToolResult) => (result._meta as Record<string, any> | undefined)?.['hotel-affiliate/allowance'];
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const newKey = async (tier: 'standard' | 'partner', code: string) =>
  (await t.service.keys.create({ tier, affiliateCode: code, label: null })).secret;
const CREDIT = 'Book on Example Stays: https://www.stays.example/';

// The tools' answers against their HTTP operations': in the sqlite project only. On PostgreSQL the
// key paths below run again (keys of MCP callers, one allowance).
describe.skipIf(usePostgres).each(MCP_WAYS)('MCP over %s', (way) => {
  let keyless: Client;
  let keyed: Client;
  let key: string;
  beforeAll(async () => {
    key = await newKey('partner', `agent-${way}`);
    [keyless, keyed] = await Promise.all([connectMcp(t.baseUrl, way), connectMcp(t.baseUrl, way, { key })]);
  });
  afterAll(async () => {
    await Promise.all([keyless?.close(), keyed?.close()]);
  });

  it("lists the seven tools, taking exactly the parameters of their HTTP operations, with the same rules", async () => {
    const { tools } = await keyless.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_hotels', 'find_hotel', 'get_hotel', 'create_links', 'suggest', 'get_usage', 'list_keys']);
    const openapi = (await t.request('/openapi.json')).body;
    // The operation's own parameters (path and query); HTTP's own headers such as If-None-Match are not tool arguments.
    const parameterNames = (path: string, method: string) =>
      openapi.paths[path][method].parameters
        .filter((p: { in?: string }) => p.in === 'path' || p.in === 'query')
        .map((p: { name: string }) => p.name)
        .sort();
    const [search, find, get, links, suggest, usage] = tools;
    expect(Object.keys(search.inputSchema.properties!).sort()).toEqual(parameterNames('/hotels/search', 'get'));
    expect(Object.keys(find.inputSchema.properties!).sort()).toEqual(parameterNames('/hotels/find', 'get'));
    expect(Object.keys(get.inputSchema.properties!).sort()).toEqual(parameterNames('/hotels/{id}', 'get'));
    expect(Object.keys(links.inputSchema.properties!).sort()).toEqual(['currency', 'lang', 'sub_id', 'urls']);
    expect(Object.keys(suggest.inputSchema.properties!).sort()).toEqual(parameterNames('/suggest', 'get'));
    expect(suggest.inputSchema.required).toEqual(['q']);
    expect(Object.keys(usage.inputSchema.properties!).sort()).toEqual(parameterNames('/usage', 'get'));
    expect(Object.keys(tools[6].inputSchema.properties ?? {})).toEqual(parameterNames('/keys', 'get'));
    expect(search.inputSchema.properties!.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 20, default: 10 });
    expect(links.inputSchema.properties!.urls).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    expect(find.inputSchema.required).toEqual(['name']);
    expect(get.inputSchema.required).toEqual(['id']);
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.outputSchema?.type).toBe('object');
      expect(JSON.stringify(tool.outputSchema)).not.toContain('"additionalProperties":false');
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(JSON.stringify(tools)).not.toContain('x-rule');
  });

  it('search_hotels answers what GET /hotels/search answers, with a short text crediting the site', async () => {
    const result = await keyless.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 3, sub_id: 'chat-1' } });
    const http = await t.request('/hotels/search?destination=Lisbon&limit=3&sub_id=chat-1');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(http.body);
    const text = textOf(result);
    expect(text.split('\n')[0]).toBe('6 hotels in Lisbon, Portugal, showing 3:');
    for (const hotel of http.body.hotels) expect(text).toContain(`${hotel.name} (`);
    for (const hotel of http.body.hotels) expect(text).toContain(hotel.url);
    expect(text.endsWith(CREDIT)).toBe(true);
  });

  it('find_hotel and get_hotel answer what their HTTP operations answer', async () => {
    const found = await keyless.callTool({ name: 'find_hotel', arguments: { name: 'pestana palace' } });
    expect(found.structuredContent).toEqual((await t.request('/hotels/find?name=pestana%20palace')).body);
    expect(textOf(found)).toMatch(/^Best match: Pestana Palace \(5★, rated 9\.1\/10 by 2000 guests\), /);

    const id = 'hotel/pt/lisbon/pestana-palace';
    const detail = await keyless.callTool({ name: 'get_hotel', arguments: { id, sub_id: 'p' } });
    expect(detail.structuredContent).toEqual((await t.request(`/hotels/${id}?sub_id=p`)).body);
    expect(textOf(detail)).toContain('https://www.stays.example/hotel/pt/lisbon/pestana-palace?utm_content=p');
    expect(textOf(detail).endsWith(CREDIT)).toBe(true);
    // The id percent-encoded, or with a slash after it, as the path of GET /hotels/{id} takes it.
    for (const sent of [encodeURIComponent(id), `${id}/`]) {
      const same = await keyless.callTool({ name: 'get_hotel', arguments: { id: sent, sub_id: 'p' } });
      expect([sent, same.isError ?? false, same.structuredContent]).toEqual([sent, false, detail.structuredContent]);
    }
  });

  it("puts the key's affiliate code on every link of a keyed call", async () => {
    const code = `agent-${way}`;
    const search = await keyed.callTool({ name: 'search_hotels', arguments: { lat: 38.72, lng: -9.14, radius_km: 10, sub_id: 's' } });
    const hotels = (search.structuredContent as { hotels: { id: string; url: string }[] }).hotels;
    expect(hotels.length).toBeGreaterThan(3);
    for (const h of hotels) expect(h.url).toBe(`https://www.stays.example/${h.id}?aff=${code}&utm_content=s`);

    const urls = ['https://travel.stays.example/guides/lisbon', 'https://www.stays.example/?aff=rival', 'https://evil.example/'];
    const links = await keyed.callTool({ name: 'create_links', arguments: { urls } });
    expect(links.structuredContent).toEqual((await t.request('/links', jsonBody({ urls }, bearer(key).headers))).body);
    expect(textOf(links).split('\n').slice(0, 3)).toEqual([
      `https://travel.stays.example/guides/lisbon -> https://travel.stays.example/guides/lisbon?aff=${code}`,
      expect.stringMatching(/^https:\/\/www\.stays\.example\/\?aff=rival: not linked, other_partner_code: /),
      expect.stringMatching(/^https:\/\/evil\.example\/: not linked, not_service_url: /),
    ]);
    expect(allowanceOf(links)).toMatchObject({ limit: 200 });
  });

  it('refuses bad arguments with a tool error naming the rule and the value', async () => {
    const before = allowanceOf(await keyed.callTool({ name: 'find_hotel', arguments: { name: 'Aurora' } })).remaining;
    const tooMany = await keyed.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 50 } });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toBe('invalid_params: limit must be an integer from 1 to 20 (got 50)');
    const unknown = await keyed.callTool({ name: 'find_hotel', arguments: { name: 'Aurora', town: 'Lisbon' } });
    expect(textOf(unknown)).toBe('invalid_params: unknown field "town" (allowed: name, city, sub_id, lang, currency)');
    const both = await keyed.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', lat: 38.7, lng: -9.1 } });
    expect(textOf(both)).toBe('invalid_params: send exactly one of destination, place_id, or lat with lng (got destination and lat/lng)');
    // Every refused call costs 1 like any other; over stdio, arguments the schema refuses are
    // refused before they leave the agent's machine, and so cost nothing.
    const counted = way === 'stdio' ? 1 : 3;
    expect(allowanceOf(both).remaining).toBe(before - counted);
  });

  it('answers a name nothing matches with a not_found tool error', async () => {
    const result = await keyless.callTool({ name: 'find_hotel', arguments: { name: 'Zzyzx Qwerty Plaza' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('not_found: no hotel name is close enough to "Zzyzx Qwerty Plaza"');
    expect(result.structuredContent).toBeUndefined();
  });

  it('answers an unknown tool with a protocol error listing the tools', async () => {
    await expect(keyless.callTool({ name: 'book_hotel', arguments: {} })).rejects.toThrow(
      'unknown tool "book_hotel"; the tools are search_hotels, find_hotel, get_hotel, create_links',
    );
  });
});

describe.skipIf(usePostgres)('MCP answers on the wire', () => {
  it.each(['http', 'http-2026'] as const)('answers a tool call over %s as one JSON body with its length, not an event stream', async (way) => {
    const answers: Response[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) answers.push(response.clone());
      return response;
    };
    const client = await connectMcp(t.baseUrl, way, { fetch: recording });
    try {
      const result = await client.callTool({ name: 'find_hotel', arguments: { name: 'Pestana Palace' } });
      expect((result.structuredContent as any).hotel.name).toBe('Pestana Palace');
    } finally {
      await client.close();
    }
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    const body = await answer.text();
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('transfer-encoding')).toBeNull();
    // Its length as sent: compressed, when the client's fetch asked for it, as it does by default.
    const length = Number(answer.headers.get('content-length'));
    if (answer.headers.get('content-encoding') === null) expect(length).toBe(Buffer.byteLength(body));
    else expect(length).toBeGreaterThan(0);
    expect(JSON.parse(body).result.structuredContent.hotel.name).toBe('Pestana Palace');
  });
});

describe.skipIf(usePostgres)('server.json, the MCP registry entry', () => {
  it('describes this server as the registry schema asks, with the version the server reports', async () => {
    const entry = JSON.parse(readFileSync(new URL('../server.json', import.meta.url), 'utf8'));
    expect(entry.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/);
    // The registry's rules: a reverse-DNS name with one slash, a description of at most 100 characters.
    expect(entry.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(entry.description.length).toBeLessThanOrEqual(100);
    const client = await connectMcp(t.baseUrl, 'http');
    try {
      expect(entry.version).toBe(client.getServerVersion()?.version);
      expect(entry.title).toBe(client.getServerVersion()?.title);
    } finally {
      await client.close();
    }
    expect(entry.remotes).toHaveLength(1);
    const [remote] = entry.remotes;
    expect(remote.type).toBe('streamable-http');
    expect(new URL(remote.url).pathname).toBe('/mcp');
    // The key is optional (keyless calls work) and secret.
    expect(remote.headers).toEqual([expect.objectContaining({ name: 'Authorization', isRequired: false, isSecret: true })]);
  });
});

describe('keys of MCP callers', () => {
  const unknownKey = `live_${'Q'.repeat(43)}`;

  it('refuses an unknown key over Streamable HTTP with 401, counted against the address as over HTTP', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const answer = await t.request('/mcp', jsonBody(initialize, { ...bearer(unknownKey).headers, accept: 'application/json, text/event-stream' }));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="the API key is not valid: unknown, revoked or mistyped; ' +
        'API keys are issued at https://www.stays.example/affiliates", ' +
        `resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(answer.body.error).toEqual({ code: 'unauthorized', message: 'the API key is not valid: unknown, revoked or mistyped' });
    expect(answer.headers.get('x-ratelimit-limit')).toBe('1000');
    // The SDK client without an OAuth provider shows the service's own words.
    await expect(connectMcp(t.baseUrl, 'http', { key: unknownKey })).rejects.toThrow(/the API key is not valid: unknown, revoked or mistyped/);
  });

  it('points a refused key at resource metadata that names a bearer key in the header and no OAuth server to get one from', async () => {
    const refused = await t.request('/v1/mcp', jsonBody({ jsonrpc: '2.0', id: 1, method: 'ping' }, { authorization: 'Basic dXNlcjpwYXNz' }));
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate')!;
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    expect(metadataUrl).toBe(`${t.baseUrl}/.well-known/oauth-protected-resource/v1/mcp`);
    // error_description stays a valid RFC 6750 quoted string, whatever the message holds.
    expect(/error_description="([^"\\]*)"/.exec(challenge)![1]).toMatch(/Authorization header must be/);
    const metadata = await t.request(metadataUrl.slice(t.baseUrl.length));
    expect(metadata.status).toBe(200);
    expect(metadata.body).toEqual({
      resource: `${t.baseUrl}/v1/mcp`,
      resource_name: 'Example Stays hotel affiliate MCP server',
      bearer_methods_supported: ['header'],
      resource_documentation: `${t.baseUrl}/docs`,
      resource_policy_uri: 'https://www.stays.example/affiliates',
    });
    expect((await t.request('/.well-known/oauth-protected-resource')).body.resource).toBe(`${t.baseUrl}/mcp`);
    // No authorization server is pretended.
    expect((await t.request('/.well-known/oauth-authorization-server')).status).toBe(404);
  });

  it('reads a raw JSON-RPC POST as the SDK does: bad JSON and non-messages are its protocol errors, a byte-order mark is allowed', async () => {
    const post = (body: string) =>
      t.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body,
      });
    const notJson = await post('{"jsonrpc":"2.0",');
    expect([notJson.status, notJson.body.error]).toEqual([400, { code: -32700, message: 'Parse error: Invalid JSON' }]);
    const notMessage = await post('null');
    expect([notMessage.status, notMessage.body.error.code]).toEqual([400, -32600]);
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'find_hotel', arguments: { name: 'Pestana Palace' } } };
    for (const body of [JSON.stringify(call), `\uFEFF${JSON.stringify(call)}`]) {
      const answer = await post(body);
      expect(answer.status).toBe(200);
      const message = rpcMessageOf(answer.headers.get('content-type'), typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      expect([message.id, message.result.structuredContent.hotel.name]).toEqual([7, 'Pestana Palace']);
    }
  });

  it('refuses an unknown key over stdio: each tool call is an unauthorized tool error', async () => {
    const client = await connectMcp(t.baseUrl, 'stdio', { key: unknownKey });
    try {
      const result = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('unauthorized: the API key is not valid: unknown, revoked or mistyped');
    } finally {
      await client.close();
    }
  });

  it('counts keyless calls against the address, with the keyless allowance; /v1/mcp serves the same', async () => {
    const client = await connectMcp(t.baseUrl, 'http', { path: '/v1/mcp' });
    try {
      const result = await client.callTool({ name: 'find_hotel', arguments: { name: 'Casa do Sol' } });
      expect(allowanceOf(result)).toMatchObject({ limit: 1000, reset: Date.UTC(2026, 10, 23, 11) / 1000 });
      const httpRemaining = Number((await t.request('/hotels/find?name=Casa%20do%20Sol')).headers.get('x-ratelimit-remaining'));
      expect(httpRemaining).toBe(allowanceOf(result).remaining - 1);
    } finally {
      await client.close();
    }
  });
});

describe('one allowance for HTTP and MCP', () => {
  it('HTTP calls and tool calls over every transport use up one key together, and are refused together', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 22, 0, 0)); // two hours before the day's reset
    const key = await newKey('standard', 'shared-budget');
    const [http, modern, stdio] = await Promise.all([
      connectMcp(t.baseUrl, 'http', { key }),
      connectMcp(t.baseUrl, 'http-2026', { key }),
      connectMcp(t.baseUrl, 'stdio', { key }),
    ]);
    try {
      const remaining = (result: ToolResult) => allowanceOf(result).remaining;
      expect((await t.request('/hotels/search?destination=Lisbon', bearer(key))).headers.get('x-ratelimit-remaining')).toBe('5');
      expect(remaining(await http.callTool({ name: 'search_hotels', arguments: { destination: 'Porto' } }))).toBe(4);
      expect(remaining(await stdio.callTool({ name: 'find_hotel', arguments: { name: 'Aurora' } }))).toBe(3);
      expect(remaining(await modern.callTool({ name: 'get_hotel', arguments: { id: 'hotel/pt/lisbon/casa-do-sol' } }))).toBe(2);
      const oneUrl = jsonBody({ urls: ['https://www.stays.example/'] }, bearer(key).headers);
      expect((await t.request('/links', oneUrl)).headers.get('x-ratelimit-remaining')).toBe('1');

      // Two URLs do not fit in the one request left: refused whole, nothing counted.
      const urls = ['https://www.stays.example/a', 'https://www.stays.example/b'];
      const tooDear = await http.callTool({ name: 'create_links', arguments: { urls } });
      expect(tooDear.isError).toBe(true);
      expect(textOf(tooDear)).toMatch(/^rate_limited: This call costs 2 requests \(one per URL\) and 1 remains: send at most 1 URL in a call\. /);
      expect(remaining(tooDear)).toBe(1);
      expect(remaining(await stdio.callTool({ name: 'create_links', arguments: { urls: urls.slice(0, 1) } }))).toBe(0);

      const refusal =
        "rate_limited: Your standard key's allowance of 6 requests a day is used up; it resets at 2026-11-24T00:00:00.000Z " +
        '(midnight UTC). If you need more, ask us about the partner tier. Retry in 7200 seconds, not sooner.';
      for (const client of [http, modern, stdio]) {
        const refused = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon' } });
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toBe(refusal);
        expect((refused._meta as Record<string, unknown>)['hotel-affiliate/error']).toEqual({ code: 'rate_limited', retry_after_seconds: 7200 });
      }
      const httpRefused = await t.request('/hotels/find?name=Aurora', bearer(key));
      expect(httpRefused.status).toBe(429);
      expect(httpRefused.headers.get('retry-after')).toBe('7200');
      // Operators see tool calls by tool and outcome (stdio calls arrive as HTTP calls).
      const metrics = (await t.request('/metrics')).body as string;
      expect(metrics).toMatch(/^hotel_affiliate_mcp_tool_calls_total\{tool="search_hotels",outcome="rate_limited"\} 2$/m);
      expect(metrics).toMatch(/^hotel_affiliate_mcp_tool_calls_total\{tool="create_links",outcome="rate_limited"\} 1$/m);
      // ... and how long they take, so a p99 can be alerted on.
      expect(metrics).toMatch(/^hotel_affiliate_mcp_tool_call_duration_seconds_count\{tool="search_hotels",outcome="rate_limited"\} 2$/m);
      expect(metrics).toMatch(/^hotel_affiliate_mcp_tool_call_duration_seconds_bucket\{le="\+Inf",tool="create_links",outcome="rate_limited"\} 1$/m);
    } finally {
      await Promise.all([http.close(), modern.close(), stdio.close()]);
      t.clock.set(Date.UTC(2026, 10, 23, 10, 0, 0));
    }
  });
});

describe.skipIf(usePostgres)('stdio when the service is not there', () => {
  it('answers each tool call with upstream_unavailable, naming the address it tried', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const client = await connectMcp(t.baseUrl, 'stdio', { serviceUrl: `http://127.0.0.1:${closedPort}` });
    try {
      const result = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `upstream_unavailable: the hotel service at http://127.0.0.1:${closedPort} cannot be reached (ECONNREFUSED). Retry in 5 seconds, not sooner.`,
      );
    } finally {
      await client.close();
    }
  });
});
