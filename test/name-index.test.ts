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

describe('NameIndex pruning', () => {
  // A catalog where names repeat (as chains and the demo do), words are shared by many names,
  // and some names carry a city's name; hotels are rated in an order unrelated to their names.
  const cores = ['Aurora', 'Cedar', 'Coral', 'Ember', 'Harbour', 'Laurel', 'Opal', 'Sable', 'Amber', 'Amur', 'Alder'];
  const kinds = ['Hotel', 'Inn', 'Suites', 'Palace', 'Place', 'Lodge', 'House', 'Rooms'];
  // No name holds "Quito": a query naming it matches its hotels by their city alone.
  const cities = ['Lima', 'Oslo', 'Porto', 'Quito'];
  let seed = 7;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const names: string[] = [];
  const cityOf: string[] = [];
  for (let h = 0; h < 4000; h++) {
    const city = pick(cities);
    const roll = next();
    names.push(
      roll < 0.3 ? `${pick(cores)} ${pick(kinds)}` : roll < 0.45 ? `Hotel ${pick(cores)}` : roll < 0.6 && city !== 'Quito' ? `${pick(cores)} ${city} ${pick(kinds)}`
        : roll < 0.75 ? `${pick(cores)} & ${pick(cores)} ${pick(kinds)}` : roll < 0.9 ? `Grand ${pick(cores)} ${pick(kinds)}` : `${pick(cores)} ${pick(kinds)} ${h}`,
    );
    cityOf.push(city);
  }
  const ranks = Uint32Array.from(names.keys()).sort((a, b) => ((a * 7919) % 4001) - ((b * 7919) % 4001));
  // Hotels 0-99 have no city the index knows.
  const cityNumbers = Int32Array.from(cityOf, (city, h) => (h < 100 ? -1 : cities.indexOf(city)));
  const hotelCities = {
    cityOf: cityNumbers,
    members: cities.map((_, c) => Uint32Array.from(names.keys()).filter((h) => cityNumbers[h] === c).sort((a, b) => ranks[a] - ranks[b])),
  };
  const citiesNamed = (word: string) => {
    const city = cities.findIndex((c) => c.toLowerCase() === word);
    return city >= 0 ? [city] : null;
  };
  const typo = (word: string) => (word.length > 4 ? word.slice(0, 2) + word.slice(3) : word);
  const queries: string[] = [];
  for (let q = 0; q < 300; q++) {
    const words = names[Math.floor(next() * names.length)].split(' ');
    const at = Math.floor(next() * words.length);
    if (next() < 0.6) words[at] = typo(words[at]);
    if (next() < 0.2) words.splice(Math.floor(next() * words.length), 0, pick(cities));
    if (next() < 0.15) words.splice(at, 1);
    queries.push(words.join(' '));
  }
  queries.push('Ambr', 'The Sale', 'Lima', 'Hotel Oslo', 'Grand', 'Palce', 'Place', 'Cedar Lima', 'Suites Inn', 'Quito', 'Hotel Quito', 'Cedar Quito', 'Quito Palace');

  for (const [what, minPaired] of [['pairing only common words', undefined], ['pairing every word', 1], ['pairing no word', 1e9]] as const) {
    it(`answers what scoring every hotel answers, ${what}`, () => {
      const index = new NameIndex(names, ranks, hotelCities, minPaired);
      let found = 0;
      for (const name of queries) {
        for (const options of [
          { limit: 5 },
          { limit: 5, citiesNamed },
          { limit: 3, citiesNamed, boostedCities: citiesNamed('oslo'), boost: 0.15 },
          { limit: 5, boostedCities: [0, 2], boost: 0.15 },
          // The city's own words in its hotels' names count as said.
          { limit: 3, citiesNamed, boostedCities: citiesNamed('oslo'), boostedCityName: 'oslo', boost: 0.15 },
          { limit: 5, boostedCities: [0], boostedCityName: 'lima', boost: 0.15 },
          { limit: 20 },
          { limit: 20, citiesNamed },
        ]) {
          const pruned = index.match(name, options);
          expect(pruned, `${name} ${JSON.stringify(Object.keys(options))}`).toEqual(index.matchScoringEveryHotel(name, options));
          if (pruned.length > 0) found++;
        }
      }
      // The comparison means something only if most queries find hotels.
      expect(found).toBeGreaterThan(queries.length * 5);
    });
  }

  it('reads a name holding a word that JavaScript objects also know ("constructor") as a word like any other', () => {
    const built = new NameIndex(['The Constructor', 'Constructor Suites', 'Harbour Inn'], Uint32Array.from([0, 1, 2]));
    expect(built.match('The Constructor', { limit: 5 }).map((m) => m.index)[0]).toBe(0);
    expect(built.suggest('constr', 5)).toEqual([0, 1]);
  });
});
