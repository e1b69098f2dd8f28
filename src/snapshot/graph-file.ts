// Saves a built, immutable object graph (typed arrays, arrays, Maps, Sets, plain objects and
// instances of named classes) to one file, and reads it back far faster than building it again:
// typed arrays come back as views onto one buffer read whole (no copy, no per-element work),
// big string arrays as a few decoded texts split once, arrays of same-shaped objects column by
// column, everything else from a JSON outline. Shared references stay shared. Instances get
// their class's prototype back without running its constructor, so a class saved here must hold
// nothing but data (no closures, no handles).
//
// File: magic, four float64 lengths (meta, outline, strings, binary), meta JSON, outline JSON,
// the strings (parts in Latin-1 or UTF-8, NUL between items), then the binary region, 8-aligned.
import { closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

const MAGIC = Buffer.from('HASNAP01');
/** Bytes read or written per call at most (a call takes at most 2 GiB). */
const IO_MAX = 2 ** 30;
const PREAMBLE = MAGIC.length + 4 * 8;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;
/** A string array this long or longer goes into the strings region; a number array into the binary one. */
const COLUMN_MIN = 16;

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
type Node =
  | number
  | string
  | boolean
  | null
  | { $: 'u' } // undefined
  | { $: 'f'; v: string } // NaN, ±Infinity, -0
  | { $: 'r'; i: number } // an object met before, by its number
  | { $: 'x'; n: string } // an external
  | { $: 't'; k: string; o: number; n: number } // typed array in the binary region
  | StringsNode
  | { $: 'n'; o: number; n: number } // number array in the binary region (as float64)
  | { $: 'R'; o: number; n: number } // objects met before, by their numbers (a Uint32Array)
  | { $: 'T'; n: number; k: string[]; c: Node[] } // n plain objects of the same keys, column by column
  | { $: 'a'; v: Node[] }
  | { $: 'm'; k: Node; v: Node }
  | { $: 'S'; v: Node }
  | { $: 'o'; c?: string; f: Record<string, Node> };

export class SnapshotError extends Error {}

class Encoder {
  private readonly numbered = new Map<object, number>();
  private readonly classNames = new Map<unknown, string>();
  private readonly externalNames = new Map<object, string>();
  readonly strings: Buffer[] = [];
  stringBytes = 0;
  readonly binary: Buffer[] = [];
  binaryBytes = 0;
  private readonly path: string[] = [];

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
        const node: StringsNode = { $: 's', o: this.stringBytes, b: [], n: [], l: [] };
        let from = 0;
        while (from < items.length) {
          let to = from;
          for (let letters = 0; to < items.length && (to === from || letters < PART_LETTERS); to++) letters += ((items[to] as string | null) ?? '').length + 1;
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
const fillers = new Map<string, RowFiller>();

/**
 * Fills rows from columns with one store per key written out, so every store sees one shape:
 * a loop over the keys (a store by a varying key) took three times as long on 500,000 rows.
 * The keys are string literals (JSON-quoted), never code.
 */
function fillerOf(keys: string[]): RowFiller {
  const signature = JSON.stringify(keys);
  let filler = fillers.get(signature);
  if (!filler) {
    const stores = keys.map((key, k) => `row[${JSON.stringify(key)}] = columns[${k}][r];`).join('\n');
    filler = new Function('rows', 'columns', `for (let r = 0; r < rows.length; r++) { const row = rows[r];\n${stores}\n}`) as RowFiller;
    fillers.set(signature, filler);
  }
  return filler;
}

class Decoder {
  private readonly objects: unknown[] = [];

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
        this.objects.push(items);
        return items;
      }
      case 'n': {
        const items = Array.from(new Float64Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n));
        this.objects.push(items);
        return items;
      }
      case 'R': {
        const ids = new Uint32Array(this.binary.buffer, this.binary.byteOffset + node.o, node.n);
        const items = Array.from(ids, (id) => this.objects[id]);
        this.objects.push(items);
        return items;
      }
      case 'T': {
        const items: Record<string, unknown>[] = [];
        this.objects.push(items);
        for (let k = 0; k < node.n; k++) {
          const row = {};
          items.push(row);
          this.objects.push(row);
        }
        const columns = node.c.map((column) => this.decodeColumn(column));
        fillerOf(node.k)(items, columns);
        return items;
      }
      case 'a': {
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

export interface SaveOptions {
  classes: SnapshotClasses;
  externals?: SnapshotExternals;
}

/**
 * Writes `root` with its `meta` (anything JSON: what the file is of) to `path`, whole: it is
 * written beside and renamed, so a reader finds the old file, the new one, or none.
 */
export function saveGraph(path: string, meta: unknown, root: unknown, options: SaveOptions): void {
  const encoder = new Encoder(options.classes, options.externals ?? {});
  const outline = Buffer.from(JSON.stringify(encoder.encode(root)));
  const metaBytes = Buffer.from(JSON.stringify(meta));
  const lengths = [metaBytes.length, outline.length, encoder.stringBytes, encoder.binaryBytes];
  const preamble = Buffer.alloc(PREAMBLE);
  MAGIC.copy(preamble);
  lengths.forEach((length, k) => preamble.writeDoubleLE(length, MAGIC.length + 8 * k));
  const beforeBinary = PREAMBLE + metaBytes.length + outline.length + encoder.stringBytes;
  const padding = Buffer.alloc((8 - (beforeBinary % 8)) % 8);
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    for (const chunk of [preamble, metaBytes, outline, ...encoder.strings, padding, ...encoder.binary]) {
      for (let done = 0; done < chunk.length; ) done += writeSync(fd, chunk, done, Math.min(chunk.length - done, IO_MAX));
    }
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
}

function readExactly(fd: number, length: number, position: number): Buffer {
  // Not from the pool: typed arrays are views onto it, so it must be 8-aligned and its own.
  const buffer = Buffer.allocUnsafeSlow(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, Math.min(length - done, IO_MAX), position + done);
    if (read === 0) throw new SnapshotError('the file ends early');
    done += read;
  }
  return buffer;
}

export interface OpenedGraph {
  meta: unknown;
  /** Reads the rest of the file: the graph as it was saved. */
  read(options: SaveOptions): unknown;
  close(): void;
}

/** Opens a saved graph and reads its meta only, so a caller can decide whether it wants the rest. */
export function openGraph(path: string): OpenedGraph {
  const fd = openSync(path, 'r');
  try {
    const preamble = readExactly(fd, PREAMBLE, 0);
    if (!preamble.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotError('not a snapshot of this version');
    const [metaLength, outlineLength, stringLength, binaryLength] = [0, 1, 2, 3].map((k) => preamble.readDoubleLE(MAGIC.length + 8 * k));
    const meta: unknown = JSON.parse(readExactly(fd, metaLength, PREAMBLE).toString('utf8'));
    let closed = false;
    const close = () => {
      if (!closed) closeSync(fd);
      closed = true;
    };
    return {
      meta,
      close,
      read(options) {
        try {
          let at = PREAMBLE + metaLength;
          const outline = JSON.parse(readExactly(fd, outlineLength, at).toString('utf8')) as Node;
          at += outlineLength;
          const strings = readExactly(fd, stringLength, at);
          at += stringLength;
          at += (8 - (at % 8)) % 8;
          const binary = readExactly(fd, binaryLength, at);
          return new Decoder(options.classes, options.externals ?? {}, strings, binary).decode(outline);
        } finally {
          close();
        }
      },
    };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

