// The link to a hotel's page: https://{main site}/{id}, then the caller's code, their tag, and the
// traveller's language and currency, so the page opens readable and priced for them.
import type { LinkSettings } from './link-settings.js';

export interface Credit {
  /** The caller's affiliate code; null for a keyless caller. */
  affiliateCode: string | null;
  /** The caller's placement tag (`sub_id`), if sent. */
  subId: string | null;
  /** The traveller's language (a canonical BCP 47 tag), sent or taken from Accept-Language; null: the site's default. */
  lang?: string | null;
  /** The traveller's currency (ISO 4217), if sent. */
  currency?: string | null;
}

/** The pairs a link's query gets: `aff=CODE&utm_content=TAG&lang=de&currency=EUR`, each may be absent. */
export function creditQuery(settings: LinkSettings, credit: Credit): string {
  const pairs: string[] = [];
  if (credit.affiliateCode) pairs.push(`${settings.affiliateParam}=${encodeURIComponent(credit.affiliateCode)}`);
  if (credit.subId) pairs.push(`${settings.subIdParam}=${encodeURIComponent(credit.subId)}`);
  if (credit.lang) pairs.push(`${settings.langParam}=${encodeURIComponent(credit.lang)}`);
  if (credit.currency) pairs.push(`${settings.currencyParam}=${encodeURIComponent(credit.currency)}`);
  return pairs.join('&');
}

/** Each call's query, made at its first link: an answer's twenty links share it. */
const queries = new WeakMap<Credit, string>();

export function hotelUrl(settings: LinkSettings, hotelId: string, credit: Credit): string {
  let query = queries.get(credit);
  if (query === undefined) queries.set(credit, (query = creditQuery(settings, credit)));
  // Ids are page paths made of URL-safe characters (see HOTEL_ID_PATTERN); no escaping needed.
  return `https://${settings.mainSite}/${hotelId}${query ? `?${query}` : ''}`;
}
