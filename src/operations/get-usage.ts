// GET /usage and the get_usage tool: what the service did for the caller's key, by day,
// operation and sub_id. Clicks and bookings are the booking site's to count.
import { invalidParams, ServiceError } from '../errors.js';
import { addCounts, noCounts, utcDay, type UsageGroup, type UsageRow } from '../usage/usage-counts.js';
import type { CallContext } from './operations.js';
import type { CatalogServices } from './services.js';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, type UsageQuery, type UsageResponse } from './usage-schemas.js';

const DAY_MS = 86_400_000;

export const USAGE_NOTE =
  'These are the calls the service answered for your key. Clicks on your links and the bookings they bring are counted by the booking site, in your affiliate account there.';

/** A day sent as YYYY-MM-DD, as Unix ms at its midnight UTC, or a 400 naming the parameter. */
function dayOf(name: 'from' | 'to', text: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || utcDay(ms) !== text) throw invalidParams(`${name} must be a day of the calendar written YYYY-MM-DD (got ${JSON.stringify(text)})`);
  return ms;
}

/** The days a report covers, both included. */
export function usageDays(q: UsageQuery, nowMs: number): { from: string; to: string } {
  const to = q.to === undefined ? Date.parse(`${utcDay(nowMs)}T00:00:00Z`) : dayOf('to', q.to);
  const from = q.from === undefined ? to - (DEFAULT_USAGE_DAYS - 1) * DAY_MS : dayOf('from', q.from);
  if (from > to) throw invalidParams(`from must not be after to (got from ${utcDay(from)}, to ${utcDay(to)})`);
  const days = (to - from) / DAY_MS + 1;
  if (days > MAX_USAGE_DAYS) throw invalidParams(`from and to may span at most ${MAX_USAGE_DAYS} days (got ${days}, from ${utcDay(from)} to ${utcDay(to)})`);
  return { from: utcDay(from), to: utcDay(to) };
}

/** Reads a key's rows of the days, summed by the groups. */
export type UsageReader = (keyId: string, from: string, to: string, groupBy: readonly UsageGroup[]) => Promise<UsageRow[]>;

/** A key's report without its allowance: for the API, and for operators (keys usage). */
export async function usageReport(read: UsageReader, keyId: string, q: UsageQuery, nowMs: number): Promise<Omit<UsageResponse, 'allowance'>> {
  const { from, to } = usageDays(q, nowMs);
  const groupBy = [...new Set((q.group_by ?? 'day').split(','))] as UsageGroup[];
  const rows = await read(keyId, from, to, groupBy);
  const totals = noCounts();
  for (const row of rows) addCounts(totals, row);
  return { from, to, group_by: groupBy, rows, totals, note: USAGE_NOTE };
}

export async function getUsage(services: CatalogServices, q: UsageQuery, context: CallContext): Promise<UsageResponse> {
  const usage = services.usage;
  if (!usage || context.keyId === null) throw new ServiceError('unauthorized', 'a usage report is for a secret key');
  const report = await usageReport((...args) => usage.read(...args), context.keyId, q, usage.now());
  const { limit, remaining, resetAt } = context.admission;
  return { ...report, allowance: { limit, remaining, reset: resetAt } };
}
