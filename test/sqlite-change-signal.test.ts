// The signal the key store trusts to remember keys: it must say "changed" after every commit
// of any connection, and may only say "unchanged" when it can read SQLite's WAL-index header.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteChangeSignal } from '../src/storage/sqlite-change-signal.js';
import { openSqlite, sqliteFile } from '../src/storage/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'change-signal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteChangeSignal', () => {
  it('says changed after each commit of any connection, and only then', () => {
    const db = openSqlite(dir);
    const signal = new SqliteChangeSignal(db);
    try {
      expect(signal.changed()).toBe(true);
      expect(signal.changed()).toBe(false);
      db.prepare('SELECT COUNT(*) FROM api_keys').get();
      expect(signal.changed()).toBe(false);
      for (let round = 0; round < 3; round++) {
        const other = new Database(sqliteFile(dir));
        other.prepare("INSERT INTO allowance_counts (counter, used, expires_at_ms) VALUES (?, 1, 0)").run(`other-${round}`);
        other.close();
        expect(signal.changed()).toBe(true);
        expect(signal.changed()).toBe(false);
        db.prepare('DELETE FROM allowance_counts WHERE counter = ?').run(`other-${round}`);
        expect(signal.changed()).toBe(true);
        expect(signal.changed()).toBe(false);
      }
      // A checkpoint that restarts the log, then a commit: still seen.
      db.pragma('wal_checkpoint(TRUNCATE)');
      signal.changed();
      db.prepare("INSERT INTO allowance_counts (counter, used, expires_at_ms) VALUES ('after', 1, 0)").run();
      expect(signal.changed()).toBe(true);
    } finally {
      signal.close();
      db.close();
    }
  });

  it('always says changed for a database it cannot watch (not in WAL mode)', () => {
    const memory = new Database(':memory:');
    const signal = new SqliteChangeSignal(memory);
    expect([signal.changed(), signal.changed(), signal.changed()]).toEqual([true, true, true]);
    signal.close();
    memory.close();
  });
});
