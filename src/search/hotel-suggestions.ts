// Hotels for a search box, as people type. Every name is filed under each of its words, as the
// word sequence from there to the name's end ("pestana palace lisbon", "palace lisbon",
// "lisbon"), in word order, so the names holding the whole words typed and then a word that
// begins with the last, unfinished one are one run of the list. The words are those the name
// index reads (folded, abbreviations spelled out, "hotel" and "the" left out), numbered in
// alphabetical order so a sequence compares as numbers. Best first: names that begin with what
// was typed, then names holding it further in; best-rated first within each. An unfinished word
// of four letters or more that begins no word is read one typo away; a whole word through the
// name index's typo reading.
import { foldWords } from '../text/fold.js';
import { NameGroups } from './name-groups.js';
import type { NameReader } from './name-reading.js';
import { beginsFillerWord, isFillerLike, spelledOut } from './name-words.js';
import { BestFirst, nearPrefixRanges, prefixRange, RangeBest } from './prefix-ranges.js';

const MIN_TYPO_LETTERS = 4;
/** Names read at most per call: they are read best first, so this only ends a long tail early. */
const MAX_ROWS_READ = 400;
const anyLetter = () => true;

export class HotelSuggestions {
  /** The catalog's words in alphabetical order, and each word's place in it. */
  private readonly sortedWords: string[];
  private readonly alphabetical: Uint32Array;
  /** Rows, in the order of their word sequences: the group and where in its words the row starts. */
  private readonly rowGroup: Uint32Array;
  private readonly rowFrom: Uint32Array;
  private readonly ranges: RangeBest;
  /** Penalties that put names holding the typed words later, and typo readings after all read as typed. */
  private readonly later: number;
  private readonly typo: number;
  private readonly groupSeen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly groups: NameGroups,
    private readonly reader: NameReader,
    private readonly hotelRank: Uint32Array,
  ) {
    const { words, tokens, tokenStart, rank } = groups;
    const byWord = Array.from(words.keys()).sort((a, b) => (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0));
    this.sortedWords = byWord.map((t) => words[t]);
    this.alphabetical = new Uint32Array(words.length);
    byWord.forEach((t, position) => (this.alphabetical[t] = position));

    // A row per word of each name; its sequence is the name's words from there on.
    const size = groups.size;
    const groupOfToken = new Uint32Array(tokens.length);
    for (let g = 0; g < size; g++) groupOfToken.fill(g, tokenStart[g], tokenStart[g + 1]);
    const alphabetical = this.alphabetical;
    // Filed by first word (a counting sort), then each word's rows by the words that follow.
    const rows = new Uint32Array(tokens.length);
    const bucketStart = new Uint32Array(words.length + 1);
    for (let at = 0; at < tokens.length; at++) bucketStart[alphabetical[tokens[at]] + 1]++;
    for (let w = 0; w < words.length; w++) bucketStart[w + 1] += bucketStart[w];
    const fill = bucketStart.slice(0, words.length);
    for (let at = 0; at < tokens.length; at++) rows[fill[alphabetical[tokens[at]]]++] = at;
    const byFollowingWords = (a: number, b: number) => {
      const endA = tokenStart[groupOfToken[a] + 1];
      const endB = tokenStart[groupOfToken[b] + 1];
      for (a++, b++; ; a++, b++) {
        if (a === endA) return b === endB ? 0 : -1;
        if (b === endB) return 1;
        const d = alphabetical[tokens[a]] - alphabetical[tokens[b]];
        if (d !== 0) return d;
      }
    };
    for (let w = 0; w < words.length; w++) {
      if (bucketStart[w + 1] - bucketStart[w] > 1) rows.subarray(bucketStart[w], bucketStart[w + 1]).sort(byFollowingWords);
    }
    this.rowGroup = new Uint32Array(rows.length);
    this.rowFrom = rows;
    this.later = size;
    this.typo = 2 * size;
    const score = new Float64Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const g = groupOfToken[rows[r]];
      this.rowGroup[r] = g;
      score[r] = -(rank[g] + (rows[r] === tokenStart[g] ? 0 : this.later));
    }
    this.ranges = new RangeBest(score);
    this.groupSeen = new Uint32Array(size);
  }

  /** The best hotels (by index) whose names hold the typed words, the last one perhaps unfinished. */
  suggest(text: string, limit: number): number[] {
    const typed = foldWords(text).map(spelledOut);
    // "Palace " has its last word finished; "Palace" may be going on to "Palacete".
    const unfinished = /[\p{L}\p{N}]$/u.test(text) ? typed.pop() : undefined;
    const whole: number[] = [];
    let penalty = 0;
    for (const word of typed) {
      if (isFillerLike(word)) continue;
      const token = this.reader.closestWord(word);
      if (token < 0) return [];
      if (this.groups.words[token] !== word) penalty = this.typo;
      whole.push(this.alphabetical[token]);
    }
    const best = new BestFirst(this.ranges);
    if (unfinished === undefined || isFillerLike(unfinished) || beginsFillerWord(unfinished)) {
      // Finished words only, or an unfinished one that may be "hotel" or "the" being typed: names
      // holding the finished words in a row.
      const last = whole.at(-1);
      if (last !== undefined) this.addRows(best, whole.slice(0, -1), last, last + 1, penalty);
      else if (unfinished === undefined || isFillerLike(unfinished)) return [];
    }
    if (unfinished !== undefined && !isFillerLike(unfinished)) {
      const [first, end] = prefixRange(this.sortedWords, unfinished);
      this.addRows(best, whole, first, end, penalty);
      if (first === end && unfinished.length >= MIN_TYPO_LETTERS) {
        nearPrefixRanges(this.sortedWords, unfinished, anyLetter, (s, e) => this.addRows(best, whole, s, e, this.typo));
      }
    }
    return this.hotelsOf(best, limit);
  }

  /** Adds the rows whose sequence is `words` followed by a word numbered from `first` to `end` (excluded). */
  private addRows(best: BestFirst, words: readonly number[], first: number, end: number, penalty: number): void {
    const start = this.lowerBound(words, first);
    best.add(start, this.lowerBound(words, end, start), penalty);
  }

  /** The first row whose sequence is not below `words` followed by `next`. */
  private lowerBound(words: readonly number[], next: number, lo = 0): number {
    const { tokens, tokenStart } = this.groups;
    let hi = this.rowFrom.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const end = tokenStart[this.rowGroup[mid] + 1];
      let at = this.rowFrom[mid];
      let below = false;
      let k = 0;
      for (; k <= words.length; k++, at++) {
        const want = k < words.length ? words[k] : next;
        if (at === end) {
          below = true;
          break;
        }
        const have = this.alphabetical[tokens[at]];
        if (have !== want) {
          below = have < want;
          break;
        }
      }
      if (below) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The best hotels of the best names: each name's hotels best-rated first, merged by rank. */
  private hotelsOf(best: BestFirst, limit: number): number[] {
    const { hotelStart, hotels } = this.groups;
    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) this.groupSeen.fill(0);
    const found: { hotel: number; tier: number }[] = [];
    let names = 0;
    for (let read = 0; names < limit && read < MAX_ROWS_READ; read++) {
      const next = best.next();
      if (next === null) break;
      const g = this.rowGroup[next.position];
      if (this.groupSeen[g] === stamp) continue;
      this.groupSeen[g] = stamp;
      names++;
      // The tier: as typed and from the name's start (0), further in (1), typo readings (2, 3).
      const tier = Math.floor((-next.score - this.groups.rank[g]) / this.later);
      for (let k = hotelStart[g]; k < Math.min(hotelStart[g + 1], hotelStart[g] + limit); k++) found.push({ hotel: hotels[k], tier });
    }
    found.sort((a, b) => a.tier - b.tier || this.hotelRank[a.hotel] - this.hotelRank[b.hotel]);
    return found.slice(0, limit).map((f) => f.hotel);
  }
}
