// What both elements share: their shadow root styled by one constructed style sheet, the service
// they call, and the reader's language and currency as the element and its page give them.
import { CallFailure, currencyCode, languageTag, serviceName, type ApiSettings } from './api.js';
import { siteOf } from './cards.js';
import { detailOf, type Texts } from './i18n.js';
import { STYLES } from './styles.js';

let sheet: CSSStyleSheet | null = null;

export function styledRoot(element: HTMLElement): ShadowRoot {
  const root = element.attachShadow({ mode: 'open' });
  sheet ??= new CSSStyleSheet();
  if (sheet.cssRules.length === 0) sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [sheet];
  return root;
}

/** The page's language for this element: its own lang, else its ancestors' and the page's (<html lang="de">). */
export const pageLang = (element: HTMLElement): string | null => languageTag(element.closest('[lang]')?.getAttribute('lang'));

export function apiSettings(element: HTMLElement): ApiSettings {
  // The service that served this module, unless the page names another (api="https://…/").
  const base = element.getAttribute('api') ?? new URL('../', import.meta.url).href;
  return {
    base: base.endsWith('/') ? base : `${base}/`,
    key: element.getAttribute('key'),
    subId: element.getAttribute('sub-id'),
    lang: pageLang(element),
    currency: currencyCode(element.getAttribute('currency')),
  };
}

/** The name the credit gives the booking site: the service's setting, else the address of a link it made. */
export async function creditedName(settings: ApiSettings, url: string): Promise<string> {
  return (await serviceName(settings.base)) ?? siteOf(url);
}

/** What a visitor is told of a call that failed, in their language (the service's own words kept for the blogger). */
export function refusal(texts: Texts, failure: unknown): Array<string | Node> {
  if (!(failure instanceof CallFailure)) return [texts.t('unavailable')];
  switch (failure.kind) {
    case 'offline':
      return [texts.t('offline')];
    case 'rate_limited': {
      if (failure.retryAfterSeconds === null) return [texts.t('tryLater')];
      // A visitor's own hour (or, without a key, their address's), or the whole site's day.
      const site = failure.policy !== null && failure.policy !== 'visitor' && failure.policy !== 'keyless';
      return [texts.t(site ? 'siteLimit' : 'tooMany', texts.wait(failure.retryAfterSeconds))];
    }
    case 'unauthorized':
    case 'invalid': {
      const detail = detailOf(failure.detail);
      return detail ? [texts.t('notSetUp'), ' ', detail] : [texts.t('notSetUp')];
    }
    default:
      return [texts.t('unavailable')];
  }
}
