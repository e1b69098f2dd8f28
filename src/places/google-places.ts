// place_id through Google Places (the "Places API (New)" Place Details call): ids such as
// ChIJD7fiBh9u5kcRYJSMaMOCCwQ, which affiliates get from Google's autocomplete. Only the
// fields a search needs are asked for (a field mask), and every answer is checked before use.
import { upstreamUnavailable } from '../errors.js';
import type { PlaceProvider, ProvidedPlace } from './place-provider.js';
import { haversineKm } from '../search/geo.js';

export interface GooglePlacesOptions {
  /** `https://places.googleapis.com`, or a fake server's address in tests. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** A place's reach for a point search: half its viewport's diagonal, within these bounds (km). */
const MIN_RADIUS_KM = 1;
const MAX_RADIUS_KM = 50;
/** Without a viewport (a shop, a hotel): this far around it. */
const DEFAULT_RADIUS_KM = 5;
const FIELD_MASK = 'id,displayName,formattedAddress,location,viewport';

interface LatLng {
  latitude: number;
  longitude: number;
}

const isCoordinate = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
const isLatLng = (v: unknown): v is LatLng =>
  typeof v === 'object' && v !== null && isCoordinate((v as LatLng).latitude, 90) && isCoordinate((v as LatLng).longitude, 180);

export class GooglePlacesProvider implements PlaceProvider {
  constructor(private readonly options: GooglePlacesOptions) {}

  async lookup(placeId: string, signal?: AbortSignal): Promise<ProvidedPlace | null> {
    const { baseUrl, apiKey, timeoutMs } = this.options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const url = `${baseUrl}/v1/places/${encodeURIComponent(placeId)}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': FIELD_MASK, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) throw upstreamUnavailable(`the places service did not answer within ${timeoutMs} ms; try again shortly`, 5, error);
      throw upstreamUnavailable('the places service could not be reached; try again shortly', 5, error);
    }
    if (response.status === 404 || (response.status === 400 && isUnknownIdAnswer(text))) return null;
    if (!response.ok) throw upstreamUnavailable(`the places service answered ${response.status}; try again shortly`);
    const place = readPlace(text);
    if (!place) throw upstreamUnavailable('the places service sent an answer that could not be read; try again shortly');
    return place;
  }
}

/** A 400 about the id itself (malformed), not about our key or request: the id is unknown. */
function isUnknownIdAnswer(text: string): boolean {
  try {
    const error = (JSON.parse(text) as { error?: { status?: string; message?: string } }).error;
    return error?.status === 'INVALID_ARGUMENT' && !/api key/i.test(error.message ?? '') && !/API_KEY/.test(text);
  } catch {
    return false;
  }
}

function readPlace(text: string): ProvidedPlace | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { displayName, formattedAddress, location, viewport } = body as {
    displayName?: { text?: unknown };
    formattedAddress?: unknown;
    location?: unknown;
    viewport?: { low?: unknown; high?: unknown };
  };
  if (!isLatLng(location)) return null;
  const name = typeof displayName?.text === 'string' && displayName.text.trim() !== '' ? displayName.text : null;
  const address = typeof formattedAddress === 'string' && formattedAddress.trim() !== '' ? formattedAddress : null;
  if (!name && !address) return null;
  let radiusKm = DEFAULT_RADIUS_KM;
  if (viewport && isLatLng(viewport.low) && isLatLng(viewport.high)) {
    const diagonal = haversineKm(viewport.low.latitude, viewport.low.longitude, viewport.high.latitude, viewport.high.longitude);
    radiusKm = Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, Math.round((diagonal / 2) * 10) / 10));
  }
  // "Eiffel Tower, Av. Gustave Eiffel, 75007 Paris, France": the name, then where it is
  // (the address alone when it starts with the name already).
  const label = name && address ? (address.startsWith(name) ? address : `${name}, ${address}`) : (name ?? address!);
  return { name: label, centre: { lat: location.latitude, lng: location.longitude }, radiusKm, place: null };
}
