// Global orders computed once per catalog, so that ordering hits at query time is a
// comparison of two integers.
import type { HotelTable } from './hotel-table.js';

export interface Ranks {
  /** Position of each hotel best-rated first: score, then more reviews, then name, then id. */
  byRating: Uint32Array;
  /** Position of each hotel most stars first, then as byRating. */
  byStars: Uint32Array;
}

function positions(order: Uint32Array): Uint32Array {
  const rank = new Uint32Array(order.length);
  for (let p = 0; p < order.length; p++) rank[order[p]] = p;
  return rank;
}

export function computeRanks(table: HotelTable): Ranks {
  const { names, ids } = table;
  const n = table.size;
  // Scores and stars are never negative: -1 stands for "none" and sorts after every value.
  const rating = new Float64Array(n);
  const stars = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    rating[i] = Number.isNaN(table.rating[i]) ? -1 : table.rating[i];
    stars[i] = Number.isNaN(table.stars[i]) ? -1 : table.stars[i];
  }
  const reviews = table.reviews;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort(
    (a, b) =>
      rating[b] - rating[a] ||
      reviews[b] - reviews[a] ||
      (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0) ||
      (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0),
  );
  const byRating = positions(order);
  order.sort((a, b) => stars[b] - stars[a] || byRating[a] - byRating[b]);
  return { byRating, byStars: positions(order) };
}
