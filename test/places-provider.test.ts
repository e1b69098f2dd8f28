// place_id through the Google Places adapter, against a fake Places API on loopback: found,
// unknown, malformed, failing, slow and garbled answers, the API key and field mask sent, and
// the bounded cache of answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS, LISBON_POINT } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

type Reply = (res: ServerResponse) => void;

const json = (status: number, body: unknown): Reply => (res) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

// What the fake API answers per place id.
const REPLIES: Record<string, Reply> = {
  ChIJlisbonCentre: json(200, {
    id: 'ChIJlisbonCentre',
    displayName: { text: 'Praça do Comércio', languageCode: 'pt' },
    formattedAddress: 'Praça do Comércio, 1100-148 Lisboa, Portugal',
    location: { latitude: LISBON_POINT.lat, longitude: LISBON_POINT.lng },
    // About 2.8 km corner to corner: a reach of 1.4 km.
    viewport: { low: { latitude: 38.71, longitude: -9.15 }, high: { latitude: 38.73, longitude: -9.13 } },
  }),
  ChIJwide: json(200, {
    displayName: { text: 'Lisbon' },
    location: { latitude: LISBON_POINT.lat, longitude: LISBON_POINT.lng },
    viewport: { low: { latitude: 38.6, longitude: -9.3 }, high: { latitude: 38.8, longitude: -9.0 } },
  }),
  ChIJgone: json(404, { error: { code: 404, message: 'Place not found', status: 'NOT_FOUND' } }),
  'not a real id': json(400, { error: { code: 400, message: 'Not a valid Place ID: "not a real id"', status: 'INVALID_ARGUMENT' } }),
  ChIJkeyrefused: json(400, {
    error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] },
  }),
  ChIJbroken: json(500, { error: { code: 500, status: 'INTERNAL' } }),
  ChIJhtml: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Service Unavailable</body></html>');
  },
  ChIJnolocation: json(200, { displayName: { text: 'Somewhere' }, location: { latitude: 'north' } }),
  // Any id starting so is found, at the centre of the fixture.
  'ChIJfound-*': json(200, { displayName: { text: 'Found' }, location: { latitude: LISBON_POINT.lat, longitude: LISBON_POINT.lng } }),
  ChIJslow: (res) => setTimeout(() => json(200, { displayName: { text: 'Late' }, location: { latitude: 1, longitude: 1 } })(res), 1500),
};

describe('place_id through Google Places', () => {
  let fake: Server;
  let t: TestService;
  const seen: { path: string; key?: string; mask?: string }[] = [];
  const askedFor = (id: string) => seen.filter((r) => r.path === `/v1/places/${encodeURIComponent(id)}`).length;

  beforeAll(async () => {
    fake = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push({ path: req.url ?? '', key: req.headers['x-goog-api-key'] as string, mask: req.headers['x-goog-fieldmask'] as string });
      const id = decodeURIComponent((req.url ?? '').replace(/^\/v1\/places\//, ''));
      (REPLIES[id] ?? (id.startsWith('ChIJfound-') ? REPLIES['ChIJfound-*'] : null) ?? json(404, { error: { code: 404, status: 'NOT_FOUND' } }))(res);
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await startTestService(FIXTURE_HOTELS, {
      PLACES_API_KEY: 'test-key-123',
      PLACES_API_URL: `http://127.0.0.1:${port}`,
      PLACES_TIMEOUT_MS: '300',
      PLACES_CACHE_SIZE: '3',
    });
  });

  afterAll(async () => {
    await t?.close();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  beforeEach(() => {
    seen.length = 0;
  });

  const search = (placeId: string, extra = '') => t.request(`/v1/hotels/search?place_id=${encodeURIComponent(placeId)}${extra}`);

  it('searches around a found place within its viewport, named by the provider, sending the key and a field mask', async () => {
    const r = await search('ChIJlisbonCentre');
    expect(r.status).toBe(200);
    expect(r.body.destination).toBe('Praça do Comércio, 1100-148 Lisboa, Portugal');
    // Hotels 0.5 and 1 km north of the centre are inside the 1.4 km reach; the next, at 2 km, is not.
    expect(r.body.hotels.map((h: { name: string }) => h.name)).toEqual(['Hotel Aurora', 'Casa do Sol']);
    expect(r.body.hotels[0].distance_km).toBe(0.5);
    expect(seen).toEqual([{ path: '/v1/places/ChIJlisbonCentre', key: 'test-key-123', mask: 'id,displayName,formattedAddress,location,viewport' }]);
    const wide = await search('ChIJwide', '&label=Lisboa');
    expect(wide.body.destination).toBe('Lisboa');
    expect(wide.body.total).toBe(6);
  });

  it('is 404 not_found for an id the provider does not know or cannot read', async () => {
    for (const id of ['ChIJgone', 'not a real id']) {
      const r = await search(id);
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({ code: 'not_found', message: `no place has place_id ${JSON.stringify(id)}` });
    }
  });

  it('is 503 upstream_unavailable with Retry-After when the provider fails, refuses our key, is slow or sends garbage', async () => {
    const cases: [string, string][] = [
      ['ChIJbroken', 'the places service answered 500; try again shortly'],
      ['ChIJkeyrefused', 'the places service answered 400; try again shortly'],
      ['ChIJslow', 'the places service did not answer within 300 ms; try again shortly'],
      ['ChIJhtml', 'the places service sent an answer that could not be read; try again shortly'],
      ['ChIJnolocation', 'the places service sent an answer that could not be read; try again shortly'],
    ];
    for (const [id, message] of cases) {
      const r = await search(id);
      expect(r.status, id).toBe(503);
      expect(r.body.error).toEqual({ code: 'upstream_unavailable', message });
      expect(r.headers.get('retry-after')).toBe('5');
    }
    // The service is still up and answering.
    expect((await search('geonames:2267057')).status).toBe(200);
  });

  it('remembers answers, found and unknown, up to its bound, but not failures', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await search('ChIJfound-1')).status).toBe(200);
      expect((await search('ChIJunknown-1')).status).toBe(404);
      expect((await search('ChIJbroken')).status).toBe(503);
    }
    expect(askedFor('ChIJfound-1')).toBe(1);
    expect(askedFor('ChIJunknown-1')).toBe(1);
    expect(askedFor('ChIJbroken')).toBe(3);
    // Three more ids push both remembered ones out (the cache holds three).
    for (const id of ['ChIJfound-2', 'ChIJfound-3', 'ChIJfound-4']) await search(id);
    expect((await search('ChIJfound-1')).status).toBe(200);
    expect(askedFor('ChIJfound-1')).toBe(2);
  });

  it('keeps gazetteer ids (cities, airports, landmarks) off the provider', async () => {
    expect((await search('geonames:2267057')).body.destination).toBe('Lisbon, Portugal');
    expect((await search('iata:LIS')).body.destination).toBe('Humberto Delgado Airport (Lisbon Portela Airport) (LIS), Lisbon, Portugal');
    expect((await search('landmark:belem-tower')).body.destination).toBe('Belém Tower, Lisbon, Portugal');
    expect((await search('geonames:999999999')).status).toBe(404);
    expect(seen).toEqual([]);
  });
});

describe('an MCP tool call whose client goes away', () => {
  // A provider that never answers; the service would wait for it up to its 20 s timeout.
  let fake: Server;
  let t: TestService;
  const open = new Set<IncomingMessage>();
  beforeAll(async () => {
    fake = createServer((req) => {
      open.add(req);
      req.socket.once('close', () => open.delete(req));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await startTestService(FIXTURE_HOTELS, { PLACES_API_KEY: 'test-key-123', PLACES_API_URL: `http://127.0.0.1:${port}`, PLACES_TIMEOUT_MS: '20000' });
  });
  afterAll(async () => {
    await t?.close();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  const until = async (what: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !what() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
    return what();
  };

  it('is cancelled: the request to the places provider is dropped, and the service answers the next call', async () => {
    const call = (placeId: string, signal?: AbortSignal) =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_hotels', arguments: { place_id: placeId } } }),
        signal,
      });
    const client = new AbortController();
    const pending = call('ChIJhang', client.signal).catch((error: Error) => error);
    expect(await until(() => open.size === 1, 5000)).toBe(true);
    client.abort();
    expect(await pending).toBeInstanceOf(Error);
    // Long before the provider's 20 s timeout.
    expect(await until(() => open.size === 0, 5000)).toBe(true);
    const next = await call('geonames:2267057');
    expect(next.status).toBe(200);
    expect(((await next.json()) as any).result.structuredContent.destination).toBe('Lisbon, Portugal');
  });
});

describe('place_id without a places API key', () => {
  it('knows only gazetteer ids', async () => {
    const t = await startTestService(FIXTURE_HOTELS);
    try {
      const r = await t.request('/v1/hotels/search?place_id=ChIJlisbonCentre');
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    } finally {
      await t.close();
    }
  });
});
