// Prefix lookups in a sorted list of texts, for suggestions as people type. The texts that begin
// with a prefix are one run of the list (two binary searches). The prefixes one typo away are
// found by walking the list as a trie: at each place, only the letters that occur there in the
// list are tried, so a typo costs what the list holds, not the alphabet. The first letter is
// never taken for a typo (people nearly always get it right; see places/place-typos.ts).

import type { SortedTexts } from './sorted-texts.js';

/** Where the texts beginning with `prefix` lie in `sorted[lo, hi)`: [start, end), empty when start === end. */
export function prefixRange(sorted: SortedTexts, prefix: string, lo = 0, hi = sorted.length): [number, number] {
  return runFrom(sorted, 0, prefix, lo, hi);
}

/** Visited with each run of texts beginning with a prefix one typo away from the typed one. */
export type RangeVisitor = (start: number, end: number) => void;

/** The first position of `sorted[lo, hi)` whose text, read from `offset`, comes after `key` and does not go on with it. */
function pastFrom(sorted: SortedTexts, offset: number, key: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted.compareFrom(mid, offset, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where the texts of `sorted[lo, hi)` that go on with `key` after their first `offset` letters
 * lie, when every text there shares those letters: [start, end), as prefixRange. Compared letter
 * by letter from the offset, so a prefix one typo away is looked up without being made.
 */
function runFrom(sorted: SortedTexts, offset: number, key: string, lo: number, hi: number): [number, number] {
  let start = lo;
  let end = hi;
  while (start < end) {
    const mid = (start + end) >>> 1;
    if (sorted.compareFrom(mid, offset, key) < 0) start = mid + 1;
    else end = mid;
  }
  return [start, pastFrom(sorted, offset, key, start, hi)];
}

/**
 * The runs of `sorted` whose texts begin with a prefix one typo from `typed`: a letter left
 * out, added or swapped with the next, or changed for one that `substitutable` allows. Runs may
 * overlap one another (and the run of `typed` itself); the caller keeps each item once.
 */
export function nearPrefixRanges(
  sorted: SortedTexts,
  typed: string,
  substitutable: (typedLetter: string, letter: string) => boolean,
  visit: RangeVisitor,
): void {
  const n = typed.length;
  let lo = 0;
  let hi = sorted.length;
  // Texts of [from, to) share their first `offset` letters; those going on with `key` are visited.
  const visitRun = (offset: number, key: string, from: number, to: number) => {
    const [start, end] = runFrom(sorted, offset, key, from, to);
    if (start < end) visit(start, end);
  };
  for (let i = 1; i < n; i++) {
    // Texts that share the first i typed letters (those of [lo, hi) share i - 1); the typo is at place i.
    [lo, hi] = runFrom(sorted, i - 1, typed[i - 1], lo, hi);
    if (lo >= hi) return;
    const rest = typed.slice(i + 1);
    const fromHere = typed.slice(i);
    // The letter typed at i is one too many (not the last: without it, what was typed only begins less).
    if (i + 1 < n) visitRun(i, rest, lo, hi);
    // The letters at i and i + 1 are swapped.
    if (i + 1 < n && typed[i] !== typed[i + 1]) visitRun(i, typed[i + 1] + typed[i] + typed.slice(i + 2), lo, hi);
    // A letter that texts have at i was changed, or left out.
    let j = lo;
    while (j < hi && sorted.lengthOf(j) === i) j++;
    while (j < hi) {
      const letter = String.fromCharCode(sorted.codeAt(j, i));
      // Texts of [j, hi) do not come before the letter at i: its run ends where they come after it.
      const runEnd = pastFrom(sorted, i, letter, j, hi);
      if (letter !== typed[i] && substitutable(typed[i], letter)) visitRun(i + 1, rest, j, runEnd);
      visitRun(i + 1, fromHere, j, runEnd);
      j = runEnd;
    }
  }
}

/**
 * The best-scored item of any range of a list, in O(log n): a segment tree of each node's best
 * position (the higher score; on a tie, the earlier position).
 */
export class RangeBest {
  private readonly leaves: number;
  private readonly tree: Int32Array;

  constructor(readonly score: Float64Array) {
    let leaves = 1;
    while (leaves < score.length) leaves *= 2;
    this.leaves = leaves;
    this.tree = new Int32Array(2 * leaves).fill(-1);
    for (let i = 0; i < score.length; i++) this.tree[leaves + i] = i;
    for (let node = leaves - 1; node >= 1; node--) this.tree[node] = this.better(this.tree[2 * node], this.tree[2 * node + 1]);
  }

  private better(a: number, b: number): number {
    if (a < 0) return b;
    if (b < 0) return a;
    const { score } = this;
    return score[b] > score[a] || (score[b] === score[a] && b < a) ? b : a;
  }

  /** The best position in [start, end), or -1 for an empty range. */
  best(start: number, end: number): number {
    let found = -1;
    let l = start + this.leaves;
    let r = end + this.leaves;
    while (l < r) {
      if (l & 1) found = this.better(found, this.tree[l++]);
      if (r & 1) found = this.better(found, this.tree[--r]);
      l >>>= 1;
      r >>>= 1;
    }
    return found;
  }
}

/**
 * The items of several ranges of a RangeBest's list, best first, each range's scores lowered by
 * its own penalty (a typo): each step takes the best range head and splits its range around it.
 * An item in two ranges comes twice; the caller keeps it once. The ranges wait in a binary heap
 * on their heads' penalised scores (ties: the earlier position).
 */
export class BestFirst {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly heads: number[] = [];
  private readonly keys: number[] = [];
  private readonly penalties: number[] = [];

  constructor(private readonly ranges: RangeBest) {}

  add(start: number, end: number, penalty: number): void {
    const head = this.ranges.best(start, end);
    if (head < 0) return;
    let at = this.heads.length;
    this.starts.push(start);
    this.ends.push(end);
    this.heads.push(head);
    this.keys.push(this.ranges.score[head] - penalty);
    this.penalties.push(penalty);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(at, parent)) break;
      this.swap(at, parent);
      at = parent;
    }
  }

  /** The penalised score of the next best item, or null when every range is spent. */
  peekScore(): number | null {
    return this.heads.length === 0 ? null : this.keys[0];
  }

  /** The next best item and its penalised score, or null when every range is spent. */
  next(): { position: number; score: number } | null {
    if (this.heads.length === 0) return null;
    const position = this.heads[0];
    const score = this.keys[0];
    const start = this.starts[0];
    const end = this.ends[0];
    const penalty = this.penalties[0];
    this.removeTop();
    this.add(start, position, penalty);
    this.add(position + 1, end, penalty);
    return { position, score };
  }

  private before(a: number, b: number): boolean {
    const { keys, heads } = this;
    return keys[a] > keys[b] || (keys[a] === keys[b] && heads[a] < heads[b]);
  }

  private swap(a: number, b: number): void {
    swapIn(this.starts, a, b);
    swapIn(this.ends, a, b);
    swapIn(this.heads, a, b);
    swapIn(this.keys, a, b);
    swapIn(this.penalties, a, b);
  }

  private removeTop(): void {
    const last = this.heads.length - 1;
    this.swap(0, last);
    this.starts.pop();
    this.ends.pop();
    this.heads.pop();
    this.keys.pop();
    this.penalties.pop();
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let best = at;
      if (left < last && this.before(left, best)) best = left;
      if (right < last && this.before(right, best)) best = right;
      if (best === at) return;
      this.swap(at, best);
      at = best;
    }
  }
}

function swapIn(list: number[], a: number, b: number): void {
  const kept = list[a];
  list[a] = list[b];
  list[b] = kept;
}
