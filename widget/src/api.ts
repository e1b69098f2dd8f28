// The widget's calls to the service: suggestions as the visitor types, and searches. A
// publishable key goes in the `key` query parameter, so a GET from the page is a simple CORS
// request (no preflight per keystroke); nothing is stored and no cookie is sent.
import type { components } from '../../clients/typescript/src/schema.js';

// The answers' types come from the service's OpenAPI document, through the typed client's
// generated schema (types only: nothing of it is bundled).
type Schemas = components['schemas'];
export type PlaceSuggestion = Schemas['PlaceSuggestion'];
export type HotelCard = Schemas['HotelCard'];
export type SearchAnswer = Schemas['SearchResponse'];
export type SuggestAnswer = Schemas['SuggestResponse'];

/** What to search: a place chosen from the suggestions, or text as typed. */
export type SearchTarget = { placeId: string; kind: PlaceSuggestion['kind']; label: string } | { destination: string };

/** A call that did not give an answer, sorted by what the visitor is told. */
export class CallFailure extends Error {
  constructor(
    readonly kind: 'not_found' | 'rate_limited' | 'unauthorized' | 'offline' | 'unavailable' | 'invalid',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
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

export function searchParams(target: SearchTarget, limit: number): Record<string, string> {
  if ('destination' in target) return { destination: target.destination, limit: String(limit) };
  const params: Record<string, string> = { place_id: target.placeId, label: target.label, limit: String(limit) };
  if (AREA_KINDS.has(target.kind)) params.sort = 'rating';
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
    throw new CallFailure('offline', 'You seem to be offline. Check your connection and try again.');
  }
  const body = await response.json().catch(() => null);
  if (response.ok && body) return body as T;
  const message: string = body?.error?.message ?? `The hotel search answered ${response.status}.`;
  const retry = Number(response.headers.get('retry-after'));
  switch (response.status) {
    case 404:
      throw new CallFailure('not_found', message);
    case 429:
      throw new CallFailure('rate_limited', message, Number.isFinite(retry) && retry > 0 ? retry : null);
    case 401:
      throw new CallFailure('unauthorized', `Hotel search is not set up for this page: ${message}`);
    case 400:
      throw new CallFailure('invalid', message);
    default:
      throw new CallFailure('unavailable', 'Hotel search is unavailable right now. Please try again in a moment.');
  }
}

export const suggest = (settings: ApiSettings, q: string, signal: AbortSignal) =>
  call<SuggestAnswer>(settings, 'suggest', { q, limit: '5' }, signal);

export const search = (settings: ApiSettings, target: SearchTarget, limit: number, signal: AbortSignal) =>
  call<SearchAnswer>(settings, 'hotels/search', searchParams(target, limit), signal);

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
