// Usage counted in memory as calls are answered, and added to the store at most every few
// seconds and when the instance stops, as increments: nothing is written on a call's own path,
// and instances sharing a database add up exactly. A store that cannot take a flush (down, or
// SQLite's write lock held by an import) keeps the counts in memory for the next one. A process
// killed without stopping loses what it counted since its last flush (at most FLUSH_MS).
import type { Logger } from 'pino';
import { OutageLog } from '../outage-log.js';
import { failingAsUnavailable } from '../errors.js';
import { addCounts, noCounts, OTHER_SUB_IDS, utcDay, type UsageCounts, type UsageGroup, type UsageIncrement, type UsageOperation, type UsageRow } from './usage-counts.js';
import { groupColumns, inReportOrder, UsageStoreBusy, type UsageStore } from './usage-store.js';
import { PendingCounts } from './pending-counts.js';

export interface UsageSettings {
  /** How often counts are added to the store. */
  flushMs: number;
  /** Distinct sub_ids kept per key and day; the others are counted as OTHER_SUB_IDS. */
  subIdsPerDay: number;
  /** Days kept; older ones are forgotten. */
  keepDays: number;
}

export const USAGE_DEFAULTS: UsageSettings = { flushMs: 5000, subIdsPerDay: 1000, keepDays: 400 };

/** What one call did, as far as usage goes. */
export type CallResult = { outcome: 'answered'; hotels: number; links: number } | { outcome: 'refused' } | { outcome: 'failed' };

const SEPARATOR = '\u0000';
const DAY_MS = 86_400_000;

export class UsageRecorder {
  /** Counts not yet in the store, by key, day, operation and sub_id. */
  private pending = new PendingCounts();
  /** The sub_ids of each key seen here on subIdsDay since the last flush, for the cap. */
  private subIdsSeen = new Map<string, Set<string>>();
  private subIdsDay = '';
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private prunedDay = '';
  private day = '';
  private dayStartMs = -Infinity;
  private readonly outages = new OutageLog();
  /** Told each time counts could not be written, but for a writer holding the store (the flush failures metric). */
  onFlushFailed: () => void = () => undefined;

  /** The store as reports read it: a failure is 503 to the caller (a flush keeps its own handling). */
  private readonly reads: UsageStore;

  constructor(
    private readonly store: UsageStore,
    private readonly logger: Logger,
    private readonly settings: UsageSettings = USAGE_DEFAULTS,
    private readonly clock: () => number = Date.now,
  ) {
    this.reads = failingAsUnavailable(store, 'usage cannot be read right now (the database does not answer); try again shortly');
  }

  /** The service's clock, for the days of reports. */
  now(): number {
    return this.clock();
  }

  /** Flushes every `flushMs` from now on. */
  start(): void {
    this.timer = setInterval(() => void this.flush(), this.settings.flushMs);
    this.timer.unref();
  }

  /** Counts a call of a key. */
  record(keyId: string, operation: UsageOperation, subId: string | null, result: CallResult): void {
    const day = this.today();
    const sub = this.subIdOf(keyId, day, subId);
    const increment = this.pending.slot(keyId, day, operation, sub);
    if (result.outcome === 'answered') {
      increment.calls++;
      increment.hotels_shown += result.hotels;
      increment.links += result.links;
    } else if (result.outcome === 'refused') increment.refused++;
    else increment.failed++;
  }

  /** The UTC day now, its text made once a day rather than at every call. */
  private today(): string {
    const now = this.clock();
    if (now < this.dayStartMs || now >= this.dayStartMs + DAY_MS) {
      this.dayStartMs = now - (now % DAY_MS);
      this.day = utcDay(now);
    }
    return this.day;
  }

  /** The sub_id to count a call under: past the cap of the key's day (as seen here), OTHER_SUB_IDS. */
  private subIdOf(keyId: string, day: string, subId: string | null): string | null {
    if (subId === null) return null;
    // A new day starts its own count (the store caps each day exactly; this bounds memory).
    if (day !== this.subIdsDay) {
      this.subIdsSeen = new Map();
      this.subIdsDay = day;
    }
    let seen = this.subIdsSeen.get(keyId);
    if (!seen) this.subIdsSeen.set(keyId, (seen = new Set()));
    if (seen.has(subId)) return subId;
    if (seen.size >= this.settings.subIdsPerDay) return OTHER_SUB_IDS;
    seen.add(subId);
    return subId;
  }

  /** Adds what is pending to the store; one flush at a time. `wait`: on a writer holding the store. */
  flush(wait = false): Promise<void> {
    this.flushing ??= this.flushNow(wait).finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushNow(wait: boolean): Promise<void> {
    const batch = this.pending;
    if (batch.size > 0) {
      this.pending = new PendingCounts();
      this.subIdsSeen = new Map();
      try {
        await this.store.add(batch.values(), this.settings.subIdsPerDay, wait);
      } catch (error) {
        // Kept for the next flush, added to what came meanwhile.
        for (const increment of batch.values()) this.pending.add(increment);
        if (!(error instanceof UsageStoreBusy)) this.onFlushFailed();
        if (!(error instanceof UsageStoreBusy)) this.outages.warn(this.logger, error, 'usage counts cannot be written to the database; kept in memory until it answers');
        return;
      }
    }
    await this.pruneDaily();
  }

  /** Forgets days past keepDays, once a day per instance. */
  private async pruneDaily(): Promise<void> {
    const today = utcDay(this.clock());
    if (today === this.prunedDay) return;
    this.prunedDay = today;
    try {
      await this.store.prune(utcDay(this.clock() - this.settings.keepDays * 86_400_000));
    } catch (error) {
      this.prunedDay = '';
      if (!(error instanceof UsageStoreBusy)) this.outages.warn(this.logger, error, 'old usage counts cannot be pruned');
    }
  }

  /** Some keys' counts (an affiliate's) in the store and those still pending here, summed by the groups. */
  async read(keyIds: readonly string[], from: string, to: string, groupBy: readonly UsageGroup[]): Promise<UsageRow[]> {
    // Written first, so the store applies the sub_id cap to it. A flush under way when the report
    // is asked for (it may hold the key's counts) is waited for; it holds only what came before it,
    // so the key's later counts get a flush of their own. What cannot be written (the store down
    // or busy), or comes meanwhile, is added from memory.
    await this.flush();
    if (keyIds.some((id) => this.pending.has(id))) await this.flush();
    const stored = await this.reads.read(keyIds, from, to, groupBy);
    const rows = new Map<string, UsageRow>();
    const columns = groupColumns(groupBy);
    const slotOf = (row: UsageRow) => columns.map((c) => String(row[c] ?? '')).join(SEPARATOR);
    const wanted = new Set(keyIds);
    for (const row of stored) rows.set(slotOf(row), row);
    for (const increment of this.pending.values()) {
      if (!wanted.has(increment.keyId) || increment.day < from || increment.day > to) continue;
      const grouped: UsageRow = { ...noCounts() };
      if (groupBy.includes('day')) grouped.day = increment.day;
      if (groupBy.includes('key')) grouped.key_id = increment.keyId;
      if (groupBy.includes('operation')) grouped.operation = increment.operation;
      if (groupBy.includes('sub_id')) grouped.sub_id = increment.subId;
      const row = rows.get(slotOf(grouped));
      if (row) addCounts(row, increment);
      else {
        addCounts(grouped, increment);
        rows.set(slotOf(grouped), orderedRow(grouped, groupBy));
      }
    }
    return inReportOrder([...rows.values()], groupBy);
  }

  /** What each key did lately, for a list of keys: its calls answered today (UTC) and the last day it had a call. */
  async activity(keyIds: readonly string[]): Promise<Map<string, { callsToday: number; lastDay: string | null }>> {
    const today = utcDay(this.clock());
    const [rows, lastDays] = await Promise.all([this.read(keyIds, today, today, ['key']), this.reads.lastDays(keyIds)]);
    const callsToday = new Map(rows.map((r) => [r.key_id!, r.calls]));
    const activity = new Map<string, { callsToday: number; lastDay: string | null }>();
    for (const id of keyIds) {
      // Today's pending counts (in rows) are later than any stored day.
      const today_ = rows.some((r) => r.key_id === id) ? today : null;
      activity.set(id, { callsToday: callsToday.get(id) ?? 0, lastDay: today_ ?? lastDays.get(id) ?? null });
    }
    return activity;
  }

  /** Stops flushing and adds what is pending: a stopping instance loses nothing it counted. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush(true);
    // A flush under way when close began may have left counts that came after it, or met a writer.
    if (this.pending.size > 0) await this.flush(true);
  }
}

/** The row with its grouped fields first, in the report's order, then the counters. */
function orderedRow(row: UsageRow, groupBy: readonly UsageGroup[]): UsageRow {
  const ordered: Partial<UsageRow> = {};
  for (const c of groupColumns(groupBy)) (ordered as Record<string, unknown>)[c] = row[c];
  const counts: UsageCounts = { calls: row.calls, refused: row.refused, failed: row.failed, hotels_shown: row.hotels_shown, links: row.links };
  return { ...ordered, ...counts };
}
