// Hotels by their whole name, folded (case, accents and punctuation aside): what find puts
// first when a name is typed exactly as some hotel is called. The word index cannot: it scores
// names by their meaningful words, so "Hotel Alder" and "The Alder" read alike there.
//
// Flat, like the other indexes: each hotel's 30-bit hash of its folded name, hotels sorted by
// hash and, within a hash, best-rated first. A lookup is a binary search; a hash that collides
// only brings a hotel whose name is then compared as text.
import type { TextColumn } from './string-column.js';
import { fnv1a } from '../text/fnv.js';
import { foldText } from '../text/fold.js';
import { orderByKey } from './sort-keys.js';

/** FNV-1a, cut to 30 bits so that hash and position fit one exact float64 key up to 4M hotels. */
function nameHash(folded: string): number {
  return fnv1a(folded) >>> 2;
}

const SCAN_WITH_FILTER = 256;

export class ExactNames {
  /** Hashes in ascending order, and the hotel at each place. */
  private readonly hashes: Uint32Array;
  private readonly hotels: Uint32Array;

  /** `byRating`: each hotel's place best-rated first (a permutation). */
  constructor(
    private readonly names: TextColumn,
    byRating: Uint32Array,
  ) {
    const n = names.length;
    const bestFirst = new Uint32Array(n);
    for (let h = 0; h < n; h++) bestFirst[byRating[h]] = h;
    // Many hotels share a name (chains, the demo catalog): fold each distinct name once.
    const hashOfName = new Map<string, number>();
    const hashOf = new Uint32Array(n);
    for (let h = 0; h < n; h++) {
      const name = names.at(h)!;
      let hash = hashOfName.get(name);
      if (hash === undefined) hashOfName.set(name, (hash = nameHash(foldText(name))));
      hashOf[h] = hash;
    }
    const order =
      orderByKey(n, (p) => hashOf[bestFirst[p]], 2 ** 30, (p) => bestFirst[p]) ??
      Uint32Array.from(bestFirst).sort((a, b) => hashOf[a] - hashOf[b] || byRating[a] - byRating[b]);
    this.hotels = order;
    this.hashes = new Uint32Array(n);
    for (let k = 0; k < n; k++) this.hashes[k] = hashOf[order[k]];
  }

  /**
   * Hotels called exactly this (folded) name, best-rated first, those `keep` accepts, at most
   * `limit`. With `keep`, only the SCAN_WITH_FILTER best-rated hotels of the name are looked
   * at: a chain's name in one city is otherwise a walk through all its hotels (the name index
   * still favours the city's hotels by their words).
   */
  named(folded: string, limit: number, keep?: (hotel: number) => boolean): number[] {
    const hash = nameHash(folded);
    const found: number[] = [];
    // Hotels of one hash nearly all bear the same name, written the same way: fold it once.
    let lastName: string | null = null;
    let lastEqual = false;
    const first = this.firstAtLeast(hash);
    for (let k = first; k < this.hashes.length && this.hashes[k] === hash && found.length < limit; k++) {
      const hotel = this.hotels[k];
      if (keep) {
        if (k - first >= SCAN_WITH_FILTER) break;
        if (!keep(hotel)) continue;
      }
      const name = this.names.at(hotel)!;
      if (name !== lastName) {
        lastName = name;
        lastEqual = foldText(name) === folded;
      }
      if (lastEqual) found.push(hotel);
    }
    return found;
  }

  private firstAtLeast(hash: number): number {
    let lo = 0;
    let hi = this.hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.hashes[mid] < hash) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
