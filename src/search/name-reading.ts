// What a typed hotel name says in the catalog's words: each typed word with the catalog words it
// may stand for (itself, or words a typo or two away), best reading first.
import { deletions, editDistance, isFillerLike, nameWords, typosAllowed } from './name-words.js';

export interface WordMatch {
  token: number;
  /** 1 for the word itself, less for a reading one or two typos away. */
  quality: number;
}

export interface TypedWord {
  text: string;
  matches: WordMatch[];
}

const TYPO_QUALITY = [1, 0.8, 0.6];

export class NameReader {
  /** Each word of 4+ letters under each of its one-letter deletions, for typo lookups. */
  private readonly variants = new Map<string, number[]>();

  constructor(
    private readonly vocabulary: ReadonlyMap<string, number>,
    private readonly words: readonly string[],
    private readonly idf: Float64Array,
  ) {
    for (let t = 0; t < words.length; t++) {
      const word = words[t];
      if (typosAllowed(word.length) === 0) continue;
      for (const variant of deletions(word)) {
        const list = this.variants.get(variant);
        if (list) list.push(t);
        else this.variants.set(variant, [t]);
      }
    }
  }

  /**
   * The typed words as the catalog would write them: a word neither known nor a typo away from
   * a known one is split when it is two known words run together ("topazhotel"), dropped when
   * it is a mistyped filler word ("hotl") or a stray letter or two, and kept otherwise (it then
   * counts against the match). A word the catalog has is taken as typed ("Hostal" is not a typo
   * of "Hostel") unless `knownMayBeTypo`: then its typo readings follow it ("Place" may be "Palace").
   */
  read(typedName: string, knownMayBeTypo: boolean): TypedWord[] {
    const words = nameWords(typedName);
    const read = new Map<string, WordMatch[]>();
    // Nothing but "hotel", "the"...: only a name made of exactly those words matches.
    if (words.every(isFillerLike)) {
      return words.every((w) => this.vocabulary.has(w)) ? words.map((text) => ({ text, matches: this.lookup(text) })) : [];
    }
    for (const word of words) {
      const matches = this.lookup(word, knownMayBeTypo && !isFillerLike(word));
      if (matches.length > 0) {
        read.set(word, matches);
        continue;
      }
      const split = this.splitRunTogether(word);
      if (split) for (const part of split) read.set(part, this.lookup(part));
      else if (!isFillerLike(word) && !(word.length <= 2 && words.length > 1)) read.set(word, []);
    }
    if (read.size === 0) for (const word of words) read.set(word, this.lookup(word));
    // A word typed twice, once mistyped ("Safron & Saffron Retreat"), is said once, as the same
    // word typed twice is: a mistyped word whose likeliest reading another typed word is exactly.
    const typedExactly = new Set<number>();
    for (const matches of read.values()) if (matches[0]?.quality === 1) typedExactly.add(matches[0].token);
    for (const [text, matches] of read) if (matches.length > 0 && matches[0].quality < 1 && typedExactly.has(matches[0].token)) read.delete(text);
    return [...read].map(([text, matches]) => ({ text, matches }));
  }

  /** The catalog's word for a whole typed word: itself when known, else its closest reading a typo or two away; -1 for none. */
  closestWord(word: string): number {
    return this.lookup(word)[0]?.token ?? -1;
  }

  /** Catalog words close enough to a typed word, best first. */
  private lookup(word: string, knownMayBeTypo = false): WordMatch[] {
    const exact = this.vocabulary.get(word);
    if (exact !== undefined && !knownMayBeTypo) return [{ token: exact, quality: 1 }];
    const matches: WordMatch[] = exact === undefined ? [] : [{ token: exact, quality: 1 }];
    const allowed = typosAllowed(word.length);
    // A catalog word within reach shares the typed word, or one of its one-letter deletions,
    // with the catalog word or one of its deletions. A three-letter word may only have lost a
    // letter ("twn" for "town").
    const candidates = new Set<number>(this.variants.get(word) ?? []);
    if (allowed > 0) {
      for (const variant of deletions(word)) {
        const token = this.vocabulary.get(variant);
        if (token !== undefined) candidates.add(token);
        for (const t of this.variants.get(variant) ?? []) candidates.add(t);
      }
    } else if (word.length < 3) {
      return matches;
    }
    for (const token of candidates) {
      if (token === exact) continue;
      const candidate = this.words[token];
      const reach = allowed === 0 ? 1 : Math.min(allowed, typosAllowed(candidate.length));
      const distance = editDistance(word, candidate, reach);
      if (distance <= reach) matches.push({ token, quality: TYPO_QUALITY[distance] });
    }
    // Closest first; among equally close readings the more common word is the likelier one.
    return matches.sort((a, b) => b.quality - a.quality || this.idf[a.token] - this.idf[b.token]);
  }

  private splitRunTogether(word: string): string[] | null {
    if (word.length < 6) return null;
    for (let at = 2; at <= word.length - 2; at++) {
      const left = word.slice(0, at);
      const right = word.slice(at);
      const known = (part: string) => this.vocabulary.has(part) || isFillerLike(part);
      if (known(left) && known(right)) return [left, right].filter((part) => this.vocabulary.has(part));
    }
    return null;
  }
}
