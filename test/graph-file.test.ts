// Saved object graphs: what is read back is what was saved, shared objects stay shared, and a
// file that is not whole or not of this version is refused rather than misread.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openGraph, openGraphInBackground, saveGraph, SnapshotError } from '../src/snapshot/graph-file.js';
import { InternedColumn, OptionalStringColumn, StringColumn } from '../src/search/string-column.js';
import { KeyIndex } from '../src/text/key-index.js';

const dir = mkdtempSync(join(tmpdir(), 'graph-file-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  get length(): number {
    return Math.hypot(this.x, this.y);
  }
}
class Holder {
  items: unknown[] = [];
  parent: Holder | null = null;
}
class Unnamed {}

const classes = { Point, Holder, StringColumn, InternedColumn, OptionalStringColumn, KeyIndex };
let files = 0;

function roundTrip<T>(value: T, externals: Record<string, object> = {}): T {
  const path = join(dir, `graph-${files++}.bin`);
  saveGraph(path, { what: 'test' }, value, { classes, externals });
  const opened = openGraph(path);
  expect(opened.meta).toEqual({ what: 'test' });
  return opened.read({ classes, externals }) as T;
}

describe('a saved graph', () => {
  it('reads back primitives, the numbers JSON cannot hold, and undefined', () => {
    const value = { a: 1, b: 'text', c: true, d: null, e: undefined, nan: NaN, inf: Infinity, ninf: -Infinity, nz: -0, big: 2 ** 53 - 1 };
    const back = roundTrip(value);
    expect(back).toEqual(value);
    expect(Object.is(back.nz, -0)).toBe(true);
    expect('e' in back).toBe(true);
  });

  it('reads back typed arrays of every kind, views included, as their contents', () => {
    const whole = Float64Array.from({ length: 100 }, (_, i) => i / 3);
    const value = {
      f64: whole,
      view: whole.subarray(10, 20),
      f32: Float32Array.from([1.5, -2.25, NaN]),
      u32: Uint32Array.from([0, 4_000_000_000]),
      i32: Int32Array.from([-1, 2 ** 31 - 1]),
      u16: Uint16Array.from([65535]),
      i16: Int16Array.from([-32768]),
      u8: Uint8Array.from([255, 0, 7]),
      i8: Int8Array.from([-128]),
      empty: new Uint32Array(0),
    };
    const back = roundTrip(value);
    for (const key of Object.keys(value) as (keyof typeof value)[]) {
      expect(back[key].constructor).toBe(value[key].constructor);
      expect(Array.from(back[key])).toEqual(Array.from(value[key]));
    }
    // A typed array read back is a view onto the file's buffer, 8-aligned, and writable.
    expect(back.f64.byteOffset % 8).toBe(0);
    back.u8[0] = 1;
    expect(back.u8[0]).toBe(1);
  });

  it('reads back long and short arrays of strings, numbers, nulls and mixtures', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `Hôtel ${i} 東京 ${'x'.repeat(i % 7)}`);
    const value = {
      names,
      empty: Array.from({ length: 20 }, () => ''),
      withNulls: Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? null : `n${i}`)),
      allNull: Array.from({ length: 20 }, () => null),
      fewValues: Array.from({ length: 64 }, (_, i) => [null, 'København', '東京', 'x'][i % 4]),
      oneRepeated: Array.from({ length: 64 }, (_, i) => (i === 40 ? 'y' : 'x')),
      withNul: Array.from({ length: 20 }, (_, i) => `a\0${i}`),
      numbers: Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? NaN : i * 1.5)),
      mixed: Array.from({ length: 30 }, (_, i) => (i % 2 ? i : `s${i}`)),
      short: ['a', 1, null, undefined, { deep: [1, 2] }],
      holesFree: [],
    };
    expect(roundTrip(value)).toEqual(value);
  });

  it('writes a text once however many string arrays hold it, and reads each array back as saved', () => {
    const names = Array.from({ length: 2000 }, (_, i) => `name ${i} ${i % 3 ? 'ü' : '東'}`.padEnd(40, '.'));
    const sorted = [...names].sort();
    // Mostly texts written before, and three new ones (fewer than a column of their own needs).
    const withNew = [...names.slice(0, 500), 'new one', 'new two', 'new two', '東京 new'];
    const shared = { after: 'the arrays' };
    const value = { names, sorted, withNew, withNewAgain: withNew, shared, sharedAgain: shared, later: [...withNew].reverse() };
    const path = join(dir, `graph-${files++}.bin`);
    saveGraph(path, {}, value, { classes });
    const back = openGraph(path).read({ classes }) as typeof value;
    expect(back).toEqual(value);
    expect(back.withNewAgain).toBe(back.withNew);
    expect(back.sharedAgain).toBe(back.shared);
    // The copies cost their numbers (4 bytes an item), not their letters again.
    const once = join(dir, `graph-${files++}.bin`);
    saveGraph(once, {}, { names }, { classes });
    const letters = names.join('').length;
    expect(readFileSync(path).length - readFileSync(once).length).toBeLessThan(letters / 2);
  });

  it('writes a string array past 32M letters in parts, each read back in its own encoding', () => {
    const long = Array.from({ length: 40 }, (_, i) => (i === 7 ? null : `${i}:`.padEnd(1_000_000, i % 2 ? 'a' : 'ü') + (i === 30 ? '東' : '')));
    const back = roundTrip({ long });
    expect(back.long.length).toBe(40);
    back.long.forEach((text, i) => expect(text).toBe(long[i]));
  });

  it('reads back Maps and Sets with any keys, and keeps their order', () => {
    const value = {
      byName: new Map(Array.from({ length: 300 }, (_, i) => [`k${i}`, Uint32Array.from([i, i + 1])])),
      byNumber: new Map(Array.from({ length: 300 }, (_, i) => [i * 7, i % 2 === 0])),
      small: new Map<unknown, unknown>([[{ a: 1 }, 'object key'], [null, 'null key']]),
      set: new Set(['b', 'a', 'c']),
    };
    const back = roundTrip(value);
    expect([...back.byName.keys()]).toEqual([...value.byName.keys()]);
    expect(Array.from(back.byName.get('k299')!)).toEqual([299, 300]);
    expect([...back.byNumber]).toEqual([...value.byNumber]);
    expect([...back.small.values()]).toEqual(['object key', 'null key']);
    expect([...back.set]).toEqual(['b', 'a', 'c']);
  });

  it('keeps shared objects shared and cycles whole', () => {
    const shared = { name: 'shared' };
    const typed = new Uint32Array([1, 2, 3]);
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, n: i, tag: i % 2 ? 'odd' : null, ok: i % 3 === 0 }));
    const holder = new Holder();
    holder.items = [holder, shared];
    holder.parent = holder;
    const value = {
      first: shared,
      again: shared,
      typed,
      typedAgain: typed,
      rows,
      // An array of objects met before is saved as their numbers.
      picks: Array.from({ length: 40 }, (_, i) => rows[(i * 7) % 50]),
      holder,
    };
    const back = roundTrip(value);
    expect(back.again).toBe(back.first);
    expect(back.typedAgain).toBe(back.typed);
    expect(back.rows).toEqual(rows);
    for (let i = 0; i < 40; i++) expect(back.picks[i]).toBe(back.rows[(i * 7) % 50]);
    expect(back.holder.parent).toBe(back.holder);
    expect(back.holder.items[0]).toBe(back.holder);
    expect(back.holder.items[1]).toBe(back.first);
  });

  it('gives instances of named classes their class back, without running the constructor', () => {
    const back = roundTrip({ p: new Point(3, 4), list: Array.from({ length: 20 }, (_, i) => new Point(i, 0)) });
    expect(back.p).toBeInstanceOf(Point);
    expect(back.p.length).toBe(5);
    expect(back.list[19]).toBeInstanceOf(Point);
    expect(back.list[19].x).toBe(19);
  });

  it('refers to externals by name, and needs them given back', () => {
    const world = { big: 'not saved' };
    const path = join(dir, 'externals.bin');
    saveGraph(path, {}, { world, again: [world] }, { classes, externals: { world } });
    const other = { big: 'given at read' };
    const back = openGraph(path).read({ classes, externals: { world: other } }) as { world: object; again: object[] };
    expect(back.world).toBe(other);
    expect(back.again[0]).toBe(other);
    expect(() => openGraph(path).read({ classes })).toThrow(SnapshotError);
  });

  it('reads a file in the background into the same graph as it reads it at once', async () => {
    const shared = new Point(3, 4);
    // kind and codes: string arrays of few values, saved as their values and an index.
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: `h${i}`, kind: i % 3 === 0 ? 'city' : i % 7 === 0 ? null : 'town', stars: i % 5 === 0 ? null : i % 5, near: shared }));
    const value = {
      coords: Float64Array.from({ length: 1001 }, (_, i) => i / 7),
      ids: Uint32Array.from({ length: 333 }, (_, i) => i * 3),
      names: Array.from({ length: 500 }, (_, i) => (i % 9 === 0 ? null : `Hôtel ${i}`)),
      codes: Array.from({ length: 100 }, (_, i) => (i % 11 === 0 ? null : ['PT', 'FR', 'JP', 'Ü'][i % 4])),
      sameCodes: [] as (string | null)[],
      scores: Array.from({ length: 64 }, (_, i) => i * 0.5),
      rows,
      again: rows.slice(0, 20),
      byName: new Map(rows.map((row) => [row.id, row])),
      tags: new Set(['a', 'b']),
      holder: Object.assign(new Holder(), { items: [shared] }),
    };
    value.sameCodes = value.codes;
    const path = join(dir, 'background.bin');
    saveGraph(path, { what: 'background' }, value, { classes });
    const opened = await openGraphInBackground(path);
    expect(opened.meta).toEqual({ what: 'background' });
    const back = opened.read({ classes }) as typeof value;
    expect(back).toEqual(openGraph(path).read({ classes }));
    expect(back).toEqual(value);
    expect(back.again[3]).toBe(back.rows[3]);
    expect(back.byName.get('h7')).toBe(back.rows[7]);
    expect(back.rows[0].near).toBe(back.holder.items[0]);
    expect(back.sameCodes).toBe(back.codes);
    // A file whose meta is not wanted is not read past it.
    const unwanted = await openGraphInBackground(path, (meta) => (meta as { what: string }).what === 'another');
    expect(unwanted.meta).toEqual({ what: 'background' });
    expect(() => unwanted.read({ classes })).toThrow(SnapshotError);
    // Cut short, it is refused when its bytes are found missing; of another kind, at once.
    truncateSync(path, 3000);
    await expect(openGraphInBackground(path)).rejects.toThrow(SnapshotError);
    writeFileSync(path, 'not a snapshot at all, but long enough to have a preamble of forty bytes');
    expect(() => openGraphInBackground(path)).toThrow(SnapshotError);
  });

  it('refuses what it cannot save, naming where it is', () => {
    const path = join(dir, 'refused.bin');
    expect(() => saveGraph(path, {}, { a: { b: new Unnamed() } }, { classes })).toThrow(/a\.b: an instance of Unnamed/);
    expect(() => saveGraph(path, {}, { f: () => 1 }, { classes })).toThrow(/cannot save f: a function/);
    expect(() => saveGraph(path, {}, { n: 10n }, { classes })).toThrow(/bigint/);
    expect(() => readFileSync(path)).toThrow();
  });

  it('refuses a file cut short, a file of another kind, and a class this version does not have', () => {
    const path = join(dir, 'cut.bin');
    saveGraph(path, { m: 1 }, { data: Float64Array.from({ length: 1000 }, (_, i) => i) }, { classes });
    truncateSync(path, 2000);
    expect(() => openGraph(path).read({ classes })).toThrow(SnapshotError);
    writeFileSync(path, 'not a snapshot at all, but long enough to have a preamble of forty bytes');
    expect(() => openGraph(path)).toThrow(SnapshotError);
    saveGraph(path, {}, new Point(1, 2), { classes });
    expect(() => openGraph(path).read({ classes: { Holder } })).toThrow(/Point, a class this version does not have/);
  });
});

describe('text columns and key indexes', () => {
  it('a string column reads every row back, across its chunks of 65,536 rows, before and after sealing', () => {
    const rows = 140_000;
    const column = new StringColumn(rows + 10);
    const text = (i: number) => (i % 1000 === 0 ? '' : `name ${i} ${i % 3 ? 'é' : '東'}`);
    for (let i = 0; i < rows; i++) {
      column.push(text(i));
      // Reads while filling see what was pushed so far.
      if (i === 65_535 || i === 70_000) expect(column.at(i)).toBe(text(i));
    }
    expect(column.at(rows - 1)).toBe(text(rows - 1));
    column.seal();
    expect(column.length).toBe(rows);
    for (const i of [0, 1, 999, 1000, 65_535, 65_536, 65_537, 131_071, 131_072, rows - 1]) expect(column.at(i)).toBe(text(i));
    expect(column.at(rows)).toBeUndefined();
    expect(column.at(-1)).toBeUndefined();
    expect(() => column.push('more')).toThrow(RangeError);
    const back = roundTrip({ column });
    expect(back.column).toBeInstanceOf(StringColumn);
    for (let i = 0; i < rows; i += 997) expect(back.column.at(i)).toBe(text(i));
  });

  it('interned and optional columns read back their rows', () => {
    const cities = new InternedColumn(100);
    const photos = new OptionalStringColumn(100);
    for (let i = 0; i < 100; i++) {
      cities.push(['Paris', 'Lisbon', 'Tōkyō'][i % 3]);
      photos.push(i % 4 === 0 ? null : `https://img.example/${i}.jpg`);
    }
    cities.seal();
    photos.seal();
    const back = roundTrip({ cities, photos });
    for (const { cities: c, photos: p } of [{ cities, photos }, back]) {
      expect(c.at(5)).toBe('Tōkyō');
      expect(p.at(4)).toBeNull();
      expect(p.at(5)).toBe('https://img.example/5.jpg');
      expect(c.length).toBe(100);
    }
  });

  it('a key index finds every key and only its keys', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i % 2 ? `key ${i}` : `${i}é`));
    const index = new KeyIndex(keys);
    keys.forEach((key, k) => expect(index.indexOf(key)).toBe(k));
    expect(index.indexOf('key 0')).toBe(-1);
    expect(index.indexOf('')).toBe(-1);
    expect(new KeyIndex([]).indexOf('x')).toBe(-1);
    expect(() => new KeyIndex(['a', 'b', 'a'])).toThrow(/twice/);
    const back = roundTrip({ index }, {});
    expect(back.index.indexOf('key 4999')).toBe(4999);
  });
});
