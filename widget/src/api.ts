// The widget's calls to the service: suggestions as the visitor types, searches, one hotel, and
// the deployment's settings. A publishable key goes in the `key` query parameter, so a GET from
// the page is a simple CORS request (no preflight per keystroke); nothing is stored and no cookie
// is sent. A call that fails is a CallFailure: its kind says what the visitor is told (in their
// language, by the element); the service's own words are kept for the blogger (`detail`).
import type { components } from '../../clients/typescript/src/schema.js';

// The answers' types come from the service's OpenAPI document, through the typed client's
// generated schema (types only: nothing of it is bundled).
type Schemas = components['schemas'];
export type PlaceSuggestion = Schemas['PlaceSuggestion'];
export type HotelCard = Schemas['HotelCard'];
export type Hotel = Schemas['Hotel'];
export type SearchAnswer = Schemas['SearchResponse'];
export type SuggestAnswer = Schemas['SuggestResponse'];
export type PlaceAlternative = Schemas['PlaceAlternative'];

/** What to search: a place chosen from the suggestions, or text as typed. */
export type SearchTarget = { placeId: string; kind: PlaceSuggestion['kind']; label: string } | { destination: string };

export type FailureKind = 'not_found' | 'rate_limited' | 'unauthorized' | 'offline' | 'unavailable' | 'invalid';

/** A call that did not give an answer, sorted by what the visitor is told. */
export class CallFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** The service's own words (English, for the blogger), or empty. */
    readonly detail = '',
    /** A refusal's wait (Retry-After), in seconds. */
    readonly retryAfterSeconds: number | null = null,
    /** The allowance that refused it: "visitor" (a visitor's hour), "keyless", or the key's tier (the site's day). */
    readonly policy: string | null = null,
    /** A destination not found but guessed ("Hoover Dam" as Hoover, Alabama): the places to offer. */
    readonly alternatives: readonly PlaceAlternative[] = [],
  ) {
    super(detail || kind);
  }
}

export interface ApiSettings {
  base: string;
  key: string | null;
  subId: string | null;
  /** The visitor's language (the element's or the page's lang) and the page's currency: names and links follow them. */
  lang: string | null;
  currency: string | null;
}

// Points are searched nearest first; a city, region or country best-rated first, as its destination search.
export const AREA_KINDS: ReadonlySet<string> = new Set(['city', 'region', 'country']);
/** A point to a traveller: its hotels are asked for nearest first, and said to be. */
export const POINT_KINDS: ReadonlySet<string> = new Set(['airport', 'landmark']);

export function searchParams(target: SearchTarget, limit: number): Record<string, string> {
  if ('destination' in target) return { destination: target.destination, limit: String(limit) };
  const params: Record<string, string> = { place_id: target.placeId, label: target.label, limit: String(limit) };
  if (AREA_KINDS.has(target.kind)) params.sort = 'rating';
  else if (POINT_KINDS.has(target.kind)) params.sort = 'distance';
  return params;
}

async function call<T>(settings: ApiSettings, path: string, params: Record<string, string>, signal: AbortSignal): Promise<T> {
  const url = new URL(path, settings.base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (settings.subId) url.searchParams.set('sub_id', settings.subId);
  if (settings.key) url.searchParams.set('key', settings.key);
  if (settings.lang) url.searchParams.set('lang', settings.lang);
  if (settings.currency) url.searchParams.set('currency', settings.currency);
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new CallFailure('offline');
  }
  const body = await response.json().catch(() => null);
  if (response.ok && body) return body as T;
  const detail: string = body?.error?.message ?? '';
  const retry = Number(response.headers.get('retry-after'));
  switch (response.status) {
    case 404:
      throw new CallFailure('not_found', detail, null, null, body?.error?.alternatives ?? []);
    case 429:
      // The binding allowance comes first in RateLimit-Policy: "visitor";q=60;w=3600, "standard";…
      throw new CallFailure('rate_limited', detail, Number.isFinite(retry) && retry > 0 ? retry : null, /^\s*"([^"]+)"/.exec(response.headers.get('ratelimit-policy') ?? '')?.[1] ?? null);
    case 401:
      throw new CallFailure('unauthorized', detail);
    case 400:
      throw new CallFailure('invalid', detail);
    default:
      throw new CallFailure('unavailable', detail);
  }
}

export const suggest = (settings: ApiSettings, q: string, signal: AbortSignal) =>
  call<SuggestAnswer>(settings, 'suggest', { q, limit: '5' }, signal);

export const search = (settings: ApiSettings, target: SearchTarget, limit: number, signal: AbortSignal) =>
  call<SearchAnswer>(settings, 'hotels/search', searchParams(target, limit), signal);

/** One hotel by its id ("hotel/pt/lisbon/…"), or by its page's address on the booking site. */
export const hotel = (settings: ApiSettings, id: string, signal: AbortSignal) =>
  call<Hotel>(settings, `hotels/${hotelPath(id)}`, {}, signal);

export function hotelPath(id: string): string {
  let path = id.trim();
  if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  return path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
}

const names = new Map<string, Promise<string | null>>();

/**
 * The service's name, as its credit says it ("Book on <name>"): its deployment's setting, fetched
 * once per page and service (GET /widget/settings.json, cached by the browser), never written into
 * the script. Null when it cannot be had; the caller then names the booking site by its address.
 */
export function serviceName(base: string): Promise<string | null> {
  const url = new URL('/widget/settings.json', base).href;
  let asked = names.get(url);
  if (!asked) {
    asked = fetch(url, { credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : null))
      .then((settings) => (typeof settings?.service_name === 'string' && settings.service_name.trim() ? (settings.service_name as string) : null))
      .catch(() => null);
    // A failure is not kept: the next search asks again.
    asked.then((name) => name ?? names.delete(url));
    names.set(url, asked);
  }
  return asked;
}

/** A page's lang as the service takes it, or null for none or one that is no language tag (a page's typo must not break the search). */
export function languageTag(lang: string | null | undefined): string | null {
  if (!lang) return null;
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? null;
  } catch {
    return null;
  }
}

/** A currency attribute as the service takes it (three letters), or null. */
export const currencyCode = (currency: string | null): string | null => (currency && /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : null);
