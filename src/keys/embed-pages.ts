// The addresses of the widget's iframe form (/embed/search, /embed/hotel), and how a call of the
// API is known to come from one of them: its Referer is the embed page of the very key it
// presents, on the service's own origin. Nothing here is imported from elsewhere, so that the
// access gate can use it too.

export const EMBED_KINDS = ['search', 'hotel'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const EMBED_PATHS: Readonly<Record<EmbedKind, string>> = { search: '/embed/search', hotel: '/embed/hotel' };
/** The optional script a host page may load to size the frames to their content. */
export const EMBED_RESIZE_PATH = '/embed/resize.js';
/** Where a frame sandboxed by WordPress sends a link it may not open itself (see embed-script.ts). */
export const EMBED_GO_PATH = '/embed/go';
export const OEMBED_PATH = '/oembed';

/** The kind of embed page a path names (one trailing slash ignored, as the router ignores it), or null. */
export function embedKindOf(path: string): EmbedKind | null {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const kind of EMBED_KINDS) if (EMBED_PATHS[kind] === bare) return kind;
  return null;
}

/**
 * The key of the embed page a Referer names, when it is one of this service's embed pages:
 * `https://service/embed/search?key=live_pk_…&…` on `serviceOrigin` gives `live_pk_…`. Null for
 * anything else (another origin, another path, no key or the key twice).
 *
 * Browsers send it with every call the widget in the frame makes: a frame is same-origin with the
 * service, and the embed page is served with `Referrer-Policy: strict-origin-when-cross-origin`,
 * which keeps the whole address for same-origin requests (a frame sandboxed without
 * allow-same-origin too: the referrer policy compares the page's address, not its opaque origin).
 */
export function embedPageKey(referer: string | undefined, serviceOrigin: string): string | null {
  if (referer === undefined) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.origin !== serviceOrigin || embedKindOf(url.pathname) === null) return null;
  const keys = url.searchParams.getAll('key');
  return keys.length === 1 && keys[0] !== '' ? keys[0] : null;
}
