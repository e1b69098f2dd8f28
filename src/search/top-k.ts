// Keeps the k best items seen, ordered by (primary, secondary) ascending. k is small (at most
// a few dozen), so a sorted array with insertion beats a heap and allocates nothing.

import { scratch } from '../snapshot/scratch.js';

export class TopK {
  private ids: Uint32Array;
  private primary: Float64Array;
  private secondary: Float64Array;
  private k = 0;
  length = 0;

  constructor(capacity = 64) {
    this.ids = scratch(new Uint32Array(capacity));
    this.primary = scratch(new Float64Array(capacity));
    this.secondary = scratch(new Float64Array(capacity));
  }

  reset(k: number): void {
    if (k > this.ids.length) {
      this.ids = scratch(new Uint32Array(k));
      this.primary = scratch(new Float64Array(k));
      this.secondary = scratch(new Float64Array(k));
    }
    this.k = k;
    this.length = 0;
  }

  /** Offers an item; says whether it was kept. */
  offer(id: number, primary: number, secondary: number): boolean {
    const { ids, primary: p, secondary: s } = this;
    let at = this.length;
    if (at === this.k) {
      // Full: only something better than the worst kept gets in.
      const last = at - 1;
      if (at === 0 || primary > p[last] || (primary === p[last] && secondary >= s[last])) return false;
      at = last;
    } else {
      this.length++;
    }
    while (at > 0 && (primary < p[at - 1] || (primary === p[at - 1] && secondary < s[at - 1]))) {
      ids[at] = ids[at - 1];
      p[at] = p[at - 1];
      s[at] = s[at - 1];
      at--;
    }
    ids[at] = id;
    p[at] = primary;
    s[at] = secondary;
    return true;
  }

  id(position: number): number {
    return this.ids[position];
  }

  primaryOf(position: number): number {
    return this.primary[position];
  }
}
