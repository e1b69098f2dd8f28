// oEmbed 1.0 (https://oembed.com) for the embed pages: a consumer (WordPress, given the page's
// address pasted into a post) asks GET /oembed?url=<an /embed/ address>&maxwidth=&maxheight=
// and gets JSON of type "rich" whose html is the iframe. Only JSON is answered (format=xml is
// 501, as the specification says for a format the provider does not serve).
//
// The html holds, in this order:
// - a <blockquote hidden> with a credited link to the site (or the hotel): hidden wherever the
//   html is used as written. WordPress, for a provider it discovered, keeps only a blockquote and
//   an iframe, drops every other attribute, sandboxes the iframe and hides it until the frame
//   reports its height (its wp-embed.js protocol, which the embed page speaks): the blockquote is
//   then its fallback link, shown only if the frame never appears (a post on a site the key does
//   not list, whose frame the browser refuses).
// - the iframe, at the default size of its kind within maxwidth and maxheight, lazily loaded and
//   titled for screen readers.
// - the optional resize script, for hosts that run scripts (WordPress drops it; the frame then
//   keeps its height, or is sized by wp-embed.js as above).
import { DEFAULT_SIZE, embedTitle, type EmbedParams } from './embed-params.js';
import { html, iframeCode, resizeScriptTag } from './embed-page.js';

export interface OembedSettings {
  serviceName: string;
  baseUrl: string;
  params: EmbedParams;
  /** The embed page's canonical address: the iframe's src. */
  canonicalUrl: string;
  /** The site (search) or the hotel's page (hotel), credited to the key. */
  creditedUrl: string;
  maxWidth: number | null;
  maxHeight: number | null;
}

export interface OembedAnswer {
  version: '1.0';
  type: 'rich';
  provider_name: string;
  provider_url: string;
  title: string;
  html: string;
  width: number;
  height: number;
}

export function oembedAnswer(s: OembedSettings): OembedAnswer {
  const title = embedTitle(s.params, s.serviceName);
  const size = DEFAULT_SIZE[s.params.kind];
  const width = Math.min(size.width, s.maxWidth ?? Infinity);
  const height = Math.min(size.height, s.maxHeight ?? Infinity);
  const fallback = `<blockquote hidden><a href="${html(s.creditedUrl)}">${html(title)}</a></blockquote>`;
  return {
    version: '1.0',
    type: 'rich',
    provider_name: s.serviceName,
    provider_url: `${s.baseUrl}/`,
    title,
    // frameborder: WordPress drops the style attribute of a discovered provider's iframe, not this one.
    html: `${fallback}${iframeCode(s.canonicalUrl, title, width, height).replace('<iframe ', '<iframe frameborder="0" ')}${resizeScriptTag(s.baseUrl)}`,
    width,
    height,
  };
}

/** The oEmbed address of an embed page: its discovery link. */
export function oembedUrlOf(baseUrl: string, canonicalUrl: string): string {
  return `${baseUrl}/oembed?url=${encodeURIComponent(canonicalUrl)}&format=json`;
}

/** maxwidth or maxheight: a whole number of pixels, or null when absent; a ServiceError-free reading, the caller refuses. */
export function readPixels(value: string | string[] | undefined): number | null | 'bad' {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value) || !/^\d{1,5}$/.test(value) || Number(value) < 1) return 'bad';
  return Number(value);
}
