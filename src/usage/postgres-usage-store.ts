// Usage in PostgreSQL, shared by every instance. A flush is one transaction of four statements
// per key and day (the counts by sub_id, then the day's sums by operation); the sub_ids of a
// key's day are capped exactly across instances by taking that key and day's advisory lock (in
// one order, so two instances never wait on each other in a circle) before counting them.
import type pg from 'pg';
import { inTransaction, queryWithin } from '../storage/postgres.js';
import { OTHER_SUB_IDS, type UsageGroup, type UsageIncrement, type UsageRow } from './usage-counts.js';
import { byKeyDay, byOperation, cappedRows, groupColumns, inReportOrder, namedSubIds, reportedSubId, usageTable, type UsageStore } from './usage-store.js';

const USAGE_LOCK = 0x486f_7467;
/**
 * What is not a call's own read gets at least this long: a flush (many keys' rows in one
 * transaction) and a report, which sums a period of rows (90 days of a busy affiliate's keys by
 * sub_id: hundreds of thousands) where a call's read takes one. Under DATABASE_TIMEOUT_MS (2 s)
 * the console's 90-day sub_id report, 0.5 s at the median, was 503 in 3 runs of 11 on a busy
 * machine (bench:console, 2026-11-29).
 */
const BULK_MIN_TIMEOUT_MS = 10_000;

export class PostgresUsageStore implements UsageStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  async add(increments: readonly UsageIncrement[], subIdsPerDay: number): Promise<void> {
    if (increments.length === 0) return;
    await inTransaction(this.pool, async (client) => {
      await client.query(`SET LOCAL statement_timeout = ${Math.max(this.timeoutMs, BULK_MIN_TIMEOUT_MS)}`);
      for (const group of byKeyDay(increments)) {
        const { keyId, day } = group[0];
        await client.query('SELECT pg_advisory_xact_lock($1::integer, hashtext(current_schema() || $2))', [USAGE_LOCK, `${keyId}|${day}`]);
        const { rows: known } = await client.query<{ sub_id: string; n: string }>(
          `SELECT sub_id, NULL AS n FROM usage_counts WHERE key_id = $1 AND day = $2 AND sub_id = ANY($3::text[])
           UNION ALL
           SELECT NULL, COUNT(DISTINCT sub_id) FROM usage_counts WHERE key_id = $1 AND day = $2 AND sub_id NOT IN ('', $4)`,
          [keyId, day, namedSubIds(group), OTHER_SUB_IDS],
        );
        const held = new Set(known.filter((r) => r.sub_id !== null).map((r) => r.sub_id));
        const distinct = Number(known.find((r) => r.sub_id === null)!.n);
        const rows = cappedRows(group, held, distinct, subIdsPerDay);
        const column = (pick: (row: UsageIncrement) => string | number | null, of = rows) => of.map(pick);
        await client.query(
          `INSERT INTO usage_counts (key_id, day, operation, sub_id, calls, refused, failed, hotels_shown, links)
           SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[])
           ON CONFLICT (key_id, day, operation, sub_id) DO UPDATE SET
             calls = usage_counts.calls + EXCLUDED.calls, refused = usage_counts.refused + EXCLUDED.refused,
             failed = usage_counts.failed + EXCLUDED.failed, hotels_shown = usage_counts.hotels_shown + EXCLUDED.hotels_shown,
             links = usage_counts.links + EXCLUDED.links`,
          [
            keyId,
            day,
            column((r) => r.operation),
            column((r) => r.subId),
            column((r) => r.calls),
            column((r) => r.refused),
            column((r) => r.failed),
            column((r) => r.hotels_shown),
            column((r) => r.links),
          ],
        );
        const daily = byOperation(rows);
        await client.query(
          `INSERT INTO usage_daily (key_id, day, operation, calls, refused, failed, hotels_shown, links)
           SELECT $1, $2, * FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
           ON CONFLICT (key_id, day, operation) DO UPDATE SET
             calls = usage_daily.calls + EXCLUDED.calls, refused = usage_daily.refused + EXCLUDED.refused,
             failed = usage_daily.failed + EXCLUDED.failed, hotels_shown = usage_daily.hotels_shown + EXCLUDED.hotels_shown,
             links = usage_daily.links + EXCLUDED.links`,
          [
            keyId,
            day,
            column((r) => r.operation, daily),
            column((r) => r.calls, daily),
            column((r) => r.refused, daily),
            column((r) => r.failed, daily),
            column((r) => r.hotels_shown, daily),
            column((r) => r.links, daily),
          ],
        );
      }
    });
  }

  async read(keyIds: readonly string[], from: string, to: string, groupBy: readonly UsageGroup[]): Promise<UsageRow[]> {
    if (keyIds.length === 0) return [];
    const columns = groupColumns(groupBy);
    const list = columns.join(', ');
    const { rows } = await queryWithin<Record<string, string | null>>(
      this.pool,
      Math.max(this.timeoutMs, BULK_MIN_TIMEOUT_MS),
      `SELECT ${list}${list ? ', ' : ''}SUM(calls) AS calls, SUM(refused) AS refused, SUM(failed) AS failed,
              SUM(hotels_shown) AS hotels_shown, SUM(links) AS links
       FROM ${usageTable(columns)} WHERE key_id = ANY($1) AND day BETWEEN $2 AND $3
       ${list ? `GROUP BY ${list}` : ''}`,
      [[...keyIds], from, to],
    );
    const report = rows
      .filter((r) => r.calls !== null)
      .map((r) => {
        const row: UsageRow = { calls: Number(r.calls), refused: Number(r.refused), failed: Number(r.failed), hotels_shown: Number(r.hotels_shown), links: Number(r.links) };
        if ('day' in r) row.day = r.day as string;
        if ('key_id' in r) row.key_id = r.key_id as string;
        if ('operation' in r) row.operation = r.operation as UsageRow['operation'];
        if ('sub_id' in r) row.sub_id = reportedSubId(r.sub_id as string);
        return { ...pick(row, columns), ...row };
      });
    return inReportOrder(report, groupBy);
  }

  async lastDays(keyIds: readonly string[]): Promise<Map<string, string>> {
    // One descent of the primary key per key (LATERAL … LIMIT 1): MAX(day) over a GROUP BY read
    // every row of each key's year (909 ms for 20 keys with a year of usage; this, 0.5 ms).
    const { rows } = await queryWithin<{ key_id: string; day: string }>(
      this.pool,
      this.timeoutMs,
      `SELECT k.key_id, last.day FROM unnest($1::text[]) AS k(key_id)
       CROSS JOIN LATERAL (SELECT day FROM usage_daily u WHERE u.key_id = k.key_id ORDER BY day DESC LIMIT 1) AS last`,
      [[...keyIds]],
    );
    return new Map(rows.map((r) => [r.key_id, r.day]));
  }

  async callsOn(day: string): Promise<Map<string, number>> {
    const { rows } = await queryWithin<{ key_id: string; calls: string }>(
      this.pool,
      this.timeoutMs,
      'SELECT key_id, SUM(calls) AS calls FROM usage_daily WHERE day = $1 GROUP BY key_id',
      [day],
    );
    return new Map(rows.map((r) => [r.key_id, Number(r.calls)]));
  }

  async prune(beforeDay: string): Promise<void> {
    await queryWithin(this.pool, this.timeoutMs, 'DELETE FROM usage_counts WHERE day < $1', [beforeDay]);
    await queryWithin(this.pool, this.timeoutMs, 'DELETE FROM usage_daily WHERE day < $1', [beforeDay]);
  }
}

/** The grouped fields first, in the report's order. */
function pick(row: UsageRow, columns: string[]): Partial<UsageRow> {
  return Object.fromEntries(columns.map((c) => [c, row[c as keyof UsageRow]]));
}
