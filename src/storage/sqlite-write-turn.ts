// A write's turn on SQLite: an import's transaction holds the database's one write lock from
// its first row to COMMIT, so another import, or a key created or revoked meanwhile, waits for
// that lock, however long, instead of failing after the connection's busy timeout. A process
// killed while holding the lock loses it (and its uncommitted rows) with its file handles, so
// nobody waits for a dead import.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SqliteDatabase } from './sqlite.js';

/** Long enough for the short writes that are not imports (a key created, a schema brought up to date). */
const FIRST_TRY_MS = 200;
/** Each later try: SQLite retries inside it, so the lock is taken within about 100 ms of its release. */
const NEXT_TRY_MS = 250;

/** Begins a write transaction (BEGIN IMMEDIATE) once the lock is free; calls onWait once if it is not. */
export async function beginWriteInTurn(db: SqliteDatabase, onWait?: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (tryBeginWrite(db, attempt === 0 ? FIRST_TRY_MS : NEXT_TRY_MS)) return;
    if (attempt === 0) onWait?.();
    // Between tries the process stays responsive (output, signals, timers).
    await sleep(0);
  }
}

function tryBeginWrite(db: SqliteDatabase, waitMs: number): boolean {
  const usual = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${waitMs}`);
  try {
    db.exec('BEGIN IMMEDIATE');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${usual}`);
  }
}
