// Spherical geometry in degrees and kilometres, the one model every distance in the
// service is measured with.

export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return haversineWithCosKm(lat1, lng1, Math.cos(lat1 * RAD), lat2, lng2, Math.cos(lat2 * RAD));
}

/** The same, with the cosines of both latitudes already known: loops over candidates keep them. */
export function haversineWithCosKm(lat1: number, lng1: number, cosLat1: number, lat2: number, lng2: number, cosLat2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sinLng = Math.sin(((lng2 - lng1) * RAD) / 2);
  const h = sinLat * sinLat + cosLat1 * cosLat2 * sinLng * sinLng;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** sin(x) for |x| ≤ 2·NEAR_RAD, from its Taylor series: under 1e-16 from Math.sin's, without its cost. */
function sinNear(x: number): number {
  const x2 = x * x;
  return x * (1 - (x2 / 6) * (1 - (x2 / 20) * (1 - (x2 / 42) * (1 - x2 / 72))));
}

/** Half-differences of latitude and longitude (radians) up to which the series are used: about 300 km. */
const NEAR_RAD = 0.025;
/** How close to the limit (relatively, in haversine terms) a point is measured exactly: far above any rounding. */
const BAND = 1e-9;

/**
 * Whether points lie within `km` of a centre, decided as `haversineWithCosKm(centre…, point…) <= km`
 * decides it (the formula of every distance the service reports), but for nearly every point
 * without its five calls of trigonometry: the haversine's h is compared with the limit's,
 * sin²(km / 2R), its sines and the point's cos(latitude) coming from series. A point whose h
 * lies within a billionth of the limit's, or far from the centre (the antimeridian between), is
 * measured by the formula itself, so the answer is the same for every point. A circle count
 * of a dense city measures hundreds of points (README, "Measured 2026-11-25, late night").
 */
export class WithinKm {
  private readonly cosLat: number;
  private readonly sinLat: number;
  /** Whether the circle is small enough for the series: a larger one is measured point by point. */
  private readonly near: boolean;
  private readonly below: number;
  private readonly above: number;

  constructor(
    private readonly lat: number,
    private readonly lng: number,
    private readonly km: number,
  ) {
    this.cosLat = Math.cos(lat * RAD);
    this.sinLat = Math.sin(lat * RAD);
    const limit = km / (2 * EARTH_RADIUS_KM);
    this.near = limit <= NEAR_RAD;
    const h = Math.sin(limit) ** 2;
    this.below = h * (1 - BAND);
    this.above = h * (1 + BAND);
  }

  test(lat: number, lng: number): boolean {
    const halfLat = ((lat - this.lat) * RAD) / 2;
    const halfLng = ((lng - this.lng) * RAD) / 2;
    if (!this.near || halfLat > NEAR_RAD || halfLat < -NEAR_RAD || halfLng > NEAR_RAD || halfLng < -NEAR_RAD) {
      return this.measured(lat, lng);
    }
    // cos(lat) = cos(centre + d) = cos(centre)·cos(d) − sin(centre)·sin(d), d = 2·halfLat.
    const d = 2 * halfLat;
    const d2 = d * d;
    const cosD = 1 - (d2 / 2) * (1 - (d2 / 12) * (1 - d2 / 30));
    const sinLat = sinNear(halfLat);
    const sinLng = sinNear(halfLng);
    const h = sinLat * sinLat + this.cosLat * (this.cosLat * cosD - this.sinLat * sinNear(d)) * sinLng * sinLng;
    if (h < this.below) return true;
    if (h > this.above) return false;
    return this.measured(lat, lng);
  }

  private measured(lat: number, lng: number): boolean {
    return haversineWithCosKm(this.lat, this.lng, this.cosLat, lat, lng, Math.cos(lat * RAD)) <= this.km;
  }
}

/** A box in degrees: [minLng, minLat, maxLng, maxLat]. */
export type LngLatBox = [number, number, number, number];

/**
 * Boxes (one, or two across the antimeridian) that contain every point within `radiusKm`
 * of the centre. A circle that reaches a pole spans every longitude.
 */
export function circleBoxes(lat: number, lng: number, radiusKm: number): LngLatBox[] {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = angular / RAD;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90) return [[-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)]];
  const dLng = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat * RAD))) / RAD;
  const minLng = lng - dLng;
  const maxLng = lng + dLng;
  if (minLng < -180) return [[minLng + 360, minLat, 180, maxLat], [-180, minLat, maxLng, maxLat]];
  if (maxLng > 180) return [[minLng, minLat, 180, maxLat], [-180, minLat, maxLng - 360, maxLat]];
  return [[minLng, minLat, maxLng, maxLat]];
}

/** Rounds a distance for display: to 10 metres. */
export function roundKm(km: number): number {
  return Math.round(km * 100) / 100;
}
