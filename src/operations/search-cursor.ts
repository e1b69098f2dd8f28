// Paging through a search (issue 14). A page's `next_cursor` names where the next page starts,
// in which catalog generation, and for which search; sent back as `cursor` with the same
// parameters, it answers the next `limit` hotels of the same ranking. It is opaque to clients
// (base64url) and checked, not trusted:
//   - a cursor of another search (other destination, sort or filters) is 400: its offset would
//     mean nothing there;
//   - a cursor made before the catalog was replaced is 400 too, saying so: pages are never
//     silently stitched from two catalogs (which would repeat or skip hotels). Search again.
// Pages reach at most MAX_DEPTH hotels deep; past that, narrow the search (filters, a smaller
// place): ranking a deeper page would cost every search in the same process its time.
import { invalidParams } from '../errors.js';
import type { SearchQuery } from './schemas.js';

export const MAX_DEPTH = 500;
const VERSION = 'c1';

/** The parameters that make a search what it is; cursor, limit and sub_id only page and tag it. */
const SEARCH_FIELDS = ['destination', 'place_id', 'lat', 'lng', 'radius_km', 'label', 'sort', 'min_stars', 'min_rating'] as const;

/** What identifies a search apart from its page: a hash of SEARCH_FIELDS (every answer with more to come makes one). */
function searchKey(q: SearchQuery): string {
  let canonical = '';
  for (const field of SEARCH_FIELDS) canonical += `${q[field] ?? ''}\u0001`;
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    h ^= canonical.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function makeCursor(q: SearchQuery, generation: number, offset: number): string {
  return Buffer.from(`${VERSION}.${generation}.${offset}.${searchKey(q)}`).toString('base64url');
}

/** The offset a cursor points at in this generation; 0 without one. */
export function readCursor(q: SearchQuery, generation: number): number {
  if (q.cursor === undefined) return 0;
  const text = Buffer.from(q.cursor, 'base64url').toString('latin1');
  const [version, made, offset, key] = text.split('.');
  // Only the bytes a cursor is made of, written back the same way: a cursor cut or added to is
  // said to be so, not taken for another search's.
  const asMade = Buffer.from(text, 'latin1').toString('base64url') === q.cursor;
  if (!asMade || version !== VERSION || !/^\d+$/.test(made ?? '') || !/^\d+$/.test(offset ?? '') || !/^[0-9a-z]{1,7}$/.test(key ?? '')) {
    throw invalidParams(`cursor must be a next_cursor of an earlier answer, sent unchanged (got ${JSON.stringify(q.cursor.slice(0, 60))})`);
  }
  if (key !== searchKey(q)) {
    throw invalidParams('cursor belongs to another search: send it with the same destination, place_id or lat/lng, sort and filters as the search that gave it');
  }
  if (Number(made) !== generation) {
    throw invalidParams('the hotel catalog was updated since this cursor was made, so its pages would not line up; search again without cursor');
  }
  return Number(offset);
}
