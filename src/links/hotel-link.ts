// The link to a hotel's page: https://{main site}/{id}, then the caller's code, then their tag.
import type { LinkSettings } from './link-settings.js';

export interface Credit {
  /** The caller's affiliate code; null for a keyless caller. */
  affiliateCode: string | null;
  /** The caller's placement tag (`sub_id`), if sent. */
  subId: string | null;
}

/** The credit pairs of a link's query: `aff=CODE&utm_content=TAG`, either may be absent. */
export function creditQuery(settings: LinkSettings, credit: Credit): string {
  const pairs: string[] = [];
  if (credit.affiliateCode) pairs.push(`${settings.affiliateParam}=${encodeURIComponent(credit.affiliateCode)}`);
  if (credit.subId) pairs.push(`${settings.subIdParam}=${encodeURIComponent(credit.subId)}`);
  return pairs.join('&');
}

export function hotelUrl(settings: LinkSettings, hotelId: string, credit: Credit): string {
  const query = creditQuery(settings, credit);
  // Ids are page paths made of URL-safe characters (see HOTEL_ID_PATTERN); no escaping needed.
  return `https://${settings.mainSite}/${hotelId}${query ? `?${query}` : ''}`;
}
