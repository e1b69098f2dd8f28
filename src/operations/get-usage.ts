// GET /usage and the get_usage tool: what the service did for the caller's key, by day,
// operation and sub_id. Clicks and bookings are the booking site's to count.
import { invalidParams, ServiceError } from '../errors.js';
import { addCounts, noCounts, utcDay, type UsageGroup, type UsageRow } from '../usage/usage-counts.js';
import type { CallContext } from './operations.js';
import type { CatalogServices } from './services.js';
import { DEFAULT_USAGE_DAYS, MAX_USAGE_DAYS, type UsageQuery, type UsageResponse } from './usage-schemas.js';

const DAY_MS = 86_400_000;

export const USAGE_NOTE =
  'These are the calls the service answered for your keys (all keys of your affiliate code, your widget\'s included). Clicks on your links and the bookings they bring are counted by the booking site, in your affiliate account there.';

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

/** Reads some keys' rows of the days, summed by the groups. */
export type UsageReader = (keyIds: readonly string[], from: string, to: string, groupBy: readonly UsageGroup[]) => Promise<UsageRow[]>;

/** The keys a report covers: their ids, and their labels for rows grouped by key. */
export interface ReportedKeys {
  affiliateCode: string;
  keys: ReadonlyArray<{ id: string; label: string | null }>;
}

/** An affiliate's report without its allowance: for the API, the console, and operators (keys usage). */
export async function usageReport(read: UsageReader, covered: ReportedKeys, q: UsageQuery, nowMs: number): Promise<Omit<UsageResponse, 'allowance'>> {
  const { from, to } = usageDays(q, nowMs);
  const groupBy = [...new Set((q.group_by ?? 'day').split(','))] as UsageGroup[];
  const rows = await read(
    covered.keys.map((k) => k.id),
    from,
    to,
    groupBy,
  );
  if (groupBy.includes('key')) {
    const labels = new Map(covered.keys.map((k) => [k.id, k.label]));
    for (const row of rows) labelRow(row, labels.get(row.key_id!) ?? null);
  }
  const totals = noCounts();
  for (const row of rows) addCounts(totals, row);
  return { from, to, affiliate_code: covered.affiliateCode, group_by: groupBy, rows, totals, note: USAGE_NOTE };
}

/** Puts key_label right after key_id, keeping the row's field order. */
function labelRow(row: UsageRow, label: string | null): void {
  const fields = row as unknown as Record<string, unknown>;
  const entries = Object.entries(fields);
  for (const [k] of entries) delete fields[k];
  for (const [k, v] of entries) {
    fields[k] = v;
    if (k === 'key_id') row.key_label = label;
  }
}

/** How much of an allowance is used, in percent to one decimal. */
export function usedPercent(limit: number, remaining: number): number {
  return limit <= 0 ? 100 : Math.round(((limit - remaining) / limit) * 1000) / 10;
}

export async function getUsage(services: CatalogServices, q: UsageQuery, context: CallContext): Promise<UsageResponse> {
  const usage = services.usage;
  const caller = context.caller;
  if (!usage || !caller || caller.keyId === null || caller.affiliateCode === null) throw new ServiceError('unauthorized', 'a usage report is for a secret key');
  // Every key of the affiliate (revoked and rolled ones too: their calls happened); without a key
  // store (tests wiring the operations alone), the calling key's.
  const keys = services.keys ? await services.keys.listByCode(caller.affiliateCode) : [{ id: caller.keyId, label: null }];
  const report = await usageReport((...args) => usage.read(...args), { affiliateCode: caller.affiliateCode, keys }, q, usage.now());
  const { limit, remaining, resetAt } = context.admission;
  return { ...report, allowance: { limit, remaining, reset: resetAt, used_percent: usedPercent(limit, remaining) } };
}
