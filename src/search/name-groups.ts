// Hotels grouped by their name as words. Many hotels share a name (chains, "Hotel Aurora" in a
// hundred cities, the demo catalog), and every hotel of a group scores the same for a typed
// name, so the name index lists and scores groups, not hotels: a query costs what the
// distinct names it meets cost, however many hotels carry each of them.
import type { TextColumn } from './string-column.js';
import { nameWords } from './name-words.js';
import { orderByKey } from './sort-keys.js';

/** A word's bit in a name's 32-bit signature: a name lacking every bit of a word lacks the word. */
export function signatureBit(token: number): number {
  return 1 << (Math.imul(token, 0x9e3779b1) >>> 27);
}

export class NameGroups {
  readonly vocabulary = new Map<string, number>();
  readonly words: string[] = [];
  /** Per word: its inverse document frequency over hotels. */
  readonly idf: Float64Array;
  /** Per group: its words in name order (from tokenStart[g] to tokenStart[g + 1]). */
  readonly tokenStart: Uint32Array;
  readonly tokens: Uint32Array;
  /** Per group: its words' summed idf, floored to 1/65536 (lists are ordered by it; never above the true sum). */
  readonly weight: Float32Array;
  readonly signature: Uint32Array;
  /** Per group: its hotels, best-rated first (from hotelStart[g] to hotelStart[g + 1]). */
  readonly hotelStart: Uint32Array;
  readonly hotels: Uint32Array;
  /** Per group: its position in the order of best-rated hotels (dense, distinct). */
  readonly rank: Uint32Array;
  /** Per hotel: its group. */
  readonly groupOf: Uint32Array;

  constructor(names: TextColumn, ranks: Uint32Array) {
    const n = names.length;
    // Read each distinct name once; names made of the same words in the same order share a group.
    const groupOfName = new Map<string, number>();
    const groupOfWords = new Map<string, number>();
    const groupTokens: number[][] = [];
    const groupSize: number[] = [];
    this.groupOf = new Uint32Array(n);
    for (let h = 0; h < n; h++) {
      const name = names.at(h)!;
      let g = groupOfName.get(name);
      if (g === undefined) {
        const tokens = nameWords(name).map((word) => this.tokenOf(word));
        const key = tokens.join(',');
        g = groupOfWords.get(key);
        if (g === undefined) {
          g = groupTokens.length;
          groupOfWords.set(key, g);
          groupTokens.push(tokens);
          groupSize.push(0);
        }
        groupOfName.set(name, g);
      }
      this.groupOf[h] = g;
      groupSize[g]++;
    }
    const groups = groupTokens.length;
    const frequency = new Uint32Array(this.words.length);
    for (let g = 0; g < groups; g++) for (const t of groupTokens[g]) frequency[t] += groupSize[g];
    this.idf = new Float64Array(this.words.length);
    for (let t = 0; t < this.words.length; t++) this.idf[t] = Math.log(1 + n / frequency[t]);

    this.tokenStart = new Uint32Array(groups + 1);
    for (let g = 0; g < groups; g++) this.tokenStart[g + 1] = this.tokenStart[g] + groupTokens[g].length;
    this.tokens = new Uint32Array(this.tokenStart[groups]);
    this.weight = new Float32Array(groups);
    this.signature = new Uint32Array(groups);
    for (let g = 0; g < groups; g++) {
      let weight = 0;
      let signature = 0;
      groupTokens[g].forEach((t, k) => {
        this.tokens[this.tokenStart[g] + k] = t;
        weight += this.idf[t];
        signature |= signatureBit(t);
      });
      this.weight[g] = Math.floor(weight * 65536) / 65536;
      this.signature[g] = signature;
    }

    // Hotels of each group best-rated first, and groups ranked by their best hotel.
    this.hotelStart = new Uint32Array(groups + 1);
    for (let g = 0; g < groups; g++) this.hotelStart[g + 1] = this.hotelStart[g] + groupSize[g];
    this.hotels = new Uint32Array(n);
    this.rank = new Uint32Array(groups).fill(0xffffffff);
    const byRank = new Uint32Array(n);
    for (let h = 0; h < n; h++) byRank[ranks[h]] = h;
    const fill = this.hotelStart.slice(0, groups);
    let nextRank = 0;
    for (let r = 0; r < n; r++) {
      const h = byRank[r];
      const g = this.groupOf[h];
      if (this.rank[g] === 0xffffffff) this.rank[g] = nextRank++;
      this.hotels[fill[g]++] = h;
    }
  }

  get size(): number {
    return this.weight.length;
  }

  private tokenOf(word: string): number {
    let token = this.vocabulary.get(word);
    if (token === undefined) {
      token = this.words.length;
      this.vocabulary.set(word, token);
      this.words.push(word);
    }
    return token;
  }

  /**
   * Groups by name weight, then rank: the order every list keeps, so a scan can stop where the
   * rest could only score less. A weight is a whole number of 1/65536, so it sorts as a key.
   */
  lightestFirst(): Uint32Array {
    const groups = this.size;
    const ranked = new Uint32Array(groups);
    for (let g = 0; g < groups; g++) ranked[this.rank[g]] = g;
    const weightKey = (p: number) => this.weight[ranked[p]] * 65536;
    let keys = 1;
    for (let p = 0; p < groups; p++) keys = Math.max(keys, weightKey(p) + 1);
    return (
      orderByKey(groups, weightKey, keys, (p) => ranked[p]) ??
      ranked.sort((a, b) => this.weight[a] - this.weight[b] || this.rank[a] - this.rank[b])
    );
  }
}
