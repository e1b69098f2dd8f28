// Generated bodies: JSON of any shape and depth (brackets nested thousands deep included),
// bodies POST /links accepts, non-JSON bytes, oversized ones.
import fc from 'fast-check';
import { SERVICE_URLS } from './request-model.js';
import { anyText } from './request-text.js';

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
