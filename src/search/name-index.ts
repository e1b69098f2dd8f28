// Finds hotels by name as people say it. Each name is a bag of words weighted by rarity
// (inverse document frequency); a query scores hotels on two coverages: how much of what was
// typed matched (typos count for less), and how much of the hotel's name was typed.
//
// Only hotels that could still reach the threshold are looked at (the MaxScore idea): words
// are taken rarest first, and once the words left could not lift a hotel to the coverage
// needed on their own, they no longer bring candidates, they only score them. Scoring a
// candidate reads its few tokens against a vocabulary-sized table of what the query matched.
import { deletions, editDistance, isFillerLike, nameWords, typosAllowed } from './name-words.js';
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
const WEIGHT_STEPS = 65536;
const RANK_SPAN = 2 ** 23;

/**
 * Hotels by name weight, then rank. With fewer than 2^23 hotels both fit one exact float64
 * key, sorted natively (several times faster than a comparator); beyond, a comparator.
 */
function orderByWeightThenRank(n: number, weightOf: (h: number) => number, ranks: Uint32Array): Uint32Array {
  if (n < RANK_SPAN) {
    const keys = new Float64Array(n);
    for (let h = 0; h < n; h++) keys[h] = weightOf(h) * WEIGHT_STEPS * RANK_SPAN + ranks[h];
    keys.sort();
    const byRank = new Uint32Array(n);
    for (let h = 0; h < n; h++) byRank[ranks[h]] = h;
    const order = new Uint32Array(n);
    for (let k = 0; k < n; k++) order[k] = byRank[keys[k] % RANK_SPAN];
    return order;
  }
  const order = new Uint32Array(n);
  for (let h = 0; h < n; h++) order[h] = h;
  return order.sort((a, b) => weightOf(a) - weightOf(b) || ranks[a] - ranks[b]);
}

/**
 * A word's bit in a name's 32-bit signature. A name whose signature lacks every bit of a typed
 * word's readings certainly does not hold that word; one that has a bit may (another word can
 * share it), and is then scored in full.
 */
function signatureBit(token: number): number {
  return 1 << (Math.imul(token, 0x9e3779b1) >>> 27);
}

export class NameIndex {
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly idf: Float64Array;
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly postingWeight: Float32Array;
  /** Beside each posting, its hotel's words as bits (signatureBit): which typed words it may hold. */
  private readonly postingWords: Uint32Array;
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
    // Names repeat (chains, and the demo): read each distinct name once.
    const tokensOfName = new Map<string, number[]>();
    for (let h = 0; h < n; h++) {
      let nameTokens = tokensOfName.get(names[h]);
      if (!nameTokens) {
        nameTokens = nameWords(names[h]).map((word) => {
          let token = this.vocabulary.get(word);
          if (token === undefined) {
            token = this.words.length;
            this.vocabulary.set(word, token);
            this.words.push(word);
            frequency.push(0);
          }
          return token;
        });
        tokensOfName.set(names[h], nameTokens);
      }
      for (const token of nameTokens) {
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
    this.records = new Uint32Array(n * STRIDE);
    this.weights = new Float32Array(this.records.buffer);
    for (let h = 0; h < n; h++) {
      const record = h * STRIDE;
      let weight = 0;
      const count = tokenStart[h + 1] - tokenStart[h];
      for (let k = 0; k < count; k++) {
        const t = hotelTokens[tokenStart[h] + k];
        weight += this.idf[t];
        if (k < INLINE_TOKENS) this.records[record + FIRST_TOKEN + k] = t;
      }
      if (count > INLINE_TOKENS) this.overflow.set(h, hotelTokens.slice(tokenStart[h] + INLINE_TOKENS, tokenStart[h + 1]));
      this.records[record + RANK] = ranks[h];
      // Floored to 1/65536: lists are ordered by this value, and a weight never above the true
      // one keeps the stop bound on the safe side.
      this.weights[record + WEIGHT] = Math.floor(weight * WEIGHT_STEPS) / WEIGHT_STEPS;
      this.records[record + COUNT] = count;
    }

    // Every list lightest name first (then best-rated), so a scan can stop where the rest of
    // a list could only score less; each posting carries its hotel's name weight beside it.
    const weightOf = (h: number) => this.weights[h * STRIDE + WEIGHT];
    const order = orderByWeightThenRank(n, weightOf, ranks);
    this.postingWeight = new Float32Array(this.postings.length);
    this.postingWords = new Uint32Array(this.postings.length);
    const fill = this.postingStart.slice(0, vocabularySize);
    for (const h of order) {
      let words = 0;
      for (let k = tokenStart[h]; k < tokenStart[h + 1]; k++) words |= signatureBit(hotelTokens[k]);
      for (let k = tokenStart[h]; k < tokenStart[h + 1]; k++) {
        const at = fill[hotelTokens[k]]++;
        this.postings[at] = h;
        this.postingWeight[at] = weightOf(h);
        this.postingWords[at] = words;
      }
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

  /**
   * Catalog words close enough to a typed word, best first. A word the catalog has is taken as
   * typed ("Hostal" is not a typo of "Hostel") unless `knownMayBeTypo`: then its typo readings
   * follow it ("Place" may be "Palace").
   */
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

  /**
   * The typed words as the catalog would write them: a word neither known nor a typo away from
   * a known one is split when it is two known words run together ("topazhotel"), dropped when
   * it is a mistyped filler word ("hotl") or a stray letter or two, and kept otherwise (it then
   * counts against the match).
   */
  private readTyped(typedName: string, knownMayBeTypo: boolean): { text: string; matches: WordMatch[] }[] {
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
    return [...read].map(([text, matches]) => ({ text, matches }));
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

  /**
   * Hotels whose names match the typed name well enough, best first. Words the catalog knows
   * are read as typed; only when that finds nothing close enough are they read as possible
   * typos of other words too ("Hotel Place GL" for "Hotel Palace GL").
   */
  match(typedName: string, options: NameQueryOptions): NameMatch[] {
    const asTyped = this.matchReading(this.readTyped(typedName, false), options);
    return asTyped.length > 0 ? asTyped : this.matchReading(this.readTyped(typedName, true), options);
  }

  private matchReading(reading: { text: string; matches: WordMatch[] }[], options: NameQueryOptions): NameMatch[] {
    const typed = reading.slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0) return [];
    const { idf, tokenWord, tokenQuality, cityBits, boostedMark } = this;

    // Each typed word: what it matches in the catalog and what it weighs (its best reading).
    const words = typed.map(({ text, matches }) => {
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
    const nameReachable = new Float64Array(words.length + 1);
    for (let w = words.length - 1; w >= 0; w--) {
      reachable[w] = reachable[w + 1] + words[w].weight / queryWeight;
      nameReachable[w] = nameReachable[w + 1] + Math.max(0, ...words[w].matches.map((m) => idf[m.token]));
    }

    // What each typed word looks like in a name's signature, and what it weighs of the query:
    // a hotel whose signature cannot hold words weighing MIN_QUERY_COVERAGE is not worth
    // reading (its record is a memory fetch; the signature sits beside the posting).
    const wordBits = new Uint32Array(words.length);
    const wordShare = new Float64Array(words.length);
    words.forEach((w, i) => {
      for (const { token } of w.matches) wordBits[i] |= signatureBit(token);
      wordShare[i] = w.weight / queryWeight;
    });

    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) for (let r = SEEN; r < this.records.length; r += STRIDE) this.records[r] = 0;
    const hasMarks = words.some((w) => w.inCity !== null && w.inCity.length > 0) || (options.boosted?.length ?? 0) > 0;
    const wordQuality = new Float64Array(words.length);
    const wordIdf = new Float64Array(words.length);
    const best = this.best;
    best.reset(options.limit);

    const visit = (h: number): boolean => {
      const record = h * STRIDE;
      if (this.records[record + SEEN] === stamp) return false;
      this.records[record + SEEN] = stamp;
      this.score(h, words, wordQuality, wordIdf, queryWeight, hasMarks, boost);
      return true;
    };
    // Hotels that city credit can lift are scored first (they are few); every hotel met after
    // them gets none, which keeps the bound below tight.
    for (const w of words) for (let k = 0; k < (w.inCity?.length ?? 0); k++) visit(w.inCity![k]);

    const barNow = () => {
      let bar = MIN_SCORE;
      if (best.length > 0) bar = Math.max(bar, -best.primaryOf(0) - MARGIN);
      if (best.length === options.limit) bar = Math.max(bar, -best.primaryOf(best.length - 1));
      return bar;
    };
    for (let w = 0; w < words.length; w++) {
      // A hotel first met at word w lacks every rarer word walked already and is not boosted
      // unless marked, so what it can score at most is known: its query coverage is at most
      // reachable[w], its name coverage at most what the words left weigh over its own name
      // weight. Once that cannot reach the bar (the floor, within MARGIN of the best, above
      // the k-th best), the rest of the list, heavier still, cannot either.
      const reach = reachable[w];
      if (reach < MIN_QUERY_COVERAGE) break;
      const nameReach = nameReachable[w];
      let bar = barNow();
      if (QUERY_SHARE * reach + (1 - QUERY_SHARE) + boost < bar) break;
      for (const { token } of words[w].matches) {
        const end = this.postingStart[token + 1];
        for (let p = this.postingStart[token]; p < end; p++) {
          const most = QUERY_SHARE * reach + (1 - QUERY_SHARE) * Math.min(1, nameReach / this.postingWeight[p]);
          if (most + boost < bar) break;
          const h = this.postings[p];
          // Past its own bound only a boosted hotel can still make it: check the 1-byte mark.
          if (most < bar && boostedMark[h] === 0) continue;
          // The most of the query it can match (a boost does not count towards coverage, and
          // city credit went to hotels already scored): scoring would turn it down.
          const holds = this.postingWords[p];
          let share = 0;
          for (let u = 0; u < words.length; u++) if ((holds & wordBits[u]) !== 0) share += wordShare[u];
          if (share < MIN_QUERY_COVERAGE - 1e-9) continue; // summed in another order than score()'s
          // Nor one that could not score above the bar with all it may hold.
          const best = QUERY_SHARE * share + (1 - QUERY_SHARE) * Math.min(1, nameReachable[0] / this.postingWeight[p]);
          if (best + (boostedMark[h] === 1 ? boost : 0) < bar - 1e-9) continue;
          if (visit(h)) bar = barNow();
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

  /** Scores one hotel and offers it to the best; `hasMarks` says whether any city or boost mark is set. */
  private score(
    h: number,
    words: { weight: number }[],
    wordQuality: Float64Array,
    wordIdf: Float64Array,
    queryWeight: number,
    hasMarks: boolean,
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
    const inCity = hasMarks ? this.cityBits[h] : 0;
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
    const boosted = hasMarks && boost > 0 && this.boostedMark[h] === 1 ? boost : 0;
    this.best.offer(h, -(score + boosted), records[record + RANK]);
  }
}
