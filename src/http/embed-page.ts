// The embed pages: the widget alone in a page of the service, for an iframe on a blog that may
// not run scripts (/embed/search, /embed/hotel), the same address opened on its own (a short
// explanation, the frame's code and a preview), the pages that refuse, and their
// Content-Security-Policy, whose frame-ancestors are the key's origins.
import { EMBED_RESIZE_PATH } from '../keys/embed-pages.js';
import { DEFAULT_SIZE, embedTitle, type EmbedParams } from './embed-params.js';
import { cspHash, FRAME_SCRIPT } from './embed-script.js';

export const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The widget file the pages load, by its address on the service and its integrity hash. */
export interface EmbedWidget {
  path: string;
  integrity: string;
}

export interface EmbedPageSettings {
  serviceName: string;
  /** The service's address as pages reach it. */
  baseUrl: string;
  widget: EmbedWidget;
  params: EmbedParams;
  /** The page's own address in its canonical form. */
  canonicalUrl: string;
  /** The oEmbed address of this page (the discovery link). */
  oembedUrl: string;
  /** The site's home page (search) or the hotel's page (hotel), credited to the key: what shows before the widget can. */
  creditedUrl: string;
  /** The key's origins, as the key store keeps them. */
  origins: readonly string[];
}

const FRAME_STYLE = `html { color-scheme: light; }
body { margin: 0; padding: 8px; background: #fff; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f1f1f; }
main.search { min-height: 420px; }
.sandboxed main.search { min-height: 0; }
a { color: #0b57d0; }
.fallback { margin: 0; font-weight: 600; }
stays-hotel:defined .fallback { display: none; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.explain { max-width: 820px; margin: 0 auto; padding: 16px; }
.explain pre { background: #f1f3f4; padding: 10px 12px; border-radius: 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.explain .preview { border: 1px dashed #bdc1c6; border-radius: 12px; padding: 16px; }
.explain .note { color: #5f6368; }
.problem { max-width: 640px; margin: 0 auto; padding: 8px 4px; }
.problem h1 { font-size: 1.15em; margin: 0 0 8px; }
`;

const STYLE_HASH = cspHash(FRAME_STYLE);
const SCRIPT_HASH = cspHash(FRAME_SCRIPT);

/**
 * A key's origin as a CSP source expression. Origins are kept as CSP wants them (scheme, host,
 * port if not the default; `https://*.blog.example` for subdomains) with one exception: CSP has
 * no syntax for an IPv6 address, so such an origin cannot be allowed to frame (null).
 */
export function cspSource(origin: string): string | null {
  if (!/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) return null;
  return origin;
}

/** frame-ancestors for a key's origins: each origin that CSP can say, else 'none'. */
export function frameAncestors(origins: readonly string[]): string {
  const sources = origins.map(cspSource).filter((source): source is string => source !== null);
  return sources.length > 0 ? sources.join(' ') : "'none'";
}

/**
 * The policy of an embed page: the widget's script and calls from the service only, photos from
 * their hosts (https) and the service's own, its inline style and script by hash, nothing else;
 * framed only by `ancestors`.
 */
export function embedPageCsp(serviceOrigin: string, ancestors: string): string {
  // 'self' and the origin by name: in a frame sandboxed without allow-same-origin (as WordPress
  // sandboxes discovered embeds) the page's origin is opaque, and only the name still matches.
  const service = `'self' ${serviceOrigin}`;
  return [
    "default-src 'none'",
    `script-src ${service} ${SCRIPT_HASH}`,
    `style-src ${STYLE_HASH}`,
    `img-src ${service} https:`,
    `connect-src ${service}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** The policy of a page that refuses (no widget, no script): any page may frame it, so the blogger reads why in place. */
export const REFUSAL_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors *`;

/** The language and direction of the page's `<html>`: the widget reads its language from there (and v3 its direction). */
function htmlAttributes(lang: string): string {
  let direction = 'ltr';
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    direction = (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    // a tag Intl cannot read: left to right
  }
  return `lang="${html(lang)}" dir="${direction}"`;
}

function head(title: string, s: { oembedUrl?: string; widget?: EmbedWidget; frameScript?: boolean }): string {
  return `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(title)}</title>
${s.oembedUrl ? `<link rel="alternate" type="application/json+oembed" href="${html(s.oembedUrl)}" title="${html(title)}">\n` : ''}<style>${FRAME_STYLE}</style>
${s.widget ? `<script type="module" src="${html(s.widget.path)}" integrity="${html(s.widget.integrity)}" crossorigin="anonymous"></script>\n` : ''}${
    s.frameScript ? `<script>${FRAME_SCRIPT}</script>\n` : ''
  }</head>`;
}

/** The widget's element for the page's parameters; `withKey` false for the preview of a page opened on its own. */
function widgetElement(s: EmbedPageSettings, withKey: boolean, lang: string | null): string {
  const p = s.params;
  const attributes: Array<[string, string | null]> = [
    ['key', withKey ? p.key : null],
    ['hotel-id', p.hotelId],
    ['destination', p.destination],
    ['sub-id', withKey ? p.subId : null],
    ['limit', p.limit === null ? null : String(p.limit)],
    ['currency', p.currency],
    ['lang', lang],
  ];
  const written = attributes
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([name, value]) => ` ${name}="${html(value)}"`)
    .join('');
  if (p.kind === 'search') return `<stays-search${written}></stays-search>`;
  // <stays-hotel> is the widget's one-hotel element (v3 on). Until the page's widget defines it,
  // the reader sees a credited link to the hotel's page; once defined, its own card.
  const link = withKey ? s.creditedUrl : null;
  const fallback = link
    ? `<p class="fallback"><a href="${html(link)}" target="_blank" rel="sponsored noopener">${html(fallbackText(s.params, s.serviceName))}</a></p>`
    : `<p class="fallback">The hotel's card shows here.</p>`;
  return `<stays-hotel${written}>${fallback}</stays-hotel>`;
}

/** The words of the credited link that stands in for the widget where it cannot work. */
export function fallbackText(params: EmbedParams, serviceName: string): string {
  if (params.kind === 'hotel') return `See this hotel · Book on ${serviceName}`;
  return params.destination ? `Hotels in ${params.destination} · Book on ${serviceName}` : `Find a hotel · Book on ${serviceName}`;
}

/**
 * The page inside the frame: the widget, and a credited link kept hidden that the frame's script
 * shows in its place where the widget's calls cannot be the key's: a frame sandboxed without
 * allow-same-origin (as WordPress sandboxes a provider it discovered) has an opaque origin, and
 * its calls carry `Origin: null` and no Referer, like those of any sandboxed frame on any site.
 */
export function embedFramePage(s: EmbedPageSettings, lang: string): string {
  const title = embedTitle(s.params, s.serviceName);
  return `<!doctype html>
<html ${htmlAttributes(lang)}>
${head(title, { oembedUrl: s.oembedUrl, widget: s.widget, frameScript: true })}
<body>
<main class="${s.params.kind}">
${widgetElement(s, true, null)}
<p id="stays-link" class="fallback" hidden><a href="${html(s.creditedUrl)}" target="_blank" rel="sponsored noopener">${html(fallbackText(s.params, s.serviceName))}</a></p>
</main>
</body>
</html>
`;
}

/** The iframe (and the optional resize script) a host page puts where the widget goes. */
export function iframeCode(src: string, title: string, width: number, height: number): string {
  return `<iframe src="${html(src)}" width="${width}" height="${height}" title="${html(title)}" loading="lazy" style="border:0;max-width:100%"></iframe>`;
}

export function resizeScriptTag(baseUrl: string): string {
  return `<script async src="${html(baseUrl + EMBED_RESIZE_PATH)}"></script>`;
}

/**
 * The same address opened on its own, in a tab (Sec-Fetch-Dest: document): the frame is made for
 * the key's sites, so here the page says so, gives the code that embeds it and shows a preview
 * that searches without the key (its links carry no affiliate code; a reader of this page is not
 * on one of the key's sites). The discovery link is there too.
 */
export function embedExplanationPage(s: EmbedPageSettings): string {
  const title = embedTitle(s.params, s.serviceName);
  const size = DEFAULT_SIZE[s.params.kind];
  const code = `${iframeCode(s.canonicalUrl, title, size.width, size.height)}\n${resizeScriptTag(s.baseUrl)}`;
  const sites = s.origins.length > 0 ? s.origins.map((o) => `<code>${html(o)}</code>`).join(', ') : 'no site yet';
  return `<!doctype html>
<html lang="en" dir="ltr">
${head(`${title} (to embed)`, { oembedUrl: s.oembedUrl, widget: s.widget })}
<body>
<div class="explain">
<header>
<h1>${html(title)}: made to be embedded</h1>
<p>This address is a frame for the pages of the key's sites (${sites}); only they may show it, and there its links carry the key's affiliate code${s.params.subId ? ` and the placement tag <code>${html(s.params.subId)}</code>` : ''}.</p>
</header>
<main>
<h2>Embed it</h2>
<p>In WordPress and other sites that read oEmbed, paste this page's address on a line of its own. Elsewhere, put this code in the page (the script is optional: it sizes the frame to its content):</p>
<pre tabindex="0"><code>${html(code)}</code></pre>
<h2>Preview</h2>
<p class="note">Shown here, outside the key's sites, the search runs without the key: its links carry no affiliate code.</p>
<div class="preview">${widgetElement(s, false, s.params.lang)}</div>
</main>
</div>
</body>
</html>
`;
}

/** A page that says why the frame cannot be shown, in the frame or on its own. */
export function embedRefusalPage(serviceName: string, heading: string, message: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
${head(`${heading} · ${serviceName}`, {})}
<body>
<main class="problem">
<h1>${html(heading)}</h1>
<p>${html(message)}</p>
</main>
</body>
</html>
`;
}
