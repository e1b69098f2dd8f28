// place_id to a place: the built-in gazetteer for its own ids, external places services
// through adapters with the same contract.
import type { Gazetteer } from './gazetteer.js';
import type { Place } from './place.js';

export interface ProvidedPlace {
  /** The provider's name for the place, used as destination when no label is sent. */
  name: string;
  /** Centre and reach for a point search; null for a place without a centre (a region, a country). */
  centre: { lat: number; lng: number } | null;
  radiusKm: number;
  /** A place of the built-in gazetteer, searched as a destination search of it is; null from an external provider. */
  place: Place | null;
}

export interface PlaceProvider {
  /**
   * The place for an id, or null when the provider does not know it. Throws a ServiceError
   * `upstream_unavailable` when the provider fails or is slower than its timeout.
   */
  lookup(placeId: string, signal?: AbortSignal): Promise<ProvidedPlace | null>;
}

/** Ids of the built-in gazetteer: `geonames:<id>`, `region:<CC>.<code>`, `country:<CC>`, `area:<name>-<cc>`... */
export class GazetteerPlaceProvider implements PlaceProvider {
  constructor(private readonly gazetteer: Gazetteer) {}

  async lookup(placeId: string): Promise<ProvidedPlace | null> {
    const place = this.gazetteer.get(placeId);
    if (!place) return null;
    const centre = place.hasCentre ? { lat: place.lat, lng: place.lng } : null;
    return { name: place.label, centre, radiusKm: place.radiusKm, place };
  }
}

/** Gazetteer ids are told apart from an external provider's by their prefix. */
const GAZETTEER_ID = /^(?:geonames|region|country|iata|landmark|area):/;

/** The gazetteer for its own ids; every other id to the external provider, when one is configured. */
export class RoutingPlaceProvider implements PlaceProvider {
  constructor(
    private readonly gazetteer: PlaceProvider,
    private readonly external: PlaceProvider | null,
  ) {}

  lookup(placeId: string, signal?: AbortSignal): Promise<ProvidedPlace | null> {
    if (GAZETTEER_ID.test(placeId)) return this.gazetteer.lookup(placeId, signal);
    return this.external ? this.external.lookup(placeId, signal) : Promise.resolve(null);
  }
}
