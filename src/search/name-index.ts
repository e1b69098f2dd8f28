// Finds hotels by name as people say it. Each name is a bag of words weighted by rarity
// (inverse document frequency); a query scores hotels on two coverages: how much of what was
// typed matched (typos count for less), and how much of the hotel's name was typed.
//
// Hotels that share a name share a score, so names are scored once per group (NameGroups) and
// a group's hotels are offered best-rated first until one is turned down. Only names that could
// still reach the bar are read (the MaxScore idea), from the shortest lists that must hold them:
// a name matching two typed words is in the pair list of those words (or in a rare word's short
// list), so the long list of a common word is only read for names that match that word alone,
// and only when that word alone weighs enough of the query. The hotels of a city the query
// names (a typed word, or the caller's `city`) are read first, from that city's own lists.
import { scratch } from '../snapshot/scratch.js';
import type { TextColumn } from './string-column.js';
import { CityWordLists } from './city-words.js';
import { nameWords } from './name-words.js';
import { HotelSuggestions } from './hotel-suggestions.js';
import { NameGroups } from './name-groups.js';
import { NameReader, type TypedWord } from './name-reading.js';
import { marginOf, MIN_QUERY_COVERAGE, NameScan, SLACK, type NameTables, type QueryWord } from './name-scan.js';
import { TopK } from './top-k.js';
import { wordLists, WordPairLists, type GroupLists } from './word-pairs.js';

export interface NameMatch {
  index: number;
  score: number;
}

export interface NameQueryOptions {
  /** At most this many matches, best first. */
  limit: number;
  /** Cities of this (folded) name, by number: a query word naming a hotel's city counts as matched. */
  citiesNamed?: (word: string) => readonly number[] | null;
  /** Cities whose hotels get `boost` added to their score (those the caller's `city` names). */
  boostedCities?: readonly number[] | null;
  /**
   * The name of the boosted cities (folded): in their hotels' names, its words count as said
   * ("Peony Lisbon Rooms" is all of "Peony" in Lisbon but its "Rooms").
   */
  boostedCityName?: string;
  boost?: number;
}

/** Each hotel's city, numbered 0 to members.length - 1 (-1: none), and each city's hotels best-rated first. */
export interface HotelCities {
  cityOf: Int32Array;
  members: readonly Uint32Array[];
}

const MAX_QUERY_WORDS = 16;
/** Words in fewer names than this are not paired: their own lists are read whole. */
const MIN_PAIRED_NAMES = 64;

export class NameIndex {
  private readonly groups: NameGroups;
  private readonly reader: NameReader;
  private readonly lists: GroupLists;
  private readonly pairs: WordPairLists;
  private readonly unknownWordWeight: number;
  private readonly tables: NameTables;
  private readonly suggestions: HotelSuggestions;
  // Seen stamps never need clearing.
  private stamp = 0;

  /** `minPairedNames`: words in fewer names than this are not paired (a test may pair every word). */
  constructor(names: TextColumn, ranks: Uint32Array, cities: HotelCities | null = null, minPairedNames = MIN_PAIRED_NAMES) {
    this.groups = new NameGroups(names, ranks);
    const { idf, words } = this.groups;
    this.reader = new NameReader(this.groups.vocabulary, words, idf);
    this.unknownWordWeight = idf.reduce((most, x) => Math.max(most, x), 1);
    const order = this.groups.lightestFirst();
    this.lists = wordLists(this.groups, order);
    this.pairs = new WordPairLists(this.groups, order, this.lists.start, minPairedNames);
    this.suggestions = new HotelSuggestions(this.groups, this.reader, ranks, names);
    this.tables = {
      groups: this.groups,
      cityWords: cities === null ? null : new CityWordLists(this.groups, order, cities.cityOf, cities.members),
      cityOf: cities?.cityOf ?? null,
      ranks,
      tokenWord: scratch(new Int32Array(words.length), -1),
      tokenQuality: scratch(new Float64Array(words.length)),
      groupSeen: scratch(new Uint32Array(this.groups.size)),
      hotelSeen: scratch(new Uint32Array(names.length)),
      cityBits: scratch(new Uint16Array(cities?.members.length ?? 0)),
      boostedCity: scratch(new Uint8Array(cities?.members.length ?? 0)),
      best: new TopK(16),
    };
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

  /** Hotels for a search box: names holding the typed words, the last one perhaps unfinished, best first. */
  suggest(typedText: string, limit: number): number[] {
    return this.suggestions.suggest(typedText, limit);
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
    const { tokenWord, tokenQuality, cityBits, boostedCity, best } = this.tables;

    // Each typed word: what it matches in the catalog and what it weighs (its best reading).
    const words: QueryWord[] = typed.map(({ text, matches }) => ({ text, matches, weight: matches.length > 0 ? idf[matches[0].token] : this.unknownWordWeight }));
    const queryWeight = words.reduce((sum, w) => sum + w.weight, 0);
    // Rarest first; a word's tokens point back at it (a token two words share keeps the first).
    words.sort((a, b) => b.weight - a.weight);
    const marked: number[] = [];
    // The cities the query names: by a typed word (credit) or by the caller's `city` (boost).
    const named: number[] = [];
    const name = (city: number) => {
      if (cityBits[city] === 0 && boostedCity[city] === 0) named.push(city);
    };
    words.forEach((w, i) => {
      for (const { token, quality } of w.matches) {
        if (tokenWord[token] !== -1) continue;
        tokenWord[token] = i;
        tokenQuality[token] = quality;
        marked.push(token);
      }
      for (const city of options.citiesNamed?.(w.text) ?? []) {
        name(city);
        cityBits[city] |= 1 << i;
      }
    });
    const boosted = options.boostedCities ?? [];
    for (const city of boosted) {
      name(city);
      boostedCity[city] = 1;
    }
    // The boost only raises what can be reached when some hotel is boosted at all.
    const boost = boosted.length > 0 ? (options.boost ?? 0) : 0;

    const stamp = (this.stamp = (this.stamp % 0xfffffffe) + 1);
    if (stamp === 1) {
      this.tables.groupSeen.fill(0);
      this.tables.hotelSeen.fill(0);
    }
    best.reset(options.limit);
    const cityNameTokens: number[] = [];
    if (boost > 0 && options.boostedCityName) {
      for (const word of nameWords(options.boostedCityName)) {
        const token = this.groups.vocabulary.get(word);
        if (token !== undefined) cityNameTokens.push(token);
      }
    }
    const scan = new NameScan(this.tables, words, queryWeight, stamp, boost, options.limit, cityNameTokens);
    if (everyHotel) {
      for (let h = 0; h < this.tables.hotelSeen.length; h++) scan.visitHotel(h);
    } else {
      // Hotels that city credit or the boost can lift first, city by city; every group met
      // after them is scored without either, which keeps the bounds tight.
      for (const city of named) scan.visitCity(city, marked);
      this.scanLists(scan, words);
    }

    const result: NameMatch[] = [];
    const { cityOf } = this.tables;
    for (let k = 0; k < best.length; k++) {
      const score = -best.primaryOf(k);
      const city = cityOf === null ? -1 : cityOf[best.id(k)];
      const boosted = boost > 0 && city >= 0 && boostedCity[city] === 1;
      if (score >= -best.primaryOf(0) - marginOf(boosted, boost)) result.push({ index: best.id(k), score });
    }
    for (const token of marked) tokenWord[token] = -1;
    for (const city of named) {
      cityBits[city] = 0;
      boostedCity[city] = 0;
    }
    return result;
  }

  /**
   * Every name that could reach the bar, from the shortest lists that must hold it: pair lists
   * for names with two common typed words, a rare word's whole list, and last a common word's
   * own list, only for a word that weighs enough alone and only for names holding it alone.
   */
  private scanLists(scan: NameScan, words: QueryWord[]): void {
    const { pairs, lists } = this;
    const { tokenWord } = this.tables;
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
    // was in a pair list or a rare word's list above. So its coverage is at most this word's
    // share at the quality of its best common reading (the rare readings' names were all read),
    // and it matches at most that reading's weight of its own name.
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
}
