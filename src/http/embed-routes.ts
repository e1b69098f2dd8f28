// The widget's iframe form, for hosts that do not run a page's scripts (WordPress.com, Medium,
// site builders), and oEmbed, so that a pasted address becomes the frame:
//
//   GET /embed/search?key=live_pk_…&destination=&sub_id=&limit=&lang=&currency=
//   GET /embed/hotel?key=live_pk_…&hotel_id=&sub_id=&lang=&currency=
//   GET /oembed?url=<one of those>&maxwidth=&maxheight=&format=json
//   GET /embed/resize.js   the optional script a host page adds to size frames to their content
//   GET /embed/go?url=     sends a reader on to the booking site's page (sandboxed frames, below)
//
// Who may show the frame: only the pages of the key's origins, by the page's
// `Content-Security-Policy: frame-ancestors <the key's origins>` (no X-Frame-Options, which would
// forbid all framing). The widget in the frame calls the API from the service's own origin; the
// API takes those calls as the key's (counted per visitor, as any publishable key's) when their
// Referer is this key's embed page (keys/embed-pages.ts, embedPageKey). A browser renders that page
// with the widget only inside the key's origins; opened on its own in a tab (Sec-Fetch-Dest:
// document) it gets an explanation, the frame's code and a preview without the key instead.
// Requests without Sec-Fetch-Dest (oEmbed consumers discovering the page, older browsers) get
// the frame's page, discovery link included. A frame sandboxed without allow-same-origin (as
// WordPress sandboxes a discovered provider) sends its calls with no Referer and Origin: null,
// which no rule can tell from another site's: there the page shows a credited link instead of the
// widget (embed-script.ts). docs/embed.md says all of it for bloggers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hash } from 'node:crypto';
import type { Logger } from 'pino';
import type { ActiveKey } from '../access/access-gate.js';
import { ServiceError, upstreamUnavailable } from '../errors.js';
import type { KeyStore } from '../keys/key-store.js';
import { originAllowed, requestOrigin } from '../keys/origins.js';
import { creditQuery, hotelUrl } from '../links/hotel-link.js';
import { serviceHosts, type LinkSettings } from '../links/link-settings.js';
import { negotiateLanguage, DEFAULT_LANGUAGE } from '../locale/languages.js';
import { STATUS_OF, errorBody } from './error-response.js';
import { embedExplanationPage, embedFramePage, embedPageCsp, embedRefusalPage, frameAncestors, REFUSAL_PAGE_CSP, type EmbedWidget } from './embed-page.js';
import { canonicalEmbedUrl, readEmbedParams, SecretKeyInUrl, type EmbedParams } from './embed-params.js';
import { EMBED_GO_PATH, EMBED_KINDS, EMBED_PATHS, EMBED_RESIZE_PATH, embedKindOf, OEMBED_PATH, type EmbedKind } from '../keys/embed-pages.js';
import { RESIZE_SCRIPT } from './embed-script.js';
import { oembedAnswer, oembedUrlOf, readPixels } from './oembed.js';
import { MALFORMED, parseQueryString, type ParsedQuery } from './query-string.js';
import { addVary } from './vary.js';
import { CURRENT_WIDGET, widgetFile, type WidgetVersion } from './widget-files.js';

/**
 * The widget release the embed pages load: the current one (v3.js was the first with <stays-hotel>).
 * One constant: set it to 'v2.js' to go back to the earlier release.
 */
export const EMBED_WIDGET_FILE: WidgetVersion = CURRENT_WIDGET;

export interface EmbedRouteOptions {
  /** The key store: an embed address's key must be an active publishable key, whose origins may frame it. */
  keys: Pick<KeyStore, 'findActive'>;
  /** The service's address as pages reach it (PUBLIC_BASE_URL, else the request's); throws a 400 ServiceError for a host that cannot be one. */
  publicUrl: (request: FastifyRequest) => string;
  serviceName: string;
  /** Where links point: the credited fallback link of a frame, and where /embed/go may send a reader. */
  links: LinkSettings;
  logger?: Logger;
  now?: () => number;
}

/** The Sec-Fetch-Dest values of a frame's own load: iframe, frame, and the embed and object elements. */
const FRAMED_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object']);

/** What a refusal page is headed with, by status, for a search or a hotel's frame. */
function heading(status: number, kind: EmbedKind): string {
  const what = kind === 'hotel' ? 'hotel card' : 'hotel search';
  if (status === 401) return `This ${what}'s key does not work`;
  if (status === 403) return `This ${what} is not enabled on this site`;
  if (status === 503) return 'Hotel search is unavailable right now';
  return `This ${what} cannot be shown`;
}

function keyNotValid(): ServiceError {
  return new ServiceError(
    'unauthorized',
    "this address's key is not valid: unknown, revoked or mistyped. The key's owner makes a publishable key for the site " +
      '(the console, or POST /v1/keys) and embeds the address again with it',
  );
}

export function registerEmbedRoutes(app: FastifyInstance, options: EmbedRouteOptions): void {
  const now = options.now ?? Date.now;
  const file = widgetFile(EMBED_WIDGET_FILE, options.serviceName);
  const widget: EmbedWidget | null = file ? { path: `/widget/${EMBED_WIDGET_FILE}`, integrity: file.integrity } : null;

  /** The active publishable key an address names, or a ServiceError: 401 (not valid) or 503 (the store cannot be read). */
  async function activeKey(secret: string): Promise<ActiveKey> {
    let key: ActiveKey | null;
    try {
      key = await options.keys.findActive(secret);
    } catch (error) {
      options.logger?.warn({ err: error }, 'an embed page could not check its key');
      throw upstreamUnavailable('keys cannot be checked right now; try again shortly', 5, error);
    }
    if (!key || key.kind !== 'publishable' || (key.expiresAtMs != null && key.expiresAtMs <= now())) throw keyNotValid();
    return key;
  }

  /** The site's home page (search) or the hotel's page (hotel) with the key's code, tag, language and currency. */
  function creditedUrl(params: EmbedParams, key: ActiveKey, lang: string | null = params.lang): string {
    const credit = { affiliateCode: key.affiliateCode, subId: params.subId, lang, currency: params.currency };
    if (params.kind === 'hotel' && params.hotelId) return hotelUrl(options.links, params.hotelId, credit);
    const query = creditQuery(options.links, credit);
    return `https://${options.links.mainSite}/${query ? `?${query}` : ''}`;
  }

  function sendRefusalPage(reply: FastifyReply, kind: EmbedKind, status: number, message: string, retryAfter?: number): FastifyReply {
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', REFUSAL_PAGE_CSP)
      .header('X-Robots-Tag', 'noindex')
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    if (retryAfter !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
    // Capitalised for a reader: the messages are the API's, which start in lower case.
    const text = message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');
    return reply.send(embedRefusalPage(options.serviceName, heading(status, kind), text));
  }

  function refuse(reply: FastifyReply, kind: EmbedKind, error: unknown): FastifyReply {
    if (!(error instanceof ServiceError)) throw error;
    // Nothing of an address holding a secret key goes anywhere else, not even as a Referer.
    if (error instanceof SecretKeyInUrl) reply.header('Referrer-Policy', 'no-referrer');
    return sendRefusalPage(reply, kind, STATUS_OF[error.code], error.message, error.retryAfterSeconds);
  }

  const notBuilt = (reply: FastifyReply, kind: EmbedKind) =>
    sendRefusalPage(reply, kind, 503, 'the widget has not been built on this instance (npm run build)', 60);

  async function embedPage(kind: EmbedKind, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let baseUrl: string;
    let params: EmbedParams;
    let key: ActiveKey;
    try {
      params = readEmbedParams(kind, request.query as ParsedQuery);
      baseUrl = options.publicUrl(request);
      key = await activeKey(params.key);
    } catch (error) {
      return refuse(reply, kind, error);
    }
    if (!widget) return notBuilt(reply, kind);
    const serviceOrigin = new URL(baseUrl).origin;
    addVary(reply, 'Sec-Fetch-Dest');
    const destination = request.headers['sec-fetch-dest'];
    const canonicalUrl = canonicalEmbedUrl(baseUrl, params);
    const origins = key.origins ?? [];
    const settings = {
      serviceName: options.serviceName,
      baseUrl,
      widget,
      params,
      canonicalUrl,
      oembedUrl: oembedUrlOf(baseUrl, canonicalUrl),
      creditedUrl: creditedUrl(params, key),
      origins,
    };
    let page: string;
    if (destination === 'document') {
      page = embedExplanationPage(settings);
    } else {
      // A frame's load names the page that loads it (the origin at least, unless that page sends
      // no referrer). On a site the key does not list the browser would refuse to show the frame
      // (frame-ancestors) with an empty box; the blogger reads why instead, and nothing else.
      addVary(reply, 'Referer');
      const parent = FRAMED_DESTINATIONS.has(String(destination)) ? requestOrigin(undefined, request.headers.referer) : null;
      if (parent !== null && parent !== serviceOrigin && !originAllowed(origins, parent)) {
        const listed = origins.length > 0 ? `; it works on ${origins.join(', ')}` : '';
        return sendRefusalPage(
          reply,
          kind,
          403,
          `this ${kind === 'hotel' ? 'hotel card' : 'hotel search'}'s key is not enabled on ${parent}${listed}. The key's owner can add the site to the key (the console, or PATCH /v1/keys/…)`,
        );
      }
      let lang = params.lang;
      if (lang === null) {
        // The reader's language, as the widget's calls would take it: the page says so, and the widget reads it.
        addVary(reply, 'Accept-Language');
        const accepted = request.headers['accept-language'];
        lang = (accepted ? negotiateLanguage(accepted) : null) ?? DEFAULT_LANGUAGE;
      }
      // The credited link in the page follows the language the widget's own links will have.
      page = embedFramePage({ ...settings, creditedUrl: creditedUrl(params, key, lang) }, lang);
    }
    const csp = embedPageCsp(serviceOrigin, frameAncestors(origins));
    // Read afresh at every load, so a key's origins and its revocation count from the next one;
    // the tag spares the bytes when nothing changed.
    const tag = `W/"${hash('sha256', `${csp}\n${page}`, 'base64url').slice(0, 27)}"`;
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('ETag', tag)
      .header('Content-Security-Policy', csp)
      // The widget's calls from the frame carry the page's whole address (its key): embedPageKey.
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .header('X-Robots-Tag', 'noindex')
      // A host page isolated with COEP (require-corp) may frame it too.
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => t.trim() === tag || t.trim() === tag.slice(2))) return reply.code(304).send();
    return reply.send(page);
  }

  for (const kind of EMBED_KINDS) app.get(EMBED_PATHS[kind], (request, reply) => embedPage(kind, request, reply));

  app.get(EMBED_RESIZE_PATH, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(RESIZE_SCRIPT),
  );

  // A link a sandboxed frame could not open (embed-script.ts): only ever to the booking sites.
  const bookingHosts = serviceHosts(options.links);
  app.get(EMBED_GO_PATH, (request, reply) => {
    const url = (request.query as ParsedQuery).url;
    let target: URL | null = null;
    try {
      if (typeof url === 'string') target = new URL(url);
    } catch {
      target = null;
    }
    if (!target || target.protocol !== 'https:' || !bookingHosts.has(target.hostname.toLowerCase()) || target.username || target.password) {
      return sendRefusalPage(reply, 'search', 400, `url must be an address of ${options.links.mainSite} or ${options.links.travelSite}`);
    }
    return reply.code(303).header('Location', target.href).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').send();
  });

  app.get(OEMBED_PATH, async (request, reply) => {
    const query = request.query as ParsedQuery;
    const fail = (status: number, error: ServiceError | string) => {
      const problem = typeof error === 'string' ? new ServiceError(status === 404 ? 'not_found' : 'invalid_params', error) : error;
      if (problem.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      if (problem.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(problem.retryAfterSeconds))));
      return reply.code(status).header('Cache-Control', 'no-store').send(errorBody(problem.code, problem.message));
    };
    if (query[MALFORMED] !== undefined) return fail(400, 'the query has a malformed percent-escape');
    for (const name of ['url', 'format', 'maxwidth', 'maxheight']) {
      if (Array.isArray(query[name])) return fail(400, `send ${name} once`);
    }
    const format = query.format as string | undefined;
    if (format !== undefined && format !== 'json') {
      return fail(501, `format ${JSON.stringify(format.slice(0, 20))} is not served: this provider answers oEmbed in JSON only (format=json)`);
    }
    const url = query.url as string | undefined;
    if (url === undefined || url === '') return fail(400, 'url is required: the address of an embed page of this service (…/embed/search?key=…)');
    const maxWidth = readPixels(query.maxwidth);
    const maxHeight = readPixels(query.maxheight);
    if (maxWidth === 'bad' || maxHeight === 'bad') return fail(400, 'maxwidth and maxheight must be whole numbers of pixels, at least 1');
    let baseUrl: string;
    try {
      baseUrl = options.publicUrl(request);
    } catch (error) {
      if (error instanceof ServiceError) return fail(STATUS_OF[error.code], error);
      throw error;
    }
    let target: URL | null = null;
    try {
      target = new URL(url);
    } catch {
      target = null;
    }
    const kind = target && target.origin === new URL(baseUrl).origin ? embedKindOf(target.pathname) : null;
    if (!target || kind === null) {
      return fail(404, `url is not an address of this service's embed pages (${baseUrl}${EMBED_PATHS.search}?key=… or ${baseUrl}${EMBED_PATHS.hotel}?key=…&hotel_id=…)`);
    }
    try {
      const params = readEmbedParams(kind, parseQueryString(target.search.slice(1)));
      const key = await activeKey(params.key);
      const canonicalUrl = canonicalEmbedUrl(baseUrl, params);
      const answer = oembedAnswer({
        serviceName: options.serviceName,
        baseUrl,
        params,
        canonicalUrl,
        creditedUrl: creditedUrl(params, key),
        maxWidth,
        maxHeight,
      });
      return reply.header('Cache-Control', 'private, max-age=300').type('application/json; charset=utf-8').send(answer);
    } catch (error) {
      if (error instanceof ServiceError) return fail(STATUS_OF[error.code], error);
      throw error;
    }
  });
}

/** The paths these routes serve, with their methods: for paths.ts's 405 answers. */
export const EMBED_ROUTE_PATHS: Readonly<Record<string, readonly string[]>> = {
  [EMBED_PATHS.search]: ['GET', 'HEAD'],
  [EMBED_PATHS.hotel]: ['GET', 'HEAD'],
  [EMBED_RESIZE_PATH]: ['GET', 'HEAD'],
  [EMBED_GO_PATH]: ['GET', 'HEAD'],
  [OEMBED_PATH]: ['GET', 'HEAD'],
};
