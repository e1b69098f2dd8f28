// A place as the service understands it: what a destination text or a place_id resolves to.

/**
 * What a place is, as far as searching it goes. A `landmark` is searched as a point with a
 * reach: the landmark list's sights, and the islands, areas, lakes, mountains, parks and sights
 * of a loaded GeoNames dump. An `area` (an island, lake, coast, valley or park of the bundled
 * Natural Earth areas) is searched inside its box, or, for a peak, cape or waterfall, as a point.
 */
export type PlaceKind = 'city' | 'region' | 'country' | 'airport' | 'landmark' | 'area';

export interface Place {
  /**
   * Stable identifier, also accepted as a place_id: `geonames:2988507`, `region:FR.11`,
   * `country:FR`, `iata:LHR`, `landmark:eiffel-tower`, `area:corsica-fr`.
   */
  id: string;
  kind: PlaceKind;
  name: string;
  /** The place as understood, for responses: "Paris, Île-de-France, France". */
  label: string;
  countryCode: string;
  /** GeoNames first-level division, `FR.11`; null for a country. */
  regionKey: string | null;
  lat: number;
  lng: number;
  population: number;
  /** Cities, airports and landmarks have a centre to measure distance from; areas do not. */
  hasCentre: boolean;
  /** How far the place reaches from its centre, for a search by place_id. */
  radiusKm: number;
  /**
   * A point to the traveller (an airport, a sight): its hotels answer nearest first, as a lat/lng
   * search does. Towns, regions, islands and countries answer best-rated first.
   */
  nearestFirst: boolean;
  /**
   * An area's box, [south, west, north, east] (west > east across 180°): its hotels are those
   * inside it. Islands, lakes, coasts and parks have one; towns, regions and points do not.
   */
  box?: readonly [number, number, number, number];
}

/**
 * How far a city reaches from its centre, grown with the log of its population:
 * 3 km for a town of 10,000, 7 km for 100,000, 11 km for a million, 15 km for ten million.
 */
export function cityRadiusKm(population: number): number {
  const scaled = 3 + 4 * Math.log10(Math.max(population, 10_000) / 10_000);
  return Math.min(20, Math.round(scaled * 10) / 10);
}
