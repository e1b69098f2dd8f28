// Each hotel's row by its id: an open-addressing hash table over the table's id column, in one
// Int32Array (plain data: a saved index reads it back as written, and serving threads share it).
// A detail read asks it where the store keeps the hotel, to read it there without looking the id
// up in the store's own index.
import { fnv1a } from '../text/fnv.js';
import type { TextColumn } from './string-column.js';

export class HotelIds {
  /** Slot s holds a row, or -1; at most half the slots are used. */
  private readonly slots: Int32Array;

  /** `ids`: the table's id column (ids are distinct in a catalog). */
  constructor(private readonly ids: TextColumn) {
    let size = 2;
    while (size < ids.length * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let row = 0; row < ids.length; row++) {
      let s = fnv1a(ids.at(row)!) & mask;
      while (this.slots[s] !== -1) s = (s + 1) & mask;
      this.slots[s] = row;
    }
  }

  /** The row of the hotel with this id, or -1. */
  rowOf(id: string): number {
    const mask = this.slots.length - 1;
    for (let s = fnv1a(id) & mask; ; s = (s + 1) & mask) {
      const row = this.slots[s];
      if (row === -1 || this.ids.at(row) === id) return row;
    }
  }
}
