// The name matcher on its own: weights, typos and the threshold.
import { describe, expect, it } from 'vitest';
import { NameIndex } from '../src/search/name-index.js';

describe('NameIndex', () => {
  // Many hotels share "coral"; one has the rare look-alike "corak", a typo away from it.
  const names = ['Ember & Coral Suites', ...Array.from({ length: 30 }, (_, i) => `Coral Palace ${i}`), 'Corak Inn', 'Ember Lodge'];
  const index = new NameIndex(names, Uint32Array.from(names.keys()));
  const options = { limit: 5 };

  it('matches an exact name fully even when a rare word is a typo away from one of its words', () => {
    const [best] = index.match('Ember & Coral Suites', options);
    expect(best).toEqual({ index: 0, score: 1 });
  });

  it('finds a rare exact word without pulling in hotels that have a common word a typo away', () => {
    expect(index.match('Corak', options).map((m) => m.index)).toEqual([names.indexOf('Corak Inn')]);
  });

  it('scores a name with a typo below 1 and still first', () => {
    const matches = index.match('Coral Palce 3', options);
    expect(matches[0].index).toBe(names.indexOf('Coral Palace 3'));
    expect(matches[0].score).toBeLessThan(1);
    for (const m of matches) expect(m.score).toBeLessThanOrEqual(matches[0].score);
  });

  it('reads a word it has as a typo of another only when the name as typed finds nothing', () => {
    const places = new NameIndex(['Hotel Palace GL', 'Harbour Place', 'Corak Inn'], Uint32Array.from([0, 1, 2]));
    // "Place" is a word of the catalog, but "Hotel Place GL" matches nothing as typed.
    expect(places.match('Hotel Place GL', options).map((m) => m.index)).toEqual([0]);
    // As typed first: "Harbour Place" is not read as a typo of anything.
    expect(places.match('Harbour Place', options)[0]).toEqual({ index: 1, score: 1 });
  });

  it('offers nothing for words it does not have', () => {
    expect(index.match('Xylophone Quartet', options)).toEqual([]);
    expect(index.match('', options)).toEqual([]);
  });
});
