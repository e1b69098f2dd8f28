// Detail reads share one read transaction per turn of the event loop: a read must never see the
// database older than the turn it runs in, and the transaction must not outlive the turn (it
// would hide later imports and keep WAL checkpoints from finishing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteTurnReads } from '../src/storage/sqlite-turn-reads.js';
import { openSqlite, sqliteFile } from '../src/storage/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'turn-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteTurnReads', () => {
  it('sees every commit made before the turn, and ends its transaction with the turn', async () => {
    const db = openSqlite(dir);
    const reads = new SqliteTurnReads(db);
    const writer = new Database(sqliteFile(dir));
    const count = reads.connection.prepare('SELECT COUNT(*) AS n FROM allowance_counts').pluck();
    const insert = writer.prepare('INSERT INTO allowance_counts (counter, used, expires_at_ms) VALUES (?, 1, 0)');
    try {
      for (let round = 1; round <= 3; round++) {
        insert.run(`round-${round}`);
        // The first read of a turn after a commit sees it.
        expect(reads.read(() => count.get())).toBe(round);
        expect(reads.connection.inTransaction).toBe(true);
        // A commit during the turn is not seen by the turn's later reads (one snapshot per turn)...
        insert.run(`round-${round}-late`);
        expect(reads.read(() => count.get())).toBe(round);
        await nextTurn();
        // ...and the transaction is over when the turn is.
        expect(reads.connection.inTransaction).toBe(false);
        writer.prepare('DELETE FROM allowance_counts WHERE counter = ?').run(`round-${round}-late`);
      }
      // A writer is never kept waiting by the reads: its commits go through while a turn reads.
      reads.read(() => count.get());
      expect(() => insert.run('while-reading')).not.toThrow();
    } finally {
      writer.close();
      reads.close();
      db.close();
    }
  });

  it('reads through a map of the file as large as asked, rows moved into the file past it included', async () => {
    const db = openSqlite(dir);
    const reads = new SqliteTurnReads(db, 64 * 1024);
    expect(reads.connection.pragma('mmap_size', { simple: true })).toBe(64 * 1024);
    const writer = new Database(sqliteFile(dir));
    const total = reads.connection.prepare('SELECT COUNT(*), SUM(used) FROM allowance_counts WHERE counter LIKE ?').raw();
    try {
      expect(reads.read(() => total.get('mapped-%'))).toEqual([0, null]);
      await nextTurn();
      // About 600 KB of rows, copied from the WAL into the file itself: most of them lie past the map.
      const insert = writer.prepare('INSERT INTO allowance_counts (counter, used, expires_at_ms) VALUES (?, ?, 0)');
      writer.transaction(() => {
        for (let n = 1; n <= 2000; n++) insert.run(`mapped-${n}-${'x'.repeat(256)}`, n);
      })();
      writer.pragma('wal_checkpoint(TRUNCATE)');
      expect(reads.read(() => total.get('mapped-%'))).toEqual([2000, 2001000]);
    } finally {
      writer.close();
      reads.close();
      db.close();
    }
  });

  it('fails a read once its connection is closed, rather than reading without a snapshot', async () => {
    const db = openSqlite(dir);
    const reads = new SqliteTurnReads(db);
    const count = reads.connection.prepare('SELECT COUNT(*) FROM allowance_counts').pluck();
    reads.read(() => count.get());
    reads.close();
    expect(() => reads.read(() => count.get())).toThrow(/not open/);
    // The end of the turn finds the connection closed and does nothing (no uncaught error).
    await nextTurn();
    db.close();
  });
});
