// Growable scratch arrays reused across queries, so a search allocates nothing per request
// once the buffers have grown to the largest result they have seen.

import { scratch } from '../snapshot/scratch.js';
export class IndexBuffer {
  items: Uint32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.items = scratch(new Uint32Array(initialCapacity));
  }

  clear(): void {
    this.length = 0;
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = scratch(new Uint32Array(this.items.length * 2));
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }
}
