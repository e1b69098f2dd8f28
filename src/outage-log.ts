// A dependency that is down fails every call until it is back. Its warning (with the cause's
// stack) is logged the first time, then at most once every `everyMs` with the number of calls it
// failed meanwhile, not once per call: a PostgreSQL outage under load wrote 7,404 such lines in
// 20 s. Each call is still in the access log, with its 503.
import type { Logger } from 'pino';

/** Distinct warnings followed at most (their messages are the service's own few). */
const MAX_KINDS = 100;

export class OutageLog {
  private readonly seen = new Map<string, { at: number; since: number }>();

  constructor(
    private readonly everyMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  warn(log: Logger, cause: unknown, message: string): void {
    const at = this.now();
    const last = this.seen.get(message);
    if (last !== undefined && at - last.at < this.everyMs) {
      last.since++;
      return;
    }
    if (last === undefined && this.seen.size >= MAX_KINDS) this.seen.clear();
    this.seen.set(message, { at, since: 0 });
    const since = last?.since ?? 0;
    log.warn(since > 0 ? { err: cause, alsoFailedSinceLastSaid: since } : { err: cause }, message);
  }
}
