// The in-memory half of a saved graph: an object graph encoded as an outline (JSON), a strings
// region and a binary region, and decoded back from them. graph-file.ts lays them out in a file.
import { scratch, scratchResting } from './scratch.js';

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
/** A string array this long or longer goes into the strings region; a number array into the binary one. */
const COLUMN_MIN = 16;
/** A string array whose items repeat its values this many times on average, or more, is saved as its values and an index. */
const REPEATS_MIN = 4;
/** A string array is saved as numbers of texts saved before when this many of its items, or more, are for each one not. */
const SHARED_TEXTS_MIN = 4;

type TypedArray = Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Int16Array | Uint8Array | Int8Array;
type TypedArrayClass = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => TypedArray;
const TYPED: Record<string, TypedArrayClass> = { Float64Array, Float32Array, Uint32Array, Int32Array, Uint16Array, Int16Array, Uint8Array, Int8Array };

/** Classes whose instances a graph may hold, by a stable name. */
export type SnapshotClasses = Record<string, abstract new (...args: never[]) => object>;

/** Objects the graph refers to but does not hold (the gazetteer): saved by name, given back at read. */
export type SnapshotExternals = Record<string, object>;

/**
 * A string array in the strings region, in parts from o on: part k holds n[k] items in b[k]
 * bytes, in Latin-1 where l[k] is 1 (else UTF-8); z: where its null marks are.
 */
type StringsNode = { $: 's'; o: number; b: number[]; n: number[]; l: (0 | 1)[]; z?: number };
/** Items of a string array are written in parts of about this many letters: one string per part is made when reading (V8 strings end at 2^29). */
const PART_LETTERS = 2 ** 25;

/** The outline: JSON primitives inline, everything else a tagged node. */
export type Node =
  | number
  | string
  | boolean
  | null
  | { $: 'u' } // undefined
  | { $: 'f'; v: string } // NaN, ±Infinity, -0
  | { $: 'r'; i: number } // an object met before, by its number
  | { $: 'x'; n: string } // an external
  | { $: 't'; k: string; o: number; n: number } // typed array in the binary region
  | { $: 'z'; k: string; n: number; v?: number } // scratch typed array (scratch.ts): made anew, at its resting value v (0 if absent)
  | StringsNode
  | { $: 'd'; v: Node; o: number; n: number } // a string array of few values: its values, and each item's (a Uint32Array)
  | { $: 'i'; o: number; n: number; v?: Node } // a string array of texts 's' arrays before it (or its own v) hold: their numbers (a Uint32Array)
  | { $: 'n'; o: number; n: number } // number array in the binary region (as float64)
  | { $: 'R'; o: number; n: number } // objects met before, by their numbers (a Uint32Array)
  | { $: 'T'; n: number; k: string[]; c: Node[] } // n plain objects of the same keys, column by column
  | { $: 'a'; v: Node[] }
  | { $: 'm'; k: Node; v: Node }
  | { $: 'S'; v: Node }
  | { $: 'o'; c?: string; f: Record<string, Node> };

export class SnapshotError extends Error {}

export class Encoder {
  private readonly numbered = new Map<object, number>();
  private readonly classNames = new Map<unknown, string>();
  private readonly externalNames = new Map<object, string>();
  readonly strings: Buffer[] = [];
  stringBytes = 0;
  readonly binary: Buffer[] = [];
  binaryBytes = 0;
  private readonly path: string[] = [];
  /**
   * Each text an 's' array holds, by its number: the items of every 's' array, numbered in the
   * order they are written. A later array of texts all written before refers to them ('i').
   */
  private readonly textNumbers = new Map<string, number>();
  private textsWritten = 0;

  constructor(classes: SnapshotClasses, externals: SnapshotExternals) {
    for (const [name, cls] of Object.entries(classes)) this.classNames.set(cls, name);
    for (const [name, object] of Object.entries(externals)) this.externalNames.set(object, name);
  }

  private fail(why: string): never {
    throw new SnapshotError(`cannot save ${this.path.join('.') || 'the root'}: ${why}`);
  }

  private addBinary(bytes: Buffer): number {
    const at = this.binaryBytes;
    this.binary.push(bytes);
    const padding = (8 - (bytes.length % 8)) % 8;
    if (padding) this.binary.push(Buffer.alloc(padding));
    this.binaryBytes += bytes.length + padding;
    return at;
  }

  encode(value: unknown): Node {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'undefined':
        return { $: 'u' };
      case 'number':
        return Number.isFinite(value) && !Object.is(value, -0) ? value : { $: 'f', v: Object.is(value, -0) ? '-0' : String(value) };
      case 'object':
        if (value === null) return null;
        return this.encodeObject(value);
      default:
        return this.fail(`a ${typeof value} cannot be saved`);
    }
  }

  private encodeObject(value: object): Node {
    const external = this.externalNames.get(value);
    if (external !== undefined) return { $: 'x', n: external };
    const seen = this.numbered.get(value);
    if (seen !== undefined) return { $: 'r', i: seen };
    this.numbered.set(value, this.numbered.size);
    if (ArrayBuffer.isView(value)) {
      const kind = value.constructor.name;
      if (!(kind in TYPED)) this.fail(`a ${kind} cannot be saved`);
      const typed = value as TypedArray;
      const resting = scratchResting(typed);
      if (resting !== undefined) return resting === 0 ? { $: 'z', k: kind, n: typed.length } : { $: 'z', k: kind, n: typed.length, v: resting };
      const o = this.addBinary(Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength));
      return { $: 't', k: kind, o, n: typed.length };
    }
    if (Array.isArray(value)) return this.encodeArray(value);
    if (value instanceof Map) {
      const k = this.encodeSynthetic([...value.keys()], 'keys');
      const v = this.encodeSynthetic([...value.values()], 'values');
      return { $: 'm', k, v };
    }
    if (value instanceof Set) return { $: 'S', v: this.encodeSynthetic([...value], 'items') };
    const prototype: unknown = Object.getPrototypeOf(value);
    let className: string | undefined;
    if (prototype !== Object.prototype && prototype !== null) {
      className = this.classNames.get((value as { constructor: unknown }).constructor);
      if (className === undefined) this.fail(`an instance of ${(value as { constructor: { name: string } }).constructor.name}, a class not named for snapshots`);
    }
    const f: Record<string, Node> = {};
    for (const key of Object.keys(value)) {
      this.path.push(key);
      f[key] = this.encode((value as Record<string, unknown>)[key]);
      this.path.pop();
    }
    return className === undefined ? { $: 'o', f } : { $: 'o', c: className, f };
  }

  /** An array made here (a Map's keys): numbered like any array, so reading numbers alike. */
  private encodeSynthetic(items: unknown[], what: string): Node {
    this.path.push(what);
    const node = this.encodeObject(items);
    this.path.pop();
    return node;
  }

  /** Plain objects seen nowhere before, all with the same keys in the same order: their keys, else null. */
  private tableKeys(items: unknown[]): string[] | null {
    const first = items[0];
    if (typeof first !== 'object' || first === null || Object.getPrototypeOf(first) !== Object.prototype) return null;
    const keys = Object.keys(first);
    const rows = new Set<unknown>();
    for (const item of items) {
      if (typeof item !== 'object' || item === null || Object.getPrototypeOf(item) !== Object.prototype) return null;
      if (this.numbered.has(item) || this.externalNames.has(item) || rows.has(item)) return null;
      rows.add(item);
      const own = Object.keys(item);
      if (own.length !== keys.length || own.some((key, k) => key !== keys[k])) return null;
    }
    return keys;
  }

  /** Writes texts (null as a mark) into the strings region as an 's' node, numbering each text not written before. */
  private writeTexts(items: readonly (string | null)[]): StringsNode {
    items.forEach((s, k) => {
      if (s !== null && !this.textNumbers.has(s)) this.textNumbers.set(s, this.textsWritten + k);
    });
    this.textsWritten += items.length;
    const node: StringsNode = { $: 's', o: this.stringBytes, b: [], n: [], l: [] };
    let from = 0;
    while (from < items.length) {
      let to = from;
      for (let letters = 0; to < items.length && (to === from || letters < PART_LETTERS); to++) letters += (items[to] ?? '').length + 1;
      // null is written as "" and marked. Latin-1 text is written so, to be read back as
      // one-byte strings (UTF-8 would be read back as two-byte ones past the first é).
      const text = items.slice(from, to).map((s) => s ?? '').join('\0');
      const latin1 = !BEYOND_LATIN1.test(text);
      const bytes = Buffer.from(text, latin1 ? 'latin1' : 'utf8');
      this.strings.push(bytes);
      this.stringBytes += bytes.length;
      node.b.push(bytes.length);
      node.n.push(to - from);
      node.l.push(latin1 ? 1 : 0);
      from = to;
    }
    if (items.includes(null)) node.z = this.addBinary(Buffer.from(Uint8Array.from(items, (s) => (s === null ? 1 : 0))));
    return node;
  }

  private encodeArray(items: unknown[]): Node {
    if (items.length >= COLUMN_MIN) {
      if (items.every((x) => typeof x === 'object' && x !== null && this.numbered.has(x))) {
        const ids = Uint32Array.from(items as object[], (x) => this.numbered.get(x)!);
        return { $: 'R', o: this.addBinary(Buffer.from(ids.buffer)), n: items.length };
      }
      const keys = this.tableKeys(items);
      if (keys !== null) {
        // Rows are numbered first, in order, then each column as an array of its own.
        for (const row of items) this.numbered.set(row as object, this.numbered.size);
        const c = keys.map((key) => this.encodeSynthetic(items.map((row) => (row as Record<string, unknown>)[key]), key));
        return { $: 'T', n: items.length, k: keys, c };
      }
      if (items.every((s) => s === null || (typeof s === 'string' && !s.includes('\0')))) {
        // A column of few values (a kind, a country code) is its values once each and an index:
        // read back, its items share those strings instead of each being made anew.
        const values = new Map<string | null, number>();
        for (const s of items as (string | null)[]) if (!values.has(s)) values.set(s, values.size);
        if (values.size * REPEATS_MIN <= items.length) {
          const index = Uint32Array.from(items as (string | null)[], (s) => values.get(s)!);
          return { $: 'd', v: this.encodeSynthetic([...values.keys()], 'values'), o: this.addBinary(Buffer.from(index.buffer)), n: items.length };
        }
        // The same names sorted, or an index's keys again: read back, they are the same strings.
        // Texts not written before, when few, are written first as an array of their own.
        if (!items.includes(null)) {
          const unwritten = new Set((items as string[]).filter((s) => !this.textNumbers.has(s)));
          if (unwritten.size * SHARED_TEXTS_MIN <= items.length) {
            let v: StringsNode | undefined;
            if (unwritten.size > 0) {
              // Numbered as an array of its own, however short, as the reader numbers it.
              const own = [...unwritten];
              this.numbered.set(own, this.numbered.size);
              v = this.writeTexts(own);
            }
            const numbers = Uint32Array.from(items as string[], (s) => this.textNumbers.get(s)!);
            const node: Node = { $: 'i', o: this.addBinary(Buffer.from(numbers.buffer)), n: items.length };
            return v === undefined ? node : { ...node, v };
          }
        }
        return this.writeTexts(items as (string | null)[]);
      }
      if (items.every((x) => typeof x === 'number')) {
        const o = this.addBinary(Buffer.from(Float64Array.from(items as number[]).buffer));
        return { $: 'n', o, n: items.length };
      }
    }
    const v: Node[] = new Array(items.length);
    for (let k = 0; k < items.length; k++) {
      this.path.push(String(k));
      v[k] = this.encode(items[k]);
      this.path.pop();
    }
    return { $: 'a', v };
  }
}

type RowFiller = (rows: Record<string, unknown>[], columns: ArrayLike<unknown>[]) => void;
type RowMaker = (count: number) => Record<string, unknown>[];
/** The generated functions of a table shape, by its keys. */
const shapes = new Map<string, { make: RowMaker; fill: RowFiller }>();

/**
 * Makes rows with every key already in place (one object literal: an empty object given eleven
 * keys one by one took two to three times as long, growing its properties as it went), and fills
 * them from columns with one store per key written out, so every store sees one shape: a loop
 * over the keys (a store by a varying key) took three times as long on 500,000 rows. The keys
 * are string literals (JSON-quoted), never code.
 */
function shapeOf(keys: string[]): { make: RowMaker; fill: RowFiller } {
  const signature = JSON.stringify(keys);
  let shape = shapes.get(signature);
  if (!shape) {
    const literal = keys.map((key) => `${JSON.stringify(key)}: undefined`).join(', ');
    const stores = keys.map((key, k) => `row[${JSON.stringify(key)}] = columns[${k}][r];`).join('\n');
    shape = {
      make: new Function('count', `const rows = new Array(count);\nfor (let r = 0; r < count; r++) rows[r] = { ${literal} };\nreturn rows;`) as RowMaker,
      fill: new Function('rows', 'columns', `for (let r = 0; r < rows.length; r++) { const row = rows[r];\n${stores}\n}`) as RowFiller,
    };
    shapes.set(signature, shape);
  }
  return shape;
}

/** Whether an outline node is its value as it stands (a string, a finite number, a boolean or null). */
function isJsonValue(node: Node): boolean {
  return node === null || typeof node !== 'object';
}

export class Decoder {
  private readonly objects: unknown[] = [];
  /** The items of every 's' array read so far, in order: what an 'i' array's numbers refer to. */
  private readonly texts: (string | null)[] = [];

  constructor(
    private readonly classes: SnapshotClasses,
    private readonly externals: SnapshotExternals,
    private readonly strings: Buffer,
    private readonly binary: Buffer,
  ) {}

  /** A column of a table: numbers are read in place (the column itself is never referred to). */
  private decodeColumn(node: Node): ArrayLike<unknown> {
    if (node !== null && typeof node === 'object' && node.$ === 'n') {
      this.objects.push(null);
      return new Float64Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
    }
    return this.decode(node) as unknown[];
  }

  decode(node: Node): unknown {
    if (node === null || typeof node !== 'object') return node;
    switch (node.$) {
      case 'u':
        return undefined;
      case 'f':
        return node.v === '-0' ? -0 : Number(node.v);
      case 'r':
        return this.objects[node.i];
      case 'x': {
        const external = this.externals[node.n];
        if (external === undefined) throw new SnapshotError(`the snapshot needs "${node.n}", which was not given`);
        return external;
      }
      case 't': {
        const Typed = TYPED[node.k];
        const bytes = node.n * (Typed as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
        if (node.o + bytes > this.binary.length) throw new SnapshotError('a typed array runs past the end of the file');
        const typed = new Typed(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        this.objects.push(typed);
        return typed;
      }
      case 'z': {
        const typed = scratch(new (TYPED[node.k] as unknown as new (length: number) => TypedArray)(node.n), node.v ?? 0);
        this.objects.push(typed);
        return typed;
      }
      case 's': {
        let items: (string | null)[] = [];
        for (let k = 0, at = node.o; k < node.b.length; at += node.b[k], k++) {
          const part = this.strings.toString(node.l[k] ? 'latin1' : 'utf8', at, at + node.b[k]).split('\0');
          if (part.length !== node.n[k]) throw new SnapshotError('a string column does not hold its count');
          items = k === 0 ? part : items.concat(part);
        }
        if (node.z !== undefined) {
          const marks = this.binary.subarray(node.z, node.z + items.length);
          for (let k = marks.indexOf(1); k !== -1; k = marks.indexOf(1, k + 1)) items[k] = null;
        }
        for (let k = 0; k < items.length; k++) this.texts.push(items[k]);
        this.objects.push(items);
        return items;
      }
      case 'i': {
        // Numbered before the texts of its own, as it was saved.
        const number = this.objects.length;
        this.objects.push(null);
        if (node.v !== undefined) this.decode(node.v);
        const numbers = new Uint32Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        const items = new Array<string>(node.n);
        for (let k = 0; k < node.n; k++) {
          const text = this.texts[numbers[k]];
          if (typeof text !== 'string') throw new SnapshotError('a string array refers to a text the snapshot does not hold');
          items[k] = text;
        }
        this.objects[number] = items;
        return items;
      }
      // Arrays filled by index into arrays made at their length: Array.from took 6-12 times as long.
      case 'n': {
        const numbers = new Float64Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        const items = new Array<number>(node.n);
        for (let k = 0; k < node.n; k++) items[k] = numbers[k];
        this.objects.push(items);
        return items;
      }
      case 'd': {
        // Numbered before its values, as it was saved.
        const number = this.objects.length;
        this.objects.push(null);
        const values = this.decode(node.v) as unknown[];
        const index = new Uint32Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        const items = new Array<unknown>(node.n);
        for (let k = 0; k < node.n; k++) items[k] = values[index[k]];
        this.objects[number] = items;
        return items;
      }
      case 'R': {
        const ids = new Uint32Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        const items = new Array<unknown>(node.n);
        for (let k = 0; k < node.n; k++) items[k] = this.objects[ids[k]];
        this.objects.push(items);
        return items;
      }
      case 'T': {
        const shape = shapeOf(node.k);
        const items = shape.make(node.n);
        this.objects.push(items);
        for (let k = 0; k < node.n; k++) this.objects.push(items[k]);
        const columns = node.c.map((column) => this.decodeColumn(column));
        shape.fill(items, columns);
        return items;
      }
      case 'a': {
        // An array of JSON values only (a column of booleans) is the outline's own, as parsed.
        if (node.v.every(isJsonValue)) {
          this.objects.push(node.v);
          return node.v;
        }
        const items: unknown[] = [];
        this.objects.push(items);
        for (const item of node.v) items.push(this.decode(item));
        return items;
      }
      case 'm': {
        const map = new Map<unknown, unknown>();
        this.objects.push(map);
        const keys = this.decode(node.k) as unknown[];
        const values = this.decode(node.v) as unknown[];
        for (let k = 0; k < keys.length; k++) map.set(keys[k], values[k]);
        return map;
      }
      case 'S': {
        const set = new Set<unknown>();
        this.objects.push(set);
        for (const item of this.decode(node.v) as unknown[]) set.add(item);
        return set;
      }
      case 'o': {
        let object: Record<string, unknown>;
        if (node.c === undefined) object = {};
        else {
          const cls = this.classes[node.c];
          if (cls === undefined) throw new SnapshotError(`the snapshot holds a ${node.c}, a class this version does not have`);
          object = Object.create(cls.prototype) as Record<string, unknown>;
        }
        this.objects.push(object);
        for (const key of Object.keys(node.f)) object[key] = this.decode(node.f[key]);
        return object;
      }
      default:
        throw new SnapshotError('the snapshot holds a node this version does not read');
    }
  }
}
