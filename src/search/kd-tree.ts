// A static 2-d tree over flat typed arrays (the layout kdbush made popular): points are
// reordered so that each subtree is a contiguous slice split at its median, alternately on
// x and y. Nothing is allocated per query; leaves of `nodeSize` points are scanned linearly.
import { scratch } from '../snapshot/scratch.js';
import type { IndexBuffer } from './index-buffer.js';

export class KdTree {
  /** Item numbers in tree order. */
  readonly ids: Uint32Array;
  /** x, y of the items in tree order, interleaved. */
  readonly coords: Float64Array;
  readonly nodeSize: number;
  private stack: Int32Array;

  constructor(xs: ArrayLike<number>, ys: ArrayLike<number>, nodeSize = 64) {
    const n = xs.length;
    this.nodeSize = Math.max(2, nodeSize);
    this.ids = new Uint32Array(n);
    this.coords = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      this.ids[i] = i;
      this.coords[2 * i] = xs[i];
      this.coords[2 * i + 1] = ys[i];
    }
    this.sortSubtree(0, n - 1, 0);
    // Three entries per pending subtree; a subtree is pushed at most twice per level.
    this.stack = scratch(new Int32Array(3 * 2 * (Math.ceil(Math.log2(n + 1)) + 2)));
  }

  get size(): number {
    return this.ids.length;
  }

  /** Appends to `out` the item numbers of all points inside the box (edges included). */
  range(minX: number, minY: number, maxX: number, maxY: number, out: IndexBuffer): void {
    const { ids, coords, nodeSize, stack } = this;
    if (ids.length === 0) return;
    let top = 0;
    stack[top++] = 0;
    stack[top++] = ids.length - 1;
    stack[top++] = 0;
    while (top > 0) {
      const axis = stack[--top];
      const right = stack[--top];
      const left = stack[--top];
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) {
          const x = coords[2 * i];
          const y = coords[2 * i + 1];
          if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(ids[i]);
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = coords[2 * m];
      const y = coords[2 * m + 1];
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(ids[m]);
      const value = axis === 0 ? x : y;
      if ((axis === 0 ? minX : minY) <= value) {
        stack[top++] = left;
        stack[top++] = m - 1;
        stack[top++] = 1 - axis;
      }
      if ((axis === 0 ? maxX : maxY) >= value) {
        stack[top++] = m + 1;
        stack[top++] = right;
        stack[top++] = 1 - axis;
      }
    }
  }

  private sortSubtree(left: number, right: number, axis: number): void {
    if (right - left <= this.nodeSize) return;
    const m = (left + right) >> 1;
    this.select(m, left, right, axis);
    this.sortSubtree(left, m - 1, 1 - axis);
    this.sortSubtree(m + 1, right, 1 - axis);
  }

  /**
   * Quickselect with a three-way partition: afterwards item k is in its sorted place, smaller
   * values before it and larger after, even when many points share a coordinate.
   */
  private select(k: number, left: number, right: number, axis: number): void {
    const c = this.coords;
    while (right > left) {
      // Median of three keeps sorted and clustered inputs from going quadratic.
      const a = c[2 * left + axis];
      const b = c[2 * ((left + right) >> 1) + axis];
      const d = c[2 * right + axis];
      const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), d));
      let lower = left;
      let i = left;
      let upper = right;
      while (i <= upper) {
        const v = c[2 * i + axis];
        if (v < pivot) this.swap(lower++, i++);
        else if (v > pivot) this.swap(i, upper--);
        else i++;
      }
      if (k < lower) right = lower - 1;
      else if (k > upper) left = upper + 1;
      else return;
    }
  }

  private swap(i: number, j: number): void {
    if (i === j) return;
    const { ids, coords } = this;
    const id = ids[i];
    ids[i] = ids[j];
    ids[j] = id;
    const x = coords[2 * i];
    const y = coords[2 * i + 1];
    coords[2 * i] = coords[2 * j];
    coords[2 * i + 1] = coords[2 * j + 1];
    coords[2 * j] = x;
    coords[2 * j + 1] = y;
  }
}
