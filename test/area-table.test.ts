// The reviewed table of tourist areas (src/places/data/reviewed-areas.json, made by
// scripts/derive-reviewed-areas.ts), checked mechanically: each centre in its country (Natural
// Earth 1:50m outlines, scripts/data/country-outlines.json), each box around its centre and of an
// extent sane for its kind, Wikidata ids well formed, unique, each with the datasets that confirm
// it (counted by source; at least 45 from a dataset) and, where UNESCO's list (sights.json)
// carries the same id, at the same place; names unique per country; and, on the demo catalog,
// no area whose centre has hotels nearby with a box that holds none. Then, over HTTP, the valleys
// whose old boxes held no hotel.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../scripts/area-file.js';
import { distanceToCountryKm, offshoreKm, readCountryOutlines } from '../scripts/country-outlines.js';
import { generateDemoHotels } from '../src/catalog/demo.js';
import { areaReachKm, inBox, loadAreaSources, type AreaRow, type Box } from '../src/places/areas.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { foldText } from '../src/text/fold.js';
import { startTestService, type TestService } from './support/test-service.js';

type Row = AreaRow & { w?: string; ws?: string; off?: string };
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const rows = (JSON.parse(read('../src/places/data/reviewed-areas.json')) as { areas: Row[] }).areas;
const sights = (JSON.parse(read('../src/places/data/sights.json')) as { areas: Row[] }).areas;
const kindsOfAreas = new Set((JSON.parse(read('../src/places/data/areas.json')) as { areas: Row[] }).areas.map((r) => r.k));
const asSource = (r: Row) => ({ name: r.n, aliases: r.a, kind: r.k, countries: r.c, lat: r.ll[0], lng: r.ll[1], box: r.bb as Box, point: r.p === 1 });

/** The longest side (km) a kind's box may have, and the shortest. */
const MAX_SIDE_KM: Record<string, number> = { sight: 16, peak: 30, waterfall: 10, cape: 10, island: 400, lake: 600, valley: 300, park: 300, wetland: 500, delta: 300, coast: 600, peninsula: 600, region: 600, plateau: 600, plain: 600, basin: 600, desert: 600, island_group: 700, mountain_range: 700 };
const MIN_SIDE_KM = 1;

function sidesKm([s, w, n, e]: Box): [number, number] {
  const midLat = ((s + n) / 2) * (Math.PI / 180);
  return [(e >= w ? e - w : e + 360 - w) * 111.2 * Math.cos(midLat), (n - s) * 111.2];
}

describe('the reviewed table of tourist areas', () => {
  it('has at least 1,000 areas, of the kinds areas.json uses', () => {
    expect(rows.length).toBeGreaterThanOrEqual(1000);
    expect(rows.filter((r) => !kindsOfAreas.has(r.k) && r.k !== 'sight').map((r) => r.n)).toEqual([]);
  });

  it('puts every centre in its first country (within the 1:50m scale of the coast for islands, coasts and sights)', () => {
    const outlines = readCountryOutlines(read('../scripts/data/country-outlines.json'));
    const outside = rows.flatMap((r) => {
      if (r.off === '1') return r.k === 'island' || r.k === 'island_group' ? [] : [`${r.n}: "off" only for islands`];
      const km = distanceToCountryKm(outlines, r.c[0], r.ll[0], r.ll[1]);
      return km > offshoreKm(r.k) ? [`${r.n} (${r.c[0]}): ${Math.round(km)} km outside`] : [];
    });
    expect(outside).toEqual([]);
    // Few are let off the outline check at all.
    expect(rows.filter((r) => r.off === '1').length).toBeLessThanOrEqual(5);
  });

  it('boxes each centre, with an extent sane for its kind', () => {
    const bad = rows.flatMap((r) => {
      const [width, height] = sidesKm(r.bb);
      const longest = Math.max(width, height);
      if (!inBox(r.bb, r.ll[0], r.ll[1])) return [`${r.n}: centre outside its box`];
      if (longest > MAX_SIDE_KM[r.k] || Math.min(width, height) < MIN_SIDE_KM) return [`${r.n} (${r.k}): ${Math.round(width)} x ${Math.round(height)} km`];
      return [];
    });
    expect(bad).toEqual([]);
  });

  it('gives well-formed, unique Wikidata ids, each with the datasets that confirm it, at the place UNESCO gives the same id', () => {
    const ids = rows.flatMap((r) => (r.w ? [r.w] : []));
    expect(ids.filter((id) => !/^Q[1-9]\d*$/.test(id))).toEqual([]);
    expect(ids.length - new Set(ids).size).toBe(0);
    // Each id with its sources (scripts/derive-reviewed-areas-wikidata.ts), and only with an id.
    const sources = new Set(['ne10m-regions', 'ne10m-lakes', 'ne10m-marine', 'ne10m-points', 'ne10m-peaks', 'ne10m-admin1', 'ogr', 'unesco', 'memory']);
    expect(rows.filter((r) => !r.w !== !r.ws || (r.ws && !r.ws.split('+').every((s) => sources.has(s)))).map((r) => `${r.n}: ${r.w}@${r.ws}`)).toEqual([]);
    const bySource = new Map<string, number>();
    for (const r of rows) if (r.ws) bySource.set(r.ws.split('+')[0], (bySource.get(r.ws.split('+')[0]) ?? 0) + 1);
    console.log(`reviewed areas' Wikidata ids by first source: ${[...bySource].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    // Confirmed from a dataset: at least this many; from the table writer's memory alone: no more.
    expect(rows.filter((r) => r.ws && r.ws !== 'memory').length).toBeGreaterThanOrEqual(45);
    expect(bySource.get('memory') ?? 0).toBeLessThanOrEqual(4);
    // Where sights.json and this file give the same id, the centres agree within their extents.
    const unesco = new Map(sights.filter((s) => s.w).map((s) => [s.w!, s]));
    const far = rows.flatMap((r) => {
      const s = r.w ? unesco.get(r.w) : undefined;
      if (!s) return [];
      const km = haversineKm(r.ll[0], r.ll[1], s.ll[0], s.ll[1]);
      const allowed = Math.max(5, areaReachKm(asSource(r)) + areaReachKm(asSource(s)));
      return km > allowed ? [`${r.n} ${r.w}: ${Math.round(km)} km from UNESCO's ${s.n}`] : [];
    });
    expect(far).toEqual([]);
    // An id "unesco" confirms is one sights.json has.
    expect(rows.filter((r) => r.ws?.split('+').includes('unesco') && !unesco.has(r.w!)).map((r) => r.n)).toEqual([]);
  });

  it('names each area once per country, and nothing the loader already has under that name but what it means to replace', () => {
    const keys = rows.map((r) => `${foldText(r.n)}|${r.c[0]}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    // Loaded first, a reviewed entry replaces the other files' one of its name: only these.
    const reviewed = new Set(keys);
    const replaced = loadAreaSources()
      .slice(rows.length)
      .filter((a) => reviewed.has(`${foldText(a.name)}|${a.countries[0]}`))
      .map((a) => a.name);
    expect(replaced).toEqual(['Vale of Kashmir']);
  });

  it('holds hotels of the demo catalog in the box of every area with hotels near its centre', () => {
    const gazetteer = builtInGazetteer();
    // Hotels on a 0.1° grid, to find those near a centre without a scan each.
    const grid = new Map<string, [number, number][]>();
    const cell = (lat: number, lng: number) => `${Math.floor(lat * 10)}:${Math.floor(lng * 10)}`;
    for (const h of generateDemoHotels(gazetteer)) {
      const key = cell(h.latitude, h.longitude);
      grid.set(key, [...(grid.get(key) ?? []), [h.latitude, h.longitude]]);
    }
    const near = (lat: number, lng: number, km: number) => {
      const out: [number, number][] = [];
      const d = Math.ceil(km / 11) + 1;
      const [i0, j0] = [Math.floor(lat * 10), Math.floor(lng * 10)];
      for (let i = i0 - d; i <= i0 + d; i++)
        for (let j = j0 - d * 3; j <= j0 + d * 3; j++) for (const h of grid.get(`${i}:${j}`) ?? []) if (haversineKm(lat, lng, h[0], h[1]) <= km) out.push(h);
      return out;
    };
    const empty = rows.flatMap((r) => {
      if (r.p === 1) return []; // a point is searched around its centre
      const km = Math.min(30, Math.max(5, areaReachKm(asSource(r))));
      const around = near(r.ll[0], r.ll[1], km);
      if (around.length === 0) return [];
      const inside = near(r.ll[0], r.ll[1], areaReachKm(asSource(r)) + 1).some(([lat, lng]) => inBox(r.bb, lat, lng));
      return inside ? [] : [`${r.n}: ${around.length} hotels within ${Math.round(km)} km of its centre, none in its box`];
    });
    expect(empty).toEqual([]);
  }, 60_000);
});

describe('valleys whose boxes held no hotel, over HTTP on the demo catalog', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '50000', LIMIT_KEYLESS_PER_HOUR: '100000' });
  }, 120_000);
  afterAll(async () => t?.close());

  for (const [typed, country] of [
    ['Kashmir Valley', 'India'],
    ['Vale of Kashmir', 'India'],
    ['Bekaa Valley', 'Lebanon'],
    ['Beqaa Valley', 'Lebanon'],
  ]) {
    it(`lists the hotels in ${typed}`, async () => {
      const r = await t.request(`/v1/hotels/search?limit=3&destination=${encodeURIComponent(typed)}`);
      expect([r.status, r.body.destination]).toEqual([200, expect.stringMatching(new RegExp(`${country}$`))]);
      expect(r.body.total).toBeGreaterThan(0);
    });
  }
});
