// The parameters of an embed address, read strictly (a misspelt sub_id would silently lose the
// blogger's placement tag, so an unknown parameter is refused, not ignored), and the one canonical
// form of an address, which oEmbed writes into its iframe.
import { HOTEL_ID_PATTERN } from '../catalog/hotel.js';
import { invalidParams, ServiceError } from '../errors.js';
import { PUBLISHABLE_PREFIX } from '../keys/api-key.js';
import { checkCurrency, checkLang } from '../locale/locale-params.js';
import { EMBED_PATHS, type EmbedKind } from '../keys/embed-pages.js';
import { MALFORMED, type ParsedQuery } from './query-string.js';

export interface EmbedParams {
  kind: EmbedKind;
  /** A publishable key by its shape (whether it works is the key store's to say). */
  key: string;
  /** search: the destination shown first, as a button the reader presses. */
  destination: string | null;
  /** hotel: the hotel's id (its page path). */
  hotelId: string | null;
  subId: string | null;
  /** search: hotels shown, 1 to 20. */
  limit: number | null;
  /** Canonical BCP 47 tag; null: the reader's browser chooses. */
  lang: string | null;
  currency: string | null;
}

const PARAMETERS: Readonly<Record<EmbedKind, readonly string[]>> = {
  search: ['key', 'destination', 'sub_id', 'limit', 'lang', 'currency'],
  hotel: ['key', 'hotel_id', 'sub_id', 'lang', 'currency'],
};

const SUB_ID = /^[A-Za-z0-9_-]{1,200}$/;
const HOTEL_ID = new RegExp(HOTEL_ID_PATTERN);
const KEY_TEXT = /^[A-Za-z0-9_]{1,200}$/;
/** A secret key's prefix in any case (an operator's live_op_ included); a publishable key is live_pk_. */
const SECRET_KEY = /^live_(?!pk_)/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a secret key in an embed address is refused; the key itself is never repeated. */
export const SECRET_KEY_IN_URL =
  'this address holds a secret key (live_…), which must never be put in a URL or a web page: logs, proxies, ' +
  'browser history and every reader of the page would see it. Nothing was shown and the key was not used. ' +
  'Embed with a publishable key (live_pk_…) made for your site (the console, or POST /v1/keys), and roll the ' +
  'secret key now if this address was published anywhere.';

/** The refusal of a secret key: a 400 whose message says what to do. */
export class SecretKeyInUrl extends ServiceError {
  constructor() {
    super('invalid_params', SECRET_KEY_IN_URL);
  }
}

function single(query: ParsedQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw invalidParams(`send ${name} once (it came ${value.length} times)`);
  // An empty optional value is a field the blogger left blank.
  return value === undefined || value.trim() === '' ? undefined : value;
}

function readKey(query: ParsedQuery): string {
  const key = query.key;
  if (key === undefined || key === '') {
    throw invalidParams('key is required: the publishable key (live_pk_…) made for the site this frame goes on');
  }
  const keys = Array.isArray(key) ? key : [key];
  if (keys.some((k) => SECRET_KEY.test(k.trim()))) throw new SecretKeyInUrl();
  if (Array.isArray(key)) throw invalidParams(`send key once (it came ${key.length} times)`);
  if (!KEY_TEXT.test(key) || !key.startsWith(PUBLISHABLE_PREFIX)) {
    throw invalidParams('key must be a publishable key: live_pk_ followed by letters and digits');
  }
  return key;
}

/** The parameters of /embed/search or /embed/hotel, or a ServiceError (400) saying what is wrong. */
export function readEmbedParams(kind: EmbedKind, query: ParsedQuery): EmbedParams {
  // The key first: a secret key is refused as such, whatever else is wrong with the address.
  const key = readKey(query);
  if (query[MALFORMED] !== undefined) throw invalidParams('the address has a malformed percent-escape in its query');
  const known = PARAMETERS[kind];
  const unknown = Object.keys(query).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 40))).join(', ');
    throw invalidParams(`${EMBED_PATHS[kind]} takes ${known.join(', ')}; not ${shown}`);
  }
  const params: EmbedParams = { kind, key, destination: null, hotelId: null, subId: null, limit: null, lang: null, currency: null };

  const subId = single(query, 'sub_id');
  if (subId !== undefined) {
    if (!SUB_ID.test(subId)) throw invalidParams('sub_id must be 1 to 200 letters, digits, "_" or "-"');
    params.subId = subId;
  }
  const lang = single(query, 'lang');
  if (lang !== undefined) params.lang = checkLang(lang);
  const currency = single(query, 'currency');
  if (currency !== undefined) params.currency = checkCurrency(currency);

  if (kind === 'search') {
    const destination = single(query, 'destination')?.trim();
    if (destination !== undefined) {
      if (destination.length > 200 || CONTROL.test(destination)) throw invalidParams('destination must be a place name of at most 200 characters');
      params.destination = destination;
    }
    const limit = single(query, 'limit');
    if (limit !== undefined) {
      if (!/^\d{1,2}$/.test(limit) || Number(limit) < 1 || Number(limit) > 20) throw invalidParams('limit must be a whole number from 1 to 20');
      params.limit = Number(limit);
    }
  } else {
    const hotelId = single(query, 'hotel_id');
    if (hotelId === undefined) throw invalidParams('hotel_id is required: the hotel\'s id, as in its search result (hotel/pt/lisbon/…)');
    if (hotelId.length > 300 || !HOTEL_ID.test(hotelId)) {
      throw invalidParams('hotel_id must be a hotel\'s id, a page path such as hotel/pt/lisbon/belvedere-international-resort');
    }
    params.hotelId = hotelId;
  }
  return params;
}

/** The address of an embed page in its one canonical form: its parameters in a fixed order, none empty. */
export function canonicalEmbedUrl(baseUrl: string, params: EmbedParams): string {
  const query = new URLSearchParams({ key: params.key });
  if (params.destination !== null) query.set('destination', params.destination);
  if (params.hotelId !== null) query.set('hotel_id', params.hotelId);
  if (params.subId !== null) query.set('sub_id', params.subId);
  if (params.limit !== null) query.set('limit', String(params.limit));
  if (params.lang !== null) query.set('lang', params.lang);
  if (params.currency !== null) query.set('currency', params.currency);
  // Page paths keep their slashes readable; everything else as URLSearchParams writes it.
  return `${baseUrl}${EMBED_PATHS[params.kind]}?${query.toString().replace(/%2F/g, '/')}`;
}

/** What the frame shows, in a few words: its title, and the iframe's (read out by screen readers on the host page). */
export function embedTitle(params: EmbedParams, serviceName: string): string {
  if (params.kind === 'hotel') return `Hotel on ${serviceName}`;
  return params.destination ? `Hotels in ${params.destination} · ${serviceName}` : `Hotel search · ${serviceName}`;
}

/** The height a frame of each kind is given where nothing sizes it to its content, and the width oEmbed states. */
export const DEFAULT_SIZE: Readonly<Record<EmbedKind, { width: number; height: number }>> = {
  search: { width: 640, height: 620 },
  hotel: { width: 400, height: 420 },
};
