// Whether anything may have been committed to the SQLite database since the last look, by any
// connection of any process (the CLI revoking a key, an operator's UPDATE, an import), for the
// price of one read of 48 bytes: the first copy of the WAL-index header at the start of the
// -shm file, which SQLite rewrites at every commit (a change counter, the last frame, salts and
// checksums; https://sqlite.org/walformat.html), read without taking any lock.
//
// SQLite's own PRAGMA data_version answers the same question, but as a statement: a read
// transaction, with two fcntl locks and an fstat: on a route that did nothing else it cost 50 us
// of 130 per call under load on the project's machine, against about nothing for this read
// (README, "Under load").
import { closeSync, openSync, readSync } from 'node:fs';
import type { SqliteDatabase } from './sqlite.js';

/** The first of the header's two copies (a WalIndexHdr); SQLite writes it last at a commit. */
const HEADER_BYTES = 48;

export class SqliteChangeSignal {
  private fd: number | null = null;
  private readonly seen = Buffer.alloc(HEADER_BYTES);
  private readonly read = Buffer.alloc(HEADER_BYTES);
  private primed = false;

  constructor(db: SqliteDatabase) {
    // Without WAL there is no -shm file, and every look says "changed"; so too if it cannot be opened.
    if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return;
    try {
      this.fd = openSync(`${db.name}-shm`, 'r');
    } catch {
      // fd stays null
    }
  }

  /** False only when nothing can have been committed since the previous call that said true. */
  changed(): boolean {
    if (this.fd === null) return true;
    let bytes: number;
    try {
      bytes = readSync(this.fd, this.read, 0, HEADER_BYTES, 0);
    } catch {
      return true;
    }
    if (bytes === HEADER_BYTES && this.primed && this.read.equals(this.seen)) return false;
    this.read.copy(this.seen);
    this.primed = bytes === HEADER_BYTES;
    return true;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
