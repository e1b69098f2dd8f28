// The address documents give callers (the OpenAPI servers, the MCP resource metadata, the
// widget page's snippet, the service's index): PUBLIC_BASE_URL when set. Without it, the request's
// own Host and scheme (or X-Forwarded-Host and -Proto from a trusted proxy), which a caller
// chooses: they must read as a scheme and a host name before they are written into a document,
// and such documents are not left to shared caches, which key them on the URL alone. Otherwise a
// request with a forged host could leave, in a cache, an OpenAPI document whose "Try it out"
// sends every later reader's key elsewhere. NODE_ENV=production requires PUBLIC_BASE_URL.
import { invalidParams } from '../errors.js';
import { quoteReceived } from '../validation/rules.js';

/** A host name, IPv4 address or bracketed IPv6 address, and an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(?::\d{1,5})?$/;

/** How long a client may keep a document written from its own request: privately only. */
export const REQUEST_DOCUMENT_CACHE_CONTROL = 'private, max-age=300';

export type BaseUrlOf = (request: { protocol: string; host: string }) => string;

/** Reads the base address documents name; a request whose host or scheme could not be one is refused (400). */
export function baseUrlReader(publicBaseUrl: string | undefined): BaseUrlOf {
  if (publicBaseUrl) return () => publicBaseUrl;
  return ({ protocol, host }) => {
    if (protocol !== 'http' && protocol !== 'https') {
      throw invalidParams(`the request's scheme (X-Forwarded-Proto) must be http or https (got ${quoteReceived(protocol)})`);
    }
    if (!HOST.test(host ?? '')) throw invalidParams(`the request's Host (or X-Forwarded-Host) must be a host name and port (got ${quoteReceived(host)})`);
    return `${protocol}://${host}`;
  };
}
