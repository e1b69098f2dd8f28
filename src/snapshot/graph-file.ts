// Saves a built, immutable object graph (typed arrays, arrays, Maps, Sets, plain objects and
// instances of named classes) to one file, and reads it back far faster than building it again:
// typed arrays come back as views onto one buffer read whole (no copy, no per-element work),
// big string arrays as a few decoded texts split once, arrays of same-shaped objects column by
// column, everything else from a JSON outline. Shared references stay shared. Instances get
// their class's prototype back without running its constructor, so a class saved here must hold
// nothing but data (no closures, no handles).
//
// File: magic, four float64 lengths (meta, outline, strings, binary) and the CRC-32 of the
// outline, strings and binary regions in turn, meta JSON, outline JSON, the strings (parts in
// Latin-1 or UTF-8, NUL between items), then the binary region, 8-aligned. The checksum is
// checked before anything is decoded: a damaged file (a disk's error, a crash before the bytes
// reached it) is refused, never read as an index that answers wrongly or loops for ever.
import { closeSync, openSync, read, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { Decoder, Encoder, SnapshotError, type Node, type SnapshotClasses, type SnapshotExternals } from './graph-codec.js';

export { SnapshotError, type SnapshotClasses, type SnapshotExternals };

const MAGIC = Buffer.from('HASNAP02');
/** Bytes read or written per call at most (a call takes at most 2 GiB). */
const IO_MAX = 2 ** 30;
const PREAMBLE = MAGIC.length + 5 * 8;

/** The CRC-32 of buffers one after the other (80 ms for a 360 MB index). */
function checksumOf(buffers: readonly Buffer[]): number {
  let crc = 0;
  for (const buffer of buffers) crc = crc32(buffer, crc);
  return crc;
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
  const checksum = checksumOf([outline, ...encoder.strings, ...encoder.binary]);
  const preambleNumbers = [metaBytes.length, outline.length, encoder.stringBytes, encoder.binaryBytes, checksum];
  const preamble = Buffer.alloc(PREAMBLE);
  MAGIC.copy(preamble);
  preambleNumbers.forEach((n, k) => preamble.writeDoubleLE(n, MAGIC.length + 8 * k));
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

/** Memory that other threads can be given without a copy (a SharedArrayBuffer), zeroed. */
function sharedBuffer(length: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(length));
}

/** The same, on one of libuv's threads: this thread goes on meanwhile. `shared`: into shared memory. */
function readInBackground(fd: number, length: number, position: number, shared: boolean): Promise<Buffer> {
  const buffer = shared ? sharedBuffer(length) : Buffer.allocUnsafeSlow(length);
  return new Promise((resolve, reject) => {
    const from = (done: number) => {
      if (done === length) return resolve(buffer);
      read(fd, buffer, done, Math.min(length - done, IO_MAX), position + done, (error, got) => {
        if (error) reject(error);
        else if (got === 0) reject(new SnapshotError('the file ends early'));
        else from(done + got);
      });
    };
    from(0);
  });
}

export interface OpenedGraph {
  meta: unknown;
  /** Reads the rest of the file: the graph as it was saved. */
  read(options: SaveOptions): unknown;
  close(): void;
  /** The regions as read, when read in the background into shared memory: for other threads to decode. */
  regions?: GraphRegions;
}

/**
 * A graph's outline, strings and binary regions in shared memory: another thread decodes its
 * own graph from them, whose typed arrays (but for scratch ones) are views onto the same memory.
 */
export interface GraphRegions {
  outline: Uint8Array;
  strings: Uint8Array;
  binary: Uint8Array;
}

/** A Buffer over the same memory (a Uint8Array posted to another thread arrives as one). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function copiedToShared(chunks: readonly Uint8Array[], length: number): Buffer {
  const buffer = sharedBuffer(length);
  let at = 0;
  for (const chunk of chunks) {
    buffer.set(chunk, at);
    at += chunk.length;
  }
  return buffer;
}

/** Encodes a graph into regions in shared memory, as saveGraph would write them. */
export function encodeShared(root: unknown, options: SaveOptions): GraphRegions {
  const encoder = new Encoder(options.classes, options.externals ?? {});
  const outline = Buffer.from(JSON.stringify(encoder.encode(root)));
  return {
    outline: copiedToShared([outline], outline.length),
    strings: copiedToShared(encoder.strings, encoder.stringBytes),
    binary: copiedToShared(encoder.binary, encoder.binaryBytes),
  };
}

/** Decodes a graph from regions already checked (read whole and checksummed, or encoded here). */
export function decodeShared(regions: GraphRegions, options: SaveOptions): unknown {
  const outline = asBuffer(regions.outline);
  return new Decoder(options.classes, options.externals ?? {}, asBuffer(regions.strings), asBuffer(regions.binary)).decode(JSON.parse(outline.toString('utf8')) as Node);
}

/** Where a file's regions lie, from its preamble; and its meta. */
interface Layout {
  meta: unknown;
  checksum: number;
  outline: { at: number; length: number };
  strings: { at: number; length: number };
  binary: { at: number; length: number };
}

/** Reads the preamble and the meta; throws for a file that is not a snapshot of this version. */
function readLayout(fd: number): Layout {
  const preamble = readExactly(fd, PREAMBLE, 0);
  if (!preamble.subarray(0, MAGIC.length).equals(MAGIC)) throw new SnapshotError('not a snapshot of this version');
  const [metaLength, outlineLength, stringLength, binaryLength, checksum] = [0, 1, 2, 3, 4].map((k) => preamble.readDoubleLE(MAGIC.length + 8 * k));
  const meta: unknown = JSON.parse(readExactly(fd, metaLength, PREAMBLE).toString('utf8'));
  const outlineAt = PREAMBLE + metaLength;
  const stringsAt = outlineAt + outlineLength;
  const binaryAt = stringsAt + stringLength + ((8 - ((stringsAt + stringLength) % 8)) % 8);
  return {
    meta,
    checksum,
    outline: { at: outlineAt, length: outlineLength },
    strings: { at: stringsAt, length: stringLength },
    binary: { at: binaryAt, length: binaryLength },
  };
}

function decodeRegions(outline: Buffer, strings: Buffer, binary: Buffer, checksum: number, options: SaveOptions): unknown {
  if (checksumOf([outline, strings, binary]) !== checksum) throw new SnapshotError('the file is damaged: its checksum does not match');
  return new Decoder(options.classes, options.externals ?? {}, strings, binary).decode(JSON.parse(outline.toString('utf8')) as Node);
}

/** Opens a saved graph and reads its meta only, so a caller can decide whether it wants the rest. */
export function openGraph(path: string): OpenedGraph {
  const fd = openSync(path, 'r');
  try {
    const { meta, checksum, outline, strings, binary } = readLayout(fd);
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
          const regions = [outline, strings, binary].map(({ at, length }) => readExactly(fd, length, at));
          return decodeRegions(regions[0], regions[1], regions[2], checksum, options);
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

/**
 * Opens a saved graph and reads all of it on libuv's threads while this thread goes on: a start
 * reads the catalog index so while it decodes the gazetteer. The file is opened and its meta
 * read at once (throwing as openGraph does); the promise settles when every byte is in, and
 * its `read` then only decodes. A file whose meta is not `wanted` is not read further: its
 * graph settles at once, with its meta, and cannot be read.
 */
export function openGraphInBackground(path: string, wanted: (meta: unknown) => boolean = () => true, shared = false): Promise<OpenedGraph> {
  const fd = openSync(path, 'r');
  let layout: Layout;
  try {
    layout = readLayout(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const { meta, checksum, outline, strings, binary } = layout;
  if (!wanted(meta)) {
    closeSync(fd);
    const unread: OpenedGraph = {
      meta,
      close: () => {},
      read: () => {
        throw new SnapshotError('the graph of a file not wanted was not read');
      },
    };
    return Promise.resolve(unread);
  }
  const regions = Promise.all([outline, strings, binary].map(({ at, length }) => readInBackground(fd, length, at, shared)));
  const opened = regions.then(([outlineBytes, stringBytes, binaryBytes]): OpenedGraph => ({
    meta,
    close: () => {},
    read: (options) => decodeRegions(outlineBytes, stringBytes, binaryBytes, checksum, options),
    regions: shared ? { outline: outlineBytes, strings: stringBytes, binary: binaryBytes } : undefined,
  }));
  return opened.finally(() => closeSync(fd));
}
