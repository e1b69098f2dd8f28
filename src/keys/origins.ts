// The web origins a publishable key is enabled on, as the affiliate lists them
// (`https://blog.example`, `http://localhost:4000`, `https://*.blog.example` for every
// subdomain), and the origin a call comes from, as a browser states it.

/** Why `text` cannot be a key's origin, or null; `origin` is the form kept (lower case, no default port). */
export function parseOriginPattern(text: string): { origin: string; problem: null } | { origin: null; problem: string } {
  const refuse = (why: string) => ({ origin: null, problem: `${JSON.stringify(text)} ${why}` });
  const wildcard = /^(https?):\/\/\*\.(.+)$/i.exec(text);
  // URL cannot hold a "*" in a host: check the rest as a host of its own, and put the star back.
  const candidate = wildcard ? `${wildcard[1]}://${wildcard[2]}` : text;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return refuse('is not an origin such as https://blog.example');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must start with https:// or http://');
  if (url.username || url.password) return refuse('must not carry a user name or password');
  if (url.search || url.hash || candidate.includes('?') || candidate.includes('#')) return refuse('must not have a query or fragment');
  if (url.pathname !== '/') return refuse(`must not have a path (an origin is a scheme and a host, with a port if not the default: ${url.origin})`);
  if (wildcard && !url.hostname.includes('.')) return refuse('names every subdomain of a top-level domain; name a site, as https://*.blog.example');
  if (wildcard && /^[\d.]+$|^\[/.test(url.hostname)) return refuse('puts a wildcard before an IP address');
  return { origin: wildcard ? `${url.protocol}//*.${url.host}` : url.origin, problem: null };
}

/**
 * The origin a request states: its Origin header, else the origin of its Referer (a browser
 * leaves Origin out of some same-origin requests). Null when neither names an http(s) origin
 * (an `Origin: null` of a sandboxed frame or a file:// page included).
 */
export function requestOrigin(origin: string | undefined, referer: string | undefined): string | null {
  const stated = origin !== undefined && origin !== 'null' ? origin : referer;
  if (stated === undefined) return null;
  try {
    const url = new URL(stated);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether `origin` (as requestOrigin gives it) is one of `patterns` (as parseOriginPattern keeps them). */
export function originAllowed(patterns: readonly string[], origin: string): boolean {
  for (const pattern of patterns) {
    if (pattern === origin) return true;
    const star = pattern.indexOf('://*.');
    if (star < 0) continue;
    // "https://*.blog.example" takes https://a.blog.example and https://a.b.blog.example, not https://blog.example.
    const scheme = pattern.slice(0, star + 3);
    const suffix = pattern.slice(star + 4);
    if (origin.startsWith(scheme) && origin.endsWith(suffix) && origin.length > scheme.length + suffix.length) return true;
  }
  return false;
}
