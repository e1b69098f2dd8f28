// Text columns of the hotel table. A million names as a million strings cost a million heap
// objects to build, to collect and to save or read back one by one; here each 65,536 rows
// share a string and a row is a slice of it (made when read: an answer reads a few dozen).
// Rows written in Latin-1 (most) and the others go to two strings of their chunk: V8 keeps a
// Latin-1 string at a byte a letter, and one other letter would double the whole chunk.
// Once sealed, the Latin-1 rows are bytes in a typed array instead (a row's string is made when
// read, about a tenth of a microsecond): typed arrays are what serving threads share, and the
// hotel table's texts are most of an index (150 of 360 MB at a million hotels).

/** What the index reads of a text column; a plain array is one too. */
export interface TextColumn<T = string> {
  readonly length: number;
  at(i: number): T | undefined;
}

const CHUNK_BITS = 16;
const CHUNK_ROWS = 1 << CHUNK_BITS;
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** The rows of one kind of text of the chunk being filled. */
class Lane {
  parts: string[] = [];
  length = 0;
  /** Its chunk strings, by chunk. */
  readonly chunks: string[] = [];

  add(text: string): number {
    this.parts.push(text);
    this.length += text.length;
    return this.length;
  }

  flush(chunk: number, full: boolean): void {
    this.chunks[chunk] = this.parts.join('');
    if (full) {
      this.parts = [];
      this.length = 0;
    }
  }
}

/** Latin-1 bytes to a string (Buffer's own decoder, called on a plain typed array). */
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice(this: Uint8Array, start: number, end: number): string }).latin1Slice;

export class StringColumn implements TextColumn<string> {
  /**
   * Row i is the slice starts[i]..ends[i] of chunk i >> 16 of its lane (wide[i]: not Latin-1);
   * once sealed, a Latin-1 row is bytes starts[i]..ends[i] of latin1Bytes.
   */
  private readonly latin1: string[];
  private latin1Bytes: Uint8Array | null = null;
  private readonly other: string[];
  private starts: Uint32Array;
  private ends: Uint32Array;
  private wide: Uint8Array;
  private lanes: [Lane, Lane] | null = [new Lane(), new Lane()];
  private size = 0;
  /** Rows were pushed since the last chunk strings were made: a read makes them (again) first. */
  private dirty = false;

  constructor(capacity: number) {
    this.starts = new Uint32Array(capacity);
    this.ends = new Uint32Array(capacity);
    this.wide = new Uint8Array(capacity);
    this.latin1 = this.lanes![0].chunks;
    this.other = this.lanes![1].chunks;
  }

  get length(): number {
    return this.size;
  }

  push(text: string): void {
    if (this.size === this.ends.length || this.lanes === null) throw new RangeError('the column is full');
    const i = this.size++;
    const wide = BEYOND_LATIN1.test(text) ? 1 : 0;
    const lane = this.lanes[wide];
    this.wide[i] = wide;
    this.starts[i] = lane.length;
    this.ends[i] = lane.add(text);
    this.dirty = true;
    if ((i & (CHUNK_ROWS - 1)) === CHUNK_ROWS - 1) this.flush();
  }

  /** Makes the strings of the chunk being filled; a full one is done with. */
  private flush(): void {
    this.dirty = false;
    if (this.lanes === null || this.size === 0) return;
    const chunk = (this.size - 1) >>> CHUNK_BITS;
    const full = (this.size & (CHUNK_ROWS - 1)) === 0;
    for (const lane of this.lanes) lane.flush(chunk, full);
  }

  /** No more rows: the last chunk is made and spare room let go. */
  seal(): void {
    if (this.lanes === null) return;
    this.flush();
    this.lanes = null;
    if (this.size < this.ends.length) {
      this.starts = this.starts.slice(0, this.size);
      this.ends = this.ends.slice(0, this.size);
      this.wide = this.wide.slice(0, this.size);
    }
    this.latin1ToBytes();
  }

  /** Moves the Latin-1 chunks into one typed array, rows pointing into it. */
  private latin1ToBytes(): void {
    const bases: number[] = [];
    let total = 0;
    for (const chunk of this.latin1) {
      bases.push(total);
      total += chunk.length;
    }
    const bytes = new Uint8Array(total);
    const writer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.latin1.forEach((chunk, k) => writer.write(chunk, bases[k], 'latin1'));
    for (let i = 0; i < this.size; i++) {
      if (this.wide[i] !== 0) continue;
      const base = bases[i >>> CHUNK_BITS];
      this.starts[i] += base;
      this.ends[i] += base;
    }
    this.latin1Bytes = bytes;
    this.latin1.length = 0;
  }

  at(i: number): string | undefined {
    if (!(i >= 0 && i < this.size)) return undefined;
    if (this.dirty) this.flush();
    if (this.wide[i] === 0 && this.latin1Bytes !== null) return latin1Slice.call(this.latin1Bytes, this.starts[i], this.ends[i]);
    const chunk = (this.wide[i] === 0 ? this.latin1 : this.other)[i >>> CHUNK_BITS];
    return chunk.slice(this.starts[i], this.ends[i]);
  }
}

/** A column of few distinct texts (cities, countries): each kept once, rows hold its number. */
export class InternedColumn implements TextColumn<string> {
  private readonly distinct: string[] = [];
  private readonly codes: Uint32Array;
  private numbers: Map<string, number> | null = new Map();
  private size = 0;

  constructor(capacity: number) {
    this.codes = new Uint32Array(capacity);
  }

  get length(): number {
    return this.size;
  }

  push(text: string): void {
    if (this.size === this.codes.length || this.numbers === null) throw new RangeError('the column is full');
    let code = this.numbers.get(text);
    if (code === undefined) {
      code = this.distinct.length;
      this.numbers.set(text, code);
      this.distinct.push(text);
    }
    this.codes[this.size++] = code;
  }

  /** No more rows: the lookup used while filling is let go. */
  seal(): void {
    this.numbers = null;
  }

  at(i: number): string | undefined {
    return i >= 0 && i < this.size ? this.distinct[this.codes[i]] : undefined;
  }
}

/** A text column where a row may have no text (a hotel without a photo). */
export class OptionalStringColumn implements TextColumn<string | null> {
  private readonly texts: StringColumn;
  /** 1 where the row has none. */
  private readonly missing: Uint8Array;

  constructor(capacity: number) {
    this.texts = new StringColumn(capacity);
    this.missing = new Uint8Array(capacity);
  }

  get length(): number {
    return this.texts.length;
  }

  push(text: string | null): void {
    if (text === null) this.missing[this.texts.length] = 1;
    this.texts.push(text ?? '');
  }

  seal(): void {
    this.texts.seal();
  }

  at(i: number): string | null | undefined {
    return this.missing[i] === 1 ? null : this.texts.at(i);
  }
}
