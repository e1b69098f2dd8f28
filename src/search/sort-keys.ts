// Sorting by integer keys natively: a key and a position packed into one exact float64 sort
// several times faster than a comparator over a million items.

/**
 * Positions 0..n-1 by an integer key below `keys`, ties by position, each mapped through
 * `item`; null when key and position do not fit one exact float64 (the caller then sorts with
 * a comparator).
 */
export function orderByKey(n: number, keyOf: (i: number) => number, keys: number, item: (i: number) => number): Uint32Array | null {
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  if (keys * scale > Number.MAX_SAFE_INTEGER) return null;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = keyOf(i) * scale + i;
  sorted.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = item(sorted[k] % scale);
  return order;
}

/** The inverse of an order (a permutation): where each item is in it. */
export function positionsOf(order: Uint32Array): Uint32Array {
  const at = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k++) at[order[k]] = k;
  return at;
}
