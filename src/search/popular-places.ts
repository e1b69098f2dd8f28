// The catalog's towns with the most hotels, by the first letters of their names: what a search
// box should offer at one to three letters, where travellers go ("pat" is Pattaya, whose hotels
// fill pages, as much as Patna, ten times as populous). The gazetteer's names are read likeliest
// first by people and fame, and at three letters the town with the hotels is often past the
// first few hundred names read; this list brings it in. Made once per catalog index, when first
// asked, so a catalog change brings its own.
import { foldText } from '../text/fold.js';
import type { Place } from '../places/place.js';
import type { CatalogIndex } from './catalog-index.js';

/** Beginnings this long or shorter are kept; longer ones narrow the gazetteer's own reading enough. */
export const POPULAR_PREFIX_MAX = 3;
/** Towns kept per beginning, most hotels first. */
const PER_PREFIX = 5;
/** A town with fewer hotels is no destination the list should bring in. */
const MIN_HOTELS = 10;

export class PopularPlaces {
  private readonly byPrefix = new Map<string, Place[]>();

  constructor(towns: Iterable<[Place, number]>) {
    const counts = new Map<Place, number>();
    for (const [place, hotels] of towns) {
      if (hotels < MIN_HOTELS) continue;
      counts.set(place, hotels);
      const name = foldText(place.name);
      for (let n = 1; n <= Math.min(POPULAR_PREFIX_MAX, name.length); n++) {
        const prefix = name.slice(0, n);
        let list = this.byPrefix.get(prefix);
        if (!list) this.byPrefix.set(prefix, (list = []));
        // The few kept in order as they come: no sort of every town.
        let at = list.length;
        while (at > 0 && counts.get(list[at - 1])! < hotels) at--;
        if (at < PER_PREFIX) {
          list.splice(at, 0, place);
          if (list.length > PER_PREFIX) list.pop();
        }
      }
    }
  }

  /** Towns whose name begins with a folded text of at most POPULAR_PREFIX_MAX letters, most hotels first. */
  beginning(typed: string): readonly Place[] {
    return typed.length <= POPULAR_PREFIX_MAX ? (this.byPrefix.get(typed) ?? []) : [];
  }
}

const made = new WeakMap<CatalogIndex, PopularPlaces>();

export function popularPlaces(index: CatalogIndex): PopularPlaces {
  let popular = made.get(index);
  if (!popular) made.set(index, (popular = new PopularPlaces(index.townsWithHotels())));
  return popular;
}
