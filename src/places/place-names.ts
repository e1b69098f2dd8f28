// The names places are known by, each leading to its places with how likely each is meant.
// Filled while the gazetteer is built, then frozen flat: one list of entries in name order and
// each name's run of it. Flat, the gazetteer saves and reads back as a few columns instead of
// half a million small objects and arrays. Keys are filed and looked up as placeNameKey writes
// them, so "부에노스 아이레스" meets "부에노스아이레스" whoever folded it.
import { placeNameKey } from '../text/fold.js';
import { KeyIndex } from '../text/key-index.js';
import { DEFAULT_LANGUAGE, maskHolds, type NameLanguage } from '../locale/languages.js';
import type { NameEntry } from './gazetteer.js';

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
  /** Frozen: the entries of name n are entries[starts[n]] to entries[starts[n + 1]]. */
  private entries: NameEntry[] = [];
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

  /** Ends the filling. An entry object filed under several names is copied for each. */
  freeze(): void {
    if (this.filling === null) return;
    const entries: NameEntry[] = [];
    const starts = new Uint32Array(this.filling.size + 1);
    const seen = new Set<NameEntry>();
    const keep = (entry: NameEntry) => {
      entries.push(seen.has(entry) ? { ...entry } : entry);
      seen.add(entry);
    };
    let n = 0;
    for (const found of this.filling.values()) {
      if (Array.isArray(found)) found.forEach(keep);
      else keep(found);
      starts[++n] = entries.length;
    }
    this.entries = entries;
    this.starts = starts;
    this.numbers = new KeyIndex([...this.filling.keys()]);
    this.filling = null;
  }

  /** The entries of a folded name; empty for a name no place has. */
  named(folded: string): readonly NameEntry[] {
    const key = placeNameKey(folded);
    if (this.filling !== null) {
      const found = this.filling.get(key);
      return found === undefined ? [] : Array.isArray(found) ? found : [found];
    }
    const n = this.numbers.indexOf(key);
    return n === -1 ? [] : this.entries.slice(this.starts[n], this.starts[n + 1]);
  }

  keys(): IterableIterator<string> {
    return this.filling !== null ? this.filling.keys() : this.numbers.keys.values();
  }
}
