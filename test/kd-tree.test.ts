// The geo index answers exactly what a brute-force scan answers.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../src/catalog/random.js';
import { CircleCounter } from '../src/search/circle-count.js';
import { circleBoxes, EARTH_RADIUS_KM, haversineKm, WithinKm } from '../src/search/geo.js';
import { IndexBuffer } from '../src/search/index-buffer.js';
import { KdTree } from '../src/search/kd-tree.js';

describe('KdTree', () => {
  const random = new SeededRandom(7);
  const n = 20_000;
  // Clustered points with many exact duplicates, the hard case for median selection.
  const xs = Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 1.5 : -180 + random.next() * 360));
  const ys = Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 2.5 : -90 + random.next() * 180));
  const tree = new KdTree(xs, ys, 16);

  it('finds every point in a box, and nothing else', () => {
    const out = new IndexBuffer(8);
    for (let q = 0; q < 200; q++) {
      const x = -180 + random.next() * 360;
      const y = -90 + random.next() * 180;
      const [minX, minY, maxX, maxY] = [x, y, x + random.next() * 40, y + random.next() * 20];
      out.clear();
      tree.range(minX, minY, maxX, maxY, out);
      const found = [...out.items.subarray(0, out.length)].sort((a, b) => a - b);
      const expected = xs.map((_, i) => i).filter((i) => xs[i] >= minX && xs[i] <= maxX && ys[i] >= minY && ys[i] <= maxY);
      expect(found).toEqual(expected);
    }
    out.clear();
    tree.range(1.5, 2.5, 1.5, 2.5, out);
    expect(out.length).toBe(n / 10);
  });
});

describe('circleBoxes', () => {
  it('cover the circle, across the antimeridian and over a pole', () => {
    const random = new SeededRandom(11);
    for (const [lat, lng, km] of [[10, 179.9, 50], [-20, -179.95, 30], [89.9, 0, 40], [-89.95, 120, 20], [38.7, -9.1, 5]]) {
      const boxes = circleBoxes(lat, lng, km);
      for (let i = 0; i < 2000; i++) {
        const pLat = Math.max(-90, Math.min(90, lat + (random.next() - 0.5) * 2));
        let pLng = lng + (random.next() - 0.5) * 4;
        pLng = pLng > 180 ? pLng - 360 : pLng < -180 ? pLng + 360 : pLng;
        if (haversineKm(lat, lng, pLat, pLng) > km) continue;
        const covered = boxes.some(([minLng, minLat, maxLng, maxLat]) => pLng >= minLng && pLng <= maxLng && pLat >= minLat && pLat <= maxLat);
        expect(covered).toBe(true);
      }
    }
  });
});

describe('CircleCounter', () => {
  it('counts what measuring every point counts: dense clusters, duplicates, the antimeridian, the poles', () => {
    const random = new SeededRandom(5);
    const centres: [number, number][] = [[48.85, 2.35], [0, 179.95], [-33.9, -179.99], [89.97, 10], [-89.9, -60], [35.7, 139.7]];
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 30_000; i++) {
      const [lat, lng] = centres[i % centres.length];
      // Exact duplicates too: many hotels of a demo catalog share a city centre.
      const spread = i % 7 === 0 ? 0 : random.next() * 0.8;
      let x = lng + (random.next() - 0.5) * spread * 2;
      x = x > 180 ? x - 360 : x < -180 ? x + 360 : x;
      xs.push(x);
      ys.push(Math.max(-90, Math.min(90, lat + (random.next() - 0.5) * spread)));
    }
    const tree = new KdTree(xs, ys, 16);
    const counter = new CircleCounter(tree);
    for (let q = 0; q < 300; q++) {
      const [lat, lng] = centres[q % centres.length];
      const circle = { lat: Math.max(-90, Math.min(90, lat + (random.next() - 0.5) * 0.3)), lng, radiusKm: [0.5, 5, 20, 50][q % 4] };
      const counted = circleBoxes(circle.lat, circle.lng, circle.radiusKm).reduce((n, box) => n + counter.count(circle, box), 0);
      const measured = xs.filter((x, i) => haversineKm(circle.lat, circle.lng, ys[i], x) <= circle.radiusKm).length;
      expect(counted, `${circle.radiusKm} km around ${circle.lat}, ${circle.lng}`).toBe(measured);
    }
  });
});

describe('WithinKm', () => {
  const RAD = Math.PI / 180;
  /** The point `km` from a centre along a bearing (the sphere's direct problem). */
  function along(lat: number, lng: number, bearing: number, km: number): [number, number] {
    const a = km / EARTH_RADIUS_KM;
    const [p, l, b] = [lat * RAD, lng * RAD, bearing * RAD];
    const p2 = Math.asin(Math.sin(p) * Math.cos(a) + Math.cos(p) * Math.sin(a) * Math.cos(b));
    const l2 = l + Math.atan2(Math.sin(b) * Math.sin(a) * Math.cos(p), Math.cos(a) - Math.sin(p) * Math.sin(p2));
    const lng2 = ((l2 / RAD + 540) % 360) - 180;
    return [p2 / RAD, lng2];
  }

  it('decides every point as the distance formula does, on the very edge of the circle too', () => {
    const random = new SeededRandom(11);
    let onEdge = 0;
    for (let q = 0; q < 400; q++) {
      const centre: [number, number] =
        q % 5 === 0 ? [0, 179.999] : q % 5 === 1 ? [89.9, 30] : [-60 + random.next() * 120, -180 + random.next() * 360];
      const km = [0.5, 3, 5, 15, 50, 300, 1000][q % 7];
      const within = new WithinKm(centre[0], centre[1], km);
      for (let k = 0; k < 80; k++) {
        // On the edge; then a millionth to a thousandth of the radius either side, where only
        // the series decide; then anywhere within twice the radius.
        const off = k < 40 ? 0 : k < 60 ? (k % 2 ? 1 : -1) * 10 ** -(3 + (k % 4)) : 0;
        const [lat, lng] = along(centre[0], centre[1], random.next() * 360, k < 60 ? km * (1 + off) : km * 2 * random.next());
        // Nudged by a few units of the last place: either side of the edge, as rounding puts them.
        const [dLat, dLng] = k < 40 ? [(k % 7) - 3, ((k >> 3) % 5) - 2] : [0, 0];
        const point: [number, number] = [lat + dLat * 1e-14 * Math.max(1, Math.abs(lat)), lng + dLng * 1e-14 * Math.max(1, Math.abs(lng))];
        const measured = haversineKm(centre[0], centre[1], point[0], point[1]) <= km;
        if (k < 40 && Math.abs(haversineKm(centre[0], centre[1], point[0], point[1]) - km) < 1e-9) onEdge++;
        expect(within.test(point[0], point[1]), `${point} against ${km} km from ${centre}`).toBe(measured);
      }
    }
    // Most edge points do sit within a nanometre of the edge, where only exact measuring decides.
    expect(onEdge).toBeGreaterThan(10_000);
  });
});
