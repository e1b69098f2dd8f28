// Console sessions on a clock the test moves, in the embedded database and in PostgreSQL (a schema
// of its own in the machine's, migrated as a service migrates it): a session lives while it is
// used, ends after 30 minutes unused or a day after sign-in, and ended ones are forgotten at the
// next sign-in rather than kept for ever.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSessions } from '../src/keys/console-sessions.js';
import { openPostgres } from '../src/storage/postgres.js';
import { postgresStatements, sqliteStatements, type SqlDatabase } from '../src/storage/sql.js';
import { openSqlite, type SqliteDatabase } from '../src/storage/sqlite.js';
import { TEST_POSTGRES, withClient } from './support/test-database.js';

interface Store {
  sql: SqlDatabase;
  rows(): Promise<number>;
}

let dir: string;
let db: SqliteDatabase;
let pool: pg.Pool;
const schema = `t_${randomBytes(6).toString('hex')}`;
const stores: Record<'SQLite' | 'PostgreSQL', () => Store> = {
  SQLite: () => ({ sql: sqliteStatements(db), rows: async () => (db.prepare('SELECT COUNT(*) AS n FROM console_sessions').get() as { n: number }).n }),
  PostgreSQL: () => ({ sql: postgresStatements(pool, 5_000), rows: async () => Number((await pool.query('SELECT COUNT(*) AS n FROM console_sessions')).rows[0].n) }),
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-sessions-'));
  db = openSqlite(dir);
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  pool = await openPostgres(`${TEST_POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, 5_000, 2);
});
afterAll(async () => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
  await pool?.end();
  await withClient((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

describe.each(Object.keys(stores) as Array<keyof typeof stores>)('console sessions in %s', (name) => {
  it('live while used, end after 30 minutes unused or a day after sign-in, and are forgotten at the next sign-in', async () => {
    let now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const store = stores[name]();
    const sessions = new ConsoleSessions(store.sql, { idleMs: 30 * 60_000, maxMs: 24 * 3_600_000 }, () => now);
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
    const rows = () => store.rows();
    const stale = await sessions.open('key_stale');
    now += 31 * 60_000;
    expect(await rows()).toBe(1);
    await sessions.open('key_next');
    // The stale session was forgotten by the sign-in; the new one is the only row.
    expect(await rows()).toBe(1);
    expect(await sessions.find(stale.token)).toBeNull();
  });
});
