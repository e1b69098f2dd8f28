// Well-known place names, found again through a traveller's typo: "Barcelna", "Lodnon",
// "Rio de Janiero". Each name is filed under itself and under each of its one-letter
// deletions; a typed text looks itself and its own deletions up, which meets a name one
// letter dropped, added, changed or swapped away (and some two), and the edit distance then
// decides. Only names of places many travellers go to are filed: a typo is read as a famous
// place, never as one of the 140,000 villages one letter away from it.
import { deletions, editDistance, typosAllowed } from '../search/name-words.js';

/** Letters, digits and the punctuation folded names keep: names in other scripts are not typed with Latin typos. */
const LATIN = /^[a-z0-9 '.-]+$/;
/** Names shorter than this carry no typo: "Rom" is not Rome, "FRA" not "FRO". */
const MIN_LENGTH = 4;

export interface NearName {
  name: string;
  typos: number;
}

export class TypoIndex {
  /** A name or a one-letter deletion of it, to the names it stands for. */
  private readonly byVariant = new Map<string, string | string[]>();
  private readonly names = new Set<string>();

  /** Files a folded name (once, however many places bear it). */
  add(foldedName: string): void {
    if (foldedName.length < MIN_LENGTH || !LATIN.test(foldedName) || this.names.has(foldedName)) return;
    this.names.add(foldedName);
    this.file(foldedName, foldedName);
    for (const variant of new Set(deletions(foldedName))) this.file(variant, foldedName);
  }

  private file(variant: string, name: string): void {
    const existing = this.byVariant.get(variant);
    if (existing === undefined) this.byVariant.set(variant, name);
    else if (typeof existing === 'string') {
      if (existing !== name) this.byVariant.set(variant, [existing, name]);
    } else if (!existing.includes(name)) existing.push(name);
  }

  /** Filed names within the typos a text of this length may carry (1 from 4 letters, 2 from 8), nearest first. */
  near(foldedText: string): NearName[] {
    const allowed = typosAllowed(foldedText.length);
    if (foldedText.length < MIN_LENGTH || allowed === 0) return [];
    const seen = new Set<string>();
    const found: NearName[] = [];
    for (const variant of [foldedText, ...deletions(foldedText)]) {
      const filed = this.byVariant.get(variant);
      if (filed === undefined) continue;
      for (const name of typeof filed === 'string' ? [filed] : filed) {
        if (seen.has(name) || name === foldedText) continue;
        seen.add(name);
        const typos = editDistance(foldedText, name, allowed);
        if (typos <= allowed) found.push({ name, typos });
      }
    }
    return found.sort((a, b) => a.typos - b.typos);
  }

  get size(): number {
    return this.names.size;
  }
}
