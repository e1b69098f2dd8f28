// Finds hotels by name as people say it. Each name is a bag of words weighted by rarity
// (inverse document frequency); a query scores hotels on two coverages: how much of what was
// typed matched (typos count for less), and how much of the hotel's name was typed.
//
// Only hotels that could still reach the threshold are looked at (the MaxScore idea): words
// are taken rarest first, and once the words left could not lift a hotel to the coverage
// needed on their own, they no longer bring candidates, they only score them. Scoring a
// candidate reads its few tokens against a vocabulary-sized table of what the query matched.
import { deletions, editDistance, nameWords, typosAllowed } from './name-words.js';
import { TopK } from './top-k.js';

export interface NameMatch {
  index: number;
  score: number;
}

export interface NameQueryOptions {
  /** At most this many matches, best first. */
  limit: number;
  /** Hotels in cities of this (folded) name: a query word naming their city counts as matched. */
  hotelsInCity?: (word: string) => ArrayLike<number> | null;
  /** Hotels that get `boost` added to their score (those in the caller's `city`). */
  boosted?: ArrayLike<number> | null;
  boost?: number;
  /** Tie-break between equal scores, lower first: the hotels' rating ranks. */
  tieBreak: Uint32Array;
}

interface WordMatch {
  token: number;
  quality: number;
}

/** Share of the typed words (by weight) a hotel must match to be offered at all. */
const MIN_QUERY_COVERAGE = 0.6;
/** Combined score below which a candidate is not close enough. */
const MIN_SCORE = 0.55;
/**
 * How far below the best a candidate may score and still be offered: alternatives to a
 * strong match must be plausible, not just share a common word with it.
 */
const MARGIN = 0.2;
const QUERY_SHARE = 0.6;
const TYPO_QUALITY = [1, 0.8, 0.6];
const MAX_QUERY_WORDS = 16;

// Everything scoring needs about a hotel sits in one 64-byte record, so a candidate costs one
// memory fetch: [seen stamp, rank, name weight (float32), token count, up to 12 tokens].
const STRIDE = 16;
const SEEN = 0;
const RANK = 1;
const WEIGHT = 2;
const COUNT = 3;
const FIRST_TOKEN = 4;
const INLINE_TOKENS = STRIDE - FIRST_TOKEN;

export class NameIndex {
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly idf: Float64Array;
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly records: Uint32Array;
  private readonly weights: Float32Array;
  /** Tokens past the twelfth of long names. */
  private readonly overflow = new Map<number, number[]>();
  /** Each word of 4+ letters under each of its one-letter deletions, for typo lookups. */
  private readonly variants = new Map<string, number[]>();
  private readonly unknownWordWeight: number;
  // Per-query scratch. The seen stamp of a record never needs clearing.
  private stamp = 0;
  /** Per hotel, a bit for each query word naming the hotel's city. */
  private readonly cityBits: Uint16Array;
  private readonly boostedMark: Uint8Array;
  private readonly tokenWord: Int32Array;
  private readonly tokenQuality: Float64Array;
  private readonly best = new TopK(16);

  constructor(names: readonly string[], ranks: Uint32Array) {
    const n = names.length;
    const hotelTokens: number[] = [];
    const tokenStart = new Uint32Array(n + 1);
    const frequency: number[] = [];
    for (let h = 0; h < n; h++) {
      for (const word of nameWords(names[h])) {
        let token = this.vocabulary.get(word);
        if (token === undefined) {
          token = this.words.length;
          this.vocabulary.set(word, token);
          this.words.push(word);
          frequency.push(0);
        }
        frequency[token]++;
        hotelTokens.push(token);
      }
      tokenStart[h + 1] = hotelTokens.length;
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
    this.records = new Uint32Array(n * STRIDE);
    this.weights = new Float32Array(this.records.buffer);
    for (let h = 0; h < n; h++) {
      const record = h * STRIDE;
      let weight = 0;
      const count = tokenStart[h + 1] - tokenStart[h];
      for (let k = 0; k < count; k++) {
        const t = hotelTokens[tokenStart[h] + k];
        this.postings[fill[t]++] = h;
        weight += this.idf[t];
        if (k < INLINE_TOKENS) this.records[record + FIRST_TOKEN + k] = t;
      }
      if (count > INLINE_TOKENS) this.overflow.set(h, hotelTokens.slice(tokenStart[h] + INLINE_TOKENS, tokenStart[h + 1]));
      this.records[record + RANK] = ranks[h];
      this.weights[record + WEIGHT] = weight;
      this.records[record + COUNT] = count;
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

    this.cityBits = new Uint16Array(n);
    this.boostedMark = new Uint8Array(n);
    this.tokenWord = new Int32Array(vocabularySize).fill(-1);
    this.tokenQuality = new Float64Array(vocabularySize);
  }

  /** Catalog words close enough to a typed word, best first. */
  private lookup(word: string): WordMatch[] {
    const exact = this.vocabulary.get(word);
    // A word the catalog has is taken as typed ("Hostal" is not a typo of "Hostel").
    if (exact !== undefined) return [{ token: exact, quality: 1 }];
    const allowed = typosAllowed(word.length);
    if (allowed === 0) return [];
    // A catalog word within reach shares the typed word, or one of its one-letter deletions,
    // with the catalog word or one of its deletions.
    const candidates = new Set<number>();
    for (const t of this.variants.get(word) ?? []) candidates.add(t);
    for (const variant of deletions(word)) {
      const token = this.vocabulary.get(variant);
      if (token !== undefined) candidates.add(token);
      for (const t of this.variants.get(variant) ?? []) candidates.add(t);
    }
    const matches: WordMatch[] = [];
    for (const token of candidates) {
      const candidate = this.words[token];
      const reach = Math.min(allowed, typosAllowed(candidate.length));
      const distance = editDistance(word, candidate, reach);
      if (distance <= reach) matches.push({ token, quality: TYPO_QUALITY[distance] });
    }
    return matches.sort((a, b) => b.quality - a.quality || this.idf[b.token] - this.idf[a.token]);
  }

  /** Hotels whose names match the typed name well enough, best first. */
  match(typedName: string, options: NameQueryOptions): NameMatch[] {
    const typed = nameWords(typedName).slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0) return [];
    const { idf, tokenWord, tokenQuality, cityBits, boostedMark } = this;

    // Each typed word: what it matches in the catalog and what it weighs (its best reading).
    const words = typed.map((text) => {
      const matches = this.lookup(text);
      const weight = matches.length > 0 ? idf[matches[0].token] : this.unknownWordWeight;
      return { text, matches, weight, inCity: options.hotelsInCity?.(text) ?? null };
    });
    const queryWeight = words.reduce((sum, w) => sum + w.weight, 0);
    // Rarest first; a word's tokens point back at it (a token two words share keeps the first).
    words.sort((a, b) => b.weight - a.weight);
    const marked: number[] = [];
    words.forEach((w, i) => {
      for (const { token, quality } of w.matches) {
        if (tokenWord[token] !== -1) continue;
        tokenWord[token] = i;
        tokenQuality[token] = quality;
        marked.push(token);
      }
      for (let k = 0; k < (w.inCity?.length ?? 0); k++) cityBits[w.inCity![k]] |= 1 << i;
    });
    // The boost only raises what can be reached when some hotel is boosted at all.
    const boost = (options.boosted?.length ?? 0) > 0 ? (options.boost ?? 0) : 0;
    for (let k = 0; k < (options.boosted?.length ?? 0); k++) boostedMark[options.boosted![k]] = 1;

    // A hotel first met at word w lacks every rarer word, so its query coverage is at most
    // what the words from w on weigh. City credit is not counted there: the hotels that can
    // get it are scored first, below.
    const reachable = new Float64Array(words.length + 1);
    for (let w = words.length - 1; w >= 0; w--) reachable[w] = reachable[w + 1] + words[w].weight / queryWeight;

    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) for (let r = SEEN; r < this.records.length; r += STRIDE) this.records[r] = 0;
    const hasMarks = words.some((w) => w.inCity !== null && w.inCity.length > 0) || (options.boosted?.length ?? 0) > 0;
    const wordQuality = new Float64Array(words.length);
    const wordIdf = new Float64Array(words.length);
    const best = this.best;
    best.reset(options.limit);

    const visit = (h: number) => {
      const record = h * STRIDE;
      if (this.records[record + SEEN] === stamp) return;
      this.records[record + SEEN] = stamp;
      this.score(h, words, wordQuality, wordIdf, queryWeight, hasMarks ? boost : -1);
    };
    for (const w of words) for (let k = 0; k < (w.inCity?.length ?? 0); k++) visit(w.inCity![k]);

    for (let w = 0; w < words.length; w++) {
      // The score a newcomer must reach: the floor, within MARGIN of the best so far, and
      // above the k-th best once there are k. A newcomer lacks every rarer word already
      // walked, so the most it can score is known; past that point, stop.
      let bar = MIN_SCORE;
      if (best.length > 0) bar = Math.max(bar, -best.primaryOf(0) - MARGIN);
      if (best.length === options.limit) bar = Math.max(bar, -best.primaryOf(best.length - 1));
      const reach = reachable[w];
      if (reach < MIN_QUERY_COVERAGE || QUERY_SHARE * reach + (1 - QUERY_SHARE) + boost < bar) break;
      for (const { token } of words[w].matches) {
        for (let p = this.postingStart[token]; p < this.postingStart[token + 1]; p++) {
          const h = this.postings[p];
          const record = h * STRIDE;
          if (this.records[record + SEEN] === stamp) continue;
          this.records[record + SEEN] = stamp;
          this.score(h, words, wordQuality, wordIdf, queryWeight, hasMarks ? boost : -1);
        }
      }
    }

    for (const token of marked) tokenWord[token] = -1;
    for (const w of words) for (let k = 0; k < (w.inCity?.length ?? 0); k++) cityBits[w.inCity![k]] = 0;
    for (let k = 0; k < (options.boosted?.length ?? 0); k++) boostedMark[options.boosted![k]] = 0;
    const result: NameMatch[] = [];
    for (let k = 0; k < best.length; k++) {
      const score = -best.primaryOf(k);
      if (score >= -best.primaryOf(0) - MARGIN) result.push({ index: best.id(k), score });
    }
    return result;
  }

  /** Scores one hotel and offers it to the best; `boost` is -1 when no hotel is marked. */
  private score(
    h: number,
    words: { weight: number }[],
    wordQuality: Float64Array,
    wordIdf: Float64Array,
    queryWeight: number,
    boost: number,
  ): void {
    const { records, tokenWord, tokenQuality, idf } = this;
    const record = h * STRIDE;
    for (let w = 0; w < words.length; w++) wordQuality[w] = 0;
    const count = records[record + COUNT];
    for (let k = 0; k < count; k++) {
      const t = k < INLINE_TOKENS ? records[record + FIRST_TOKEN + k] : this.overflow.get(h)![k - INLINE_TOKENS];
      const w = tokenWord[t];
      if (w >= 0 && tokenQuality[t] > wordQuality[w]) {
        wordQuality[w] = tokenQuality[t];
        wordIdf[w] = idf[t];
      }
    }
    let matchedQuery = 0;
    let matchedName = 0;
    const inCity = boost < 0 ? 0 : this.cityBits[h];
    for (let w = 0; w < words.length; w++) {
      if (wordQuality[w] > 0) {
        matchedQuery += Math.min(wordIdf[w], words[w].weight) * wordQuality[w];
        matchedName += wordIdf[w];
      } else if (inCity & (1 << w)) {
        matchedQuery += words[w].weight;
      }
    }
    const queryCoverage = matchedQuery / queryWeight;
    if (queryCoverage < MIN_QUERY_COVERAGE) return;
    const weight = this.weights[record + WEIGHT];
    const nameCoverage = weight > 0 ? Math.min(1, matchedName / weight) : 0;
    const score = QUERY_SHARE * queryCoverage + (1 - QUERY_SHARE) * nameCoverage;
    if (score < MIN_SCORE) return;
    const boosted = boost > 0 && this.boostedMark[h] === 1 ? boost : 0;
    this.best.offer(h, -(score + boosted), records[record + RANK]);
  }
}
