// Text pieces of generated requests: percent-encoding (and malformed percent-escapes), text of
// every kind (ASCII, Unicode, binary, long), what a header value can carry, base62 and sub_ids.
import fc from 'fast-check';

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
export const RAW_SAFE = /[!-"$-~]/;

export const MALFORMED_ESCAPES = ['%', '%f', '%zz', '%ff%fe', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%80', '%%', '%2', '%G1', '%u00e9', '%00'];

/** Text without the control characters a header value cannot carry. */
export const headerSafe = (text: string) => text.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

export const textAscii = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const textUnicode = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });
const textBinary = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
export const anyText = (maxLength: number) => fc.oneof(textAscii(maxLength), textUnicode(maxLength), textBinary(maxLength));

export const longText = fc
  .tuple(fc.constantFrom('a', 'Lisbon ', '9', 'é', '%', '-'), fc.integer({ min: 300, max: 6000 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const base62 = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...BASE62.split('')), minLength, maxLength });

/** A valid sub_id. */
export const subIdArb = fc.string({ unit: fc.constantFrom(...`${BASE62}_-`.split('')), minLength: 1, maxLength: 40 });
