// The lang and currency parameters, checked against real lists: a BCP 47 tag as Intl reads it
// (canonical form: "pt-br" is "pt-BR"), and an ISO 4217 code of the currencies ICU knows
// (Intl.supportedValuesOf, kept current with each Node.js). A bad one is 400 naming the
// parameter, with a close valid value when there is one ("EURO": EUR; "pt_BR": pt-BR).
import { invalidParams } from '../errors.js';
import { editDistance } from '../search/name-words.js';
import { NAME_LANGUAGES } from './languages.js';

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const currencyNames = new Intl.DisplayNames('en', { type: 'currency' });
const languageNames = new Intl.DisplayNames('en', { type: 'language' });

const knownLanguages = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });

/** The canonical form of a language tag whose language CLDR knows, or null when it is not one. */
function canonicalTag(text: string): string | null {
  // "*" and "i-…" forms are tags of Accept-Language, not of a traveller's language.
  if (!/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(text)) return null;
  try {
    const tag = Intl.getCanonicalLocales(text)[0];
    // Well formed is not enough: "german" and "xx" are tags of no language.
    return tag && knownLanguages.of(new Intl.Locale(tag).language) ? tag : null;
  } catch {
    return null;
  }
}

/** A traveller's language: the canonical BCP 47 tag, or 400 saying what was wrong and what may have been meant. */
export function checkLang(value: string): string {
  const tag = canonicalTag(value);
  if (tag) return tag;
  const said = value.trim().toLowerCase();
  const meant =
    canonicalTag(value.trim().replaceAll('_', '-')) ??
    NAME_LANGUAGES.find((l) => languageNames.of(l)?.toLowerCase() === said || languageNames.of(l.split('-')[0])?.toLowerCase() === said) ??
    null;
  throw invalidParams(
    `lang must be a BCP 47 language tag such as de, pt-BR or zh-Hant (got ${JSON.stringify(value)})` + (meant ? `; did you mean ${meant}?` : ''),
  );
}

/** A currency: its ISO 4217 code in capitals, or 400 with the code that may have been meant. */
export function checkCurrency(value: string): string {
  const code = value.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && CURRENCIES.has(code)) return code;
  const meant = closeCurrency(value);
  throw invalidParams(`currency must be an ISO 4217 code such as EUR, USD or BRL (got ${JSON.stringify(value)})` + (meant ? `; did you mean ${meant}?` : ''));
}

function closeCurrency(value: string): string | null {
  const said = value.trim().toUpperCase();
  // "EURO", "USD$": a code followed by more.
  if (CURRENCIES.has(said.slice(0, 3)) && /^[A-Z]{3}/.test(said)) return said.slice(0, 3);
  // "euro", "japanese yen": the currency's English name.
  const byName = [...CURRENCIES].find((c) => currencyNames.of(c)?.toUpperCase() === said);
  if (byName) return byName;
  // One letter off: "EUT", "UDS".
  if (said.length === 3) return [...CURRENCIES].find((c) => editDistance(c, said, 1) === 1) ?? null;
  return null;
}
