// Console sessions in the embedded database, on a clock the test moves: a session lives while it
// is used, ends after 30 minutes unused or a day after sign-in, and ended ones are forgotten at
// the next sign-in rather than kept for ever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSessions } from '../src/keys/console-sessions.js';
import { sqliteStatements } from '../src/storage/sql.js';
import { openSqlite, type SqliteDatabase } from '../src/storage/sqlite.js';

let dir: string;
let db: SqliteDatabase;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-sessions-'));
  db = openSqlite(dir);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('console sessions', () => {
  it('live while used, end after 30 minutes unused or a day after sign-in, and are forgotten at the next sign-in', async () => {
    let now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const sessions = new ConsoleSessions(sqliteStatements(db), { idleMs: 30 * 60_000, maxMs: 24 * 3_600_000 }, () => now);
    const used = await sessions.open('key_used');
    const idle = await sessions.open('key_idle');
    // Used every 20 minutes, it lives past 30 minutes from sign-in.
    for (let i = 0; i < 5; i++) {
      now += 20 * 60_000;
      expect((await sessions.find(used.token))?.keyId).toBe('key_used');
    }
    expect(await sessions.find(idle.token)).toBeNull();
    // Used all day, it ends a day after sign-in all the same.
    while (now < Date.UTC(2026, 10, 29, 9, 0, 0)) {
      now += 20 * 60_000;
      expect((await sessions.find(used.token))?.keyId).toBe('key_used');
    }
    now += 60_000;
    expect(await sessions.find(used.token)).toBeNull();
    const rows = () => (db.prepare('SELECT COUNT(*) AS n FROM console_sessions').get() as { n: number }).n;
    const stale = await sessions.open('key_stale');
    now += 31 * 60_000;
    expect(rows()).toBe(1);
    await sessions.open('key_next');
    // The stale session was forgotten by the sign-in; the new one is the only row.
    expect(rows()).toBe(1);
    expect(await sessions.find(stale.token)).toBeNull();
  });
});
