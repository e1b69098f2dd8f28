// The rows hotel suggestions search: one per word of each name, standing for the name's word
// sequence from that word on, and one more per name and lead word ("hotel", "the") that some of
// its hotels' names begin with, standing for that word followed by all the name's words. Rows are
// sorted by their sequences, compared as numbers (words by alphabetical place, lead words after
// every word), so the rows that begin with a given sequence are one run.
import type { NameGroups } from './name-groups.js';
import { isFiller } from './name-words.js';
import type { TextColumn } from './string-column.js';

/** The most leads a name may begin with (LEADS in hotel-suggestions.ts): "hotel" 1, "the" 2. */
const LEAD_KINDS = 2;

export function sortedSuggestionRows(groups: NameGroups, alphabetical: Uint32Array, hotelLead: Uint8Array): SuggestionRows {
  const { words, tokens, tokenStart, hotelStart, hotels } = groups;
  const size = groups.size;
  const groupOfToken = new Uint32Array(tokens.length);
  for (let g = 0; g < size; g++) groupOfToken.fill(g, tokenStart[g], tokenStart[g + 1]);
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
  // Word rows: filed by first word (a counting sort), then each word's rows by the words that follow.
  const wordRows = new Uint32Array(tokens.length);
  const bucketStart = new Uint32Array(words.length + 1);
  for (let at = 0; at < tokens.length; at++) bucketStart[alphabetical[tokens[at]] + 1]++;
  for (let w = 0; w < words.length; w++) bucketStart[w + 1] += bucketStart[w];
  const fill = bucketStart.slice(0, words.length);
  for (let at = 0; at < tokens.length; at++) wordRows[fill[alphabetical[tokens[at]]]++] = at;
  for (let w = 0; w < words.length; w++) {
    if (bucketStart[w + 1] - bucketStart[w] > 1) wordRows.subarray(bucketStart[w], bucketStart[w + 1]).sort(byFollowingWords);
  }
  // Lead rows, after every word row: by lead, then by the name's words from its first.
  const leadRows: number[][] = Array.from({ length: LEAD_KINDS }, () => []);
  for (let g = 0; g < size; g++) {
    let seen = 0;
    for (let k = hotelStart[g]; k < hotelStart[g + 1]; k++) {
      const lead = hotelLead[hotels[k]];
      if (lead !== 0 && !(seen & (1 << lead))) {
        seen |= 1 << lead;
        leadRows[lead - 1].push(tokenStart[g]);
      }
    }
  }
  // A lead row's sequence is the lead, then its name's words: ordered as its first word's row would be.
  const byWordsFromFirst = (a: number, b: number) => alphabetical[tokens[a]] - alphabetical[tokens[b]] || byFollowingWords(a, b);
  const total = tokens.length + leadRows.reduce((sum, list) => sum + list.length, 0);
  const rowGroup = new Uint32Array(total);
  const rowFrom = new Uint32Array(total);
  const rowLead = new Uint8Array(total);
  rowFrom.set(wordRows);
  let r = tokens.length;
  leadRows.forEach((list, i) => {
    for (const from of list.sort(byWordsFromFirst)) {
      rowFrom[r] = from;
      rowLead[r++] = i + 1;
    }
  });
  for (let row = 0; row < total; row++) rowGroup[row] = groupOfToken[rowFrom[row]];

  return new SuggestionRows(rowGroup, rowFrom, rowLead, tokens, tokenStart, alphabetical, words.length);
}

export class SuggestionRows {
  constructor(
    /** Per row: its name group, where in the group's words its sequence starts, and its lead (0 none). */
    readonly rowGroup: Uint32Array,
    readonly rowFrom: Uint32Array,
    readonly rowLead: Uint8Array,
    private readonly tokens: Uint32Array,
    private readonly tokenStart: Uint32Array,
    private readonly alphabetical: Uint32Array,
    /** Lead words are numbered from here, after every word. */
    private readonly leadBase: number,
  ) {}

  /** The number a lead word has in sequences. */
  leadNumber(lead: number): number {
    return this.leadBase + lead - 1;
  }

  /**
   * The first row at or after `lo` whose sequence is not below `words` followed by `next`. Word
   * rows come first, then lead rows: a sequence that begins with a lead is looked for among these.
   */
  lowerBound(words: readonly number[], next: number, lo = 0): number {
    const { rowGroup, rowFrom, tokens, tokenStart, alphabetical } = this;
    const wordRows = tokens.length;
    const first = words.length > 0 ? words[0] : next;
    const lead = first >= this.leadBase ? first - this.leadBase + 1 : 0;
    // A lead row's first word is its lead: compared once, then its name's words from the first.
    const skip = lead === 0 ? 0 : 1;
    let hi = lead === 0 ? wordRows : rowGroup.length;
    if (lead !== 0) lo = Math.max(lo, wordRows);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let below: boolean;
      if (lead !== 0 && this.rowLead[mid] !== lead) below = this.rowLead[mid] < lead;
      else {
        const end = tokenStart[rowGroup[mid] + 1];
        let at = rowFrom[mid];
        below = false;
        for (let k = skip; k <= words.length; k++, at++) {
          const want = k < words.length ? words[k] : next;
          if (at === end) {
            below = true;
            break;
          }
          const have = alphabetical[tokens[at]];
          if (have !== want) {
            below = have < want;
            break;
          }
        }
      }
      if (below) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Filler words a name may hold between its words, as bits: "hotel" (or "hotels") 1, "the" 2. */
export const FOLLOWS: Readonly<Record<string, number>> = { hotel: 1, hotels: 1, the: 2 };
const FOLLOWED = Object.keys(FOLLOWS);

/**
 * Per word of each group (as `tokens`): the filler words that come right before it in the name of
 * one of the group's hotels ("Mercure Hotel Amsterdam West": "hotel" before "amsterdam"). Names
 * are read without them, yet a traveller typing "mercure hote" means the names that go on so.
 */
export function fillersBefore(groups: NameGroups, names: TextColumn, words: (name: string) => string[]): Uint8Array {
  const before = new Uint8Array(groups.tokens.length);
  const read = new Set<string>();
  for (let h = 0; h < names.length; h++) {
    const name = names.at(h)!;
    // Most names hold no such word past their first: read past them without folding.
    if ((name.charCodeAt(0) < 0x80 && !/ (?:h.tels?|the)\b/i.test(name)) || read.has(name)) continue;
    read.add(name);
    const g = groups.groupOf[h];
    const start = groups.tokenStart[g];
    const end = groups.tokenStart[g + 1];
    let at = 0;
    let bits = 0;
    const seen = new Set<string>();
    for (const word of words(name)) {
      const bit = Object.hasOwn(FOLLOWS, word) ? FOLLOWS[word] : 0;
      if (bit !== 0) {
        bits |= bit;
        continue;
      }
      if (isFiller(word) || seen.has(word)) continue;
      seen.add(word);
      if (start + at < end && bits !== 0 && at > 0) before[start + at] |= bits;
      at++;
      bits = 0;
    }
  }
  return before;
}

/** The filler word ("hotel" 1, "the" 2) an unfinished word may be on its way to ("hote", "th"); 0 for none. */
export function followedBy(unfinished: string): number {
  for (const word of FOLLOWED) if (word.startsWith(unfinished)) return FOLLOWS[word];
  return 0;
}

/** Words held by at least n^(1/4) of n hotels: 6 of 1,600, 32 of a million (below). */
const SHARED_WORD_WEIGHT = 0.75;

/**
 * Per word: whether so many hotel names hold it that it says little of which is meant (a chain's,
 * a city's, "grand"), its weight (idf) at most SHARED_WORD_WEIGHT of a word only one name has.
 */
export function sharedWords(groups: NameGroups, hotels: number): Uint8Array {
  const shared = new Uint8Array(groups.words.length);
  const most = SHARED_WORD_WEIGHT * Math.log(1 + hotels);
  for (let t = 0; t < shared.length; t++) shared[t] = groups.idf[t] <= most ? 1 : 0;
  return shared;
}
