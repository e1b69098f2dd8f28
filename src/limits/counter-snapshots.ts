// Allowance counts kept across a restart. An instance that counts on its own (no Redis) would
// otherwise give every caller a fresh allowance each time it is deployed or restarted; it saves
// its counts when it stops and reads them back when it starts. A crash loses the counts of the
// windows then open, as before.
import type { SqliteDatabase } from '../storage/sqlite.js';

export interface CounterEntry {
  key: string;
  used: number;
  expiresAtMs: number;
}

export interface CounterSnapshots {
  /** The counts saved by the last stop (the counters leave out windows that have ended since). */
  load(): CounterEntry[];
  /** Replaces the saved counts. */
  save(entries: readonly CounterEntry[]): void;
}

export class SqliteCounterSnapshots implements CounterSnapshots {
  constructor(private readonly db: SqliteDatabase) {}

  load(): CounterEntry[] {
    return this.db.prepare('SELECT counter AS key, used, expires_at_ms AS expiresAtMs FROM allowance_counts').all() as CounterEntry[];
  }

  save(entries: readonly CounterEntry[]): void {
    const insert = this.db.prepare('INSERT INTO allowance_counts (counter, used, expires_at_ms) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.exec('DELETE FROM allowance_counts');
      for (const e of entries) insert.run(e.key, e.used, e.expiresAtMs);
    })();
  }
}
