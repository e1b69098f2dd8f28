// How many points of a KdTree lie within a circle, without measuring every one: a subtree whose
// region lies wholly inside the circle counts whole, so the work follows the circle's edge, not
// its area (a 5 km circle in a dense city holds thousands of hotels).
//
// A region is wholly inside when its four corners are: within a latitude band and a longitude
// span of at most 90 degrees from the centre, the great-circle distance from the centre grows
// with the longitude difference and has no minimum inside a latitude interval, so it is
// greatest at a corner. Corners must be inside by a millimetre, which no rounding reaches.
import { scratch } from '../snapshot/scratch.js';
import { WithinKm, type LngLatBox } from './geo.js';
import type { KdTree } from './kd-tree.js';

const MARGIN_KM = 1e-6;

export interface Circle {
  lat: number;
  lng: number;
  radiusKm: number;
}

export class CircleCounter {
  /** Per pending subtree: left, right, axis. */
  private readonly spans: Int32Array;
  /** Per pending subtree: the region its points lie in (minX, minY, maxX, maxY). */
  private readonly regions: Float64Array;
  private readonly bounds: LngLatBox;

  constructor(private readonly tree: KdTree) {
    const depth = Math.ceil(Math.log2(tree.size + 1)) + 2;
    this.spans = scratch(new Int32Array(3 * 2 * depth));
    this.regions = scratch(new Float64Array(4 * 2 * depth));
    const c = tree.coords;
    this.bounds = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < c.length; i += 2) {
      this.bounds[0] = Math.min(this.bounds[0], c[i]);
      this.bounds[1] = Math.min(this.bounds[1], c[i + 1]);
      this.bounds[2] = Math.max(this.bounds[2], c[i]);
      this.bounds[3] = Math.max(this.bounds[3], c[i + 1]);
    }
  }

  /**
   * Points within the circle among those inside `box` (one of the circle's boxes, geo.ts
   * circleBoxes): the same count as measuring each point in the box, edge included.
   */
  count(circle: Circle, box: LngLatBox): number {
    const { tree, spans, regions } = this;
    const { coords, nodeSize } = tree;
    if (tree.size === 0) return 0;
    const [minX, minY, maxX, maxY] = box;
    // Decided as the formula of every distance the service reports would decide them.
    const inCircle = new WithinKm(circle.lat, circle.lng, circle.radiusKm);
    const wellInside = new WithinKm(circle.lat, circle.lng, circle.radiusKm - MARGIN_KM);
    let total = 0;
    let top = 0;
    const push = (left: number, right: number, axis: number, x0: number, y0: number, x1: number, y1: number) => {
      spans[3 * top] = left;
      spans[3 * top + 1] = right;
      spans[3 * top + 2] = axis;
      regions[4 * top] = x0;
      regions[4 * top + 1] = y0;
      regions[4 * top + 2] = x1;
      regions[4 * top + 3] = y1;
      top++;
    };
    push(0, tree.size - 1, 0, this.bounds[0], this.bounds[1], this.bounds[2], this.bounds[3]);
    while (top > 0) {
      top--;
      const left = spans[3 * top];
      const right = spans[3 * top + 1];
      const axis = spans[3 * top + 2];
      const x0 = regions[4 * top];
      const y0 = regions[4 * top + 1];
      const x1 = regions[4 * top + 2];
      const y1 = regions[4 * top + 3];
      if (x1 < minX || x0 > maxX || y1 < minY || y0 > maxY) continue;
      if (
        x0 >= minX && x1 <= maxX && y0 >= minY && y1 <= maxY &&
        Math.abs(x0 - circle.lng) <= 90 && Math.abs(x1 - circle.lng) <= 90 &&
        wellInside.test(y0, x0) && wellInside.test(y0, x1) && wellInside.test(y1, x0) && wellInside.test(y1, x1)
      ) {
        total += right - left + 1;
        continue;
      }
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) total += this.inside(i, inCircle, box) ? 1 : 0;
        continue;
      }
      const m = (left + right) >> 1;
      total += this.inside(m, inCircle, box) ? 1 : 0;
      const split = coords[2 * m + axis];
      // Points equal to the median may lie on either side: each side's region includes it.
      if (axis === 0) {
        push(left, m - 1, 1, x0, y0, split, y1);
        push(m + 1, right, 1, split, y0, x1, y1);
      } else {
        push(left, m - 1, 0, x0, y0, x1, split);
        push(m + 1, right, 0, x0, split, x1, y1);
      }
    }
    return total;
  }

  private inside(i: number, inCircle: WithinKm, box: LngLatBox): boolean {
    const x = this.tree.coords[2 * i];
    const y = this.tree.coords[2 * i + 1];
    if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) return false;
    return inCircle.test(y, x);
  }
}
