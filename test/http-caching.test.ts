// HTTP as clients and caches expect it: large answers compressed for clients that ask, small
// ones and clients that do not ask left alone; hotel details and the OpenAPI document carry
// Cache-Control and an ETag, and a conditional request for the same answer is 304.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t?.close());

interface Bytes {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose bytes arrive as sent (node:http does not inflate, unlike fetch). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('compresses a large answer with brotli or gzip when asked, to the same JSON', async () => {
    const plain = await get('/hotels/search?destination=Lisbon&limit=20');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/hotels/search?destination=Lisbon&limit=20', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    // Compression does not hide the allowance from the caller.
    expect(br.headers['x-ratelimit-remaining']).toBeDefined();

    const gzip = await get('/hotels/search?destination=Lisbon&limit=20', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('sends small answers as they are', async () => {
    const small = await get('/hotels/search?destination=xqzvbn', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).error.code).toBe('not_found');
  });
});
