// The hotel records kept in memory: only those opened again, at most the capacity, the least
// recently used going first, none kept across catalogs, a missing hotel never remembered.
import { describe, expect, it } from 'vitest';
import { HotHotels } from '../src/catalog/hot-hotels.js';
import type { HotelRecord } from '../src/catalog/hotel.js';

function store() {
  const reads: string[] = [];
  let generation = 1;
  const read = async (id: string) => {
    reads.push(id);
    return id.startsWith('missing') ? null : ({ id } as unknown as HotelRecord);
  };
  return { reads, read, generation: () => generation, next: () => generation++ };
}

describe('HotHotels', () => {
  it('keeps the most recently used records up to its capacity, once opened a second time', async () => {
    const s = store();
    const hot = new HotHotels(s.read, s.generation, 2);
    for (const id of ['a', 'a', 'b', 'b', 'a', 'c', 'c']) await hot.get(id); // a is more recent than b: b goes first
    expect(s.reads).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
    expect(hot.size).toBe(2);
    s.reads.length = 0;
    await hot.get('a');
    await hot.get('c');
    expect(s.reads).toEqual([]);
    await hot.get('b');
    expect(s.reads).toEqual(['b']);
  });

  it('passes hotels opened once through without keeping them', async () => {
    const s = store();
    const hot = new HotHotels(s.read, s.generation, 100);
    for (let k = 0; k < 1000; k++) await hot.get(`hotel-${k}`);
    expect(hot.size).toBe(0);
    await hot.get('hotel-999');
    expect(hot.size).toBe(1);
  });

  it('forgets everything when the catalog changes, and never remembers a missing hotel', async () => {
    const s = store();
    const hot = new HotHotels(s.read, s.generation, 10);
    for (const id of ['a', 'a', 'a', 'missing-1', 'missing-1', 'missing-1']) await hot.get(id);
    expect(s.reads).toEqual(['a', 'a', 'missing-1', 'missing-1', 'missing-1']);
    s.next();
    await hot.get('a');
    expect(s.reads).toEqual(['a', 'a', 'missing-1', 'missing-1', 'missing-1', 'a']);
  });

  it('keeps nothing with a capacity of 0', async () => {
    const s = store();
    const hot = new HotHotels(s.read, s.generation, 0);
    await hot.get('a');
    await hot.get('a');
    expect([hot.size, s.reads]).toEqual([0, ['a', 'a']]);
  });
});
