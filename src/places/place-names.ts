// The names places are known by, each leading to its places with how likely each is meant.
// Filled while the gazetteer is built, then frozen flat: one list of entries in name order and
// each name's run of it. Flat, the gazetteer saves and reads back as a few columns instead of
// half a million small objects and arrays. Keys are filed and looked up as placeNameKey writes
// them, so "부에노스 아이레스" meets "부에노스아이레스" whoever folded it.
import { placeNameKey } from '../text/fold.js';
import { KeyIndex } from '../text/key-index.js';
import { DEFAULT_LANGUAGE, maskHolds, type NameLanguage } from '../locale/languages.js';
import type { NameEntry } from './gazetteer.js';
import type { Place } from './place.js';

/** True when the entry's name is written in the language (its `languages` hold it). */
export function speaks(entry: NameEntry, language: NameLanguage): boolean {
  return entry.languages !== undefined && entry.languages !== 0 && maskHolds(entry.languages, language);
}

/**
 * The readings of a name in the traveller's language: when some place bears the name in that
 * language, a place that bears it only as an alternate name of no such language is not meant
 * ("Şam" with lang=tr is Damascus, not a name the United States also has in some list); places
 * bearing it as their own name stay, and likelihood chooses among what is left. Without a
 * language (or in English, the language of the places' own names), the readings as they are.
 */
export function readInLanguage<T extends { entry: NameEntry }>(candidates: T[], language: NameLanguage | null | undefined): T[] {
  if (!language || language === DEFAULT_LANGUAGE || !candidates.some((c) => speaks(c.entry, language))) return candidates;
  return candidates.filter((c) => !c.entry.alternate || speaks(c.entry, language));
}

/** An administrative word after a Chinese or Japanese city's name: 市, 都, 府, 县, 縣 ("罗马市", "東京都"). */
const ADMINISTRATIVE_WORD = /^(.{2,})[市都府县縣]$/u;

/** The name without its administrative word, when 2 characters or more are left ("罗马" of "罗马市"), else null. */
export function withoutAdministrativeWord(name: string): string | null {
  return ADMINISTRATIVE_WORD.exec(name)?.[1] ?? null;
}

export class PlaceNames {
  /** While filling: one entry, or several for a name many places share. Null once frozen. */
  private filling: Map<string, NameEntry | NameEntry[]> | null = new Map();
  // Frozen: entry k of the names is place places[placeOf[k]] with bonuses[k], alternates[k] and
  // languageMasks[k] (0: none known); the entries of name n are k = starts[n] to starts[n + 1].
  // Columns, not half a million entry objects: each thread held its own (31 MB of objects and
  // boxed bonuses a thread at 1M hotels), where typed columns are one copy all threads share.
  private places: Place[] = [];
  private placeOf = new Uint32Array(0);
  private bonuses = new Float64Array(0);
  private alternates = new Uint8Array(0);
  private languageMasks = new Uint32Array(0);
  private starts = new Uint32Array(1);
  private numbers: KeyIndex = new KeyIndex([]);

  /** Files a name under a key, unless the key is empty or already leads to the place. */
  add(folded: string, entry: NameEntry): void {
    const key = placeNameKey(folded);
    if (!key) return;
    if (this.filling === null) throw new Error('place names are frozen');
    const existing = this.filling.get(key);
    if (existing === undefined) this.filling.set(key, entry);
    else if (!Array.isArray(existing)) {
      if (existing.place !== entry.place) this.filling.set(key, [existing, entry]);
    } else if (!existing.some((e) => e.place === entry.place)) existing.push(entry);
  }

  /** Ends the filling: the entries become columns. */
  freeze(): void {
    if (this.filling === null) return;
    let total = 0;
    for (const found of this.filling.values()) total += Array.isArray(found) ? found.length : 1;
    const placeNumbers = new Map<Place, number>();
    this.placeOf = new Uint32Array(total);
    this.bonuses = new Float64Array(total);
    this.alternates = new Uint8Array(total);
    this.languageMasks = new Uint32Array(total);
    this.starts = new Uint32Array(this.filling.size + 1);
    let k = 0;
    let n = 0;
    const keep = (entry: NameEntry) => {
      let number = placeNumbers.get(entry.place);
      if (number === undefined) {
        number = this.places.length;
        placeNumbers.set(entry.place, number);
        this.places.push(entry.place);
      }
      this.placeOf[k] = number;
      this.bonuses[k] = entry.bonus;
      this.alternates[k] = entry.alternate ? 1 : 0;
      this.languageMasks[k] = entry.languages ?? 0;
      k++;
    };
    for (const found of this.filling.values()) {
      if (Array.isArray(found)) found.forEach(keep);
      else keep(found);
      this.starts[++n] = k;
    }
    this.numbers = new KeyIndex([...this.filling.keys()]);
    this.filling = null;
  }

  /** The entries of a folded name (once frozen, new objects each call); empty for a name no place has. */
  named(folded: string): readonly NameEntry[] {
    const key = placeNameKey(folded);
    if (this.filling !== null) {
      const found = this.filling.get(key);
      return found === undefined ? [] : Array.isArray(found) ? found : [found];
    }
    const [start, end] = this.runOf(key);
    const entries: NameEntry[] = [];
    for (let k = start; k < end; k++) entries.push(this.entry(k));
    return entries;
  }

  /** Once frozen: the numbers of a folded name's entries, start to end (end excluded); [0, 0] for none. */
  numbered(folded: string): [number, number] {
    if (this.filling !== null) throw new Error('place names are not frozen yet');
    return this.runOf(placeNameKey(folded));
  }

  /** Once frozen: entry k, as a new object. */
  entry(k: number): NameEntry {
    const languages = this.languageMasks[k];
    const entry: NameEntry = { place: this.places[this.placeOf[k]], bonus: this.bonuses[k], alternate: this.alternates[k] === 1 };
    if (languages !== 0) entry.languages = languages;
    return entry;
  }

  /** Once frozen: entry k's place, without making the entry. */
  placeAt(k: number): Place {
    return this.places[this.placeOf[k]];
  }

  /** Once frozen: whether entry k's name is another name of its place, without making the entry. */
  isAlternate(k: number): boolean {
    return this.alternates[k] === 1;
  }

  keys(): IterableIterator<string> {
    return this.filling !== null ? this.filling.keys() : this.numbers.keys.values();
  }

  private runOf(key: string): [number, number] {
    const n = this.numbers.indexOf(key);
    return n === -1 ? [0, 0] : [this.starts[n], this.starts[n + 1]];
  }
}
