// The languages the service names places in, and how a traveller's language (a lang parameter,
// or a browser's Accept-Language) is matched to one of them. Country names come from CLDR (the
// ICU data of Node.js, through Intl.DisplayNames), region names from iso3166-2-db, city names
// from GeoNames (places/data/city-names.json); where a language has no name for a place, the
// English one is given, never another language's.
import Negotiator from 'negotiator';

/** The service's languages for names, as BCP 47 tags; English is the default. */
export const NAME_LANGUAGES = [
  'en', 'de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'sv', 'da', 'nb', 'fi', 'cs', 'tr', 'ru', 'uk', 'el',
  'ja', 'ko', 'zh-Hans', 'zh-Hant', 'ar', 'he', 'hi', 'th', 'vi', 'id',
] as const;

export type NameLanguage = (typeof NAME_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: NameLanguage = 'en';

const BY_LOWER = new Map<string, NameLanguage>(NAME_LANGUAGES.map((l) => [l.toLowerCase(), l]));

/**
 * The service's language for a traveller's (canonical BCP 47) tag, or null when it has none:
 * the tag itself ("pt-BR"), its language with its script ("zh-TW" is written in Hant, "zh" and
 * "zh-CN" in Hans), then its language alone ("de-AT" is "de", "pt-PT" is "pt"). Norwegian "no" is
 * read as Bokmål.
 */
export function nameLanguageOf(tag: string): NameLanguage | null {
  const exact = BY_LOWER.get(tag.toLowerCase());
  if (exact) return exact;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return null;
  }
  const language = locale.language === 'no' ? 'nb' : locale.language;
  const script = locale.maximize().script;
  return BY_LOWER.get(`${language}-${script}`.toLowerCase()) ?? BY_LOWER.get(language) ?? null;
}

/**
 * The best of the service's languages for an Accept-Language header (q-values honoured, a
 * language refused with q=0 never chosen), or null when the header asks for none of them or
 * for any ("*", which fetch sends by default): names are then English.
 */
export function negotiateLanguage(acceptLanguage: string): NameLanguage | null {
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  for (const tag of preferred) {
    // Any language: no preference, so none is put in links either.
    if (tag === '*') return null;
    const language = nameLanguageOf(tag);
    if (language) return language;
  }
  return null;
}

/** The language an answer names places in, for a traveller's language (or none): English by default. */
export function namesLanguage(tag: string | null | undefined): NameLanguage {
  return (tag && nameLanguageOf(tag)) || DEFAULT_LANGUAGE;
}

/** True when a tag is one of the service's languages as written ("zh-Hans", not "zh-CN"). */
export function isNameLanguage(tag: string): tag is NameLanguage {
  return (NAME_LANGUAGES as readonly string[]).includes(tag);
}

/**
 * A set of the service's languages as bits (bit k for NAME_LANGUAGES[k]), as the gazetteer's
 * name entries carry the languages a name is written in. Tags it has no language for are left out.
 */
export function languageMask(tags: Iterable<string>): number {
  let mask = 0;
  for (const tag of tags) {
    const k = NAME_LANGUAGES.indexOf(tag as NameLanguage);
    if (k >= 0) mask |= 1 << k;
  }
  return mask;
}

/** True when a mask of languageMask holds the language (Brazilian Portuguese holds with Portuguese). */
export function maskHolds(mask: number, language: NameLanguage): boolean {
  const bit = (tag: NameLanguage) => 1 << NAME_LANGUAGES.indexOf(tag);
  return (mask & bit(language)) !== 0 || (language === 'pt-BR' && (mask & bit('pt')) !== 0);
}
