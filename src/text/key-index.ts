// A fixed set of strings, each found by its position: an open-addressing hash table in one
// Int32Array. Unlike a Map it is plain data, so a saved index reads it back as it was written,
// with nothing to hash again (a Map of 360,000 names took a fifth of a second to refill). The
// keys may be a plain array or a column that makes each string when read (the hotel table's ids).
import { fnv1a } from './fnv.js';

/** Strings by position: an array, or anything read the same way. */
export interface KeyList {
  readonly length: number;
  at(position: number): string | undefined;
}

export class KeyIndex<Keys extends KeyList = readonly string[]> {
  /** Slot s holds the position of a key, or -1; at most half the slots are used. */
  private readonly slots: Int32Array;

  /** `keys` must be distinct; a key's position is its place in this list. */
  constructor(readonly keys: Keys) {
    let size = 2;
    while (size < keys.length * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let k = 0; k < keys.length; k++) {
      const key = keys.at(k)!;
      let s = fnv1a(key) & mask;
      while (this.slots[s] !== -1) {
        if (keys.at(this.slots[s]) === key) throw new Error(`"${key}" is in the list twice`);
        s = (s + 1) & mask;
      }
      this.slots[s] = k;
    }
  }

  get size(): number {
    return this.keys.length;
  }

  /** The position of a key, or -1. */
  indexOf(key: string): number {
    const mask = this.slots.length - 1;
    for (let s = fnv1a(key) & mask; ; s = (s + 1) & mask) {
      const k = this.slots[s];
      if (k === -1 || this.keys.at(k) === key) return k;
    }
  }
}
