// A destination several places may well mean is answered with the likeliest and the others
// (issue 14), over HTTP and in the MCP text, so a client can offer "did you mean" and an agent
// can ask; a clear destination, and a point search, carry no such list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from './support/mcp-clients.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t?.close());

interface Alternative {
  place_id: string;
  name: string;
  label: string;
  kind: string;
  country_code: string;
}

describe('alternatives of an ambiguous destination', () => {
  it('lists the other Springfields, each searchable by its place_id', async () => {
    const r = await t.request('/hotels/search?destination=Springfield');
    expect(r.status).toBe(200);
    const alternatives = r.body.alternatives as Alternative[];
    expect(alternatives.length).toBeGreaterThanOrEqual(3);
    expect(alternatives.length).toBeLessThanOrEqual(5);
    for (const a of alternatives) {
      expect(a).toEqual({ place_id: expect.stringMatching(/^geonames:\d+$/), name: 'Springfield', label: expect.stringMatching(/^Springfield, /), kind: 'city', country_code: 'US' });
      expect(a.label).not.toBe(r.body.destination);
    }
    expect(new Set(alternatives.map((a) => a.place_id)).size).toBe(alternatives.length);
    const other = await t.request(`/hotels/search?place_id=${encodeURIComponent(alternatives[0].place_id)}`);
    expect(other.status).toBe(200);
    expect(other.body.alternatives).toBeUndefined();
  });

  it('adds nothing when the choice is clear, or for a point', async () => {
    expect((await t.request('/hotels/search?destination=Lisbon')).body).not.toHaveProperty('alternatives');
    expect((await t.request('/hotels/search?lat=38.72&lng=-9.14')).body).not.toHaveProperty('alternatives');
  });

  it('says the others in the MCP text, so an agent can ask which was meant', async () => {
    const client = await connectMcp(t.baseUrl, 'http');
    try {
      const result = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Springfield' } });
      const text = (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
      expect(text).toMatch(/it may also mean: Springfield, [^;]+ \(place_id geonames:\d+\)/);
      expect((result.structuredContent as { alternatives: unknown[] }).alternatives.length).toBeGreaterThanOrEqual(3);
    } finally {
      await client.close();
    }
  });
});
