// Text columns of the hotel table. A million names as a million strings cost a million heap
// objects to build, to collect and to save or read back one by one; here each 65,536 rows
// share one string and a row is a slice of it (made when read: an answer reads a few dozen).
// Read back from a saved index, a column is a few long strings and one typed array.

/** What the index reads of a text column; a plain array is one too. */
export interface TextColumn<T = string> {
  readonly length: number;
  at(i: number): T | undefined;
}

const CHUNK_BITS = 16;
const CHUNK_ROWS = 1 << CHUNK_BITS;

export class StringColumn implements TextColumn<string> {
  /** Row i is chunks[i >> 16], from the end of row i - 1 (0 at a chunk's first row) to ends[i]. */
  private readonly chunks: string[] = [];
  private ends: Uint32Array;
  private pending: string[] = [];
  private pendingLength = 0;
  private size = 0;
  private sealed = false;
  /** Rows were pushed since the last chunk was made: a read makes it (again) first. */
  private dirty = false;

  constructor(capacity: number) {
    this.ends = new Uint32Array(capacity);
  }

  get length(): number {
    return this.size;
  }

  push(text: string): void {
    if (this.size === this.ends.length || this.sealed) throw new RangeError('the column is full');
    this.pending.push(text);
    this.pendingLength += text.length;
    this.ends[this.size++] = this.pendingLength;
    this.dirty = true;
    if (this.pending.length === CHUNK_ROWS) this.flush();
  }

  /** Makes the chunk of the pending rows; a full one is done with. */
  private flush(): void {
    this.dirty = false;
    if (this.pending.length === 0) return;
    this.chunks[(this.size - 1) >>> CHUNK_BITS] = this.pending.join('');
    if (this.pending.length === CHUNK_ROWS) {
      this.pending = [];
      this.pendingLength = 0;
    }
  }

  /** No more rows: the last chunk is made and spare room let go. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    this.flush();
    this.pending = [];
    if (this.size < this.ends.length) this.ends = this.ends.slice(0, this.size);
  }

  at(i: number): string | undefined {
    if (!(i >= 0 && i < this.size)) return undefined;
    if (this.dirty) this.flush();
    const chunk = this.chunks[i >>> CHUNK_BITS];
    return chunk.slice((i & (CHUNK_ROWS - 1)) === 0 ? 0 : this.ends[i - 1], this.ends[i]);
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
