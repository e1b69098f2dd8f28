// Finds hotels by name as people say it. Each name is a bag of words weighted by rarity
// (inverse document frequency); a query scores hotels on two coverages: how much of what was
// typed matched (typos count for less), and how much of the hotel's name was typed.
//
// Hotels that share a name share a score, so names are scored once per group (NameGroups) and
// a group's hotels are offered best-rated first until one is turned down. Only names that could
// still reach the bar are read (the MaxScore idea), from the shortest lists that must hold them:
// a name matching two typed words is in the pair list of those words (or in a rare word's short
// list), so the long list of a common word is only read for names that match that word alone,
// and only when that word alone weighs enough of the query.
import { NameGroups, signatureBit } from './name-groups.js';
import { NameReader, type TypedWord } from './name-reading.js';
import { TopK } from './top-k.js';
import { wordLists, WordPairLists, type GroupLists } from './word-pairs.js';

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
const MAX_QUERY_WORDS = 16;
/** Words in fewer names than this are not paired: their own lists are read whole. */
const MIN_PAIRED_NAMES = 64;
/** Summed in another order than score()'s: bounds allow for the rounding. */
const SLACK = 1e-9;

interface QueryWord extends TypedWord {
  weight: number;
  inCity: ArrayLike<number> | null;
}

export class NameIndex {
  private readonly groups: NameGroups;
  private readonly reader: NameReader;
  private readonly lists: GroupLists;
  private readonly pairs: WordPairLists;
  private readonly unknownWordWeight: number;
  // Per-query scratch. Seen stamps never need clearing.
  private stamp = 0;
  private readonly groupSeen: Uint32Array;
  private readonly hotelSeen: Uint32Array;
  /** Per hotel, a bit for each query word naming the hotel's city. */
  private readonly cityBits: Uint16Array;
  private readonly boostedMark: Uint8Array;
  private readonly tokenWord: Int32Array;
  private readonly tokenQuality: Float64Array;
  private readonly wordQuality = new Float64Array(MAX_QUERY_WORDS);
  private readonly wordIdf = new Float64Array(MAX_QUERY_WORDS);
  private readonly best = new TopK(16);

  /** `minPairedNames`: words in fewer names than this are not paired (a test may pair every word). */
  constructor(
    names: readonly string[],
    private readonly ranks: Uint32Array,
    minPairedNames = MIN_PAIRED_NAMES,
  ) {
    this.groups = new NameGroups(names, ranks);
    const { idf, words } = this.groups;
    this.reader = new NameReader(this.groups.vocabulary, words, idf);
    this.unknownWordWeight = idf.reduce((most, x) => Math.max(most, x), 1);
    const order = this.groups.lightestFirst();
    this.lists = wordLists(this.groups, order);
    const { start } = this.lists;
    this.pairs = new WordPairLists(this.groups, order, (t) => start[t + 1] - start[t], minPairedNames);
    this.groupSeen = new Uint32Array(this.groups.size);
    this.hotelSeen = new Uint32Array(names.length);
    this.cityBits = new Uint16Array(names.length);
    this.boostedMark = new Uint8Array(names.length);
    this.tokenWord = new Int32Array(words.length).fill(-1);
    this.tokenQuality = new Float64Array(words.length);
  }

  /**
   * Hotels whose names match the typed name well enough, best first. Words the catalog knows
   * are read as typed; only when that finds nothing close enough are they read as possible
   * typos of other words too ("Hotel Place GL" for "Hotel Palace GL").
   */
  match(typedName: string, options: NameQueryOptions): NameMatch[] {
    const asTyped = this.matchReading(this.reader.read(typedName, false), options, false);
    return asTyped.length > 0 ? asTyped : this.matchReading(this.reader.read(typedName, true), options, false);
  }

  /** The same answer as `match`, found by scoring every hotel: the reference its pruning must equal. */
  matchScoringEveryHotel(typedName: string, options: NameQueryOptions): NameMatch[] {
    const asTyped = this.matchReading(this.reader.read(typedName, false), options, true);
    return asTyped.length > 0 ? asTyped : this.matchReading(this.reader.read(typedName, true), options, true);
  }

  private matchReading(reading: TypedWord[], options: NameQueryOptions, everyHotel: boolean): NameMatch[] {
    const typed = reading.slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0) return [];
    const { idf } = this.groups;
    const { tokenWord, tokenQuality, cityBits, boostedMark, hotelSeen, best } = this;

    // Each typed word: what it matches in the catalog and what it weighs (its best reading).
    const words: QueryWord[] = typed.map(({ text, matches }) => ({
      text,
      matches,
      weight: matches.length > 0 ? idf[matches[0].token] : this.unknownWordWeight,
      inCity: options.hotelsInCity?.(text) ?? null,
    }));
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
    const boosted = options.boosted ?? [];
    // The boost only raises what can be reached when some hotel is boosted at all.
    const boost = boosted.length > 0 ? (options.boost ?? 0) : 0;
    for (let k = 0; k < boosted.length; k++) boostedMark[boosted[k]] = 1;

    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) {
      this.groupSeen.fill(0);
      hotelSeen.fill(0);
    }
    best.reset(options.limit);
    const scan = new Scan(this, words, queryWeight, stamp, boost, options.limit);

    if (everyHotel) {
      for (let h = 0; h < hotelSeen.length; h++) scan.visitHotel(h);
    } else {
      // Hotels that city credit or the boost can lift are scored one by one first (they are
      // few); every group met after them is scored without either, which keeps bounds tight.
      for (const w of words) {
        for (let k = 0; k < (w.inCity?.length ?? 0); k++) {
          const h = w.inCity![k];
          if (scan.mayCover(this.groups.signature[this.groups.groupOf[h]], cityBits[h])) scan.visitHotel(h);
        }
      }
      for (let k = 0; k < boosted.length; k++) if (scan.mayCover(this.groups.signature[this.groups.groupOf[boosted[k]]])) scan.visitHotel(boosted[k]);
      this.scanLists(scan, words);
    }

    for (const token of marked) tokenWord[token] = -1;
    for (const w of words) for (let k = 0; k < (w.inCity?.length ?? 0); k++) cityBits[w.inCity![k]] = 0;
    for (let k = 0; k < boosted.length; k++) boostedMark[boosted[k]] = 0;
    const result: NameMatch[] = [];
    for (let k = 0; k < best.length; k++) {
      const score = -best.primaryOf(k);
      if (score >= -best.primaryOf(0) - MARGIN) result.push({ index: best.id(k), score });
    }
    return result;
  }

  /**
   * Every name that could reach the bar, from the shortest lists that must hold it: pair lists
   * for names with two common typed words, a rare word's whole list, and last a common word's
   * own list, only for a word that weighs enough alone and only for names holding it alone.
   */
  private scanLists(scan: Scan, words: QueryWord[]): void {
    const { pairs, lists, tokenWord } = this;
    const owned = (i: number) => words[i].matches.filter(({ token }) => tokenWord[token] === i).map(({ token }) => token);
    const readings = words.map((_, i) => owned(i));
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length; j++) {
        for (const a of readings[i]) {
          if (!pairs.isPaired(a)) continue;
          for (const b of readings[j]) {
            const list = pairs.isPaired(b) ? pairs.list(a, b) : -1;
            if (list >= 0) scan.list(pairs.lists, list, 1, scan.nameReach);
          }
        }
      }
    }
    for (const tokens of readings) for (const t of tokens) if (!pairs.isPaired(t)) scan.list(lists, t, 1, scan.nameReach);
    // A name first met here holds this word and no other typed word: every name holding two
    // was in a pair list or a rare word's list above.
    // Its coverage is at most this word's share at the quality of its best common reading (a
    // rare reading's names were all read already), and it matches at most that reading's weight
    // of its own name.
    const { idf } = this.groups;
    for (let i = 0; i < words.length; i++) {
      const share = words[i].weight / scan.queryWeight;
      const common = words[i].matches.filter(({ token }) => tokenWord[token] === i && pairs.isPaired(token));
      if (common.length === 0 || share * common[0].quality < MIN_QUERY_COVERAGE - SLACK) continue;
      const reach = share * common[0].quality;
      const nameReach = Math.max(...common.map(({ token }) => idf[token]));
      for (const { token } of common) scan.list(lists, token, reach, nameReach);
    }
  }

  /** How well a group's name matches the typed words: fills wordQuality and wordIdf. */
  matchGroup(g: number, count: number): void {
    const { tokenWord, tokenQuality, wordQuality, wordIdf } = this;
    const { tokens, tokenStart, idf } = this.groups;
    for (let w = 0; w < count; w++) wordQuality[w] = 0;
    for (let k = tokenStart[g]; k < tokenStart[g + 1]; k++) {
      const t = tokens[k];
      const w = tokenWord[t];
      if (w >= 0 && tokenQuality[t] > wordQuality[w]) {
        wordQuality[w] = tokenQuality[t];
        wordIdf[w] = idf[t];
      }
    }
  }

  /** The score of the group last matched, with city credit for the words in `inCity`; -1 when not close enough. */
  scoreMatched(g: number, words: QueryWord[], queryWeight: number, inCity: number): number {
    const { wordQuality, wordIdf } = this;
    let matchedQuery = 0;
    let matchedName = 0;
    for (let w = 0; w < words.length; w++) {
      if (wordQuality[w] > 0) {
        matchedQuery += Math.min(wordIdf[w], words[w].weight) * wordQuality[w];
        matchedName += wordIdf[w];
      } else if (inCity & (1 << w)) {
        matchedQuery += words[w].weight;
      }
    }
    const queryCoverage = matchedQuery / queryWeight;
    if (queryCoverage < MIN_QUERY_COVERAGE) return -1;
    const weight = this.groups.weight[g];
    const nameCoverage = weight > 0 ? Math.min(1, matchedName / weight) : 0;
    const score = QUERY_SHARE * queryCoverage + (1 - QUERY_SHARE) * nameCoverage;
    return score < MIN_SCORE ? -1 : score;
  }

  /** Per-query state of the index a scan reads and writes. */
  get scratch() {
    return { groups: this.groups, groupSeen: this.groupSeen, hotelSeen: this.hotelSeen, cityBits: this.cityBits, boostedMark: this.boostedMark, best: this.best, ranks: this.ranks };
  }
}

/** One query's walk over the lists: what it has seen, the bar, and the bounds. */
class Scan {
  private readonly wordBits: Uint32Array;
  private readonly wordShare: Float64Array;
  /** The most of a name's weight the typed words can match (each word's heaviest reading). */
  readonly nameReach: number;
  private readonly state: NameIndex['scratch'];

  constructor(
    private readonly index: NameIndex,
    private readonly words: QueryWord[],
    readonly queryWeight: number,
    private readonly stamp: number,
    private readonly boost: number,
    private readonly limit: number,
  ) {
    this.state = index.scratch;
    const { idf } = this.state.groups;
    this.wordBits = new Uint32Array(words.length);
    this.wordShare = new Float64Array(words.length);
    let nameReach = 0;
    words.forEach((w, i) => {
      for (const { token } of w.matches) this.wordBits[i] |= signatureBit(token);
      this.wordShare[i] = w.weight / queryWeight;
      nameReach += Math.max(0, ...w.matches.map((m) => idf[m.token]));
    });
    this.nameReach = nameReach;
  }

  /** The score a group must beat: the floor, within MARGIN of the best, above the k-th best. */
  bar(): number {
    const { best } = this.state;
    let bar = MIN_SCORE;
    if (best.length > 0) bar = Math.max(bar, -best.primaryOf(0) - MARGIN);
    if (best.length === this.limit) bar = Math.max(bar, -best.primaryOf(best.length - 1));
    return bar;
  }

  /** Whether a name with this signature (in a city named by the words in `inCity`) may match enough of the query. */
  mayCover(signature: number, inCity = 0): boolean {
    return this.coverable(signature, inCity) >= MIN_QUERY_COVERAGE - SLACK;
  }

  /** The most of the query a name with this signature can match, with city credit for the words in `inCity`. */
  private coverable(signature: number, inCity = 0): number {
    let share = 0;
    for (let u = 0; u < this.words.length; u++) if ((signature & this.wordBits[u]) !== 0 || (inCity & (1 << u)) !== 0) share += this.wordShare[u];
    return share;
  }

  /** Scores one hotel with its city credit and boost, and offers it. */
  visitHotel(h: number): void {
    const { hotelSeen, groups, cityBits, boostedMark, best, ranks } = this.state;
    if (hotelSeen[h] === this.stamp) return;
    hotelSeen[h] = this.stamp;
    const g = groups.groupOf[h];
    this.index.matchGroup(g, this.words.length);
    const score = this.index.scoreMatched(g, this.words, this.queryWeight, cityBits[h]);
    if (score < 0) return;
    best.offer(h, -(score + (boostedMark[h] === 1 ? this.boost : 0)), ranks[h]);
  }

  /**
   * Scores a group (no city credit, no boost: hotels that have either were visited first) and
   * offers its hotels best-rated first, until one is turned down: the rest, sharing its score
   * and rated lower, would be too.
   */
  private visitGroup(g: number): void {
    const { groupSeen, hotelSeen, groups, best, ranks } = this.state;
    if (groupSeen[g] === this.stamp) return;
    groupSeen[g] = this.stamp;
    this.index.matchGroup(g, this.words.length);
    const score = this.index.scoreMatched(g, this.words, this.queryWeight, 0);
    if (score < 0) return;
    for (let k = groups.hotelStart[g]; k < groups.hotelStart[g + 1]; k++) {
      const h = groups.hotels[k];
      if (hotelSeen[h] === this.stamp) continue;
      if (!best.offer(h, -score, ranks[h])) return;
    }
  }

  /**
   * Reads one list, lightest name first. A name first met here matches at most `reach` of the
   * query and `nameReach` of its own weight; once that cannot reach the bar, neither can the
   * heavier names after it.
   */
  list(lists: GroupLists, l: number, reach: number, nameReach: number): void {
    const { groups, weights, signatures } = lists;
    let bar = this.bar();
    for (let p = lists.start[l], end = lists.start[l + 1]; p < end; p++) {
      const weight = weights[p];
      if (QUERY_SHARE * reach + (1 - QUERY_SHARE) * Math.min(1, nameReach / weight) < bar) break;
      // The most of the query it can match, by its signature: not enough, or not enough to beat the bar.
      const share = this.coverable(signatures[p]);
      if (share < MIN_QUERY_COVERAGE - SLACK) continue;
      if (QUERY_SHARE * share + (1 - QUERY_SHARE) * Math.min(1, this.nameReach / weight) < bar - SLACK) continue;
      this.visitGroup(groups[p]);
      bar = this.bar();
    }
  }
}
