// Lists of name groups the name index scans: for each word, the groups holding it; for each two
// common words found together in a name, the groups holding both. A typed name of common words
// ("Auora Suites") is answered from the few names holding both words instead of every name
// holding either, so its cost follows the names that match, not the size of the catalog.
//
// Every list keeps the groups lightest name first, then best-rated (NameGroups.lightestFirst),
// each with its name weight and signature beside it, so a scan reads no group it can rule out.
import type { NameGroups } from './name-groups.js';

export interface GroupLists {
  /** List l runs from start[l] to start[l + 1]. */
  readonly start: Uint32Array;
  readonly groups: Uint32Array;
  readonly weights: Float32Array;
  readonly signatures: Uint32Array;
}

function listsOf(names: NameGroups, order: Uint32Array, counts: ArrayLike<number>, listsOfGroup: (g: number, add: (list: number) => void) => void): GroupLists {
  const lists = counts.length;
  const start = new Uint32Array(lists + 1);
  for (let l = 0; l < lists; l++) start[l + 1] = start[l] + counts[l];
  const size = start[lists];
  const groups = new Uint32Array(size);
  const weights = new Float32Array(size);
  const signatures = new Uint32Array(size);
  const fill = start.slice(0, lists);
  for (const g of order) {
    listsOfGroup(g, (list) => {
      const at = fill[list]++;
      groups[at] = g;
      weights[at] = names.weight[g];
      signatures[at] = names.signature[g];
    });
  }
  return { start, groups, weights, signatures };
}

/** For each word (token), the groups holding it. */
export function wordLists(names: NameGroups, order: Uint32Array): GroupLists {
  const counts = new Uint32Array(names.words.length);
  for (const t of names.tokens) counts[t]++;
  return listsOf(names, order, counts, (g, add) => {
    for (let k = names.tokenStart[g]; k < names.tokenStart[g + 1]; k++) add(names.tokens[k]);
  });
}

/**
 * For each two words that are both in at least `minGroups` names and share one, the groups
 * holding both. A rarer word is not paired: its own list is short enough to read whole, and
 * pairing only common words keeps the lists few.
 */
export class WordPairLists {
  readonly lists: GroupLists;
  private readonly listOf = new Map<number, number>();

  constructor(
    names: NameGroups,
    order: Uint32Array,
    /** The word lists' starts: a word's list length is how many groups hold it. */
    private readonly wordListStart: Uint32Array,
    readonly minGroups: number,
  ) {
    const counts: number[] = [];
    for (let g = 0; g < names.size; g++) {
      this.pairsOf(names, g, (a, b) => {
        const key = this.key(a, b);
        const list = this.listOf.get(key);
        if (list === undefined) {
          this.listOf.set(key, counts.length);
          counts.push(1);
        } else {
          counts[list]++;
        }
      });
    }
    this.lists = listsOf(names, order, counts, (g, add) => this.pairsOf(names, g, (a, b) => add(this.listOf.get(this.key(a, b))!)));
  }

  /** Whether a word is paired: its names that hold another paired word are in their pair lists. */
  isPaired(token: number): boolean {
    return this.wordListStart[token + 1] - this.wordListStart[token] >= this.minGroups;
  }

  /** The list of groups holding both words, or -1 when no name does. */
  list(a: number, b: number): number {
    return this.listOf.get(this.key(a, b)) ?? -1;
  }

  private key(a: number, b: number): number {
    // Two token numbers below 2^26 each: the pair is one exact number.
    return a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a;
  }

  private readonly paired: number[] = [];

  private pairsOf(names: NameGroups, g: number, visit: (a: number, b: number) => void): void {
    const paired = this.paired;
    paired.length = 0;
    for (let k = names.tokenStart[g]; k < names.tokenStart[g + 1]; k++) {
      if (this.isPaired(names.tokens[k])) paired.push(names.tokens[k]);
    }
    for (let a = 0; a < paired.length; a++) for (let b = a + 1; b < paired.length; b++) visit(paired[a], paired[b]);
  }
}
