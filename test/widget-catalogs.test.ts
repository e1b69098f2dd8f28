// The widget's interface texts, one catalog per language (widget/messages/<lang>.json): each has
// every message of the English one, with the same placeholders, and the plural forms its
// language needs (CLDR's categories, as Intl.PluralRules gives them). The build serves each as its
// own file and writes its hash into the widget's script, which fetches it with that integrity.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NAME_LANGUAGES } from '../src/locale/languages.js';

const DIR = new URL('../widget/messages/', import.meta.url);
type Message = string | Record<string, string>;
const read = (file: string): Record<string, Message> => JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));
const EN = read('en.json');
const LANGUAGES = readdirSync(DIR)
  .filter((file) => file.endsWith('.json') && file !== 'en.json')
  .map((file) => file.slice(0, -'.json'.length));

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
/** Every placeholder a message uses, in any of its forms. */
const allPlaceholders = (message: Message) => [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap(placeholders))].sort();
/** How many counts from 0 to 200 a plural category takes in a language: a category of one count ("one" in English, "two" in Hebrew) may spell its count out. */
const countsIn = (lang: string, category: string) => {
  const rules = new Intl.PluralRules(lang);
  return Array.from({ length: 201 }, (_, n) => n).filter((n) => rules.select(n) === category).length;
};

describe('the widget\'s catalogs', () => {
  it('cover the languages the service names places in (beside English, built in); a translator may add others', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(NAME_LANGUAGES.filter((lang) => lang !== 'en')));
    for (const lang of LANGUAGES) expect(Intl.getCanonicalLocales(lang), lang).toEqual([lang]);
  });

  it('English: every message is text or plural forms with "one" and "other", placeholders in braces', () => {
    for (const [key, message] of Object.entries(EN)) {
      if (typeof message === 'string') continue;
      expect(Object.keys(message).sort(), key).toEqual(['one', 'other']);
      expect(placeholders(message.one), key).toEqual(placeholders(message.other));
      expect(placeholders(message.other), key).toContain('count');
    }
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every key of English, no other, with English's placeholders and the plural forms of ${lang}`, () => {
      const catalog = read(`${lang}.json`);
      const keys = Object.keys(catalog).filter((key) => !key.startsWith('@'));
      expect(keys.sort()).toEqual(Object.keys(EN).sort());
      // The file's name is its canonical tag, as the widget matches a page's lang to it.
      expect(Intl.getCanonicalLocales(lang)[0]).toBe(lang);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      for (const [key, english] of Object.entries(EN)) {
        const message = catalog[key];
        expect(typeof message, `${lang} ${key}: text where English has text, forms where it has forms`).toBe(typeof english);
        const wanted = allPlaceholders(english);
        if (typeof message === 'string') {
          expect(placeholders(message), `${lang} ${key}`).toEqual(wanted);
          expect(message.trim(), `${lang} ${key}`).not.toBe('');
          continue;
        }
        expect(Object.keys(message).sort(), `${lang} ${key}: plural forms`).toEqual([...categories].sort());
        for (const [category, form] of Object.entries(message)) {
          // Only a form for a single count may leave {count} out ("فندق واحد", "שני מלונות").
          const got = placeholders(form);
          const expected = countsIn(lang, category) === 1 && !got.includes('count') ? wanted.filter((name) => name !== 'count') : wanted;
          expect(got, `${lang} ${key}.${category}`).toEqual(expected);
          expect(form.trim(), `${lang} ${key}.${category}`).not.toBe('');
        }
      }
    });
  }

  it('right-to-left languages say so, and their arrows point their way', () => {
    for (const lang of LANGUAGES) {
      const catalog = read(`${lang}.json`);
      const rtl = ['ar', 'he', 'fa', 'ur'].includes(new Intl.Locale(lang).language);
      expect(catalog['@dir'] ?? 'ltr', lang).toBe(rtl ? 'rtl' : 'ltr');
      expect((catalog.book as string).includes(rtl ? '←' : '→'), lang).toBe(true);
    }
  });

  it('are built one file each, minified, and the script carries each one\'s integrity', () => {
    const script = readFileSync(new URL('../dist/widget/v4.js', import.meta.url), 'utf8');
    for (const lang of LANGUAGES) {
      const built = readFileSync(new URL(`../dist/widget/v4/messages/${lang}.json`, import.meta.url));
      expect(JSON.parse(built.toString('utf8'))).toEqual(read(`${lang}.json`));
      expect(script).toContain(`sha256-${createHash('sha256').update(built).digest('base64')}`);
    }
  });

  it('keep a page\'s widget within 15 KB gzipped: the script and the one catalog its language fetches', () => {
    const gzipped = (path: string) => gzipSync(readFileSync(new URL(path, import.meta.url)), { level: 9 }).length;
    const script = gzipped('../dist/widget/v4.js');
    const heaviest = Math.max(...LANGUAGES.map((lang) => gzipped(`../dist/widget/v4/messages/${lang}.json`)));
    console.info(`widget v4: ${script} bytes gzipped, with its heaviest catalog ${script + heaviest}`);
    expect(script + heaviest).toBeLessThanOrEqual(15 * 1024);
  });
});
