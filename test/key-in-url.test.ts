// A key in the URL: MCP reads the key parameter as the operations do (a secret key there is
// refused, not silently ignored), and a secret key sent in a URL, in whatever form, never reaches
// the log, while publishable keys (public by design) and other parameters stay.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

const logged: string[] = [];
let t: TestService;
let secret: string;
let tail: string;
let publishable: string;
const CODE = 'url-keys';
const ORIGIN = 'https://blog.example';

beforeAll(async () => {
  // Every level: no line of any kind may carry a secret key.
  const logger = pino({ level: 'trace' }, { write: (line: string) => logged.push(line) });
  t = await startTestService(FIXTURE_HOTELS, {}, { logger });
  secret = (await t.service.keys.create({ tier: 'standard', affiliateCode: CODE, label: null })).secret;
  tail = secret.slice('live_'.length);
  publishable = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'blog', label: null, publishable: { origins: [ORIGIN], visitorLimit: 60 } }))
    .secret;
});
afterAll(async () => t.close());

const RPC_HEADERS = { accept: 'application/json, text/event-stream' };
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const linksCall = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_links', arguments: { urls: ['https://www.stays.example/'] } } };
const mcpPost = (path: string, message: unknown, headers: Record<string, string> = {}) => t.request(path, jsonBody(message, { ...RPC_HEADERS, ...headers }));
/** What GET /hotels/search answers to the same key parameter and headers: MCP must say the same. */
const httpRefusal = async (query: string, headers: Record<string, string> = {}) => (await t.request(`/hotels/search?destination=Lisbon&${query}`, { headers })).body.error;

/** The access log's line of an answer. */
const lineOf = (response: { headers: Headers }) =>
  logged.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === response.headers.get('x-request-id') && l.msg === 'answered')!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a key in the URL of MCP', () => {
  it.each(['/mcp', '/v1/mcp'])('refuses a secret key in the URL of %s with 401, in the words of the HTTP operations, counted against the address', async (path) => {
    for (const message of [initialize, linksCall]) {
      const answer = await mcpPost(`${path}?key=${secret}`, message);
      expect(answer.status).toBe(401);
      const words = await httpRefusal(`key=${secret}`);
      expect(words.message).toMatch(/^a secret key must never be put in a URL/);
      expect(answer.body.error).toEqual(words);
      expect(answer.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer error="invalid_token", error_description="a secret key must never be put in a URL.*resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource${path}"$`));
      expect(answer.headers.get('x-ratelimit-limit')).toBe('100000');
    }
  });

  it('refuses a publishable key in the URL of MCP, from its own origin too: an MCP client needs a secret key', async () => {
    for (const headers of [{}, { origin: ORIGIN }] as Record<string, string>[]) {
      const answer = await mcpPost(`/mcp?key=${publishable}`, linksCall, headers);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
      expect(answer.body.error.message).toMatch(/an MCP client is not a browser and needs a secret key/);
    }
    // The same key works on the HTTP operations from its origin.
    expect((await t.request(`/hotels/search?destination=Lisbon&key=${publishable}`, { headers: { origin: ORIGIN } })).status).toBe(200);
  });

  it('refuses a key sent twice (header and parameter, or the parameter repeated) as the HTTP operations do', async () => {
    const bearer = { authorization: `Bearer ${secret}` };
    const both = await mcpPost(`/mcp?key=${publishable}`, linksCall, bearer);
    expect([both.status, both.body.error]).toEqual([401, await httpRefusal(`key=${publishable}`, bearer)]);
    expect(both.body.error.message).toMatch(/^send the key once/);
    const repeated = await mcpPost(`/v1/mcp?key=${publishable}&key=${publishable}`, initialize);
    expect([repeated.status, repeated.body.error]).toEqual([401, await httpRefusal(`key=${publishable}&key=${publishable}`)]);
    expect(repeated.body.error.message).toBe('send the key parameter once');
  });

  it("takes a secret key in the Authorization header, with no key in the URL, and puts its affiliate code on the links", async () => {
    for (const path of ['/mcp', '/v1/mcp?sub_id=unread']) {
      const answer = await mcpPost(path, linksCall, { authorization: `Bearer ${secret}` });
      expect(answer.status).toBe(200);
      expect(answer.body.result.structuredContent.links[0].url).toBe(`https://www.stays.example/?aff=${CODE}`);
    }
    const keyless = await mcpPost('/mcp', linksCall);
    expect(keyless.status).toBe(200);
  });
});

describe('a secret key in a URL, in any form, is left out of the log', () => {
  const everyByte = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

  it('leaves out every form of it the server reads, keeping the other parameters and publishable keys as sent', async () => {
    const forms = [
      `/hotels/search?destination=Lisbon&key=${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&%6Bey=${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&%6bey=${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&key=live%5F${tail}&limit=1`,
      `/hotels/search?destination=Lisbon&key=%6Cive_${tail}&limit=1`,
      `/hotels/search?destination=Lisbon&key=${everyByte(secret)}&limit=1`,
      `/hotels/search?destination=Lisbon&key=%256Cive_${tail}&limit=1`,
      `/hotels/search?destination=Lisbon&KEY=${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&Key=LIVE_${tail}&limit=1`,
      `/hotels/search?destination=Lisbon&key=${secret}+&limit=1`,
      `/hotels/search?destination=Lisbon&key=+${secret}&limit=1`,
      `/hotels/search?destination=Lisbon+${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&key=${secret}&key=${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&key=${publishable}&key=%6Cive_${tail}&limit=1`,
      `/hotels/search?destination=Lisbon&key=${secret}%ZZ&limit=1`,
      `/hotels/search?destination=Lisbon&key=${secret}%E0&limit=1`,
      `/hotels/search?destination=Lisbon&${secret}=1&limit=1`,
      `/hotels/search?destination=Lisbon&${secret}&limit=1`,
      `/hotels/search?destination=Lisbon&sub_id=${secret}&limit=1`,
      `/v1/hotels/search?destination=Lisbon&key=${secret}&limit=1`,
      `/v1/hotels/search?destination=Lisbon&%4B%45%59=%4C%49%56%45%5F${tail}&limit=1`,
      `/v1/hotels/hotel/pt/lisbon/${secret}?limit=1`,
      `/hotels/${everyByte(secret)}?limit=1`,
      `/mcp?key=${secret}&limit=1`,
      `/v1/mcp?%6Bey=live%5f${tail}&limit=1`,
      `/mcp?KEY=${secret}&limit=1`,
    ];
    const answers = [];
    for (const form of forms) {
      answers.push(form.includes('/mcp') ? await mcpPost(form, linksCall) : await t.request(form));
    }
    await settle();
    const text = logged.join('');
    expect(text).not.toContain(tail);
    expect(text).not.toContain(everyByte(tail));
    expect(text).not.toContain(everyByte(secret));
    for (const [i, answer] of answers.entries()) {
      const { url } = lineOf(answer);
      expect([forms[i], url]).toEqual([forms[i], expect.stringContaining('live_(secret key left out)')]);
      expect(url).toContain('limit=1');
    }
    // What was sent stays as it was, the secret's pair aside.
    expect(lineOf(answers[1]).url).toBe('/hotels/search?destination=Lisbon&%6Bey=live_(secret key left out)&limit=1');
    expect(lineOf(answers[7]).url).toBe('/hotels/search?destination=Lisbon&KEY=live_(secret key left out)&limit=1');
    expect(lineOf(answers[13]).url).toBe(`/hotels/search?destination=Lisbon&key=${publishable}&key=live_(secret key left out)&limit=1`);
    expect(lineOf(answers[16]).url).toBe('/hotels/search?destination=Lisbon&live_(secret key left out)&limit=1');
    expect(lineOf(answers[21]).url).toBe('/v1/hotels/hotel/pt/lisbon/live_(secret key left out)?limit=1');
    // The key in the URL of MCP is refused, however it is spelt the server reads it as key.
    expect([answers[23].status, answers[24].status]).toEqual([401, 401]);
  });

  it('keeps URLs with no secret key exactly as sent: publishable keys, escapes, other parameters', async () => {
    const forms = [
      `/hotels/search?destination=Lisbon&key=${publishable}&limit=1`,
      `/hotels/search?destination=S%C3%A3o%20Paulo&limit=1&sub_id=olive%2Dgrove`,
      '/hotels/search?destination=Lisbon&sub_id=LIVE&limit=1',
      `/hotels/search?destination=Lisbon&key=%6Cive_pk_${publishable.slice('live_pk_'.length)}`,
    ];
    const answers = [];
    for (const form of forms) answers.push(await t.request(form, { headers: { origin: ORIGIN } }));
    expect(answers[0].status).toBe(200);
    await settle();
    expect(answers.map((answer) => lineOf(answer).url)).toEqual(forms);
  });
});
