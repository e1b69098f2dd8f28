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
