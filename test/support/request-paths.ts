// Generated paths: the operations' paths at / and /v1, hotel ids of every shape (real, encoded,
// odd and malformed), and paths that are not the operations' (unknown ones and variations of
// known ones).
import fc from 'fast-check';
import { FIXTURE_IDS, type OperationName } from './request-model.js';
import { anyText, MALFORMED_ESCAPES, percentEncode, RAW_SAFE, textAscii } from './request-text.js';

export const PREFIXES = ['', '/v1'];

const segmentArb = fc.oneof(
  { weight: 4, arbitrary: anyText(20).filter((s) => s.length > 0).map((s) => percentEncode(s)) },
  { weight: 1, arbitrary: textAscii(12).filter((s) => s.length > 0).map((s) => percentEncode(s, RAW_SAFE).replace(/[?/]/g, (c) => percentEncode(c, /$^/))) },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES, '%2F', '%2f', '..', '.', '%2e%2e', 'hotel', 'search', 'x;y', 'a%3Fb', '%23', '~') },
);

/** A hotel id as sent after /hotels/: real ones, encoded ones, odd and malformed ones. */
export const hotelIdArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIXTURE_IDS) },
  { weight: 2, arbitrary: fc.constantFrom(...FIXTURE_IDS).map((id) => id.replace(/\//g, '%2F')) },
  { weight: 1, arbitrary: fc.constantFrom(...FIXTURE_IDS).map((id) => id.replace(/\//g, '%2f').replace(/a/g, '%61')) },
  { weight: 2, arbitrary: fc.constantFrom('nothing/here', 'hotel', 'hotel/pt', 'hotel/pt/lisbon/', '%ff%fe', '%', '%zz', 'a%2', 'hotel%2Fpt%2Flisbon%2Fpestana-palace%', 'search', 'find', 'a//b', 'hotel/pt/lisbon/pestana-palace/', 'x'.repeat(3000), '..', '%2e%2e%2f%2e%2e') },
  { weight: 4, arbitrary: fc.array(segmentArb, { minLength: 1, maxLength: 5 }).map((segments) => segments.join('/')) },
  // A real id with a malformed percent-escape somewhere in it.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIXTURE_IDS), fc.constantFrom(...MALFORMED_ESCAPES), fc.nat({ max: 40 }))
      .map(([id, escape, at]) => id.slice(0, Math.min(at, id.length)) + escape + id.slice(Math.min(at, id.length))),
  },
);

const OPERATION_PATHS: Record<Exclude<OperationName, 'detail'>, string> = {
  search: '/hotels/search',
  find: '/hotels/find',
  links: '/links',
  suggest: '/suggest',
};

export function operationPath(operation: OperationName, id: string): string {
  return operation === 'detail' ? `/hotels/${id}` : OPERATION_PATHS[operation];
}

/** Paths that are not the operations' (or not exactly): unknown ones and variations of known ones. */
export const otherPathArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '/', '/v1', '/v1/', '/openapi.json', '/v1/openapi.json', '/openapi.json/', '/metrics', '/nothing', '/v1/nothing', '/hotels',
      '/hotels/', '/v1/hotels', '/v1/hotels/', '/v2/hotels/search', '/V1/hotels/search', '/v1/v1/links', '//hotels/search',
      '/hotels//search', '//links', '/v1//links', '/links/', '/links//', '/hotels/search/', '/v1/hotels/find/', '/HOTELS/SEARCH',
      '/Links', '/%68otels/search', '/hotels%2Fsearch', '/%2Fhotels/search', '/links%00', '/links;x', '/hotels/search;x',
      '/favicon.ico', '/robots.txt', '/.well-known/oauth-protected-resource', '/mcp/', '/mcp/x', '/v1/mcp/', '/%ff%fe', '/x%',
      '/%', '/..', '/../hotels/search', '/./links', `/${'a'.repeat(5000)}`, '/v1/%', '/hotels/search%zz',
      'http://127.0.0.1/hotels/search', 'http://evil.example/v1/hotels/find', 'https://www.stays.example/links', 'http://x/%ff',
    ),
  },
  { weight: 2, arbitrary: fc.array(segmentArb, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('', '/v1', '/v1/v1', '//', '/V1', '/v2', '/v1/'), fc.constantFrom('/hotels/search', '/hotels/find', '/links', '/openapi.json', '/hotels/hotel/pt/lisbon/pestana-palace'), fc.constantFrom('/', '//', '/x', '%20', '/.', '%2F', '?'))
      .map(([prefix, path, tail]) => `${prefix}${path}${tail}`),
  },
);
