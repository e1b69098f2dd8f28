// PostgreSQL that hangs costs little: once a query gets no answer (it timed out, or the server
// cannot be reached) and a probe sent then gets none either, reads fail at once, without asking,
// until a probe (SELECT 1 every second, waiting at most the query timeout) answers. A call that
// needs the database is then answered 503 in a moment instead of after DATABASE_TIMEOUT_MS each,
// and calls queued behind a hung pool do not pile up. The first probe confirms the outage: a
// process starved of CPU for longer than the timeout fires its timers before it reads the answers
// already waiting in its sockets, and one such timeout must not refuse a second of calls. Answers
// the server gives (a constraint, a syntax error) are not outages.
import type pg from 'pg';
import { backstopMs, within } from '../within.js';

/** How often an open circuit asks PostgreSQL whether it answers again. */
export const PROBE_INTERVAL_MS = 1000;

/** Errors that mean PostgreSQL did not answer, rather than answered no. */
const UNANSWERED_CODES = new Set(['ETIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

export function unanswered(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code !== undefined && UNANSWERED_CODES.has(code)) return true;
  return /timeout|Connection terminated|not queryable/i.test(message ?? '');
}

/** What a read is refused with while the circuit is open. */
export class DatabaseUnansweredError extends Error {
  readonly code = 'EDBUNANSWERED';
}

export class PostgresCircuit {
  private openedBy: unknown = null;
  /** A probe under way to confirm an outage a query met. */
  private confirming = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  /** Whether PostgreSQL answered lately (the circuit is closed). */
  get up(): boolean {
    return this.openedBy === null;
  }

  /** Throws, at once, while PostgreSQL is known not to answer. */
  check(): void {
    if (this.openedBy !== null) {
      const cause = (this.openedBy as { message?: string }).message ?? String(this.openedBy);
      throw new DatabaseUnansweredError(`PostgreSQL did not answer lately (${cause}); not asked again until it does`, { cause: this.openedBy });
    }
  }

  /** Told of a query that failed: one that got no answer opens the circuit if a probe gets none either. */
  failed(error: unknown): void {
    if (this.openedBy !== null || this.confirming || this.stopped || !unanswered(error)) return;
    this.confirming = true;
    this.probe().then(
      () => (this.confirming = false),
      () => {
        this.confirming = false;
        if (this.stopped) return;
        this.openedBy = error;
        this.probeLater();
      },
    );
  }

  private probe(): Promise<unknown> {
    return within(this.pool.query({ text: 'SELECT 1', query_timeout: backstopMs(this.timeoutMs) } as pg.QueryConfig), this.timeoutMs);
  }

  private probeLater(): void {
    this.timer = setTimeout(() => {
      this.probe().then(
        () => {
          this.openedBy = null;
        },
        () => {
          if (!this.stopped) this.probeLater();
        },
      );
    }, PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

const circuits = new WeakMap<pg.Pool, PostgresCircuit>();

/** The circuit of a pool (made with it by openPostgres), or none. */
export function circuitOf(pool: pg.Pool): PostgresCircuit | undefined {
  return circuits.get(pool);
}

export function attachCircuit(pool: pg.Pool, timeoutMs: number): PostgresCircuit {
  const circuit = new PostgresCircuit(pool, timeoutMs);
  circuits.set(pool, circuit);
  return circuit;
}
