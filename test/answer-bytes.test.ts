// Answers are written from their schemas (fast-json-stringify), not by JSON.stringify: the bytes
// must still be exactly what JSON.stringify writes for the same answer, whatever a hotel's text
// holds, and the same answer an MCP tool call returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { FIXTURE_HOTELS, LISBON_POINT } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

const AWKWARD: HotelRecord = {
  ...FIXTURE_HOTELS[0],
  id: 'hotel/pt/lisbon/o-quarto-do-poeta',
  name: 'O "Quarto" do Poeta \\ Café 🏨 Ünïcödé',
  address: 'Rua do Século 12, "2.º andar" \\ Lisboa',
  description: 'Quotes " and backslashes \\, accents àéîõü, CJK 里斯本, emoji 🛏️🌅 and a line\nbreak.',
  photos: ['https://photos.example.test/poeta/1.jpg?a=1&b="2"'],
  amenities: ['Wi-Fi', 'Pequeno-almoço "incluído"'],
  stars: 3.5,
  rating: 8.25,
  review_count: 12,
  latitude: LISBON_POINT.lat + 0.001,
  longitude: LISBON_POINT.lng,
};

let t: TestService;
beforeAll(async () => {
  t = await startTestService([...FIXTURE_HOTELS, AWKWARD]);
});
afterAll(async () => t.close());

const calls: [string, string, RequestInit | undefined][] = [
  ['destination search', '/hotels/search?destination=Lisbon&limit=20', undefined],
  ['point search', `/hotels/search?lat=${LISBON_POINT.lat}&lng=${LISBON_POINT.lng}&radius_km=10&sub_id=blog-2027`, undefined],
  ['find', `/hotels/find?name=${encodeURIComponent('Quarto do Poeta Cafe')}`, undefined],
  ['detail', `/hotels/${AWKWARD.id}?sub_id=x`, undefined],
  ['links', '/links', jsonBody({ urls: ['https://www.stays.example/hotel/pt/lisbon/o-quarto-do-poeta?x="1"', 'ftp://nope'] })],
];

describe('answer bytes', () => {
  it.each(calls)('%s is written exactly as JSON.stringify writes it', async (_name, path, init) => {
    const response = await fetch(`${t.baseUrl}${path}`, init);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    expect(text).toContain(path === '/links' ? 'not_service_url' : 'Poeta');
  });
});
