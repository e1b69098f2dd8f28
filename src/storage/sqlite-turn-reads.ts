// Reads on a connection of their own that share one read transaction per turn of the event
// loop. Under load a turn answers several calls; each read run alone is a transaction of its
// own, with two fcntl locks and an fstat around it, and a third of a hotel detail read went
// there. The transaction ends at the end of the turn (setImmediate), so a read never sees the
// database older than the turn it runs in: an import committed before the turn began is
// always seen, as by a read on its own.
// The connection may map the file into memory (SQLite's mmap_size, SQLITE_MAP_MB): a hotel detail
// read at a million hotels touches two or three pages that no page cache of a few MB holds. Read
// one system call each, they cost a few µs of kernel time; mapped, the first read of a page costs
// a page fault in each thread's own mapping, and with ids drawn from a whole catalog nearly every
// read is a first one: at 1M hotels, two threads, mapped answered 1.11-1.19x the PostgreSQL peer's
// rate, unmapped 1.48-1.72x (2026-11-28). Mapping paid only while the same few thousand hotels were
// read again and again. It is off by default; a disk that fails under a mapped page also ends the
// process (SIGBUS) instead of answering 503 (https://sqlite.org/mmap.html).
// The connection only reads: a write on a connection inside this transaction would fail, and
// holding it across turns would keep WAL checkpoints from finishing.
import Database, { type Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './sqlite.js';

export class SqliteTurnReads {
  /** The connection to prepare the reads on. */
  readonly connection: SqliteDatabase;
  /** Null for an in-memory database, which has no second connection: its reads run alone. */
  private readonly turn: { begin: Statement; commit: Statement } | null;
  // The connection only ever holds the turn's transaction: in one means the turn's end is set.
  private readonly endTurn = () => {
    if (this.connection.open && this.connection.inTransaction) this.turn!.commit.run();
  };

  /** Opens a read-only connection to the same file as `db`, mapping up to `mapBytes` of it. */
  constructor(db: SqliteDatabase, mapBytes = 0) {
    if (db.memory) {
      this.connection = db;
      this.turn = null;
      return;
    }
    this.connection = new Database(db.name, { readonly: true, fileMustExist: true });
    // Waits as the database's own connection does (storage/sqlite.ts) when SQLite says busy.
    this.connection.pragma(`busy_timeout = ${db.pragma('busy_timeout', { simple: true }) as number}`);
    this.connection.pragma(`mmap_size = ${mapBytes}`);
    this.turn = { begin: this.connection.prepare('BEGIN'), commit: this.connection.prepare('COMMIT') };
  }

  /** Runs `read` inside this turn's read transaction, beginning it if it is the turn's first. */
  read<T>(read: () => T): T {
    if (this.turn !== null && this.connection.open && !this.connection.inTransaction) {
      this.turn.begin.run();
      setImmediate(this.endTurn);
    }
    return read();
  }

  /** Closes the second connection (the database itself is its owner's to close). */
  close(): void {
    if (this.turn !== null && this.connection.open) this.connection.close();
  }
}
