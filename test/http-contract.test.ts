// The HTTP contract around the operations: both base paths, unknown paths, wrong methods,
// rate-limit headers on every answer, CORS, request ids, and the OpenAPI document.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../src/validation/fields.js';
import { ErrorBody, FindResponse, Hotel, LinksResponse, SearchResponse } from '../src/operations/schemas.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

const calls: [string, string, RequestInit | undefined][] = [
  ['search', '/hotels/search?destination=Lisbon', undefined],
  ['find', '/hotels/find?name=Pestana%20Palace', undefined],
  ['detail', '/hotels/hotel/pt/lisbon/pestana-palace', undefined],
  ['links', '/links', jsonBody({ urls: ['https://www.stays.example/'] })],
];

describe('base paths', () => {
  it.each(calls)('%s answers the same at / and /v1', async (_name, path, init) => {
    const root = await t.request(path, init);
    const legacy = await t.request(`/v1${path}`, init);
    expect(root.status).toBe(200);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(root.body);
  });

  it('answers with bodies that match the documented schemas', async () => {
    const schemas = [SearchResponse, FindResponse, Hotel, LinksResponse];
    for (const [i, [, path, init]] of calls.entries()) {
      const r = await t.request(path, init);
      expect(check(schemas[i], r.body)).toBe(true);
    }
    const error = await t.request('/hotels/search');
    expect(check(ErrorBody, error.body)).toBe(true);
  });
});

describe('unknown paths and wrong methods', () => {
  it('is 404 not_found for an unknown path', async () => {
    for (const path of ['/nothing', '/v1/nothing', '/hotels', '/v2/hotels/search']) {
      const r = await t.request(path);
      expect([path, r.status, r.body.error.code]).toEqual([path, 404, 'not_found']);
    }
  });

  it('is 405 with Allow and invalid_params for a wrong method', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/hotels/search', 'GET, HEAD'],
      ['DELETE', '/v1/hotels/find', 'GET, HEAD'],
      ['PUT', '/hotels/hotel/pt/lisbon/pestana-palace', 'GET, HEAD'],
      ['GET', '/links', 'POST'],
      ['PATCH', '/v1/links', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await t.request(path, { method });
      expect([method, path, r.status, r.headers.get('allow'), r.body.error.code]).toEqual([method, path, 405, allow, 'invalid_params']);
    }
    const r = await t.request('/links', { method: 'GET' });
    expect(r.body.error.message).toBe('method GET is not allowed on /links; use POST');
  });
});

describe('rate-limit headers and counting', () => {
  const failing: [string, string, RequestInit | undefined, number][] = [
    ['search 400', '/hotels/search?limit=0', undefined, 400],
    ['search 404', '/hotels/search?destination=Qwxzyv', undefined, 404],
    ['find 404', '/hotels/find?name=Qwxzyv%20Plorth', undefined, 404],
    ['detail 404', '/hotels/nothing/here', undefined, 404],
    ['links 400', '/links', jsonBody({ urls: 'x' }), 400],
    ['401', '/hotels/search?destination=Lisbon', { headers: { authorization: 'Bearer nonsense' } }, 401],
  ];
  it.each([...calls.map(([n, p, i]) => [n, p, i, 200] as const), ...failing])(
    '%s carries the three headers and costs one',
    async (_name, path, init, status) => {
      const before = await t.request('/hotels/search?destination=Lisbon');
      const r = await t.request(path, init);
      expect(r.status).toBe(status);
      expect(Number(r.headers.get('x-ratelimit-limit'))).toBe(100000);
      expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(Number(before.headers.get('x-ratelimit-remaining')) - 1);
      const reset = Number(r.headers.get('x-ratelimit-reset'));
      expect(reset).toBe(Math.ceil((Math.floor(t.clock.now() / 3_600_000) + 1) * 3600));
    },
  );

  it('answers 401 with WWW-Authenticate for a malformed or unknown key, never keyless', async () => {
    for (const authorization of ['Bearer live_unknownkey0000000000000000', 'Basic dXNlcjpwdw==', 'Bearer', 'live_abc']) {
      const r = await t.request('/hotels/find?name=Pestana', { headers: { authorization } });
      expect([authorization, r.status, r.headers.get('www-authenticate'), r.body.error.code]).toEqual([
        authorization,
        401,
        'Bearer error="invalid_token"',
        'unauthorized',
      ]);
    }
  });
});

describe('CORS and request ids', () => {
  it('lets browsers call and read the limit headers', async () => {
    const preflight = await t.request('/hotels/search', {
      method: 'OPTIONS',
      headers: { origin: 'https://blog.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const r = await t.request('/hotels/search?destination=Lisbon', { headers: { origin: 'https://blog.example' } });
    const exposed = r.headers.get('access-control-expose-headers') ?? '';
    for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit', 'Retry-After']) {
      expect(exposed).toContain(h);
    }
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI document', () => {
  it('is served at both base paths, lists both servers and every operation', async () => {
    const doc = await t.request('/openapi.json');
    const legacy = await t.request('/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(legacy.body).toEqual(doc.body);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.servers.map((s: { url: string }) => s.url)).toEqual([t.baseUrl, `${t.baseUrl}/v1`]);
    expect(Object.keys(doc.body.paths).sort()).toEqual(['/hotels/find', '/hotels/search', '/hotels/{id}', '/keys', '/keys/{id}', '/keys/{id}/roll', '/links', '/suggest', '/usage']);
    // The usage report answers JSON or CSV, and needs a secret key.
    const usage = doc.body.paths['/usage'].get;
    expect(Object.keys(usage.responses['200'].content)).toEqual(['application/json', 'text/csv']);
    expect(usage.responses['200'].content['text/csv'].example).toMatch(/^sub_id,calls,refused,failed,hotels_shown,links\r\n/);
    const search = doc.body.paths['/hotels/search'].get;
    const limit = search.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toEqual({
      name: 'limit',
      in: 'query',
      required: false,
      description: 'Most hotels returned.',
      schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
    });
    expect(Object.keys(search.responses)).toEqual(['200', '400', '401', '404', '405', '429', '500', '503']);
    expect(Object.keys(doc.body.paths['/links'].post.responses)).toEqual(['200', '400', '401', '405', '429', '500', '503']);
    expect(Object.keys(search.responses['200'].headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit-Policy',
      'RateLimit',
      'Content-Language',
    ]);
    // Links name no places: their answer says no language.
    expect(doc.body.paths['/links'].post.responses['200'].headers['Content-Language']).toBeUndefined();
    expect(doc.body.components.schemas.Error.properties.error.properties.code.enum).toEqual([
      'unauthorized',
      'rate_limited',
      'invalid_params',
      'not_found',
      'upstream_unavailable',
    ]);
  });

  it('reads as generators and consoles read it: no default that changes a search, examples, open answers, no stray tags', async () => {
    const doc = (await t.request('/openapi.json')).body;
    const search = doc.paths['/hotels/search'].get;
    const param = (name: string) => search.parameters.find((p: { name: string }) => p.name === name);
    // A console filling in a declared default sort would turn a point search's distance order into rating order.
    expect(param('sort').schema).not.toHaveProperty('default');
    // Text in angle brackets vanishes as an HTML tag in Markdown renderers.
    expect(JSON.stringify(doc)).not.toMatch(/<(id|CC|code|slug)>/);
    for (const [path, method] of [['/hotels/search', 'get'], ['/hotels/find', 'get'], ['/hotels/{id}', 'get'], ['/links', 'post']]) {
      expect(doc.paths[path][method].responses['200'].content['application/json'].example, `${method} ${path}`).toBeTruthy();
    }
    // Answers are open, so a field added later breaks no generated client; requests stay closed.
    for (const name of ['HotelCard', 'SearchResponse', 'FindResponse', 'Hotel', 'LinkEntry', 'LinksResponse', 'Error']) {
      expect(JSON.stringify(doc.components.schemas[name]), name).not.toContain('"additionalProperties":false');
    }
    expect(doc.components.schemas.LinksRequest.additionalProperties).toBe(false);
    expect(doc.components.responses.MethodNotAllowed.headers).toHaveProperty('Allow');
    // The guide is in sections a reference page can show as such.
    for (const heading of ['## First calls', '## Keys and allowances', '## Limit headers', '## Errors', '## Calling from a browser']) {
      expect(doc.info.description).toContain(heading);
    }
  });

  it('passes the Redocly linter without a warning, as deployed at its public address', async () => {
    const deployed = await startTestService(FIXTURE_HOTELS, { PUBLIC_BASE_URL: 'https://api.stays.example' });
    try {
      const doc = await deployed.request('/openapi.json');
      expect(doc.body.servers).toEqual([
        { url: 'https://api.stays.example', description: 'Current address' },
        { url: 'https://api.stays.example/v1', description: 'Earlier address with the /v1 prefix, still served identically' },
      ]);
      const file = join(deployed.dataDir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc.body));
      // The strictest built-in ruleset: every rule of recommended as an error, examples checked against their schemas.
      const lint = ['redocly', 'lint', file, '--extends', 'recommended-strict', '--format', 'stylish'];
      const result = await promisify(execFile)('npx', lint, { cwd: process.cwd() }).catch(
        (error: { stdout: string; stderr: string; code: number }) => error,
      );
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).toMatch(/Your API description is valid/);
      expect(output).not.toMatch(/You have \d+ warning/);
    } finally {
      await deployed.close();
    }
  }, 60_000);
});
