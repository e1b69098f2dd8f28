// The widget's snippet as the builders write it (the one on /widget, widget/src/builder.ts, and the
// console's): the script tag and <stays-search>, or <stays-hotel> for one hotel, or, for hosts
// that strip scripts, an iframe of the service's /embed/ page. One function, so both write the
// same text for the same choices. A secret key is never written into it: a page is public.

/** What a builder's fields say. Empty strings are left out of the tag. */
export interface SnippetChoices {
  /** The widget's script address and its Subresource Integrity hash. */
  script: string;
  integrity: string;
  key: string;
  subId: string;
  destination: string;
  limit: string;
  /** The reader's language and currency (empty: the page's language, no currency). */
  lang?: string;
  currency?: string;
  /** How <stays-search> lays out its hotels: a grid of cards (the default, left out of the tag) or a list of compact rows. */
  layout?: 'cards' | 'list';
  /** One hotel's id: the snippet shows that hotel alone. */
  hotelId?: string;
  /** `iframe` for hosts that strip scripts (WordPress.com, Medium…): the service's /embed/ page in a frame. */
  form?: 'script' | 'iframe';
  /** The service's address, for the iframe form. */
  base?: string;
  /** Colours (#rrggbb) and the corner radius in pixels, as the builder's inputs give them. */
  accent: string;
  text: string;
  background: string;
  radius: string;
}

/** The key shown in a snippet until a publishable key is given. */
export const KEY_PLACEHOLDER = 'live_pk_…';

export const THEME_DEFAULTS = { accent: '#0b57d0', text: '#1f1f1f', background: '#ffffff', radius: '12' } as const;
const THEME_PROPERTIES = { accent: '--stays-accent', text: '--stays-text', background: '--stays-background', radius: '--stays-radius' } as const;
export type ThemeField = keyof typeof THEME_PROPERTIES;

/** What the builders say when a secret key is given. */
export const SECRET_KEY_ALERT =
  'That is a secret key (live_…): a secret key must never go in a web page, where anyone can copy it and spend your allowance. ' +
  'Use a publishable key (live_pk_…) made for your site. If this secret key was ever pasted into a public page, roll it now ' +
  '(in the console at /console, or POST /v1/keys/{id}/roll).';

/** Whether a text holds a secret key: live_ not followed by pk_ (an operator's live_op_ key included). */
export function holdsSecretKey(text: string): boolean {
  return /(?:^|[^A-Za-z0-9_])live_(?!pk_)/.test(text);
}

const attributeText = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The CSS value of a theme field. */
export function themeValue(field: ThemeField, value: string): string {
  return field === 'radius' ? `${value}px` : value;
}

/** The custom properties a preview is styled with, for every theme field. */
export function themeProperties(choices: SnippetChoices): Array<[string, string]> {
  return (Object.keys(THEME_PROPERTIES) as ThemeField[]).map((field) => [THEME_PROPERTIES[field], themeValue(field, choices[field])]);
}

/** The iframe of the service's /embed/ page for the choices (a frame takes no colours, nor a layout: /embed/search has none). */
function iframeSnippet(choices: SnippetChoices, key: string): string {
  const hotel = Boolean(choices.hotelId);
  const query = new URLSearchParams();
  query.set('key', key);
  const add = (name: string, value: string | undefined) => value && query.set(name, value);
  if (hotel) add('hotel_id', choices.hotelId);
  else {
    add('destination', choices.destination);
    add('limit', choices.limit);
  }
  add('sub_id', choices.subId);
  add('lang', choices.lang);
  add('currency', choices.currency);
  const src = `${choices.base ?? ''}/embed/${hotel ? 'hotel' : 'search'}?${query.toString().replaceAll('%E2%80%A6', '…')}`;
  const title = hotel ? 'Hotel' : choices.destination ? `Hotels in ${choices.destination}` : 'Hotel search';
  return `<iframe src="${attributeText(src)}" title="${attributeText(title)}" width="100%" height="${hotel ? 420 : 620}" loading="lazy" style="border:0"></iframe>`;
}

/** The snippet, and whether a secret key was left out of it. */
export function widgetSnippet(choices: SnippetChoices): { snippet: string; secretKeyRefused: boolean } {
  const secretKeyRefused = holdsSecretKey(choices.key);
  const key = secretKeyRefused || !choices.key ? KEY_PLACEHOLDER : choices.key;
  if (choices.form === 'iframe') return { snippet: iframeSnippet(choices, key), secretKeyRefused };
  const element = choices.hotelId ? 'stays-hotel' : 'stays-search';
  const attributes: Array<[string, string]> = choices.hotelId
    ? [
        ['key', key],
        ['hotel-id', choices.hotelId],
        ['sub-id', choices.subId],
      ]
    : [
        ['key', key],
        ['sub-id', choices.subId],
        ['destination', choices.destination],
        ['limit', choices.limit],
        ['layout', choices.layout === 'list' ? 'list' : ''],
      ];
  attributes.push(['lang', choices.lang ?? ''], ['currency', choices.currency ?? '']);
  const theme: string[] = [];
  for (const field of Object.keys(THEME_PROPERTIES) as ThemeField[]) {
    if (choices[field] !== THEME_DEFAULTS[field]) theme.push(`  ${THEME_PROPERTIES[field]}: ${themeValue(field, choices[field])};`);
  }
  const tag = attributes
    .filter(([, value]) => value)
    .map(([name, value]) => ` ${name}="${attributeText(value)}"`)
    .join('');
  const snippet = [
    `<script type="module" src="${choices.script}" integrity="${choices.integrity}" crossorigin="anonymous"></script>`,
    `<${element}${tag}></${element}>`,
    ...(theme.length ? ['<style>', `${element} {`, ...theme, '}', '</style>'] : []),
  ].join('\n');
  return { snippet, secretKeyRefused };
}
