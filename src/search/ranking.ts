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

/** Descending, with missing values (NaN) last. */
function descending(a: number, b: number): number {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  return b - a;
}

export function computeRanks(table: HotelTable): Ranks {
  const { rating, reviews, stars, names, ids } = table;
  const n = table.size;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort(
    (a, b) =>
      descending(rating[a], rating[b]) ||
      reviews[b] - reviews[a] ||
      (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0) ||
      (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0),
  );
  const byRating = positions(order);
  order.sort((a, b) => descending(stars[a], stars[b]) || byRating[a] - byRating[b]);
  return { byRating, byStars: positions(order) };
}
