// The gazetteer's names once frozen into columns: each name still leads to its places with the
// same likelihood, languages and kind of name, after a save and a read back in shared memory as
// the serving threads read it, and the columns are the shared memory itself, not a copy per thread.
import { describe, expect, it } from 'vitest';
import { decodeShared, encodeShared } from '../src/snapshot/graph-file.js';
import { PlaceNames } from '../src/places/place-names.js';
import { KeyIndex } from '../src/text/key-index.js';
import type { NameEntry } from '../src/places/gazetteer.js';
import type { Place } from '../src/places/place.js';

function place(id: string, name: string): Place {
  return { id, kind: 'city', name, label: `${name}, Somewhere`, countryCode: 'XX', regionKey: null, lat: 1, lng: 2, population: 1000, hasCentre: true, radiusKm: 10, nearestFirst: true } as unknown as Place;
}

const lisbon = place('city:1', 'Lisbon');
const lisbonOhio = place('city:2', 'Lisbon');
const porto = place('city:3', 'Porto');

function filled(): PlaceNames {
  const names = new PlaceNames();
  names.add('lisbon', { place: lisbon, bonus: 0.75, alternate: false });
  names.add('lisbon', { place: lisbonOhio, bonus: 0.25, alternate: false });
  // One entry object filed under two names, as the gazetteer files a city's other names.
  const other: NameEntry = { place: lisbon, bonus: -0.5, alternate: true, languages: 0b101 };
  names.add('lisboa', other);
  names.add('lissabon', other);
  names.add('porto', { place: porto, bonus: 0, alternate: false });
  // The same place again under a name is not filed twice.
  names.add('porto', { place: porto, bonus: 3, alternate: true });
  return names;
}

const classes = { PlaceNames, KeyIndex };

describe('place names frozen into columns', () => {
  it('gives each name its places as they were filed', () => {
    const names = filled();
    const before = ['lisbon', 'lisboa', 'lissabon', 'porto', 'nowhere'].map((n) => names.named(n));
    names.freeze();
    expect(['lisbon', 'lisboa', 'lissabon', 'porto', 'nowhere'].map((n) => names.named(n))).toEqual(before);
    expect(names.named('lisbon')).toEqual([
      { place: lisbon, bonus: 0.75, alternate: false },
      { place: lisbonOhio, bonus: 0.25, alternate: false },
    ]);
    expect(names.named('lissabon')).toEqual([{ place: lisbon, bonus: -0.5, alternate: true, languages: 0b101 }]);
    expect(names.named('porto')).toEqual([{ place: porto, bonus: 0, alternate: false }]);
    expect([...names.keys()].sort()).toEqual(['lisboa', 'lisbon', 'lissabon', 'porto']);
  });

  it('numbers each name entry, and reads its place and kind without making it', () => {
    const names = filled();
    names.freeze();
    const [start, end] = names.numbered('lisbon');
    expect(end - start).toBe(2);
    expect(names.placeAt(start)).toBe(lisbon);
    expect(names.placeAt(start + 1)).toBe(lisbonOhio);
    const [other] = names.numbered('lisboa');
    expect(names.isAlternate(other)).toBe(true);
    expect(names.entry(other)).toEqual({ place: lisbon, bonus: -0.5, alternate: true, languages: 0b101 });
    expect(names.numbered('nowhere')).toEqual([0, 0]);
  });

  it('reads back from shared memory the same, its places the very objects saved beside it', () => {
    const names = filled();
    names.freeze();
    const root = { places: [lisbon, lisbonOhio, porto], names };
    const regions = encodeShared(root, { classes });
    const read = decodeShared(regions, { classes }) as typeof root;
    expect(read.names).toBeInstanceOf(PlaceNames);
    const lisbonRead = read.places[0];
    expect(read.names.named('lissabon')).toEqual([{ place: lisbonRead, bonus: -0.5, alternate: true, languages: 0b101 }]);
    expect(read.names.named('lisbon')[1].place).toBe(read.places[1]);
    expect(read.names.named('lisbon')[0].bonus).toBe(0.75);
    // The columns are views onto the shared regions: a second thread reading them holds no copy.
    const columns = Object.values(read.names).filter((v) => ArrayBuffer.isView(v));
    expect(columns.length).toBeGreaterThanOrEqual(5);
    for (const column of columns) expect((column as Uint8Array).buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
