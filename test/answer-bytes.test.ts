// Answers are written by JSON.stringify from the objects the operations build, with no response
// schema in between: the bytes are what JSON.stringify writes whatever a hotel's text holds, and
// since no schema filters them, each answer must hold the fields of its schema and no others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { CREATE_LINKS, FIND_HOTEL, GET_HOTEL, SEARCH_HOTELS, SUGGEST, type Operation } from '../src/operations/operations.js';
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

const calls: [string, string, RequestInit | undefined, Operation][] = [
  ['destination search', '/hotels/search?destination=Lisbon&limit=20', undefined, SEARCH_HOTELS],
  ['point search', `/hotels/search?lat=${LISBON_POINT.lat}&lng=${LISBON_POINT.lng}&radius_km=10&sub_id=blog-2027`, undefined, SEARCH_HOTELS],
  ['find', `/hotels/find?name=${encodeURIComponent('Quarto do Poeta Cafe')}`, undefined, FIND_HOTEL],
  ['detail', `/hotels/${AWKWARD.id}?sub_id=x`, undefined, GET_HOTEL],
  ['suggest', `/suggest?q=${encodeURIComponent('quarto do poe')}`, undefined, SUGGEST],
  ['links', '/links', jsonBody({ urls: ['https://www.stays.example/hotel/pt/lisbon/o-quarto-do-poeta?x="1"', 'ftp://nope'] }), CREATE_LINKS],
];

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** Paths of the fields of `value` that `schema` does not name (for a union, the branch that fits best). */
function strayFields(schema: Schema, value: unknown, path = '$'): string[] {
  if (schema.anyOf) {
    const candidates = schema.anyOf.map((branch) => strayFields(branch, value, path));
    return candidates.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (Array.isArray(value)) return schema.items ? value.flatMap((item, k) => strayFields(schema.items!, item, `${path}[${k}]`)) : [];
  if (typeof value !== 'object' || value === null) return [];
  if (!schema.properties) return [`${path} (no fields in the schema)`];
  return Object.entries(value).flatMap(([key, field]) =>
    schema.properties![key] ? strayFields(schema.properties![key], field, `${path}.${key}`) : [`${path}.${key}`],
  );
}

describe('answer bytes', () => {
  it.each(calls)('%s is written exactly as JSON.stringify writes it, with its schema\'s fields only', async (_name, path, init, operation) => {
    const response = await fetch(`${t.baseUrl}${path}`, init);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    expect(text).toContain(path === '/links' ? 'not_service_url' : 'Poeta');
    expect(strayFields(operation.output as Schema, JSON.parse(text))).toEqual([]);
  });
});
