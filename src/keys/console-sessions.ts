// Console sessions: a secret key signs in once and the browser holds a random session token in
// an HttpOnly cookie instead of the key. Only a SHA-256 of the token is stored, with the key it
// stands for and the page's anti-forgery token. A session ends when signed out, after a time
// without use, when its key is revoked or rolled, and at most a day after it began. Kept in the
// database, so that every instance behind the load balancer knows it.
import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../storage/sql.js';
import { base62, hashSecret } from './api-key.js';

export interface ConsoleSession {
  keyId: string;
  /** The anti-forgery token every change sends back (X-CSRF-Token). */
  csrfToken: string;
  createdAt: string;
}

export interface SessionTimes {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  maxMs: number;
}

export const SESSION_TIMES: SessionTimes = { idleMs: 30 * 60_000, maxMs: 24 * 3_600_000 };
/** How stale a session's last use may be before it is written again: not a write per page call. */
const TOUCH_MS = 60_000;

interface SessionRow {
  key_id: string;
  csrf_token: string;
  created_at: string;
  seen_at: string;
}

const token = () => base62(randomBytes(32), 43);

export class ConsoleSessions {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly times: SessionTimes = SESSION_TIMES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a session for a key: the cookie's token (shown once) and the session. Sessions past their time are forgotten then. */
  async open(keyId: string): Promise<{ token: string; session: ConsoleSession }> {
    await this.prune();
    const secret = token();
    const at = new Date(this.now()).toISOString();
    const session: ConsoleSession = { keyId, csrfToken: token(), createdAt: at };
    await this.sql.run('INSERT INTO console_sessions (token_hash, key_id, csrf_token, created_at, seen_at) VALUES (?, ?, ?, ?, ?)', [
      hashSecret(secret),
      keyId,
      session.csrfToken,
      at,
      at,
    ]);
    return { token: secret, session };
  }

  /** The live session of a cookie's token, its use noted; null when unknown, idle too long or too old. */
  async find(secret: string): Promise<ConsoleSession | null> {
    const hash = hashSecret(secret);
    const [row] = await this.sql.all<SessionRow>('SELECT key_id, csrf_token, created_at, seen_at FROM console_sessions WHERE token_hash = ?', [hash]);
    if (!row) return null;
    const now = this.now();
    if (now - Date.parse(row.seen_at) > this.times.idleMs || now - Date.parse(row.created_at) > this.times.maxMs) {
      await this.sql.run('DELETE FROM console_sessions WHERE token_hash = ?', [hash]);
      return null;
    }
    if (now - Date.parse(row.seen_at) > TOUCH_MS) await this.sql.run('UPDATE console_sessions SET seen_at = ? WHERE token_hash = ?', [new Date(now).toISOString(), hash]);
    return { keyId: row.key_id, csrfToken: row.csrf_token, createdAt: row.created_at };
  }

  async end(secret: string): Promise<void> {
    await this.sql.run('DELETE FROM console_sessions WHERE token_hash = ?', [hashSecret(secret)]);
  }

  /** Ends every session of a key (revoked or rolled). */
  async endForKey(keyId: string): Promise<void> {
    await this.sql.run('DELETE FROM console_sessions WHERE key_id = ?', [keyId]);
  }

  /** Forgets sessions past their time (at each sign-in; find ignores them anyway). */
  async prune(): Promise<void> {
    const now = this.now();
    await this.sql.run('DELETE FROM console_sessions WHERE seen_at < ? OR created_at < ?', [
      new Date(now - this.times.idleMs).toISOString(),
      new Date(now - this.times.maxMs).toISOString(),
    ]);
  }
}
