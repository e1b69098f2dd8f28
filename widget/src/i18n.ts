// The widget's words in its reader's language. English is built in; every other language is a
// catalog of its own (widget/messages/<lang>.json), fetched from the service that served the
// script only by a widget that shows that language, with the integrity the build wrote in (so the
// hash a page pins its script with covers the catalog too). The language is chosen as the
// service chooses the language of place names: the element's lang, else its ancestors' and the
// page's (<html lang>); "de-AT" reads the German catalog, "zh-TW" the Traditional Chinese one.
// Numbers, distances, plurals, lists and times come from Intl in the reader's locale.
import EN from '../messages/en.json';
import { h } from './dom.js';

/** The catalogs beside English, by language tag, with their integrity (written in by the build). */
declare const __CATALOGS__: Record<string, string>;
/** This release's folder on the service ("v4"): its catalogs are at <folder>/messages/. */
declare const __VERSION__: string;

export type MessageKey = keyof typeof EN;
/** A message: its text, or its plural forms by category (the count is the `count` value). */
type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
type Catalog = Record<string, Message>;
type Value = string | number | Node;

/** The catalog a language tag reads, or null for English (or a language with no catalog). */
export function catalogOf(tag: string | null): string | null {
  if (!tag) return null;
  const byLower = new Map(Object.keys(__CATALOGS__).map((lang) => [lang.toLowerCase(), lang]));
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return null;
  }
  const language = locale.language === 'no' ? 'nb' : locale.language;
  return byLower.get(tag.toLowerCase()) ?? byLower.get(`${language}-${locale.maximize().script}`.toLowerCase()) ?? byLower.get(language) ?? null;
}

export class Texts {
  readonly dir: 'ltr' | 'rtl';
  readonly #plural: Intl.PluralRules;
  readonly #number: Intl.NumberFormat;

  /** `lang`: the catalog's language; `locale`: the reader's, for Intl (the page's "de-CH" reading the German catalog). */
  constructor(
    readonly lang: string,
    readonly locale: string,
    private readonly catalog: Catalog,
  ) {
    this.dir = catalog['@dir'] === 'rtl' ? 'rtl' : 'ltr';
    this.#plural = new Intl.PluralRules(locale);
    this.#number = new Intl.NumberFormat(locale);
  }

  /** The message with its values: numbers in the reader's digits, the plural form by `count`. */
  t(key: MessageKey, values: Record<string, string | number> = {}): string {
    return this.parts(key, values).join('');
  }

  /** The message as text and nodes (a value may be an element, or a list of them). */
  parts(key: MessageKey, values: Record<string, Value | Array<string | Node>> = {}): Array<string | Node> {
    let message = (this.catalog[key] ?? EN[key]) as Message;
    if (typeof message !== 'string') message = message[this.#plural.select(Number(values.count))] ?? message.other ?? '';
    return message.split(/\{(\w+)\}/).flatMap((part, i) => {
      if (i % 2 === 0) return part ? [part] : [];
      const value = values[part];
      if (typeof value === 'number') return [this.#number.format(value)];
      // Words (a Latin place in Arabic text) are isolated, so they keep their own order; a bare
      // number ("9.1" of "9.1/10") is left in the line, where it reads left to right as numbers do.
      if (typeof value === 'string') return [this.dir === 'rtl' && /\p{L}/u.test(value) ? `\u2068${value}\u2069` : value];
      return Array.isArray(value) ? value : value === undefined ? [] : [value];
    });
  }

  /** "1.2 km", "1,2 km", "١٫٢ كم". */
  km(distance: number): string {
    return new Intl.NumberFormat(this.locale, { style: 'unit', unit: 'kilometer', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(distance);
  }

  decimal(value: number): string {
    return new Intl.NumberFormat(this.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  }

  /** Buttons (or any nodes) as a list with "or": "A, B or C", "A, B oder C", "A、B、またはC". */
  or(items: Node[]): Array<string | Node> {
    let next = 0;
    return new Intl.ListFormat(this.locale, { type: 'disjunction' }).formatToParts(items.map(String)).map((part) => (part.type === 'element' ? items[next++] : part.value));
  }

  /** A wait in words from now ("in 14 minutes", "in 14 Minuten") and the time it ends on the reader's clock. */
  wait(seconds: number, now = Date.now()): { wait: string; time: string } {
    const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
      seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.round(seconds / 60), 'minute'] : [Math.round(seconds / 3600), 'hour'];
    const at = new Date(now + seconds * 1000);
    // Without a timeZone: the visitor's own. Another day than today is named.
    const sameDay = at.toDateString() === new Date(now).toDateString();
    const time = new Intl.DateTimeFormat(this.locale, { hour: 'numeric', minute: '2-digit', ...(sameDay ? {} : { weekday: 'long' }) }).format(at);
    return { wait: new Intl.RelativeTimeFormat(this.locale, { numeric: 'always' }).format(amount, unit), time };
  }

  /** Marks an element as written in this language and direction. */
  mark<E extends HTMLElement>(element: E): E {
    element.lang = this.lang;
    element.dir = this.dir;
    return element;
  }
}

export const ENGLISH = new Texts('en', 'en', EN);

const loaded = new Map<string, Promise<Catalog | null>>();

function loadCatalog(lang: string): Promise<Catalog | null> {
  let loading = loaded.get(lang);
  if (!loading) {
    const url = new URL(`${__VERSION__}/messages/${lang}.json`, import.meta.url);
    loading = fetch(url, { integrity: __CATALOGS__[lang], credentials: 'omit' })
      .then((response) => (response.ok ? (response.json() as Promise<Catalog>) : null))
      .catch(() => null);
    // A catalog that could not be had is asked for again by the next widget.
    loading.then((catalog) => catalog ?? loaded.delete(lang));
    loaded.set(lang, loading);
  }
  return loading;
}

/**
 * The texts for a page's lang: English at once when that is what the page reads (or has no
 * catalog), else its catalog when it has come (English if it cannot be had).
 */
export function textsFor(tag: string | null): Texts | Promise<Texts> {
  const lang = catalogOf(tag);
  if (!lang) return tag && /^en\b/i.test(tag) ? new Texts('en', tag, EN) : ENGLISH;
  return loadCatalog(lang).then((catalog) => (catalog ? new Texts(lang, tag!, catalog) : ENGLISH));
}

/** Text in English from the service, for the blogger, apart from the visitor's message. */
export const detailOf = (detail: string): HTMLElement | null => (detail ? h('small', { class: 'detail', lang: 'en', dir: 'ltr' }, detail) : null);
