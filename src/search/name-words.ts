// Hotel names as words to match: folded, abbreviations spelled out, filler dropped. The same
// function reads catalog names and what people type, so both sides meet.
import { foldWords } from '../text/fold.js';

/** Words that say nothing about which hotel is meant. */
const FILLER = new Set(['hotel', 'hotels', 'the', 'and', 'a', 'an', 'by', 'at']);

/** Abbreviations and spelling variants, to one spelling. */
const SPELLINGS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  intl: 'international',
  mt: 'mount',
  ft: 'fort',
  apts: 'apartments',
  apt: 'apartment',
  ctr: 'centre',
  center: 'centre',
  theater: 'theatre',
  harbor: 'harbour',
  htl: 'hotel',
  ave: 'avenue',
  sq: 'square',
  pl: 'place',
  gd: 'grand',
};

/** A word in the one spelling of its abbreviation ("st" is "saint"); own keys only ("constructor" is a word). */
export function spelledOut(word: string): string {
  return Object.hasOwn(SPELLINGS, word) ? SPELLINGS[word] : word;
}

/** True for the first letters of a filler word ("hot" of "hotel"): a word being typed that may yet say nothing. */
export function beginsFillerWord(prefix: string): boolean {
  for (const filler of FILLER) if (filler.startsWith(prefix)) return true;
  return false;
}

/** True for a filler word as written. */
export function isFiller(word: string): boolean {
  return FILLER.has(word);
}

/** True for a filler word, or a word one typo away from a long one ("hotl", "htel"). */
export function isFillerLike(word: string): boolean {
  if (FILLER.has(word)) return true;
  for (const filler of FILLER) {
    if (filler.length >= 4 && editDistance(word, filler, 1) <= 1) return true;
  }
  return false;
}

/** The distinct meaningful words of a name, in order. All-filler names keep their words. */
export function nameWords(name: string): string[] {
  const words = foldWords(name).map(spelledOut);
  const meaningful = words.filter((w) => !FILLER.has(w));
  return [...new Set(meaningful.length > 0 ? meaningful : words)];
}

/** Optimal string alignment distance (edits, with adjacent swaps as one), or `max + 1` once over `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let previous2 = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, previous2[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return previous[n];
}

/** How many typos a word of this length may carry and still be recognised. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** The word with each one letter left out. */
export function deletions(word: string): string[] {
  const result: string[] = [];
  for (let i = 0; i < word.length; i++) result.push(word.slice(0, i) + word.slice(i + 1));
  return result;
}
