// One find query's walk over the name index's lists: the typed words, what has been seen, the
// bar a candidate must beat, and the bounds that let a list be left early. The index decides
// which lists to read (name-index.ts); this file scores what they hold.
import type { CityWordLists } from './city-words.js';
import { signatureBit, type NameGroups } from './name-groups.js';
import type { TypedWord } from './name-reading.js';
import type { GroupLists } from './word-pairs.js';
import type { TopK } from './top-k.js';

/** Share of the typed words (by weight) a hotel must match to be offered at all. */
export const MIN_QUERY_COVERAGE = 0.6;
/** Combined score below which a candidate is not close enough. */
const MIN_SCORE = 0.55;
/**
 * How far below the best a candidate may score and still be offered: alternatives to a
 * strong match must be plausible, not just share a common word with it.
 */
export const MARGIN = 0.2;

/**
 * How far below the best a candidate may score: MARGIN for a hotel of a boosted city, MARGIN
 * and the boost for any other, so that a boosted best does not push out, by its boost alone, a
 * match elsewhere it only favours itself over.
 */
export function marginOf(boostedHotel: boolean, boost: number): number {
  return boostedHotel ? MARGIN : MARGIN + boost;
}
const QUERY_SHARE = 0.6;
/** Summed in another order than the score's: bounds allow for the rounding. */
export const SLACK = 1e-9;

export interface QueryWord extends TypedWord {
  weight: number;
}

/** What the index keeps for queries to read and mark; the marks are cleared after each query. */
export interface NameTables {
  groups: NameGroups;
  cityWords: CityWordLists | null;
  /** Per hotel: its city number, or -1. */
  cityOf: Int32Array | null;
  ranks: Uint32Array;
  /** Per catalog word: the typed word it reads as (-1 none), and how well. */
  tokenWord: Int32Array;
  tokenQuality: Float64Array;
  groupSeen: Uint32Array;
  hotelSeen: Uint32Array;
  /** Per city: a bit for each typed word naming it; whether the caller's `city` names it. */
  cityBits: Uint16Array;
  boostedCity: Uint8Array;
  best: TopK;
}

export class NameScan {
  private readonly wordBits: Uint32Array;
  private readonly wordShare: Float64Array;
  private readonly wordQuality: Float64Array;
  private readonly wordIdf: Float64Array;
  /** The most of a name's weight the typed words can match (each word's heaviest reading). */
  readonly nameReach: number;
  /** The most a boosted city's hotel name can weigh less for the city's words in it. */
  private readonly cityNameWeight: number;

  constructor(
    private readonly tables: NameTables,
    private readonly words: QueryWord[],
    readonly queryWeight: number,
    private readonly stamp: number,
    private readonly boost: number,
    private readonly limit: number,
    /** Words of the boosted city's name: in a boosted hotel's name they count as said. */
    private readonly cityNameTokens: readonly number[] = [],
  ) {
    const { idf } = tables.groups;
    const n = words.length;
    this.wordBits = new Uint32Array(n);
    this.wordShare = new Float64Array(n);
    this.wordQuality = new Float64Array(n);
    this.wordIdf = new Float64Array(n);
    let nameReach = 0;
    words.forEach((w, i) => {
      for (const { token } of w.matches) this.wordBits[i] |= signatureBit(token);
      this.wordShare[i] = w.weight / queryWeight;
      nameReach += Math.max(0, ...w.matches.map((m) => idf[m.token]));
    });
    this.nameReach = nameReach;
    this.cityNameWeight = cityNameTokens.reduce((sum, t) => sum + idf[t], 0);
  }

  /**
   * A boosted hotel's name weight without its city's words that were not typed: the caller said
   * the city apart ("Peony" in Lisbon is "Peony Lisbon Rooms" but for "Rooms"). Call after matchGroup.
   */
  private weightInCity(g: number): number {
    const { groups, tokenWord } = this.tables;
    let weight = groups.weight[g];
    if (this.cityNameTokens.length === 0) return weight;
    for (let k = groups.tokenStart[g]; k < groups.tokenStart[g + 1]; k++) {
      const t = groups.tokens[k];
      if (tokenWord[t] < 0 && this.cityNameTokens.includes(t)) weight -= groups.idf[t];
    }
    return weight;
  }

  /** The score a candidate (of a boosted city, or not) must beat: the floor, within its margin of the best, above the k-th best. */
  bar(boostedHotel = false): number {
    const { best } = this.tables;
    let bar = MIN_SCORE;
    if (best.length > 0) bar = Math.max(bar, -best.primaryOf(0) - marginOf(boostedHotel, this.boost));
    if (best.length === this.limit) bar = Math.max(bar, -best.primaryOf(best.length - 1));
    return bar;
  }

  /** The most of the query a name with this signature can match, with city credit for the words in `inCity`. */
  private coverable(signature: number, inCity: number): number {
    let share = 0;
    for (let u = 0; u < this.words.length; u++) if ((signature & this.wordBits[u]) !== 0 || (inCity & (1 << u)) !== 0) share += this.wordShare[u];
    return share;
  }

  /** The highest score a candidate can have: `reach` of the query, `nameReach` over its name's weight. */
  private most(reach: number, nameReach: number, weight: number): number {
    return QUERY_SHARE * reach + (1 - QUERY_SHARE) * Math.min(1, nameReach / weight);
  }

  /** Fills wordQuality and wordIdf with how well a group's name matches the typed words. */
  private matchGroup(g: number): void {
    const { tokenWord, tokenQuality } = this.tables;
    const { tokens, tokenStart, idf } = this.tables.groups;
    const { wordQuality, wordIdf } = this;
    wordQuality.fill(0);
    for (let k = tokenStart[g]; k < tokenStart[g + 1]; k++) {
      const t = tokens[k];
      const w = tokenWord[t];
      if (w >= 0 && tokenQuality[t] > wordQuality[w]) {
        wordQuality[w] = tokenQuality[t];
        wordIdf[w] = idf[t];
      }
    }
  }

  /** The score of what matchGroup found, in a name of this weight, with credit for `inCity`; -1 when not close enough. */
  private scoreMatched(weight: number, inCity: number): number {
    const { words, wordQuality, wordIdf } = this;
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
    const queryCoverage = matchedQuery / this.queryWeight;
    if (queryCoverage < MIN_QUERY_COVERAGE) return -1;
    const nameCoverage = weight > 0 ? Math.min(1, matchedName / weight) : 0;
    const score = QUERY_SHARE * queryCoverage + (1 - QUERY_SHARE) * nameCoverage;
    return score < MIN_SCORE ? -1 : score;
  }

  /** Scores one hotel with its city's credit and boost, and offers it. */
  visitHotel(h: number): void {
    const { hotelSeen, groups, cityOf, cityBits, boostedCity, best, ranks } = this.tables;
    if (hotelSeen[h] === this.stamp) return;
    hotelSeen[h] = this.stamp;
    const g = groups.groupOf[h];
    const city = cityOf === null ? -1 : cityOf[h];
    const boosted = city >= 0 && boostedCity[city] === 1;
    this.matchGroup(g);
    const score = this.scoreMatched(boosted ? this.weightInCity(g) : groups.weight[g], city < 0 ? 0 : cityBits[city]);
    if (score < 0) return;
    best.offer(h, -(score + (boosted ? this.boost : 0)), ranks[h]);
  }

  /**
   * Scores a group without city credit or boost and offers its hotels best-rated first, until
   * one is turned down: the rest, sharing its score and rated lower, would be too. Hotels of
   * the cities a query names were visited first (visitCity), with their credit and boost; those
   * left there could not reach the bar with them, so they cannot without.
   */
  private visitGroup(g: number): void {
    const { groupSeen, hotelSeen, groups, best, ranks } = this.tables;
    if (groupSeen[g] === this.stamp) return;
    groupSeen[g] = this.stamp;
    this.matchGroup(g);
    const score = this.scoreMatched(groups.weight[g], 0);
    if (score < 0) return;
    for (let k = groups.hotelStart[g]; k < groups.hotelStart[g + 1]; k++) {
      const h = groups.hotels[k];
      if (hotelSeen[h] === this.stamp) continue;
      if (!best.offer(h, -score, ranks[h])) return;
    }
  }

  /**
   * Reads one list of groups, lightest name first. A name first met here matches at most
   * `reach` of the query and `nameReach` of its own weight; once that cannot reach the bar,
   * neither can the heavier names after it.
   */
  list(lists: GroupLists, l: number, reach: number, nameReach: number): void {
    const { groups, weights, signatures } = lists;
    let bar = this.bar();
    for (let p = lists.start[l], end = lists.start[l + 1]; p < end; p++) {
      const weight = weights[p];
      if (this.most(reach, nameReach, weight) < bar) break;
      // The most of the query it can match, by its signature: not enough, or not enough to beat the bar.
      const share = this.coverable(signatures[p], 0);
      if (share < MIN_QUERY_COVERAGE - SLACK || this.most(share, this.nameReach, weight) < bar - SLACK) continue;
      this.visitGroup(groups[p]);
      bar = this.bar();
    }
  }

  /**
   * Visits the hotels of a city the query names (a typed word, or the caller's `city`) that
   * could reach the bar with its credit and boost: those holding a typed word, from the city's
   * lists of each reading, and those holding none when the city's credit alone scores (its
   * best-rated first: they all score the same).
   */
  visitCity(city: number, readings: readonly number[]): void {
    const { cityWords, cityBits, boostedCity, groups, hotelSeen, best, ranks } = this.tables;
    if (cityWords === null) return;
    const inCity = cityBits[city];
    const boost = boostedCity[city] === 1 ? this.boost : 0;
    // Bounds take a boosted name as light as its city's words could make it.
    const lighter = boost > 0 ? this.cityNameWeight : 0;
    for (const t of readings) {
      const [from, to] = cityWords.list(city, t);
      let bar = this.bar(boost > 0);
      for (let k = from; k < to; k++) {
        const h = cityWords.hotels[k];
        const g = groups.groupOf[h];
        // The list is lightest first: the bound that ends it takes any name as light as the
        // city's words could make it; the one that skips a name takes its own weight.
        if (this.most(1, this.nameReach, Math.max(0, groups.weight[g] - lighter)) + boost < bar) break;
        const weight = boost > 0 ? this.weightInCity(g) : groups.weight[g];
        const share = this.coverable(groups.signature[g], inCity);
        if (share < MIN_QUERY_COVERAGE - SLACK || this.most(share, this.nameReach, weight) + boost < bar - SLACK) continue;
        this.visitHotel(h);
        bar = this.bar(boost > 0);
      }
    }
    this.wordQuality.fill(0);
    const creditOnly = this.scoreMatched(1, inCity);
    if (creditOnly < 0) return;
    for (const h of cityWords.membersOf(city)) {
      if (hotelSeen[h] === this.stamp) continue;
      const g = groups.groupOf[h];
      if (this.coverable(groups.signature[g], 0) > 0) {
        this.visitHotel(h); // it may hold a typed word: scored on its own
        continue;
      }
      hotelSeen[h] = this.stamp;
      if (!best.offer(h, -(creditOnly + boost), ranks[h])) return;
    }
  }
}
