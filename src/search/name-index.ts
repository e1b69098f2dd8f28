// Finds hotels by name as people say it. Each name is a bag of words weighted by rarity
// (inverse document frequency); a query scores the hotels sharing its words, allowing typos,
// on two coverages: how much of what was typed matched, and how much of the name was typed.
import { IndexBuffer } from './index-buffer.js';
import { deletions, editDistance, nameWords, typosAllowed } from './name-words.js';

export interface NameMatch {
  index: number;
  score: number;
}

export interface NameQueryOptions {
  /** At most this many matches, best first. */
  limit: number;
  /** Query words that name a city: a hotel in that city counts them as matched. */
  cityWord?: (word: string) => boolean;
  hotelInCityNamed?: (hotel: number, word: string) => boolean;
  /** Extra score for a hotel (the caller's `city`); added after the threshold. */
  boost?: (hotel: number) => number;
  /** Tie-break between equal scores, lower first (the rating rank). */
  tieBreak: (hotel: number) => number;
}

interface WordMatch {
  token: number;
  quality: number;
}

/** Share of the typed words (by weight) a hotel must match to be offered at all. */
const MIN_QUERY_COVERAGE = 0.6;
/** Combined score below which a candidate is not close enough. */
const MIN_SCORE = 0.55;
const QUERY_SHARE = 0.6;
const TYPO_QUALITY = [1, 0.8, 0.6];
const MAX_QUERY_WORDS = 16;

export class NameIndex {
  private readonly vocabulary = new Map<string, number>();
  private readonly idf: Float64Array;
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly hotelWeight: Float64Array;
  /** Each word of 4+ letters under each of its one-letter deletions, for typo lookups. */
  private readonly variants = new Map<string, number[]>();
  private readonly words: string[] = [];
  private readonly unknownWordWeight: number;
  // Per-query scratch, reset through `touched` so a query costs what it touches.
  private readonly queryGain: Float64Array;
  private readonly nameGain: Float64Array;
  private readonly matchedWords: Uint32Array;
  private readonly touched = new IndexBuffer(4096);

  constructor(names: readonly string[]) {
    const n = names.length;
    const hotelTokens: number[][] = new Array(n);
    const frequency: number[] = [];
    for (let h = 0; h < n; h++) {
      const tokens = nameWords(names[h]).map((word) => {
        let token = this.vocabulary.get(word);
        if (token === undefined) {
          token = this.words.length;
          this.vocabulary.set(word, token);
          this.words.push(word);
          frequency.push(0);
        }
        frequency[token]++;
        return token;
      });
      hotelTokens[h] = tokens;
    }
    const vocabularySize = this.words.length;
    this.idf = new Float64Array(vocabularySize);
    let maxIdf = 1;
    for (let t = 0; t < vocabularySize; t++) {
      this.idf[t] = Math.log(1 + n / frequency[t]);
      maxIdf = Math.max(maxIdf, this.idf[t]);
    }
    this.unknownWordWeight = maxIdf;

    this.postingStart = new Uint32Array(vocabularySize + 1);
    for (let t = 0; t < vocabularySize; t++) this.postingStart[t + 1] = this.postingStart[t] + frequency[t];
    this.postings = new Uint32Array(this.postingStart[vocabularySize]);
    const fill = this.postingStart.slice(0, vocabularySize);
    this.hotelWeight = new Float64Array(n);
    for (let h = 0; h < n; h++) {
      let weight = 0;
      for (const t of hotelTokens[h]) {
        this.postings[fill[t]++] = h;
        weight += this.idf[t];
      }
      this.hotelWeight[h] = weight;
    }

    for (let t = 0; t < vocabularySize; t++) {
      const word = this.words[t];
      if (typosAllowed(word.length) === 0) continue;
      for (const variant of deletions(word)) {
        const list = this.variants.get(variant);
        if (list) list.push(t);
        else this.variants.set(variant, [t]);
      }
    }

    this.queryGain = new Float64Array(n);
    this.nameGain = new Float64Array(n);
    this.matchedWords = new Uint32Array(n);
  }

  /** Catalog words close enough to a typed word, best first. */
  private lookup(word: string): WordMatch[] {
    const exact = this.vocabulary.get(word);
    const allowed = typosAllowed(word.length);
    if (allowed === 0) return exact === undefined ? [] : [{ token: exact, quality: 1 }];
    // A catalog word within reach shares the typed word, or one of its one-letter deletions,
    // with the catalog word or one of its deletions.
    const seen = new Set<number>();
    const candidates: number[] = [];
    const consider = (tokens: readonly number[] | undefined) => {
      for (const t of tokens ?? []) {
        if (!seen.has(t)) {
          seen.add(t);
          candidates.push(t);
        }
      }
    };
    if (exact !== undefined) consider([exact]);
    consider(this.variants.get(word));
    for (const variant of deletions(word)) {
      const token = this.vocabulary.get(variant);
      if (token !== undefined) consider([token]);
      consider(this.variants.get(variant));
    }
    const matches: WordMatch[] = [];
    for (const token of candidates) {
      const candidate = this.words[token];
      const distance = token === exact ? 0 : editDistance(word, candidate, Math.min(allowed, typosAllowed(candidate.length)));
      if (distance <= allowed && distance <= typosAllowed(candidate.length)) {
        matches.push({ token, quality: TYPO_QUALITY[distance] });
      }
    }
    return matches.sort((a, b) => b.quality - a.quality || this.idf[b.token] - this.idf[a.token]);
  }

  /** Hotels whose names match the typed name well enough, best first. */
  match(typedName: string, options: NameQueryOptions): NameMatch[] {
    const words = nameWords(typedName).slice(0, MAX_QUERY_WORDS);
    if (words.length === 0) return [];
    const { queryGain, nameGain, matchedWords, touched, postings, postingStart, idf } = this;

    let queryWeight = 0;
    const wordWeights: number[] = [];
    for (let w = 0; w < words.length; w++) {
      const matches = this.lookup(words[w]);
      const weight = matches.length > 0 ? Math.max(...matches.map((m) => idf[m.token])) : this.unknownWordWeight;
      wordWeights.push(weight);
      queryWeight += weight;
      const bit = 1 << w;
      for (const { token, quality } of matches) {
        const gainQuery = idf[token] * quality;
        for (let p = postingStart[token]; p < postingStart[token + 1]; p++) {
          const h = postings[p];
          if (matchedWords[h] === 0) touched.push(h);
          else if (matchedWords[h] & bit) continue; // this word already matched a better variant
          matchedWords[h] |= bit;
          queryGain[h] += gainQuery;
          nameGain[h] += idf[token];
        }
      }
    }

    const cityWords = options.cityWord ? words.map((w, i) => (options.cityWord!(w) ? i : -1)).filter((i) => i >= 0) : [];
    const best: NameMatch[] = [];
    for (let i = 0; i < touched.length; i++) {
      const h = touched.items[i];
      let matchedQuery = queryGain[h];
      for (const w of cityWords) {
        if (!(matchedWords[h] & (1 << w)) && options.hotelInCityNamed?.(h, words[w])) matchedQuery += wordWeights[w];
      }
      const queryCoverage = matchedQuery / queryWeight;
      const nameCoverage = this.hotelWeight[h] > 0 ? nameGain[h] / this.hotelWeight[h] : 0;
      const score = QUERY_SHARE * queryCoverage + (1 - QUERY_SHARE) * nameCoverage;
      queryGain[h] = 0;
      nameGain[h] = 0;
      matchedWords[h] = 0;
      if (queryCoverage < MIN_QUERY_COVERAGE || score < MIN_SCORE) continue;
      insertBest(best, { index: h, score: score + (options.boost?.(h) ?? 0) }, options);
    }
    touched.clear();
    return best;
  }
}

/** Keeps `best` sorted and at most `limit` long. */
function insertBest(best: NameMatch[], candidate: NameMatch, options: NameQueryOptions): void {
  const better = (a: NameMatch, b: NameMatch) =>
    a.score > b.score || (a.score === b.score && options.tieBreak(a.index) < options.tieBreak(b.index));
  if (best.length === options.limit && !better(candidate, best[best.length - 1])) return;
  let at = best.length;
  while (at > 0 && better(candidate, best[at - 1])) at--;
  best.splice(at, 0, candidate);
  if (best.length > options.limit) best.pop();
}
