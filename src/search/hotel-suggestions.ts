// Hotels for a search box, as people type. Every name is filed under each of its words, as the
// word sequence from there to the name's end ("belvedere resort lisbon", "resort lisbon",
// "lisbon"), in word order, so the names holding the whole words typed and then a word that
// begins with the last, unfinished one are one run of the list. The words are those the name
// index reads (folded, abbreviations spelled out, "hotel" and "the" left out), numbered in
// alphabetical order so a sequence compares as numbers. A name that begins with "Hotel" or "The"
// is filed once more under that word and its words ("hotel alder"), so a traveller who types it
// first finds the names that begin so first. Best first: names that begin with what was typed,
// then names holding it past shared first words only ("Best Western", "Crowne Plaza"), then
// further in; best-rated first within each. An unfinished word is read as typed and spelled out
// ("pl": "plaza" and "place"); one that may be "hotel" or "the" reads first the names that go on
// with it ("mercure hote"). An unfinished word of four letters or more that begins no word is
// read one typo away; a whole word through the name index's typo reading.
import { scratch } from '../snapshot/scratch.js';
import { foldWords } from '../text/fold.js';
import { NameGroups } from './name-groups.js';
import type { NameReader } from './name-reading.js';
import { beginsFillerWord, isFiller, isFillerLike, spelledOut } from './name-words.js';
import { BestFirst, nearPrefixRanges, prefixRange, RangeBest } from './prefix-ranges.js';
import { SortedTexts } from './sorted-texts.js';
import { fillersBefore, followedBy, sharedWords, sortedSuggestionRows, type SuggestionRows } from './suggestion-rows.js';
import type { TextColumn } from './string-column.js';

const MIN_TYPO_LETTERS = 4;
/** Names read at most per call: they are read best first, so this only ends a long tail early. */
const MAX_ROWS_READ = 400;
/** Hotels of one name read at most for those that begin with a lead word, or repeat a word as typed. */
const MAX_HOTELS_SCANNED = 2000;
/** Hotel names checked at most per call for words typed again (the rare reading that needs it). */
const MAX_NAMES_CHECKED = 300;
const anyLetter = () => true;
/** Rows read at most per call for names that go on with a filler word typed in part ("mercure hote"). */
const MAX_FOLLOWED_ROWS = 24;

/** The words a name may begin with that the name index leaves out, and the lead each one is. */
export const LEADS: Readonly<Record<string, number>> = { hotel: 1, hotels: 1, the: 2 };

/** The lead a name begins with (1 "hotel", 2 "the"), or 0; only before a word that is not filler. */
export function leadOf(name: string): number {
  // Most names begin with neither: read past without folding them (a million at an index build).
  if (name.charCodeAt(0) < 0x80 && !/^(?:h.tels? |the )/i.test(name)) return 0;
  const words = foldWords(name).map(spelledOut);
  const lead = words.length > 1 ? (LEADS[words[0]] ?? 0) : 0;
  return lead !== 0 && words.slice(1).some((w) => !isFiller(w)) ? lead : 0;
}

export class HotelSuggestions {
  /** The catalog's words in alphabetical order, and each word's place in it. */
  private readonly sortedWords: SortedTexts;
  private readonly alphabetical: Uint32Array;
  private readonly rows: SuggestionRows;
  private readonly ranges: RangeBest;
  /** Per word of each group: the filler words before it in a name of the group (FOLLOWS bits). */
  private readonly fillerBefore: Uint8Array;
  /** Per hotel: the lead word its name begins with (0 none). */
  private readonly hotelLead: Uint8Array;
  /**
   * Penalties, in units of the hotel count (scores are hotel ranks): a name that lacks the lead
   * typed, a name holding the words further in, and typo readings after everything read as typed.
   */
  private readonly leadMiss: number;
  private readonly later: number;
  private readonly pastShared: number;
  private readonly typo: number;
  private readonly hotelSeen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly groups: NameGroups,
    private readonly reader: NameReader,
    private readonly hotelRank: Uint32Array,
    private readonly names: TextColumn,
  ) {
    const { words } = groups;
    const byWord = Array.from(words.keys()).sort((a, b) => (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0));
    this.sortedWords = new SortedTexts(byWord.map((t) => words[t]));
    this.alphabetical = new Uint32Array(words.length);
    byWord.forEach((t, position) => (this.alphabetical[t] = position));
    const n = names.length;
    this.hotelLead = new Uint8Array(n);
    for (let h = 0; h < n; h++) this.hotelLead[h] = leadOf(names.at(h)!);
    this.rows = sortedSuggestionRows(groups, this.alphabetical, this.hotelLead);
    this.fillerBefore = fillersBefore(groups, names, (name) => foldWords(name).map(spelledOut));
    this.leadMiss = n;
    this.later = 2 * n;
    this.pastShared = n;
    this.typo = 8 * n;
    const { rowGroup, rowFrom, rowLead } = this.rows;
    const score = new Float64Array(rowGroup.length);
    const shared = sharedWords(groups, n);
    for (let r = 0; r < score.length; r++) {
      const g = rowGroup[r];
      const best = rowLead[r] === 0 ? groups.hotels[groups.hotelStart[g]] : this.firstWithLead(g, rowLead[r]);
      // Words held further in, past shared first words only ("Crowne Plaza", "Best Western"), come
      // before those past a word of the name's own, after the names that begin with them.
      const first = groups.tokenStart[g];
      let past = first;
      while (past < rowFrom[r] && shared[groups.tokens[past]]) past++;
      score[r] = -(hotelRank[best] + (rowFrom[r] === first ? 0 : rowFrom[r] === past ? this.pastShared : this.later));
    }
    this.ranges = new RangeBest(score);
    this.hotelSeen = scratch(new Uint32Array(n));
  }

  /** The best-rated hotel of a group whose name begins with this lead (there is one: the row exists). */
  private firstWithLead(g: number, lead: number): number {
    const { hotelStart, hotels } = this.groups;
    for (let k = hotelStart[g]; k < hotelStart[g + 1]; k++) if (this.hotelLead[hotels[k]] === lead) return hotels[k];
    throw new Error('a lead row without a hotel of that lead');
  }

  /** The best hotels (by index) whose names hold the typed words, the last one perhaps unfinished. */
  suggest(text: string, limit: number): number[] {
    const folded = foldWords(text);
    // "Palace " has its last word finished; "Palace" may be going on to "Palacete".
    const asTyped = /[\p{L}\p{N}]$/u.test(text) ? folded.pop() : undefined;
    const typed = folded.map(spelledOut);
    // An unfinished word is read as typed and, if it is an abbreviation, spelled out too: "crowne
    // pl" is on its way to "plaza" as much as it may mean "place", as "crowne pla" is.
    const unfinished = asTyped === undefined ? undefined : spelledOut(asTyped);
    const rawUnfinished = unfinished !== asTyped ? asTyped : undefined;
    const lead = typed.length > 0 ? (LEADS[typed[0]] ?? 0) : 0;
    const whole: number[] = [];
    let penalty = 0;
    let repeated = false;
    for (const word of typed) {
      if (isFillerLike(word)) continue;
      const token = this.reader.closestWord(word);
      if (token < 0) return [];
      if (this.groups.words[token] !== word) penalty = this.typo;
      // Names are read with each word once ("Alder & Alder" is "alder"): so is what is typed.
      if (whole.includes(this.alphabetical[token])) repeated = true;
      else whole.push(this.alphabetical[token]);
    }
    const leadWords = lead !== 0 ? [this.rows.leadNumber(lead), ...whole] : null;
    const missedLead = penalty + (lead !== 0 ? this.leadMiss : 0);
    // A lead typed first: names that begin with it, then the others as if it had not been typed.
    const plain = new BestFirst(this.ranges);
    if (leadWords) this.addReadings(plain, leadWords, unfinished, rawUnfinished, penalty);
    this.addReadings(plain, whole, unfinished, rawUnfinished, missedLead);
    // "hote" or "th" alone: the names that begin with "hotel" or "the".
    const alone = typed.length === 0 && unfinished !== undefined ? followedBy(unfinished) : 0;
    if (alone !== 0) this.addWords(plain, [this.rows.leadNumber(alone)], 0);
    // "Mercure hote": the names that go on with "hotel" after the words typed, as names that
    // begin with what was typed (read among the first MAX_FOLLOWED_ROWS names that go on at all).
    const follows = unfinished === undefined || whole.length === 0 ? 0 : followedBy(unfinished);
    const followed: Reading | null = follows === 0 ? null : { best: new BestFirst(this.ranges), check: null, follows, offset: whole.length };
    if (followed) {
      if (leadWords) this.addMore(followed.best, leadWords, penalty);
      this.addMore(followed.best, whole, missedLead);
    }
    // Words typed twice, or an unfinished word of two letters or more that begins a word typed
    // ("alder al"), may be a name's word again, which the rows hold once: names holding the words
    // typed once, each checked on its hotels' own names.
    const repeating = unfinished !== undefined && unfinished.length >= 2 && typed.some((w) => !isFillerLike(w) && w.startsWith(unfinished));
    if (!repeated && !repeating) return this.hotelsOf(followed ? [{ best: plain, check: null }, followed] : [{ best: plain, check: null }], limit);
    const check = typedInOrder(typed.filter((w) => !isFillerLike(w)), unfinished, rawUnfinished);
    const readings: Reading[] = [{ best: plain, check: repeated ? check : null }];
    if (followed) readings.push(followed);
    if (repeating) {
      const again = new BestFirst(this.ranges);
      if (leadWords) this.addWords(again, leadWords, penalty);
      this.addWords(again, whole, missedLead);
      readings.push({ best: again, check });
    }
    return this.hotelsOf(readings, limit);
  }

  /** The rows of names holding `words` and then the unfinished word, each run with its penalty. */
  private addReadings(best: BestFirst, words: readonly number[], unfinished: string | undefined, raw: string | undefined, penalty: number): void {
    const last = words.at(-1);
    const fillerLike = unfinished !== undefined && isFillerLike(unfinished);
    if (unfinished === undefined) {
      this.addWords(best, words, penalty);
    } else if (fillerLike || beginsFillerWord(unfinished)) {
      // An unfinished word that may be "hotel" or "the" being typed, which names are read without:
      // the names that end with the words typed, then those with more words after them.
      if (last !== undefined) {
        const start = this.lowerBound(words.slice(0, -1), last);
        const more = this.lowerBound(words, 0, start);
        best.add(start, more, penalty);
        best.add(more, this.lowerBound(words.slice(0, -1), last + 1, more), penalty + this.later);
      }
    }
    const [first, end] = unfinished === undefined || fillerLike ? [0, 0] : prefixRange(this.sortedWords, unfinished);
    this.addRows(best, words, first, end, penalty);
    // An abbreviation as typed also begins other words ("pl" of "plaza"), its spelling's rows aside.
    const [rawFirst, rawEnd] = raw === undefined || isFillerLike(raw) ? [0, 0] : prefixRange(this.sortedWords, raw);
    if (first < end && first >= rawFirst && end <= rawEnd) {
      this.addRows(best, words, rawFirst, first, penalty);
      this.addRows(best, words, end, rawEnd, penalty);
    } else this.addRows(best, words, rawFirst, rawEnd, penalty);
    if (unfinished !== undefined && !fillerLike && first === end && rawFirst === rawEnd && unfinished.length >= MIN_TYPO_LETTERS) {
      nearPrefixRanges(this.sortedWords, unfinished, anyLetter, (s, e) => this.addRows(best, words, s, e, penalty + this.typo));
    }
  }

  /** The rows of names holding `words` in a row, then more words. */
  private addMore(best: BestFirst, words: readonly number[], penalty: number): void {
    const last = words.at(-1)!;
    const more = this.lowerBound(words, 0);
    best.add(more, this.lowerBound(words.slice(0, -1), last + 1, more), penalty);
  }

  /** The rows of names holding `words` in a row, whatever follows. */
  private addWords(best: BestFirst, words: readonly number[], penalty: number): void {
    const last = words.at(-1);
    if (last !== undefined) this.addRows(best, words.slice(0, -1), last, last + 1, penalty);
  }

  /** Adds the rows whose sequence is `words` followed by a word numbered from `first` to `end` (excluded). */
  private addRows(best: BestFirst, words: readonly number[], first: number, end: number, penalty: number): void {
    if (first >= end) return;
    const start = this.lowerBound(words, first);
    best.add(start, this.lowerBound(words, end, start), penalty);
  }

  /** The first row whose sequence is not below `words` followed by `next`. */
  private lowerBound(words: readonly number[], next: number, lo = 0): number {
    return this.rows.lowerBound(words, next, lo);
  }

  /**
   * The best hotels of the best names, merged by how they were read (their tier) and then by
   * rank, from readings taken best first together. A name's hotels are all those of its group, or
   * for a lead row those that begin so; a reading's `check`, when given, keeps only hotels whose
   * own name holds the typed words as typed (at most MAX_NAMES_CHECKED names a call).
   */
  private hotelsOf(readings: readonly Reading[], limit: number): number[] {
    const { hotelStart, hotels } = this.groups;
    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) this.hotelSeen.fill(0);
    const found: { hotel: number; tier: number }[] = [];
    let checksLeft = MAX_NAMES_CHECKED;
    // Names come in order of their best hotel: once `limit` names have given a best hotel of their
    // own, no later one can place a hotel among the first `limit`. Names checked on their hotels'
    // own names are not in that order, so those are read on while the checks last.
    let names = 0;
    const checking = readings.some((r) => r.check !== null);
    let followedLeft = MAX_FOLLOWED_ROWS;
    for (let read = 0; (names < limit || (checking && checksLeft > 0)) && read < MAX_ROWS_READ; read++) {
      let from = 0;
      if (readings.length > 1) {
        from = -1;
        for (let i = 0; i < readings.length; i++) {
          const head = readings[i].best.peekScore();
          const open = readings[i].check === null ? readings[i].follows === undefined || followedLeft > 0 : checksLeft > 0;
          if (head !== null && (from < 0 || head > readings[from].best.peekScore()!) && open) from = i;
        }
        if (from < 0) break;
      }
      const reading = readings[from];
      const check = reading.check;
      const next = reading.best.next();
      if (next === null) break;
      if (from > 0 && reading.follows !== undefined) {
        followedLeft--;
        if ((this.fillerBefore[this.rows.rowFrom[next.position] + reading.offset!] & reading.follows) === 0) continue;
      }
      const g = this.rows.rowGroup[next.position];
      const lead = this.rows.rowLead[next.position];
      const tier = Math.floor((-next.score - this.hotelRank[hotels[hotelStart[g]]]) / this.leadMiss);
      let taken = 0;
      let bestIsNew: boolean | null = null;
      const scanEnd = Math.min(hotelStart[g + 1], hotelStart[g] + (lead === 0 && check === null ? limit : MAX_HOTELS_SCANNED));
      for (let k = hotelStart[g]; k < scanEnd && taken < limit; k++) {
        const h = hotels[k];
        if (lead !== 0 && this.hotelLead[h] !== lead) continue;
        if (check !== null && (checksLeft-- <= 0 || !check(this.names.at(h)!))) continue;
        bestIsNew ??= this.hotelSeen[h] !== stamp;
        if (this.hotelSeen[h] === stamp) continue;
        this.hotelSeen[h] = stamp;
        found.push({ hotel: h, tier });
        taken++;
      }
      if (bestIsNew && check === null) names++;
    }
    found.sort((a, b) => a.tier - b.tier || this.hotelRank[a.hotel] - this.hotelRank[b.hotel]);
    return found.slice(0, limit).map((f) => f.hotel);
  }
}

/** A reading of the rows: `check` a hotel's own name; `follows`: only names with that filler (bits) after `offset` words. */
interface Reading {
  best: BestFirst;
  check: ((name: string) => boolean) | null;
  follows?: number;
  offset?: number;
}

/** Whether a name's own words (filler left out) hold `words` in a row, then one that begins with `unfinished`. */
function typedInOrder(words: readonly string[], unfinished: string | undefined, raw?: string): (name: string) => boolean {
  // Hotels share names (a chain, a name in a hundred cities): each is read once a call.
  const read = new Map<string, boolean>();
  return (name) => {
    let holds = read.get(name);
    if (holds === undefined) read.set(name, (holds = holdsInOrder(name, words, unfinished) || (raw !== undefined && holdsInOrder(name, words, raw))));
    return holds;
  };
}

function holdsInOrder(name: string, words: readonly string[], unfinished: string | undefined): boolean {
  const own = foldWords(name)
    .map(spelledOut)
    .filter((w) => !isFillerLike(w));
  for (let at = 0; at + words.length <= own.length; at++) {
    if (!words.every((w, k) => own[at + k] === w)) continue;
    const after = own[at + words.length];
    // An unfinished word that may be "hotel" being typed is read without, as the names' own are.
    if (unfinished === undefined || isFillerLike(unfinished) || beginsFillerWord(unfinished) || (after !== undefined && after.startsWith(unfinished))) return true;
  }
  return false;
}
