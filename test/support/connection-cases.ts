// Requests the HTTP parser refuses before any route, as raw bytes: methods it does not know,
// malformed request lines, raw non-ASCII bytes in the target, request lines and headers over
// the 16 KiB header limit, malformed header lines, HTTP/1.1 without Host, an Expect other than
// 100-continue, CONNECT. Each prints as the bytes sent.
import fc from 'fast-check';
import { METHODS } from 'node:http';
import { printable, snippet } from './request-model.js';
import { hotelIdArb } from './request-paths.js';

export interface RawCase {
  bytes: Buffer;
  /** The method on the request line (for the Allow check of a 405). */
  method: string;
  /** HEAD: no body to read. */
  head: boolean;
}

const rawCase = (text: string | Buffer, method = 'GET') =>
  printable({ bytes: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), method, head: method === 'HEAD' } as RawCase, (c) => {
    const shown = c.bytes.toString('latin1');
    return `${JSON.stringify(snippet(shown, 600))} (${c.bytes.length} bytes)`;
  });

const HOST = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const opPathArb = fc.oneof(
  fc.constantFrom('/hotels/search?destination=Lisbon', '/v1/hotels/find?name=Pestana', '/links', '/hotels/hotel/pt/lisbon/pestana-palace', '/nothing', '/'),
  hotelIdArb.map((id) => `/hotels/${id}`),
);
const KNOWN = new Set(METHODS);
const unknownMethodArb = fc.oneof(
  fc.constantFrom('FOO', 'get', 'Get', 'post', 'BREW', 'GETS', 'HEADER', 'G', 'QUERYX', 'PRI', 'X-CUSTOM', 'DELETE_'),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_!#$%&*+.^`|~'.split('')), minLength: 1, maxLength: 12 }),
).filter((m) => !KNOWN.has(m));

export const CONNECTION_CASES: [string, fc.Arbitrary<RawCase>][] = [
  [
    'a method the HTTP parser does not know (FOO)',
    fc.tuple(unknownMethodArb, opPathArb, fc.boolean()).map(([method, path, body]) =>
      rawCase(`${method} ${path} HTTP/1.1\r\n${HOST}${body ? 'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' : '\r\n'}`, method),
    ),
  ],
  [
    'a malformed request line',
    fc
      .tuple(
        fc.constantFrom('GET', 'POST', 'DELETE'),
        opPathArb,
        fc.nat({ max: 11 }),
        // Garbage of blank lines only is no request yet: HTTP lets a server skip them and wait (as Node.js does).
        fc.uint8Array({ minLength: 1, maxLength: 40 }).filter((bytes) => bytes.some((b) => b !== 0x0d && b !== 0x0a)),
      )
      .map(([method, path, how, garbage]) => {
        const lines = [
          `${method} ${path}\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/9.9\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/1.1 extra\r\n${HOST}\r\n`,
          `${method} ${path.replace('/', '/ ')} HTTP/1.1\r\n${HOST}\r\n`,
          `${method} ${path}\u0001x HTTP/1.1\r\n${HOST}\r\n`,
          `${method} HTTP/1.1\r\n${HOST}\r\n`,
          `${path} HTTP/1.1\r\n${HOST}\r\n`,
          `${method} ${path} HTTP/1.1 \r\n${HOST}\r\n`,
          `${method} ${path} http/1.1\r\n${HOST}\r\n`,
          `${method}\t${path} HTTP/1.1\r\n${HOST}\r\n`,
          `\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003\r\n\r\n`,
        ];
        if (how < lines.length) return rawCase(Buffer.from(lines[how], 'latin1'), method);
        return rawCase(Buffer.concat([Buffer.from(garbage), Buffer.from('\r\n\r\n')]), '(garbage)');
      }),
  ],
  [
    'a request target with raw non-ASCII bytes',
    fc
      .tuple(fc.constantFrom('/hotels/search?destination=', '/hotels/find?name=', '/hotels/', '/'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => /[^\u0000-\u007f]/.test(s)))
      .map(([path, text]) => rawCase(`GET ${path}${text.replace(/[\s#?]/g, '')} HTTP/1.1\r\n${HOST}\r\n`)),
  ],
  [
    'a request line over the 16 KiB header limit',
    fc
      .tuple(fc.constantFrom('/hotels/search?destination=', '/hotels/', '/links?sub_id=', '/nothing/'), fc.integer({ min: 16_400, max: 60_000 }), fc.constantFrom('GET', 'POST', 'DELETE'))
      .map(([path, length, method]) => rawCase(`${method} ${path}${'a'.repeat(length)} HTTP/1.1\r\n${HOST}\r\n`, method)),
  ],
  [
    'headers over the 16 KiB header limit',
    fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 17_000, max: 40_000 }), fc.constantFrom('/hotels/search?destination=Lisbon', '/links', '/nothing'))
      .map(([count, total, path]) => {
        const each = Math.ceil(total / count);
        const lines = Array.from({ length: count }, (_, i) => `X-Filler-${i}: ${'b'.repeat(each)}\r\n`).join('');
        return rawCase(`GET ${path} HTTP/1.1\r\n${HOST}${lines}\r\n`);
      }),
  ],
  [
    'a malformed header line',
    fc
      .tuple(opPathArb, fc.constantFrom('No-Colon-Here', 'Bad Name: x', ': empty-name', 'X-Ctl: a\u0001b', ' Folded: x', 'X-A: a\r\n continued', 'X-Nul: \u0000', 'Content-Length: abc', 'Content-Length: 1\r\nContent-Length: 2', 'Transfer-Encoding: chunked\r\nContent-Length: 3'))
      .map(([path, line]) => rawCase(Buffer.from(`GET ${path} HTTP/1.1\r\n${HOST}${line}\r\n\r\n`, 'latin1'))),
  ],
  [
    'an HTTP/1.1 request without Host',
    fc.tuple(opPathArb, fc.constantFrom('GET', 'HEAD', 'POST')).map(([path, method]) => rawCase(`${method} ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`, method)),
  ],
  [
    'an Expect header other than 100-continue',
    fc.tuple(opPathArb, fc.constantFrom('foo', '200-ok', '100-continue, foo', 'x')).map(([path, expect]) => rawCase(`GET ${path} HTTP/1.1\r\n${HOST}Expect: ${expect}\r\n\r\n`)),
  ],
  [
    'CONNECT',
    fc.constantFrom('127.0.0.1:80', 'www.stays.example:443', '/hotels/search').map((target) => rawCase(`CONNECT ${target} HTTP/1.1\r\n${HOST}\r\n`, 'CONNECT')),
  ],
];
