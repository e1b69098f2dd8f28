// What a search box asks for, remembered: every visitor types the same beginnings ("l", "li",
// "lis", "lisb" on their way to Lisbon), and a text's suggestions are the same until a new
// catalog is read. The places and the hotels found are kept, never the links (they carry the
// caller's code); a catalog of its own gets a cache of its own.
import { LRUCache } from 'lru-cache';
import type { CatalogIndex } from '../search/catalog-index.js';
import type { SuggestResponse } from './schemas.js';

export type SuggestedPlace = SuggestResponse['places'][number];
/** A suggested hotel but its link, which is the caller's. */
export type SuggestedHotel = Omit<SuggestResponse['hotels'][number], 'url'>;

export interface Suggested {
  places: SuggestedPlace[];
  hotels: SuggestedHotel[];
}

/**
 * Texts remembered per catalog. About 1 KB each at most (five places and five hotels): 10 MB. A
 * text typed by nobody else costs its entry and the eviction of the least recently used one.
 */
const MAX_TEXTS = 10_000;

const caches = new WeakMap<CatalogIndex, LRUCache<string, Suggested>>();

/** The suggestions for a query on this catalog, found by `find` the first time it is asked. */
export function rememberedSuggestions(index: CatalogIndex, key: string, find: () => Suggested): Suggested {
  let cache = caches.get(index);
  if (!cache) caches.set(index, (cache = new LRUCache({ max: MAX_TEXTS })));
  let found = cache.get(key);
  if (found === undefined) {
    found = find();
    cache.set(key, found);
  }
  return found;
}
