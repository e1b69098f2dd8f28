// POST /links: a URL of the service's own sites, returned carrying the caller's code. Only
// the credit parameters (and the traveller's language and currency, when the call sends them)
// change; path, every other query pair (byte for byte) and fragment are kept.
import { creditQuery, type Credit } from './hotel-link.js';
import { serviceHosts, type LinkSettings } from './link-settings.js';

export type LinkErrorCode = 'invalid_url' | 'not_service_url' | 'other_partner_code';

export interface LinkResult {
  input: string;
  url: string | null;
  error: { code: LinkErrorCode; message: string } | null;
}

function refuse(input: string, code: LinkErrorCode, message: string): LinkResult {
  return { input, url: null, error: { code, message } };
}

function decodedKey(pair: string): string {
  const key = pair.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

function decodedValue(pair: string): string {
  const at = pair.indexOf('=');
  const value = at < 0 ? '' : pair.slice(at + 1).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export class AffiliateLinker {
  private readonly hosts: Set<string>;
  private readonly sitesText: string;

  constructor(private readonly settings: LinkSettings) {
    this.hosts = serviceHosts(settings);
    this.sitesText = `${settings.mainSite} or ${settings.travelSite}`;
  }

  /** The URL carrying the caller's credit, or why it cannot. */
  link(input: string, credit: Credit): LinkResult {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return refuse(input, 'invalid_url', `not a valid absolute URL; send a full address such as https://${this.settings.mainSite}/`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return refuse(input, 'not_service_url', `only http and https addresses of ${this.sitesText} can carry your code (got ${url.protocol})`);
    }
    if (url.username || url.password) {
      return refuse(input, 'not_service_url', 'addresses with a user name or password in them are refused');
    }
    if (!this.hosts.has(url.hostname)) {
      return refuse(input, 'not_service_url', `only addresses on ${this.sitesText} can carry your code (got host ${JSON.stringify(url.hostname)})`);
    }
    if (url.port !== '') {
      return refuse(input, 'not_service_url', `the service's sites are not served on port ${url.port}`);
    }

    const { affiliateParam, subIdParam, langParam, currencyParam } = this.settings;
    const pairs = url.search.slice(1).split('&').filter(Boolean);
    for (const pair of pairs) {
      if (decodedKey(pair) !== affiliateParam) continue;
      const code = decodedValue(pair);
      if (code !== '' && code !== credit.affiliateCode) {
        return refuse(
          input,
          'other_partner_code',
          `the URL already carries another partner's code (${affiliateParam}=${code}); a link credits one partner only`,
        );
      }
    }
    const kept = pairs.filter((pair) => {
      const key = decodedKey(pair);
      // What the call sends replaces the URL's own; what it does not send, the URL keeps.
      return (
        key !== affiliateParam &&
        !(credit.subId && key === subIdParam) &&
        !(credit.lang && key === langParam) &&
        !(credit.currency && key === currencyParam)
      );
    });
    const credited = creditQuery(this.settings, credit);
    if (credited) kept.push(credited);
    // Written as the URL's own setters of search and protocol would write it, without their
    // parsing the whole address again each (a tenth of a links call under load): the kept pairs
    // come already encoded from the parser, the credit pairs are letters, digits, _ and -, and
    // the address has no user, password or port.
    const search = kept.length > 0 ? `?${kept.join('&')}` : '';
    // An empty fragment ("…#") reads as no hash, but the address keeps it.
    const fragment = url.hash !== '' ? url.hash : url.href.endsWith('#') ? '#' : '';
    return { input, url: `https://${url.host}${url.pathname}${search}${fragment}`, error: null };
  }
}
