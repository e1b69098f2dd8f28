// Generated query strings: empty ones, pairs of known and unknown names with values of every
// shape (encoded as a component, with +, raw as typed into a browser, or with malformed
// percent-escapes), odd separators, a great many parameters now and then; and query strings an
// operation may well accept, so that generated calls also reach the catalog.
import fc from 'fast-check';
import type { OperationName } from './request-model.js';
import { anyText, longText, MALFORMED_ESCAPES, percentEncode, RAW_SAFE, subIdArb } from './request-text.js';

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
        : operation === 'suggest'
          ? // What a search box sends: the start of a place or hotel name, or any text at all.
            fc
              .tuple(
                fc.oneof(
                  fc.constantFrom('Lisbon', 'Pestana Palace', 'New York', 'Hôtel Lumière', 'Paris, Texas', 'St. George', 'Porto').chain((name) =>
                    fc.integer({ min: 1, max: name.length }).map((cut) => name.slice(0, cut)),
                  ),
                  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
                ),
                fc.option(fc.integer({ min: 1, max: 10 })),
                fc.option(fc.constantFrom('places', 'hotels')),
              )
              .map(([q, limit, only]) => [`q=${percentEncode(q)}`, ...(limit ? [`limit=${limit}`] : []), ...(only ? [`only=${only}`] : [])])
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
