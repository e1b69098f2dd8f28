// Hotel typeahead cases of the held-back set, made fair: every hotel name of the demo catalog is
// read (from the same generator and gazetteer the test service fills its catalog with), and a
// typed text is kept only when at most five names could be meant by it, so that a list of five
// can show the hotel whatever the ranking among them.
import { generateDemoHotels } from '../../../src/catalog/demo.js';
import { builtInGazetteer } from '../../../src/places/gazetteer.js';

const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/&/g, ' and ').replace(/['’]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export interface HotelNames {
  /** How many names begin with the text (whole words, the last perhaps unfinished). */
  beginning(text: string): number;
  /** How many names hold the text's words in order, anywhere (the last perhaps unfinished). */
  holding(text: string): number;
  /** How many hotels have exactly this name. */
  named(name: string): number;
}

export function demoHotelNames(count = 50_000): HotelNames {
  const names: string[] = [];
  for (const h of generateDemoHotels(builtInGazetteer(), count)) names.push(fold(h.name));
  const sorted = [...names].sort();
  const lowerBound = (key: string): number => {
    let [lo, hi] = [0, sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const padded = names.map((n) => ` ${n}`);
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return {
    beginning: (text) => {
      const key = fold(text);
      return lowerBound(`${key}\uffff`) - lowerBound(key);
    },
    holding: (text) => {
      const words = fold(text).split(' ');
      const pattern = new RegExp(words.map((w, i) => ` ${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${i < words.length - 1 ? '(?= |$)' : ''}`).join('.*'));
      return padded.filter((n) => pattern.test(n)).length;
    },
    named: (name) => counts.get(fold(name)) ?? 0,
  };
}

const SHOWN = 5;
const VOWEL_SWAPS: Record<string, string> = { a: 'e', e: 'a', i: 'e', o: 'a', u: 'o' };

/** The text with one vowel changed, the one nearest its middle (never the first letter). */
export function misspelt(text: string): string | null {
  const letters = [...text];
  const middle = Math.floor(letters.length / 2);
  for (let d = 0; d < letters.length; d++) {
    for (const i of [middle + d, middle - d]) {
      const swap = i >= 1 && i < letters.length ? VOWEL_SWAPS[letters[i]!.toLowerCase()] : undefined;
      if (swap) return [...letters.slice(0, i), swap, ...letters.slice(i + 1)].join('');
    }
  }
  return null;
}

/**
 * What a traveller types for a hotel, by category: its name but the last letter; the shortest
 * beginning (whole words and then three letters or more of the next) that at most five names
 * begin with, and that beginning misspelt; its name from its second word (the first being a word
 * many names share), when at most five names hold those words.
 */
export function hotelTypings(name: string, names: HotelNames): [category: string, typed: string][] {
  const out: [string, string][] = [];
  if (names.beginning(name.slice(0, -1)) <= SHOWN) out.push(['hotel all but the last letter', name.slice(0, -1)]);
  const words = name.split(' ');
  let shortest: string | null = null;
  for (let w = 0; w < words.length && !shortest; w++) {
    for (let len = Math.min(3, words[w]!.length); len <= words[w]!.length && !shortest; len++) {
      const typed = [...words.slice(0, w), words[w]!.slice(0, len)].join(' ');
      if (typed.length >= 4 && typed.length < name.length - 1 && names.beginning(typed) <= SHOWN) shortest = typed;
    }
  }
  if (shortest) {
    out.push(['hotel shortest telling beginning', shortest]);
    const wrong = misspelt(shortest);
    if (wrong && shortest.length >= 6) out.push(['hotel telling beginning misspelt', wrong]);
  }
  const rest = words.slice(1).join(' ');
  if (words.length >= 2 && /^\p{L}/u.test(rest) && rest.length >= 5 && names.holding(rest) <= SHOWN) out.push(['hotel from its second word', rest]);
  return out;
}
