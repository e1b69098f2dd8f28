// The global orders every search answers in: best-rated first (score, then more reviews, then
// name, then id), and most stars first (then best-rated), with unknown values last.
import { describe, expect, it } from 'vitest';
import { HotelTable } from '../src/search/hotel-table.js';
import { computeRanks } from '../src/search/ranking.js';

describe('computeRanks', () => {
  // Many ties on every key, and unknown scores, stars and review counts.
  let seed = 11;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const n = 3000;
  const table = new HotelTable(n);
  for (let i = 0; i < n; i++) {
    table.add({
      id: `h${Math.floor(next() * 1e6)}-${i}`,
      name: pick(['Aurora', 'Cedar Inn', 'Opal', 'Zephyr Suites', 'aurora']),
      stars: pick([null, 1, 2, 3, 3.5, 4, 4.5, 5]),
      rating: pick([null, 6.1, 7, 7.25, 8, 9.5, 10]),
      review_count: pick([null, 0, 1, 12, 12, 400, 2_000_000]),
      address: '',
      city: 'Lisbon',
      country_code: 'PT',
      latitude: 0,
      longitude: 0,
      photo_url: null,
    });
  }
  const known = (v: number) => (Number.isNaN(v) ? -1 : v);
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const bestRated = (a: number, b: number) =>
    known(table.rating[b]) - known(table.rating[a]) ||
    table.reviews[b] - table.reviews[a] ||
    text(table.nameOf(a), table.nameOf(b)) ||
    text(table.idOf(a), table.idOf(b));
  const positionsOf = (order: number[]) => {
    const rank = new Array<number>(n);
    order.forEach((h, p) => (rank[h] = p));
    return rank;
  };
  const { byRating, byStars } = computeRanks(table);

  it('ranks best-rated first: score, then more reviews, then name, then id; unknown last', () => {
    const expected = positionsOf([...Array(n).keys()].sort(bestRated));
    expect([...byRating]).toEqual(expected);
  });

  it('ranks most stars first, then best-rated; unknown stars last', () => {
    const expected = positionsOf([...Array(n).keys()].sort((a, b) => known(table.stars[b]) - known(table.stars[a]) || bestRated(a, b)));
    expect([...byStars]).toEqual(expected);
  });
});
