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
  it('compresses a large answer with gzip or brotli when asked, gzip first, to the same JSON', async () => {
    const plain = await get('/hotels/search?destination=Lisbon&limit=20');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    // Sent as it is to this client, compressed to others: a cache must know it varies (and with the
    // language its names are in).
    expect(plain.headers.vary).toBe('Accept-Language, accept-encoding');

    const br = await get('/hotels/search?destination=Lisbon&limit=20', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    // Compression does not hide the allowance from the caller.
    expect(br.headers['x-ratelimit-remaining']).toBeDefined();

    // gzip costs less CPU than brotli for a few more bytes: chosen when both are accepted.
    const gzip = await get('/hotels/search?destination=Lisbon&limit=20', { 'accept-encoding': 'br, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('sends small answers as they are', async () => {
    const small = await get('/hotels/search?destination=xqzvbn', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(JSON.parse(small.body.toString()).error.code).toBe('not_found');
  });
});

describe('conditional requests', () => {
  const hotel = '/hotels/hotel/pt/lisbon/pestana-palace';

  it('tags a hotel for private caching and answers 304 to its tag, at the cost of a call', async () => {
    const first = await get(hotel);
    expect(first.status).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    expect(first.headers.vary).toMatch(/Authorization/);

    const again = await get(hotel, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('private, max-age=300');
    // A revalidation is a call: it is counted, and says what is left.
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);

    // Any listed tag, weak or strong, or *, matches; another tag gets the hotel again.
    expect((await get(hotel, { 'if-none-match': `"nope", ${tag.slice(2)}` })).status).toBe(304);
    expect((await get(hotel, { 'if-none-match': '*' })).status).toBe(304);
    const changed = await get(hotel, { 'if-none-match': 'W/"nope"' });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString()).id).toBe('hotel/pt/lisbon/pestana-palace');
  });

  it('gives the same tag to the same answer however it is compressed, and another to another answer', async () => {
    const plain = await get(hotel);
    const br = await get(hotel, { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect((await get(hotel, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string })).status).toBe(304);
    const tagged = await get(`${hotel}?sub_id=sidebar`);
    expect(tagged.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers HEAD as GET without the body, counted as a call', async () => {
    const head = await get(hotel, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe((await get(hotel)).headers.etag);
    expect(head.headers['x-ratelimit-remaining']).toBeDefined();
    expect((await get('/hotels/hotel/pt/lisbon/no-such-hotel', {}, 'HEAD')).status).toBe(404);
  });

  it('never tags an error', async () => {
    const missing = await get('/hotels/hotel/pt/lisbon/no-such-hotel');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('tags the OpenAPI document for caching, at no cost: by the client alone while it names the address the request came to', async () => {
    const doc = await get('/openapi.json');
    expect(doc.headers['cache-control']).toBe('private, max-age=300');
    const revalidated = await get('/openapi.json', { 'if-none-match': doc.headers.etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('tags the OpenAPI document for public caching when PUBLIC_BASE_URL names the address, whatever Host a request carries', async () => {
    const named = await startTestService(FIXTURE_HOTELS, { PUBLIC_BASE_URL: 'https://api.stays.example' });
    try {
      const response = await fetch(`${named.baseUrl}/openapi.json`, { headers: { Host: 'attacker.example' } });
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(((await response.json()) as { servers: { url: string }[] }).servers[0].url).toBe('https://api.stays.example');
    } finally {
      await named.close();
    }
  });

  it('leaves searches uncached', async () => {
    const search = await get('/hotels/search?destination=Lisbon');
    expect(search.headers.etag).toBeUndefined();
    expect(search.headers['cache-control']).toBeUndefined();
  });
});
