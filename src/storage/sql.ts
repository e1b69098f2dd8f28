// One way to run the small SQL of the affiliate's account (operator keys, the audit, console
// sessions) on either database, so each of those stores is written once. Statements use `?`
// placeholders; PostgreSQL's $1, $2… are made from them. Hot paths (a call's key lookup) keep
// their own prepared statements in the key stores.
import type pg from 'pg';
import { inTransaction, queryWithin } from './postgres.js';
import type { SqliteDatabase } from './sqlite.js';
import { beginWriteInTurn } from './sqlite-write-turn.js';

export interface SqlStatements {
  all<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a statement that returns no rows; resolves to the rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export interface SqlDatabase extends SqlStatements {
  /** Runs `work` in one write transaction, all or nothing. */
  transaction<T>(work: (tx: SqlStatements) => Promise<T>): Promise<T>;
}

/** `?` placeholders as PostgreSQL's numbered ones. Statements here hold no `?` in literals. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function sqliteStatements(db: SqliteDatabase, onWriteWait?: () => void): SqlDatabase {
  const statements: SqlStatements = {
    all: async <Row>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => db.prepare(sql).run(...params).changes,
  };
  // Writes take their turn behind an import (which holds SQLite's one write lock). The work's
  // statements resolve at once, so no other code runs inside the transaction.
  async function transaction<T>(work: (tx: SqlStatements) => Promise<T>): Promise<T> {
    await beginWriteInTurn(db, onWriteWait);
    try {
      const result = await work(statements);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
  return { all: statements.all, run: (sql, params) => transaction((tx) => tx.run(sql, params)), transaction };
}

export function postgresStatements(pool: pg.Pool, timeoutMs: number): SqlDatabase {
  return {
    all: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await queryWithin<Row & pg.QueryResultRow>(pool, timeoutMs, numbered(sql), [...params])).rows as Row[],
    run: async (sql, params = []) => (await queryWithin(pool, timeoutMs, numbered(sql), [...params])).rowCount ?? 0,
    transaction: (work) =>
      inTransaction(pool, (client) =>
        work({
          all: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(numbered(sql), [...params])).rows as Row[],
          run: async (sql, params = []) => (await client.query(numbered(sql), [...params])).rowCount ?? 0,
        }),
      ),
  };
}
