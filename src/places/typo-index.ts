// Well-known place names, found again through a traveller's typo: "Barcelna", "Lodnon",
// "Rio de Janiero". Each name is filed under itself and under each of its one-letter
// deletions; a typed text looks itself and its own deletions up, which meets a name one
// letter dropped, added, changed or swapped away (and some two); place-typos.ts then counts
// the typos. Only names of places many travellers go to are filed: a typo is read as a
// famous place, never as one of the 140,000 villages one letter away from it.
//
// Flat, as the other indexes: each variant is a 32-bit hash packed with its name's number in
// one sorted Float64Array (8 bytes a variant, against ~80 for a Map of strings). A hash that
// collides only brings a name for the typo count to turn down.
import { placeTypos, placeTyposAllowed } from './place-typos.js';

/**
 * Latin or Cyrillic letters, digits and the punctuation folded names keep: names in other scripts
 * (kana, Han, Hangul...) are not typed with letter typos. Cyrillic exonyms ("Мюнхен") are typed
 * with the same slips as Latin names.
 */
const LATIN = /^(?:[a-z0-9 '.-]+|[\p{scx=Cyrillic}0-9 '.-]+)$/u;
/** Names shorter than this are not filed: "Rom" is not Rome, "FRA" not "FRO". */
const MIN_LENGTH = 4;
/** Room for the name's number beside the hash (2^21 names), keeping the key exact in a double (2^32 x 2^21 = 2^53). */
const ID_SPACE = 2 ** 21;

export interface NearName {
  name: string;
  typos: number;
}

const FNV_START = 0x811c9dc5;

/** FNV-1a, 32 bits, over text[from, to) after a running state: a variant's key when started at FNV_START. */
function hashRange(text: string, from: number, to: number, state: number): number {
  let h = state;
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}


/**
 * Calls `visit` with the key of the text and of each distinct one-letter deletion of it, without
 * making the deleted strings: the state after the first i letters goes on past letter i. Letters
 * equal to the one before delete to the same text, so only the first of a run is taken.
 */
function eachVariantHash(text: string, visit: (key: number) => void): void {
  visit(hashRange(text, 0, text.length, FNV_START) >>> 0);
  let head = FNV_START;
  for (let i = 0; i < text.length; i++) {
    if (i === 0 || text.charCodeAt(i) !== text.charCodeAt(i - 1)) visit(hashRange(text, i + 1, text.length, head) >>> 0);
    head = hashRange(text, i, i + 1, head);
  }
}

export class TypoIndex {
  private readonly names: string[] = [];
  /** The names filed, while filing (let go by freeze: a search never needs it). */
  private filed: Set<string> | null = new Set();
  private pending: number[] = [];
  private keys = new Float64Array(0);

  /** Files a folded name (once, however many places bear it). */
  add(foldedName: string): void {
    this.filed ??= new Set(this.names);
    if (foldedName.length < MIN_LENGTH || !LATIN.test(foldedName) || this.filed.has(foldedName)) return;
    this.filed.add(foldedName);
    const id = this.names.push(foldedName) - 1;
    eachVariantHash(foldedName, (key) => this.pending.push(key * ID_SPACE + id));
  }

  /** Sorts what was filed (at the end of a build, so no search pays for it); names added later are filed by the next call. */
  freeze(): void {
    this.filed = null;
    if (this.pending.length === 0) return;
    const keys = new Float64Array(this.keys.length + this.pending.length);
    keys.set(this.keys);
    keys.set(this.pending, this.keys.length);
    this.keys = keys.sort();
    this.pending = [];
  }

  /** Filed names within the typos a text of this length may carry (place-typos.ts says how they are counted), nearest first. */
  near(foldedText: string): NearName[] {
    const allowed = placeTyposAllowed(foldedText.length);
    if (allowed === 0) return [];
    this.freeze();
    const seen = new Set<number>();
    const found: NearName[] = [];
    eachVariantHash(foldedText, (key) => {
      const low = key * ID_SPACE;
      for (let at = this.firstAtLeast(low); at < this.keys.length && this.keys[at] < low + ID_SPACE; at++) {
        const id = this.keys[at] - low;
        if (seen.has(id)) continue;
        seen.add(id);
        const name = this.names[id];
        if (name === foldedText) continue;
        const typos = placeTypos(foldedText, name);
        if (typos <= allowed) found.push({ name, typos });
      }
    });
    return found.sort((a, b) => a.typos - b.typos);
  }

  private firstAtLeast(key: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  get size(): number {
    return this.names.length;
  }
}
