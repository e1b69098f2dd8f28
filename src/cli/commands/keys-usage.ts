// hotel-affiliate keys usage KEY_ID: a key's usage report as the affiliate reads it from
// GET /usage, for operators. It reads the database, so the last few seconds a running instance
// counted (USAGE_FLUSH_SECONDS) are not in it yet.
import { parseArgs } from 'node:util';
import { usageReport } from '../../operations/get-usage.js';
import { UsageQuery } from '../../operations/usage-schemas.js';
import { ServiceError } from '../../errors.js';
import type { Storage } from '../../storage/storage.js';
import { USAGE_COUNTERS, type UsageRow } from '../../usage/usage-counts.js';
import { parseJson } from '../../validation/fields.js';
import { textTable } from '../text-table.js';
import { groupColumns } from '../../usage/usage-store.js';

export class KeyUsageOptionError extends Error {}

/** Prints the report of the key; false when there is no such key (said on stderr). */
export async function printKeyUsage(storage: Storage, args: string[], now: number): Promise<boolean> {
  const { values, positionals } = parseArgs({
    args,
    options: { from: { type: 'string' }, to: { type: 'string' }, 'group-by': { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new KeyUsageOptionError('keys usage takes one KEY_ID');
  const query: UsageQuery = {};
  if (values.from !== undefined) query.from = values.from;
  if (values.to !== undefined) query.to = values.to;
  if (values['group-by'] !== undefined) query.group_by = values['group-by'];
  let report;
  try {
    const key = await storage.keys.get(positionals[0]);
    if (!key) {
      console.error(`No key has id ${positionals[0]}; see hotel-affiliate keys list.`);
      return false;
    }
    report = await usageReport((...read) => storage.usage.read(...read), { affiliateCode: key.affiliateCode, keys: [key] }, parseJson(UsageQuery, query, 'options'), now);
  } catch (error) {
    // The API's 400s, in the options' words: group_by is --group-by here.
    if (error instanceof ServiceError && error.code === 'invalid_params') throw new KeyUsageOptionError(error.message.replace(/\bgroup_by\b/g, '--group-by'));
    throw error;
  }
  if (values.json) {
    console.log(JSON.stringify({ key_id: positionals[0], ...report }, null, 2));
    return true;
  }
  const columns = [...groupColumns(report.group_by), ...USAGE_COUNTERS];
  const cell = (row: UsageRow, c: string) => {
    const value = (row as unknown as Record<string, unknown>)[c];
    return value === null ? '(none)' : String(value);
  };
  console.log(`Usage of key ${positionals[0]}, ${report.from} to ${report.to} (UTC), by ${report.group_by.join(', ')}:`);
  if (report.rows.length === 0) console.log('No calls.');
  else {
    const header = columns.map((c) => c.toUpperCase().replace('_', ' '));
    const total = ['TOTAL', ...report.group_by.slice(1).map(() => ''), ...USAGE_COUNTERS.map((c) => String(report.totals[c]))];
    console.log(textTable([header, ...report.rows.map((row) => columns.map((c) => cell(row, c))), total]));
  }
  console.log(report.note);
  return true;
}
