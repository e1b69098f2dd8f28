// fast-check generators of HTTP requests to the service: methods, request targets (the
// operations' paths at / and /v1 and variations of them, ids and query strings of every shape,
// malformed percent-escapes included), headers (Authorization, Content-Type, X-Forwarded-For
// and others) and bodies (JSON of any shape and depth, non-JSON bytes, oversized ones). Each
// generated request knows what it is (an operation's call, a wrong method, another path, a
// preflight, an MCP request), so a property can tell which rules apply to its answer; each
// prints as the request it is, so a counterexample reads like a request.
import fc from 'fast-check';

export type OperationName = 'search' | 'find' | 'detail' | 'links';

export type RouteInfo =
  /** A call of one of the four operations: its path at / or /v1, with its own method. */
  | { kind: 'operation'; operation: OperationName }
  /** A path the service serves, with a method it does not serve there: 405 with Allow. */
  | { kind: 'wrong-method'; allowed: string[] }
  /** Unknown paths, variations of known ones, /openapi.json, /: no rate-limit headers needed. */
  | { kind: 'other' }
  | { kind: 'preflight' }
  /** The MCP endpoint: POST messages, and GET and DELETE (405: the service keeps no MCP sessions). */
  | { kind: 'mcp' };

export interface GeneratedRequest {
  method: string;
  /** The request target exactly as sent on the request line. */
  target: string;
  /** Header lines besides Host, Connection and Content-Length, in order. */
  headers: [string, string][];
  body?: Buffer;
  /** Send Content-Length: 0 on a request without a body. */
  emptyContentLength?: boolean;
  /** Send the body with Transfer-Encoding: chunked, in chunks of this size. */
  chunkSize?: number;
  route: RouteInfo;
}

/** What the generators need from the running service. */
export interface KeySecrets {
  /** A partner key with a large allowance. */
  partner: string;
  /** A standard key whose allowance is used up. */
  exhausted: string;
  /** A key revoked before the run. */
  revoked: string;
}

export const FIXTURE_IDS = [
  'hotel/pt/lisbon/pestana-palace',
  'hotel/pt/lisbon/hotel-aurora',
  'hotel/pt/lisbon/casa-do-sol',
  'hotel/pt/porto/porto-ribeira',
  'hotel/fr/paris/hotel-lumiere',
];

export const SERVICE_URLS = [
  'https://www.stays.example/',
  'https://stays.example/hotel/pt/lisbon/pestana-palace?checkin=2027-05-01#rooms',
  'https://travel.stays.example/guides/lisbon',
  'http://www.stays.example/?aff=rival',
  'https://www.stays.example/?utm_content=x&aff=',
  'https://stays.example.evil.com/',
  'https://user@www.stays.example/',
  'https://www.stays.example:8443/',
  'ftp://www.stays.example/',
  'javascript:alert(1)',
  'not a url',
  '',
  'https://127.0.0.1/',
  'https://www.stays.example./',
  'HTTPS://WWW.STAYS.EXAMPLE/Hotel',
];

// ---------------------------------------------------------------------------------------------
// Printing

const SNIPPET = 400;

export function snippet(text: string, max = SNIPPET): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`;
}

/** Nesting depth of a JSON text, counted on brackets outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

export function bodySummary(body: Buffer | undefined): string {
  if (!body) return '(no body)';
  const text = body.toString('utf8');
  const depth = jsonDepth(text);
  const nesting = depth > 20 ? `, brackets nested ${depth} deep` : '';
  return `${body.length} bytes${nesting}: ${JSON.stringify(snippet(text))}`;
}

export function describeRequest(r: GeneratedRequest): string {
  const lines = [`${r.method} ${snippet(r.target, 600)}  [${describeRoute(r.route)}]`];
  for (const [name, value] of r.headers) lines.push(`  ${name}: ${JSON.stringify(snippet(value, 200))}`);
  if (r.emptyContentLength && !r.body) lines.push('  content-length: 0');
  lines.push(`  body ${bodySummary(r.body)}${r.body && r.chunkSize ? ` (sent chunked, ${r.chunkSize} bytes a chunk)` : ''}`);
  return lines.join('\n');
}

function describeRoute(route: RouteInfo): string {
  switch (route.kind) {
    case 'operation':
      return `operation ${route.operation}`;
    case 'wrong-method':
      return `wrong method; allowed ${route.allowed.join(', ')}`;
    default:
      return route.kind;
  }
}

/** Gives a generated value a printed form (used by fast-check in counterexamples). */
export function printable<T extends object>(value: T, print: (value: T) => string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => `\n${print(value)}\n`, enumerable: false });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Wire format

/** The request's bytes: request line, Host, the generated headers, Connection: close, body. */
export function wireBytes(r: GeneratedRequest, port: number): Buffer {
  const head = [`${r.method} ${r.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of r.headers) head.push(`${name}: ${value}`);
  head.push('Connection: close');
  if (r.body && r.chunkSize) {
    head.push('Transfer-Encoding: chunked');
    const chunks: Buffer[] = [];
    for (let at = 0; at < r.body.length; at += r.chunkSize) {
      const chunk = r.body.subarray(at, at + r.chunkSize);
      chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), ...chunks]);
  }
  if (r.body) head.push(`Content-Length: ${r.body.length}`);
  else if (r.emptyContentLength) head.push('Content-Length: 0');
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), r.body ?? Buffer.alloc(0)]);
}

// ---------------------------------------------------------------------------------------------
// Text pieces

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 text except those `keep` accepts (ASCII only). */
export function percentEncode(text: string, keep: RegExp = UNRESERVED): string {
  let out = '';
  for (const char of text) {
    if (char.length === 1 && char.charCodeAt(0) < 0x80 && keep.test(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// Characters a request line can carry as they are (visible ASCII but #, which would end the target).
const RAW_SAFE = /[!-"$-~]/;

const MALFORMED_ESCAPES = ['%', '%f', '%zz', '%ff%fe', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%80', '%%', '%2', '%G1', '%u00e9', '%00'];

/** Text without the control characters a header value cannot carry. */
const headerSafe = (text: string) => text.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

const textAscii = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const textUnicode = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });
const textBinary = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const anyText = (maxLength: number) => fc.oneof(textAscii(maxLength), textUnicode(maxLength), textBinary(maxLength));

const longText = fc
  .tuple(fc.constantFrom('a', 'Lisbon ', '9', 'é', '%', '-'), fc.integer({ min: 300, max: 6000 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const base62 = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...BASE62.split('')), minLength, maxLength });

/** A valid sub_id. */
export const subIdArb = fc.string({ unit: fc.constantFrom(...`${BASE62}_-`.split('')), minLength: 1, maxLength: 40 });

// ---------------------------------------------------------------------------------------------
// Query strings

export const QUERY_NAMES = [
  'destination', 'place_id', 'lat', 'lng', 'radius_km', 'label', 'limit', 'sort', 'min_stars', 'min_rating', 'sub_id',
  'name', 'city', 'id', 'urls',
];

const INTERESTING_VALUES = [
  '', 'Lisbon', 'lisboa', 'Paris', 'Paris, Texas', 'Porto', 'Pestana Palace', 'pestana', 'Hotel Aurora', 'JFK', 'Qwxzyv',
  'geonames:2267057', 'iata:LIS', 'landmark:eiffel-tower', 'country:PT', 'region:PT.14', 'geonames:', 'geonames:-1',
  '38.72', '-9.14', '90', '-90', '180', '-180', '90.0000001', '0', '-0', '1', '5', '20', '21', '50', '51', '10abc', '1e999',
  '1e-7', '1e2', 'NaN', 'Infinity', '-Infinity', ' 5', '5 ', '0x10', '1_000', '99999999999999999999', '9007199254740993',
  '-1', '1.5', '.5', '5.', '+5', '--5', 'rating', 'stars', 'distance', 'RATING', 'true', 'null', 'undefined', '[]', '{}',
  'a,b', '東京', 'Zürich', 'Москва', '\u0000', '\uFEFF', '%', '../', 'live_x', 'constructor', '__proto__', 'hasOwnProperty',
];

const queryValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INTERESTING_VALUES) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 3, arbitrary: anyText(30) },
  { weight: 1, arbitrary: longText },
);

const queryName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...QUERY_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('', 'DESTINATION', 'limit[]', 'urls[0]', '__proto__', 'constructor', 'toString', 'sub_id ', ' name') },
  { weight: 2, arbitrary: anyText(12) },
);

type Encoding = 'component' | 'plus' | 'raw' | 'malformed';
const encoding = fc.constantFrom<Encoding>('component', 'component', 'plus', 'raw', 'malformed');

function encodeQueryPart(text: string, how: Encoding, malformedAt: number, escape: string): string {
  switch (how) {
    case 'component':
      return percentEncode(text);
    case 'plus':
      return percentEncode(text, /[A-Za-z0-9\-._~ ]/).replace(/ /g, '+');
    case 'raw':
      // As typed into a browser: visible ASCII as it is (& and = included), the rest escaped.
      return percentEncode(text, RAW_SAFE);
    case 'malformed': {
      const encoded = percentEncode(text);
      let at = Math.min(malformedAt, encoded.length);
      // Do not cut an escape in two: move to the '%' of an escape the position falls inside.
      const percent = encoded.lastIndexOf('%', at - 1);
      if (percent >= 0 && percent > at - 3) at = percent;
      return encoded.slice(0, at) + escape + encoded.slice(at);
    }
  }
}

const queryPair = fc
  .record({
    name: queryName,
    value: queryValue,
    nameEncoding: fc.constantFrom<Encoding>('component', 'component', 'component', 'raw', 'malformed'),
    valueEncoding: encoding,
    withoutEquals: fc.integer({ min: 0, max: 15 }).map((n) => n === 0),
    malformedAt: fc.nat({ max: 40 }),
    escape: fc.constantFrom(...MALFORMED_ESCAPES),
  })
  .map((p) => {
    const name = encodeQueryPart(p.name, p.nameEncoding, p.malformedAt, p.escape);
    if (p.withoutEquals) return name;
    return `${name}=${encodeQueryPart(p.value, p.valueEncoding, p.malformedAt, p.escape)}`;
  });

/** A query string: empty, or "?" and pairs (unknown, repeated and empty keys, odd separators). */
export const queryStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  // Now and then a great many parameters.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a=1', 'limit=5', 'sub_id=x', 'name=x', '='), fc.integer({ min: 50, max: 2000 })) },
).chain((many) => (many ? fc.constant(`?${Array(many[1]).fill(many[0]).join('&')}`.slice(0, 12_000)) : fewPairsArb));

const fewPairsArb = fc
  .record({
    pairs: fc.array(queryPair, { maxLength: 6 }),
    separator: fc.constantFrom('&', '&', '&', '&&', ';'),
    questionMark: fc.integer({ min: 0, max: 12 }),
  })
  .map(({ pairs, separator, questionMark }) => {
    if (pairs.length === 0) return questionMark === 1 ? '?' : '';
    const text = `?${pairs.join(separator)}${questionMark === 1 ? '&' : ''}`;
    return text.length > 12_000 ? text.slice(0, 12_000) : text;
  });

/** Query strings that an operation may well accept, so generated calls also reach the catalog. */
export const plausibleQuery = (operation: OperationName) => {
  const pairs: fc.Arbitrary<readonly string[]> =
    operation === 'search'
      ? fc.oneof(
          fc.tuple(fc.constantFrom('Lisbon', 'Paris', 'Porto', 'Paris, Texas', 'Qwxzyv', 'Portugal', 'JFK')).map(([d]) => [`destination=${percentEncode(d)}`]),
          fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })).map(([lat, lng]) => [`lat=${lat.toFixed(4)}`, `lng=${lng.toFixed(4)}`]),
          fc.constant<readonly string[]>(['lat=38.72', 'lng=-9.14', 'radius_km=10', 'sort=distance']),
          fc.constantFrom<readonly string[]>(['place_id=geonames%3A2267057'], ['place_id=iata%3ALIS', 'label=Airport'], ['place_id=country%3APT']),
        )
      : operation === 'find'
        ? fc.tuple(fc.constantFrom('Pestana Palace', 'pestana', 'Hotel Aurora', 'aurora', 'Casa do Sol', 'Zzyzx'), fc.option(fc.constantFrom('Lisbon', 'Porto'))).map(([name, city]) => [
            `name=${percentEncode(name)}`,
            ...(city ? [`city=${city}`] : []),
          ])
        : fc.constant([] as string[]);
  return fc
    .tuple(pairs, fc.option(fc.tuple(fc.constantFrom('limit', 'min_stars', 'min_rating', 'sort', 'sub_id'), queryValue)), fc.option(subIdArb))
    .map(([base, extra, subId]) => {
      const all = [...base];
      if (extra) all.push(`${extra[0]}=${percentEncode(extra[1])}`);
      if (subId) all.push(`sub_id=${subId}`);
      return all.length ? `?${all.join('&')}` : '';
    });
};

// ---------------------------------------------------------------------------------------------
// Paths

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
};

function operationPath(operation: OperationName, id: string): string {
  return operation === 'detail' ? `/hotels/${id}` : OPERATION_PATHS[operation];
}

/** Paths that are not the operations' (or not exactly): unknown ones and variations of known ones. */
const otherPathArb = fc.oneof(
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

// ---------------------------------------------------------------------------------------------
// Headers

const headerText = (maxLength: number) => anyText(maxLength).map(headerSafe);

export function authorizationArb(keys: KeySecrets): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.constantFrom(`Bearer ${keys.partner}`, `bearer ${keys.partner}`, `BEARER   ${keys.partner}`, ` Bearer ${keys.partner} `) },
    { weight: 1, arbitrary: fc.constantFrom(`Bearer ${keys.exhausted}`, `Bearer ${keys.revoked}`) },
    { weight: 2, arbitrary: base62(0, 60).map((s) => `Bearer live_${s}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('Basic', 'Digest', 'Token', 'Bearer', 'bearer', 'Negotiate', 'ApiKey', '', 'Bearer:'), headerText(60))
        .map(([scheme, token]) => `${scheme} ${token}`),
    },
    { weight: 1, arbitrary: headerText(80) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '', 'Bearer', 'Bearer ', 'live_abc', `Bearer ${keys.partner} extra`, `Bearer ${keys.partner},Bearer live_x`, `Bearer "${keys.partner}"`,
        `Bearer ${keys.partner.toLowerCase()}`, `Bearer ${'live_'.repeat(100)}`, `Bearer live_${'Q'.repeat(300)}`, 'Bearer live_!!', 'Bearer\tlive_x',
      ),
    },
  );
}

const contentTypeArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json;', 'application/json; charset=latin1', 'text/plain',
      'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'json', '*/*', '', 'application/',
      'application/merge-patch+json', 'text/event-stream', ';',
    ),
  },
  { weight: 1, arbitrary: headerText(40) },
);

const forwardedForArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.ipV4() },
  { weight: 2, arbitrary: fc.ipV6() },
  { weight: 2, arbitrary: fc.constantFrom('198.51.100.1', '198.51.100.2', '2001:db8::1') },
  { weight: 1, arbitrary: fc.tuple(fc.ipV4(), fc.oneof(fc.ipV4(), fc.ipV6())).map(([a, b]) => `${a}, ${b}`) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.ipV4(), fc.ipV6()), { minLength: 3, maxLength: 200 }).map((list) => list.join(', ')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'unknown', 'foo, bar', ',', ' , ', '::ffff:203.0.113.9', 'fe80::1%eth0', '1.2.3', '999.999.999.999', '[::1]:80', '::', '0.0.0.0', 'localhost', '2001:db8::1::2'),
  },
  { weight: 1, arbitrary: headerText(40) },
);

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'expect', 'upgrade', 'te', 'trailer', 'keep-alive']);

const otherHeadersArb: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('Origin'), fc.constantFrom('https://blog.example', 'null', '*', '')),
    fc.tuple(fc.constant('Accept'), fc.constantFrom('application/json', 'text/html', '*/*', 'application/json, text/event-stream', 'image/png', '')),
    fc.tuple(fc.constant('Accept-Encoding'), fc.constantFrom('gzip', 'br', 'identity', '*')),
    fc.tuple(fc.constant('X-Request-Id'), headerText(40)),
    fc.tuple(fc.constant('Mcp-Protocol-Version'), fc.constantFrom('2025-11-25', '2026-07-28', 'garbage')),
    fc.tuple(fc.constant('Cookie'), headerText(40)),
    fc.tuple(
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_!#$%&\'*+.^`|~'.split('')), minLength: 1, maxLength: 20 }).filter((n) => !HOP_BY_HOP.has(n.toLowerCase())),
      headerText(60),
    ),
    fc.tuple(fc.constant('X-Long'), longText.map((s) => percentEncode(s, RAW_SAFE).slice(0, 2000))),
    fc.tuple(fc.constant('Expect'), fc.constant('100-continue')),
    fc.tuple(fc.constant('Content-Encoding'), fc.constantFrom('gzip', 'br', 'identity', 'x')),
    fc.tuple(fc.constant('Upgrade'), fc.constantFrom('websocket', 'h2c')),
  ),
  { maxLength: 3 },
);

interface HeaderChoices {
  authorization: string | undefined;
  duplicateAuthorization: string | undefined;
  contentType: string | undefined;
  forwardedFor: string | undefined;
  others: [string, string][];
}

const headersArb = (keys: KeySecrets, authorization: fc.Arbitrary<string | undefined> = authorizationArb(keys)) =>
  fc
    .record({
      authorization,
      // Now and then a second Authorization header.
      duplicateAuthorization: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: authorizationArb(keys) }),
      contentType: contentTypeArb,
      forwardedFor: forwardedForArb,
      others: otherHeadersArb,
    })
    .map((h: HeaderChoices) => {
      const lines: [string, string][] = [];
      if (h.authorization !== undefined) lines.push(['Authorization', h.authorization]);
      if (h.duplicateAuthorization !== undefined) lines.push(['Authorization', h.duplicateAuthorization]);
      if (h.contentType !== undefined) lines.push(['Content-Type', h.contentType]);
      if (h.forwardedFor !== undefined) lines.push(['X-Forwarded-For', h.forwardedFor]);
      return [...lines, ...h.others];
    });

// ---------------------------------------------------------------------------------------------
// Bodies

/** Brackets nested `depth` deep: [[[…]]], {"a":{"a":…}}, or alternating, around a leaf. */
export function nestedJsonText(depth: number, kind: 'array' | 'object' | 'mixed', leaf = '1'): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const array = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
    open += array ? '[' : '{"a":';
    close = (array ? ']' : '}') + close;
  }
  return open + leaf + close;
}

/** Nesting depths: a few hundred, and thousands (where recursive code runs out of stack). */
export const depthArb = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 1_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 3_000, max: 12_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(2_000, 5_000, 10_000) },
);

const deepJsonArb = fc
  .record({
    depth: depthArb,
    kind: fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed'),
    where: fc.constantFrom('root', 'urls', 'urls[0]', 'other field', 'root', 'urls', 'urls[0]', 'other field', 'unclosed'),
  })
  .map(({ depth, kind, where }) => {
    // Keep under the 64 KiB body limit: objects take 6 bytes a level.
    const levels = kind === 'object' ? Math.min(depth, 10_000) : depth;
    const nested = nestedJsonText(levels, kind, where === 'urls[0]' ? '"https://www.stays.example/"' : '1');
    switch (where) {
      case 'root':
        return nested;
      case 'urls':
        return `{"urls":${nested}}`;
      case 'urls[0]':
        return `{"urls":[${nested}]}`;
      case 'other field':
        return `{"urls":["https://www.stays.example/"],"x":${nested}}`;
      default:
        return nested.slice(0, Math.floor(nested.length / 2) + 1);
    }
  });

const linksUrlArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SERVICE_URLS) },
  { weight: 1, arbitrary: fc.webUrl() },
  { weight: 1, arbitrary: anyText(60) },
);

/** A body POST /links accepts: 1 to 10 strings of at most 2,048 characters. */
export const validLinksUrlsArb = fc.array(
  fc.oneof({ weight: 4, arbitrary: linksUrlArb }, { weight: 1, arbitrary: fc.constant(`https://www.stays.example/${'p'.repeat(2020)}`) }),
  { minLength: 1, maxLength: 10 },
);

const jsonBodyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: validLinksUrlsArb.map((urls) => JSON.stringify({ urls })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ urls: fc.oneof(fc.array(linksUrlArb, { maxLength: 14 }), fc.jsonValue({ maxDepth: 3 })), extra: fc.option(fc.dictionary(anyText(8), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 })) })
      .map(({ urls, extra }) => JSON.stringify({ urls, ...(extra ?? {}) })),
  },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 3, arbitrary: deepJsonArb },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"urls":["https://www.stays.example/"]', '{"urls":[]}', '{"urls":null}', '{"__proto__":{"urls":["x"]}}', '{"urls":["a"],"urls":["b"]}',
      '\uFEFF{"urls":["https://www.stays.example/"]}', ' ', 'null', '"urls"', '[]', '{"urls":["\\ud800"]}', '{"urls":[1e999]}',
      JSON.stringify({ urls: Array.from({ length: 11 }, () => 'https://www.stays.example/') }),
      JSON.stringify({ urls: [`https://www.stays.example/${'p'.repeat(2100)}`] }),
    ),
  },
);

/** Bodies for POST /links: JSON of any shape and depth mostly, non-JSON bytes, oversized ones. */
export const linksBodyArb: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  { weight: 3, arbitrary: validLinksUrlsArb.map((urls) => Buffer.from(JSON.stringify({ urls }))) },
  { weight: 8, arbitrary: deepJsonArb.map((text) => Buffer.from(text)) },
  { weight: 3, arbitrary: jsonBodyArb.map((text) => Buffer.from(text, 'utf8')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, Buffer.alloc(0)) },
  { weight: 1, arbitrary: fc.integer({ min: 65_537, max: 70_000 }).map((n) => Buffer.from(`{"urls":["${'a'.repeat(n - 12)}"]}`)) },
);

/** A body, or none. */
export const bodyArb: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 8, arbitrary: jsonBodyArb.map((text) => Buffer.from(text, 'utf8')) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: anyText(200).map((text) => Buffer.from(text, 'utf8')) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
  { weight: 1, arbitrary: fc.integer({ min: 65_537, max: 70_000 }).map((n) => Buffer.from(`{"urls":["${'a'.repeat(n - 12)}"]}`)) },
);

// ---------------------------------------------------------------------------------------------
// Requests by area

/** Mostly Content-Length; now and then Transfer-Encoding: chunked. */
const chunkSizeArb = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 70_000 }) });

const GET_OPERATIONS: OperationName[] = ['search', 'find', 'detail'];

/** Room for the request line and headers under the server's 16 KiB limit (its refusal is tested apart). */
const HEAD_BUDGET = 16_384 - 512;

/** Shortens an over-long request target so that the request head stays under the header limit. */
export function fitTarget(request: GeneratedRequest): GeneratedRequest {
  const headerBytes = request.headers.reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value) + 4, 0);
  const room = HEAD_BUDGET - headerBytes - request.method.length;
  if (request.target.length <= room) return request;
  // Cut at a parameter boundary when there is one, and never inside a percent-escape.
  let target = request.target.slice(0, Math.max(1, room));
  const amp = target.lastIndexOf('&');
  if (amp > target.indexOf('?') && amp > room / 2) target = target.slice(0, amp);
  return { ...request, target: target.replace(/%[0-9A-Fa-f]?$/, '') };
}

const finish = (request: GeneratedRequest) => printable(fitTarget(request), describeRequest);

/** Calls of the four operations: their paths at / and /v1, with their own methods. */
export function operationRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      operation: fc.constantFrom<OperationName>('search', 'find', 'detail', 'detail', 'links'),
      head: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      prefix: fc.constantFrom(...PREFIXES),
      id: hotelIdArb,
      query: fc.oneof(queryStringArb, fc.constant('')),
      plausible: fc.boolean(),
      plausibleQueries: fc.record({ search: plausibleQuery('search'), find: plausibleQuery('find'), detail: plausibleQuery('detail'), links: plausibleQuery('links') }),
      headers: headersArb(keys),
      body: bodyArb,
      emptyContentLength: fc.boolean(),
      chunkSize: chunkSizeArb,
    })
    .map((r) => {
      const isGet = GET_OPERATIONS.includes(r.operation);
      const query = r.plausible ? r.plausibleQueries[r.operation] : r.query;
      return finish({
        method: isGet ? (r.head ? 'HEAD' : 'GET') : 'POST',
        target: `${r.prefix}${operationPath(r.operation, r.id)}${query}`,
        headers: r.headers,
        // GET bodies are rarer than POST ones.
        body: isGet && r.head ? undefined : r.body,
        emptyContentLength: r.emptyContentLength,
        chunkSize: r.chunkSize,
        route: { kind: 'operation', operation: r.operation },
      });
    });
}

/** POST /links (and /v1/links) with bodies of any shape, mostly as JSON. */
export function linksBodyRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES),
      // Mostly a query string that is accepted, so that the body is read.
      query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: subIdArb.map((s) => `?sub_id=${s}`) }, { weight: 1, arbitrary: queryStringArb }),
      // Mostly callers that are let in, so that the body is read.
      headers: headersArb(keys, fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constant(`Bearer ${keys.partner}`) }, { weight: 1, arbitrary: authorizationArb(keys) })),
      jsonType: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') }, { weight: 1, arbitrary: fc.constant(null) }),
      body: linksBodyArb,
      chunkSize: chunkSizeArb,
    })
    .map((r) => {
      // Mostly sent as JSON, so that the body is read.
      const headers = r.jsonType === null ? r.headers : [...r.headers.filter(([name]) => name !== 'Content-Type'), ['Content-Type', r.jsonType] as [string, string]];
      return finish({ method: 'POST', target: `${r.prefix}/links${r.query}`, headers, body: r.body, chunkSize: r.chunkSize, route: { kind: 'operation', operation: 'links' } });
    });
}

/** Methods the HTTP parser knows; the ones a path does not serve are wrong methods there. */
const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'QUERY', 'TRACE', 'PURGE', 'PROPFIND', 'SEARCH', 'LOCK', 'MKCOL', 'COPY', 'MOVE', 'LINK', 'UNLINK', 'REPORT', 'NOTIFY', 'SUBSCRIBE', 'M-SEARCH', 'MERGE'];

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Served paths with a method not served there. */
export function wrongMethodRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const served: fc.Arbitrary<[string, string[]]> = fc.oneof(
    fc.tuple(fc.constantFrom('/hotels/search', '/hotels/find', '/openapi.json'), fc.constant<string[]>(['GET', 'HEAD'])),
    // Ids that decode: a malformed path may be refused as such (400) before its method is looked at.
    fc.tuple(hotelIdArb.filter(decodes).map((id) => `/hotels/${id}`), fc.constant<string[]>(['GET', 'HEAD'])),
    fc.tuple(fc.constant('/links'), fc.constant<string[]>(['POST'])),
    fc.tuple(fc.constant('/mcp'), fc.constant<string[]>(['POST'])),
  );
  return fc
    .record({
      served,
      prefix: fc.constantFrom(...PREFIXES),
      method: fc.constantFrom(...KNOWN_METHODS),
      query: fc.oneof(queryStringArb, fc.constant('')),
      headers: headersArb(keys),
      body: bodyArb,
    })
    .filter((r) => !r.served[1].includes(r.method))
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.prefix}${r.served[0]}${r.query}`,
        headers: r.headers,
        body: r.method === 'HEAD' ? undefined : r.body,
        route: { kind: 'wrong-method', allowed: r.served[1] },
      }),
    );
}

/** Unknown paths and variations of known ones, with common methods. */
export function otherPathRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      path: otherPathArb,
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'QUERY'),
      query: fc.oneof(queryStringArb, fc.constant('')),
      headers: headersArb(keys),
      body: bodyArb,
    })
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.path}${r.path.includes('?') ? r.query.replace(/^\?/, '&') : r.query}`,
        headers: r.headers,
        body: r.method === 'HEAD' ? undefined : r.body,
        route: { kind: 'other' },
      }),
    );
}

/** OPTIONS on any path, as a CORS preflight or not. */
export function preflightRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const path = fc.oneof(
    fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom<OperationName>('search', 'find', 'detail', 'links'), hotelIdArb).map(([prefix, op, id]) => `${prefix}${operationPath(op, id)}`),
    otherPathArb,
    fc.constantFrom('/mcp', '/v1/mcp', '*'),
  );
  return fc
    .record({
      path,
      query: fc.oneof(queryStringArb, fc.constant('')),
      origin: fc.option(fc.constantFrom('https://blog.example', 'null', '', 'http://localhost:3000')),
      requestMethod: fc.option(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'FOO', '')),
      requestHeaders: fc.option(fc.constantFrom('authorization', 'content-type, authorization', 'x-custom', 'mcp-protocol-version', '')),
      headers: headersArb(keys),
      body: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyArb }),
    })
    .map((r) => {
      const headers: [string, string][] = [...r.headers];
      if (r.origin !== null) headers.push(['Origin', r.origin]);
      if (r.requestMethod !== null) headers.push(['Access-Control-Request-Method', r.requestMethod]);
      if (r.requestHeaders !== null) headers.push(['Access-Control-Request-Headers', r.requestHeaders]);
      return finish({
        method: 'OPTIONS',
        target: r.path === '*' ? '*' : `${r.path}${r.query}`,
        headers,
        body: r.body,
        route: { kind: 'preflight' },
      });
    });
}

const JSON_RPC_BODIES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_hotels', arguments: { destination: 'Lisbon' } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'create_links', arguments: { urls: ['https://www.stays.example/'] } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_hotel', arguments: 'x' } },
  { jsonrpc: '2.0', id: 7, method: 'tools/call' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 8, method: 'resources/list' },
  { jsonrpc: '2.0', id: null, method: 'ping' },
  [{ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { jsonrpc: '2.0', id: 10, method: 'ping' }],
  { jsonrpc: '1.0', id: 11, method: 'tools/list' },
];

/** The MCP endpoint: POST with MCP-like and arbitrary bodies, and the GET and DELETE of session-ful MCP (405 here). */
export function mcpEndpointRequestArb(keys: KeySecrets): fc.Arbitrary<GeneratedRequest> {
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...JSON_RPC_BODIES).map((b) => Buffer.from(JSON.stringify(b))) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('search_hotels', 'find_hotel', 'get_hotel', 'create_links', 'x'), fc.jsonValue({ maxDepth: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)))
        .map(([name, args, id]) => Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 6000 })
        .map((depth) => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_links","arguments":{"urls":${nestedJsonText(depth, 'array')}}}}`)),
    },
    { weight: 3, arbitrary: bodyArb.map((b) => b ?? Buffer.alloc(0)) },
  );
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES),
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE'),
      query: fc.oneof(fc.constant(''), queryStringArb),
      headers: headersArb(keys),
      accept: fc.option(fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*')),
      body: fc.option(body, { nil: undefined, freq: 6 }),
    })
    .map((r) =>
      finish({
        method: r.method,
        target: `${r.prefix}/mcp${r.query}`,
        headers: r.accept === null ? r.headers : [...r.headers, ['Accept', r.accept]],
        body: r.body,
        route: { kind: 'mcp' },
      }),
    );
}
