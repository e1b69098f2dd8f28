// For each city, its hotels by the words of their names: the hotels of one city holding one
// word, lightest name first, then best-rated. A typed name naming a city ("Amber Lima Palace"),
// or a find with `city`, reads the hotels of that city holding the other typed words instead of
// every hotel of the city: the cost follows the names that match, not the size of the city.
import type { NameGroups } from './name-groups.js';

export class CityWordLists {
  /** Per city: its words, ascending (from cityStart[c] to cityStart[c + 1]), each with its list. */
  private readonly cityStart: Uint32Array;
  private readonly words: Uint32Array;
  /** List k (the k-th word of all cities) runs from listStart[k] to listStart[k + 1] in `hotels`. */
  private readonly listStart: Uint32Array;
  readonly hotels: Uint32Array;

  /**
   * `cityOf`: each hotel's city number, or -1 when it has none; `members`: each city's hotels,
   * best-rated first, by number (the catalog index's own lists, kept as they are).
   */
  constructor(
    names: NameGroups,
    order: Uint32Array,
    cityOf: Int32Array,
    private readonly members: readonly Uint32Array[],
  ) {
    const cities = members.length;
    // Entries (hotel, word) in list order: groups lightest first, their hotels best-rated first.
    let size = 0;
    for (let g = 0; g < names.size; g++) {
      const tokens = names.tokenStart[g + 1] - names.tokenStart[g];
      for (let k = names.hotelStart[g]; k < names.hotelStart[g + 1]; k++) if (cityOf[names.hotels[k]] >= 0) size += tokens;
    }
    const entryHotel = new Uint32Array(size);
    const entryWord = new Uint32Array(size);
    let at = 0;
    for (const g of order) {
      for (let k = names.hotelStart[g]; k < names.hotelStart[g + 1]; k++) {
        const h = names.hotels[k];
        if (cityOf[h] < 0) continue;
        for (let w = names.tokenStart[g]; w < names.tokenStart[g + 1]; w++) {
          entryHotel[at] = h;
          entryWord[at++] = names.tokens[w];
        }
      }
    }
    // Two stable counting sorts, by word then by city: entries by (city, word), in list order within.
    const byWord = stableCountingSort(size, names.words.length, (e) => entryWord[e]);
    const byCity = stableCountingSort(size, cities, (k) => cityOf[entryHotel[byWord[k]]]);
    this.hotels = new Uint32Array(size);
    const cityStart = new Uint32Array(cities + 1);
    const words: number[] = [];
    const listStart: number[] = [];
    let city = -1;
    let word = -1;
    for (let k = 0; k < size; k++) {
      const e = byWord[byCity[k]];
      const c = cityOf[entryHotel[e]];
      this.hotels[k] = entryHotel[e];
      if (c !== city || entryWord[e] !== word) {
        for (let next = city + 1; next <= c; next++) cityStart[next] = words.length;
        city = c;
        word = entryWord[e];
        words.push(word);
        listStart.push(k);
      }
    }
    for (let next = city + 1; next <= cities; next++) cityStart[next] = words.length;
    listStart.push(size);
    this.cityStart = cityStart;
    this.words = Uint32Array.from(words);
    this.listStart = Uint32Array.from(listStart);

  }

  /** The list of the city's hotels holding the word, as [from, to) in `hotels`; empty when none. */
  list(city: number, word: number): [number, number] {
    let low = this.cityStart[city];
    let high = this.cityStart[city + 1];
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.words[mid] < word) low = mid + 1;
      else high = mid;
    }
    if (low === this.cityStart[city + 1] || this.words[low] !== word) return [0, 0];
    return [this.listStart[low], this.listStart[low + 1]];
  }

  /** The city's hotels best-rated first. */
  membersOf(city: number): Uint32Array {
    return this.members[city];
  }
}

/** Positions 0..size-1 ordered by key (below `keys`), equal keys in their order. */
function stableCountingSort(size: number, keys: number, keyOf: (position: number) => number): Uint32Array {
  const start = new Uint32Array(keys + 1);
  for (let p = 0; p < size; p++) start[keyOf(p) + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const sorted = new Uint32Array(size);
  for (let p = 0; p < size; p++) sorted[start[keyOf(p)]++] = p;
  return sorted;
}
