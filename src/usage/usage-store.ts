// Where usage is kept: the catalog's database (SQLite or PostgreSQL), as increments every
// instance adds to, so that instances add up exactly.
import { addCounts, OTHER_SUB_IDS, type UsageGroup, type UsageIncrement, type UsageRow } from './usage-counts.js';

/** The store is being written by someone else (SQLite's write lock, held by an import): try later. */
export class UsageStoreBusy extends Error {}

export interface UsageStore {
  /**
   * Adds the increments, all or none. A sub_id a key's day does not hold yet, once it holds
   * `subIdsPerDay` others, is counted as OTHER_SUB_IDS: exact across instances. Unless `wait`,
   * a store whose writes would wait on another writer throws UsageStoreBusy instead.
   */
  add(increments: readonly UsageIncrement[], subIdsPerDay: number, wait?: boolean): Promise<void>;
  /** The counters of some keys (an affiliate's) from one day to another (both included), summed by the groups, ordered by them. */
  read(keyIds: readonly string[], from: string, to: string, groupBy: readonly UsageGroup[]): Promise<UsageRow[]>;
  /** The last UTC day each of these keys had a call counted (answered, refused or failed), for those that had one. */
  lastDays(keyIds: readonly string[]): Promise<Map<string, string>>;
  /** The calls answered on a day, by key. */
  callsOn(day: string): Promise<Map<string, number>>;
  /** Forgets the days before this one; UsageStoreBusy as for add. */
  prune(beforeDay: string): Promise<void>;
}

/** The row fields (and SQL columns) of the groups, in the order the report puts them. */
export type GroupColumn = 'day' | 'key_id' | 'operation' | 'sub_id';
const COLUMN_OF: Record<UsageGroup, GroupColumn> = { day: 'day', key: 'key_id', operation: 'operation', sub_id: 'sub_id' };
export function groupColumns(groupBy: readonly UsageGroup[]): GroupColumn[] {
  return (['day', 'key', 'operation', 'sub_id'] as const).filter((g) => groupBy.includes(g)).map((g) => COLUMN_OF[g]);
}

/**
 * The table a report reads: usage_counts keeps every sub_id; usage_daily (one row per key, day and
 * operation, written beside it in the same transaction) is what a report not by sub_id reads. An
 * affiliate's chart of 90 days is 9,000 rows of it instead of 279,000 of usage_counts.
 */
export const usageTable = (columns: readonly GroupColumn[]): 'usage_counts' | 'usage_daily' => (columns.includes('sub_id') ? 'usage_counts' : 'usage_daily');

/** usage_daily made again from usage_counts (as its migration made it): for rows written into usage_counts by hand, as the console's bench does. */
export const DAILY_FROM_COUNTS = `INSERT INTO usage_daily (key_id, day, operation, calls, refused, failed, hotels_shown, links)
  SELECT key_id, day, operation, SUM(calls), SUM(refused), SUM(failed), SUM(hotels_shown), SUM(links)
  FROM usage_counts GROUP BY key_id, day, operation`;

/** One key's day of rows as usage_daily keeps them: summed by operation, whatever their sub_id. */
export function byOperation(rows: readonly UsageIncrement[]): UsageIncrement[] {
  const sums = new Map<string, UsageIncrement>();
  for (const row of rows) {
    const sum = sums.get(row.operation);
    if (sum) addCounts(sum, row);
    else sums.set(row.operation, { ...row, subId: null });
  }
  return [...sums.values()];
}

/** A stored sub_id ('' for none) as a report writes it. */
export const reportedSubId = (stored: string): string | null => (stored === '' ? null : stored);

/**
 * Rows in the order of their grouped fields (day, operation, then sub_id, none first), compared
 * by code unit: the same whatever the database's collation.
 */
export function inReportOrder(rows: UsageRow[], groupBy: readonly UsageGroup[]): UsageRow[] {
  const fields = groupColumns(groupBy);
  return rows.sort((a, b) => {
    for (const g of fields) {
      const x = a[g] ?? '';
      const y = b[g] ?? '';
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

/** An affiliate's report of no keys reads nothing. */
export const NO_KEYS: readonly string[] = [];

/** The increments of a batch, by key and day: each key's day is capped on its own. */
export function byKeyDay(increments: readonly UsageIncrement[]): UsageIncrement[][] {
  const groups = new Map<string, UsageIncrement[]>();
  for (const increment of increments) {
    const keyDay = `${increment.keyId}\u0000${increment.day}`;
    const group = groups.get(keyDay);
    if (group) group.push(increment);
    else groups.set(keyDay, [increment]);
  }
  // In one order, so that two writers take their locks in the same order.
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}

/**
 * One key's day of increments as rows to add, with sub_id '' for none: a sub_id the day holds
 * already is kept; a new one is kept while the day holds fewer than `cap` (`distinct` now), else
 * counted as OTHER_SUB_IDS. Rows that meet on one sub_id are summed.
 */
export function cappedRows(increments: readonly UsageIncrement[], held: ReadonlySet<string>, distinct: number, cap: number): UsageIncrement[] {
  const taken = new Set(held);
  let count = distinct;
  const rows = new Map<string, UsageIncrement>();
  for (const increment of increments) {
    let subId = increment.subId ?? '';
    if (subId !== '' && subId !== OTHER_SUB_IDS && !taken.has(subId)) {
      if (count < cap) {
        taken.add(subId);
        count++;
      } else subId = OTHER_SUB_IDS;
    }
    const slot = `${increment.operation}\u0000${subId}`;
    const row = rows.get(slot);
    if (row) addCounts(row, increment);
    else rows.set(slot, { ...increment, subId });
  }
  return [...rows.values()];
}

/** The sub_ids named in increments, as stored ('' for none left out). */
export const namedSubIds = (increments: readonly UsageIncrement[]): string[] => [
  ...new Set(increments.map((i) => i.subId).filter((s): s is string => s !== null && s !== OTHER_SUB_IDS)),
];
