// Requests at the edges of HTTP, each answered in the error body of the contract with a request
// id: bodies nested thousands deep, paths the router cannot decode, methods Node.js does not
// know, request lines over the size limit, body-carrying methods without a Content-Type, and
// a wrong key from an address whose keyless allowance is spent.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { rpcMessageOf } from './support/mcp-clients.js';
import { rawRequest, type RawResponse } from './support/raw-http.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
let port: number;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
  port = Number(new URL(t.baseUrl).port);
});
afterAll(async () => t.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function raw(requestLine: string, headers: string[] = []): Promise<RawResponse> {
  const head = requestLine.startsWith('HEAD ');
  const outcome = await rawRequest(port, `${requestLine}\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`, { head });
  if (!outcome.ok) throw new Error(`no answer: ${outcome.reason}`);
  return outcome.response;
}

function expectErrorBody(r: { headers: Record<string, string> | Headers; body: unknown }, code: string, message: string | RegExp) {
  const header = (name: string) => (r.headers instanceof Headers ? r.headers.get(name) : r.headers[name]);
  expect(header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.body).toEqual({ error: { code, message: typeof message === 'string' ? message : expect.stringMatching(message) } });
}

describe('a JSON body nested thousands deep', () => {
  it('is 400 invalid_params on POST /links, with the value quoted short', async () => {
    for (const body of [`{"urls":${nested(5000)}}`, nested(5000), `{"urls":[${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}]}`]) {
      const r = await t.request('/links', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(r.status).toBe(400);
      expectErrorBody(r, 'invalid_params', /^(urls\[0\]|body) must be .* \(got [[{].{100,130}…\)$/);
      expect(r.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
  });

  it('is an invalid_params tool error through MCP', async () => {
    // Sent as bytes: the SDK's client cannot even serialise such arguments.
    for (const [tool, args] of [
      ['create_links', `{"urls":${nested(5000)}}`],
      ['find_hotel', `{"name":${nested(5000)}}`],
    ]) {
      const r = await fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`,
      });
      const message = rpcMessageOf(r.headers.get('content-type'), await r.text());
      expect(message.id).toBe(7);
      expect(message.result.isError).toBe(true);
      expect(message.result.content[0].text).toMatch(/^invalid_params: (urls\[0\]|name) must be .*\(got \[\[\[.*…\)$/);
    }
  });
});

describe('a path with a malformed percent-escape', () => {
  it('is 400 invalid_params; on an operation it is a counted call with the limit headers', async () => {
    const before = Number((await t.request('/hotels/search?destination=Lisbon')).headers.get('x-ratelimit-remaining'));
    const r = await raw('GET /hotels/%ff%fe HTTP/1.1');
    expect(r.status).toBe(400);
    expectErrorBody({ headers: r.headers, body: JSON.parse(r.text) }, 'invalid_params', 'the path "/hotels/%ff%fe" has a malformed percent-escape');
    expect(r.headers['x-ratelimit-remaining']).toBe(String(before - 1));
    expect(r.headers['access-control-allow-origin']).toBe('*');

    const elsewhere = await raw('GET /nothing/%zz HTTP/1.1');
    expect(elsewhere.status).toBe(400);
    expect(JSON.parse(elsewhere.text).error.code).toBe('invalid_params');
    expect(elsewhere.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('requests Node.js refuses before routing', () => {
  it('answers a method it does not know with 405 and Allow on a known path, 404 elsewhere', async () => {
    const known = await raw('FOO /v1/hotels/search?destination=Lisbon HTTP/1.1');
    expect([known.status, known.headers.allow]).toEqual([405, 'GET, HEAD']);
    expectErrorBody({ headers: known.headers, body: JSON.parse(known.text) }, 'invalid_params', 'method FOO is not allowed on /v1/hotels/search; use GET');
    const unknown = await raw('FOO /nothing HTTP/1.1');
    expect(unknown.status).toBe(404);
    expectErrorBody({ headers: unknown.headers, body: JSON.parse(unknown.text) }, 'not_found', /^no such path: \/nothing/);
  });

  it('answers a request line over the size limit with 431 in the error body', async () => {
    const r = await raw(`GET /hotels/search?destination=${'a'.repeat(20_000)} HTTP/1.1`);
    expect(r.status).toBe(431);
    expectErrorBody({ headers: r.headers, body: JSON.parse(r.text) }, 'invalid_params', 'the request line and headers must be at most 16384 bytes together');
  });

  it('says how to send a destination with accents when its bytes arrive unencoded', async () => {
    for (const target of ['/hotels/search?destination=ZÜRICH', '/hotels/é']) {
      const r = await raw(`GET ${target} HTTP/1.1`);
      expect(r.status).toBe(400);
      expectErrorBody({ headers: r.headers, body: JSON.parse(r.text) }, 'invalid_params', /must be percent-encoded .*Z%C3%BCrich/);
    }
    // Encoded, the same destination is understood.
    expect((await raw('GET /hotels/search?destination=Z%C3%9CRICH HTTP/1.1')).status).not.toBe(400);
  });

  it('answers bytes that are not HTTP with 400 in the error body', async () => {
    const r = await raw('GET /hotels/search HTTP/1.1\r\nBad Header Line');
    expect(r.status).toBe(400);
    expectErrorBody({ headers: r.headers, body: JSON.parse(r.text) }, 'invalid_params', /^the request could not be read as HTTP\/1\.1/);
  });
});

describe('requests Node.js would answer or drop by itself', () => {
  it('answers them in the error body with a request id: no Host, an Expect it cannot meet, CONNECT', async () => {
    const noHost = await rawRequest(port, 'GET /hotels/search?destination=Lisbon HTTP/1.1\r\n\r\n');
    const expect417 = await raw('GET /hotels/search?destination=Lisbon HTTP/1.1', ['Expect: foo']);
    const connect = await raw('CONNECT 127.0.0.1:80 HTTP/1.1');
    if (!noHost.ok) throw new Error(noHost.reason);
    expect(noHost.response.status).toBe(400);
    expectErrorBody({ headers: noHost.response.headers, body: JSON.parse(noHost.response.text) }, 'invalid_params', 'an HTTP/1.1 request must carry a Host header');
    expect(expect417.status).toBe(417);
    expectErrorBody({ headers: expect417.headers, body: JSON.parse(expect417.text) }, 'invalid_params', 'the Expect header can only be 100-continue (got "foo")');
    expect(connect.status).toBe(405);
    expectErrorBody({ headers: connect.headers, body: JSON.parse(connect.text) }, 'invalid_params', 'CONNECT is not served: this is an API, not a proxy');
  });

  it('answers OPTIONS that is not a CORS preflight with 204, and HEAD, GET or DELETE on /mcp with 405', async () => {
    expect((await t.request('/', { method: 'OPTIONS' })).status).toBe(204);
    for (const method of ['HEAD', 'GET', 'DELETE']) {
      const r = await raw(`${method} /v1/mcp HTTP/1.1`, ['Connection: close', 'Authorization: Bearer nonsense']);
      expect([method, r.status, r.headers.allow]).toEqual([method, 405, 'POST']);
    }
  });
});

describe('a wrong method whatever the headers', () => {
  it('is 405 with Allow for QUERY or POST without a Content-Type, and for a JSON body on a GET operation', async () => {
    for (const [method, headers] of [
      ['QUERY', []],
      ['POST', ['Content-Length: 3']],
      ['PUT', ['Content-Type: text/plain', 'Content-Length: 3']],
    ] as const) {
      const r = await rawRequest(port, `${method} /hotels/search HTTP/1.1\r\nHost: x\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${headers.length ? 'abc' : ''}`);
      if (!r.ok) throw new Error(r.reason);
      expect([method, r.response.status, r.response.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
      expect(JSON.parse(r.response.text).error.code).toBe('invalid_params');
    }
  });
});

describe('behind a trusted proxy', () => {
  it('counts a path with a malformed percent-escape against the forwarded client, like any other call', async () => {
    const proxied = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '5', TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const proxiedPort = Number(new URL(proxied.baseUrl).port);
      const from = async (client: string) => {
        const r = await rawRequest(proxiedPort, `GET /hotels/%ff HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${client}\r\n\r\n`);
        if (!r.ok) throw new Error(r.reason);
        return r.response.headers['x-ratelimit-remaining'];
      };
      expect([await from('10.9.9.1'), await from('10.9.9.1'), await from('10.9.9.2')]).toEqual(['4', '3', '4']);
    } finally {
      await proxied.close();
    }
  });
});

describe('addresses written into documents without PUBLIC_BASE_URL', () => {
  it('come from a trusted proxy\'s forwarded host and scheme only when they read as such, and vary with them', async () => {
    const proxied = await startTestService(FIXTURE_HOTELS, { TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const proxiedPort = Number(new URL(proxied.baseUrl).port);
      const openapi = async (headers: string[]) => {
        const r = await rawRequest(proxiedPort, `GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`);
        if (!r.ok) throw new Error(r.reason);
        return r.response;
      };
      const good = await openapi(['X-Forwarded-Host: api.example.com', 'X-Forwarded-Proto: https']);
      expect(good.status).toBe(200);
      expect(JSON.parse(good.text).servers[0].url).toBe('https://api.example.com');
      expect(good.headers['cache-control']).toBe('private, max-age=300');
      expect(String(good.headers.vary)).toMatch(/X-Forwarded-Host.*X-Forwarded-Proto/);
      for (const forged of [['X-Forwarded-Proto: javascript'], ['X-Forwarded-Host: evil.example"/><script>alert(1)</script>'], ['X-Forwarded-Host: evil.example/phish?x=']]) {
        const refused = await openapi(forged);
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.text).error.code).toBe('invalid_params');
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
      }
      // The widget page writes the address into a script tag and its policy: refused the same way.
      const page = await rawRequest(proxiedPort, `GET /widget HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: x.example"><img src=y>\r\nConnection: close\r\n\r\n`);
      expect(page.ok && page.response.status).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('a wrong key from an address whose keyless allowance is spent', () => {
  it('is 401, not 429, and costs nothing more', async () => {
    const small = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '2' });
    try {
      const bad = { headers: { authorization: `Bearer live_${'x'.repeat(43)}` } };
      expect((await small.request('/hotels/find?name=Aurora', bad)).headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await small.request('/hotels/find?name=Aurora')).status).toBe(200);
      expect((await small.request('/hotels/find?name=Aurora')).status).toBe(429);
      for (const path of ['/hotels/find?name=Aurora', '/mcp']) {
        const r = await small.request(path, { ...bad, method: path === '/mcp' ? 'POST' : 'GET' });
        expect([path, r.status, r.headers.get('x-ratelimit-remaining'), r.headers.get('www-authenticate')]).toEqual([
          path,
          401,
          '0',
          // /mcp also says why and where its resource metadata is (mcp.test.ts reads both).
          path === '/mcp' ? expect.stringMatching(/^Bearer error="invalid_token", error_description="/) : 'Bearer error="invalid_token"',
        ]);
        expect(r.body.error.code).toBe('unauthorized');
        expect(r.headers.get('retry-after')).toBeNull();
      }
    } finally {
      await small.close();
    }
  });
});

describe('a body that runs past its Content-Length', () => {
  it('answers the request it belonged to, then says the bytes after it are not a request, and closes', async () => {
    const body = '{"urls":["https://www.stays.example/"]}';
    const socket = connect(port, "127.0.0.1");
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.write(`POST /links HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${body}`);
    await new Promise((resolve) => socket.on('close', resolve));
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.split('\r\n', 1)[0])).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 400 Bad Request']);
    expect(answers[0]).toContain('the body is not valid JSON');
    expect(answers[1]).toContain('the bytes after a request on this connection are not an HTTP request: was its body longer than its Content-Length?');
    expect(answers[1]).not.toContain('Allow:');
  });
});
