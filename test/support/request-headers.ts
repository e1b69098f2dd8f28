// Generated header lines: Authorization (the run's keys, unknown live_ secrets, other schemes,
// garbage, now and then twice), Content-Type, X-Forwarded-For (addresses, lists, garbage) and a
// few others.
import fc from 'fast-check';
import type { KeySecrets } from './request-model.js';
import { anyText, base62, headerSafe, longText, percentEncode, RAW_SAFE } from './request-text.js';

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

export const headersArb = (keys: KeySecrets, authorization: fc.Arbitrary<string | undefined> = authorizationArb(keys)) =>
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
