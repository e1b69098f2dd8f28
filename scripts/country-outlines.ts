// Country outlines small enough to keep in the repository, for checking that an area's centre
// lies in its country (scripts/derive-reviewed-areas.ts, test/area-table.test.ts): Natural Earth's
// 1:50m admin-0 countries (public domain), the rings near the centres a table checks, each simplified (Douglas-Peucker, TOLERANCE
// degrees) and written in hundredths of a degree, [lng, lat, lng, lat, ...]. A ring too small to
// simplify is kept whole, so small islands stay.

const TOLERANCE = 0.06;
const KM_PER_DEGREE = 111.2;

/** Codes where the 1:50m countries give "-99" (as scripts/derive-areas.ts reads them). */
const ISO_BY_ADM0: Record<string, string> = { FRA: 'FR', NOR: 'NO', CYN: 'CY', SOL: 'SO', ATC: 'AU' };

type Ring = number[][];

function simplify(points: Ring, tolerance: number): Ring {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const len = Math.hypot(bx - ax, by - ay) || 1e-12;
    let far = -1;
    let farDistance = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = Math.abs((bx - ax) * (ay - points[i][1]) - (ax - points[i][0]) * (by - ay)) / len;
      if (d > farDistance) [far, farDistance] = [i, d];
    }
    if (far !== -1) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  const out = points.filter((_, i) => keep[i]);
  return out.length >= 4 ? out : points;
}

/** The outline file's text from Natural Earth's ne_50m_admin_0_countries GeoJSON. */
export function countryOutlinesText(geojson: string, centres: ReadonlyMap<string, [number, number][]>): string {
  const codes = new Set(centres.keys());
  const { features } = JSON.parse(geojson) as { features: { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }[] };
  const countries = new Map<string, number[][]>();
  for (const f of features) {
    const iso = String(f.properties.ISO_A2 ?? '');
    const code = /^[A-Z]{2}$/.test(iso) ? iso : ISO_BY_ADM0[String(f.properties.ADM0_A3)];
    if (!code || !f.geometry || !(codes.has(code) || Object.entries(DRAWN_WITHIN).some(([a, b]) => b === code && codes.has(a)))) continue;
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as Ring[][];
    const rings = countries.get(code) ?? [];
    const near = [...(centres.get(code) ?? []), ...Object.entries(DRAWN_WITHIN).flatMap(([a, b]) => (b === code ? (centres.get(a) ?? []) : []))];
    for (const ring of polygons.flat()) {
      // Only the rings (islands, mainlands) within about a degree of a centre checked against them.
      const lngs = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      const [w, e, s, n] = [Math.min(...lngs) - 1.5, Math.max(...lngs) + 1.5, Math.min(...lats) - 1, Math.max(...lats) + 1];
      if (!near.some(([lat, lng]) => lat >= s && lat <= n && lng >= w && lng <= e)) continue;
      const flat = simplify(ring, TOLERANCE).flatMap(([x, y]) => [Math.round(x * 100), Math.round(y * 100)]);
      rings.push(flat);
    }
    countries.set(code, rings);
  }
  const lines = [...countries].sort(([a], [b]) => a.localeCompare(b)).map(([code, rings]) => `${JSON.stringify(code)}: ${JSON.stringify(rings)}`);
  const about = `Country outlines from Natural Earth 1:50m admin-0 countries (public domain), only the rings near a centre of scripts/data/reviewed-areas.psv, simplified to ${TOLERANCE} degrees, in hundredths of a degree [lng, lat, ...]; made by scripts/derive-reviewed-areas.ts --outlines, read by scripts/country-outlines.ts.`;
  return `{\n"about": ${JSON.stringify(about)},\n"countries": {\n${lines.join(',\n')}\n}\n}\n`;
}

export type CountryOutlines = Map<string, Float64Array[]>;

/** Overseas parts that Natural Earth's admin-0 countries draw within another code. */
const DRAWN_WITHIN: Record<string, string> = { RE: 'FR', GP: 'FR', MQ: 'FR', GF: 'FR', YT: 'FR', BQ: 'NL' };

/**
 * How far off its country's 1:50m outline (km) a centre may lie, by kind: islands and island
 * groups the scale leaves out or draws only in part (Aeolian, Phi Phi, Isles of Scilly), sights,
 * coasts and capes on a coast it smooths (the Great Blue Hole lies on a reef off Belize).
 */
export function offshoreKm(kind: string): number {
  if (kind === 'island' || kind === 'island_group') return 70;
  if (kind === 'sight' || kind === 'coast' || kind === 'cape' || kind === 'peninsula') return 40;
  return 10;
}

export function readCountryOutlines(text: string): CountryOutlines {
  const { countries } = JSON.parse(text) as { countries: Record<string, number[][]> };
  return new Map(Object.entries(countries).map(([code, rings]) => [code, rings.map((r) => Float64Array.from(r, (v) => v / 100))]));
}

/** 0 when the point lies in the country (even-odd over its rings), else the km to its nearest edge; Infinity for no outline. */
export function distanceToCountryKm(outlines: CountryOutlines, code: string, lat: number, lng: number): number {
  const rings = outlines.get(code) ?? outlines.get(DRAWN_WITHIN[code] ?? '');
  if (!rings) return Infinity;
  let inside = false;
  let best = Infinity;
  const kx = Math.cos((lat * Math.PI) / 180);
  for (const r of rings) {
    for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
      const [xi, yi, xj, yj] = [r[i], r[i + 1], r[j], r[j + 1]];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      // Distance to the edge, on a plane scaled at the point's latitude.
      const [ax, ay, bx, by] = [(xj - lng) * kx, yj - lat, (xi - lng) * kx, yi - lat];
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1e-12)));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  }
  return inside ? 0 : best * KM_PER_DEGREE;
}
