// hotel-affiliate keys usage KEY_ID | --code CODE: a key's usage report, or an affiliate's whole one
// as the affiliate reads it from GET /usage, for operators; and keys audit, the audit of key
// changes as GET /admin/v1/audit answers it. They read the database, so the last few seconds a
// running instance counted (USAGE_FLUSH_SECONDS) are not in a report yet.
import { parseArgs } from 'node:util';
import { auditPage } from '../../http/admin-operations.js';
import { MAX_AUDIT_PAGE } from '../../http/admin-schemas.js';
import { AFFILIATE_CODE_PATTERN } from '../../keys/api-key.js';
import type { ApiKeyRecord } from '../../keys/key-store.js';
import { usageReport } from '../../operations/get-usage.js';
import { UsageQuery } from '../../operations/usage-schemas.js';
import { ServiceError } from '../../errors.js';
import type { Storage } from '../../storage/storage.js';
import { USAGE_COUNTERS, type UsageRow } from '../../usage/usage-counts.js';
import { parseJson } from '../../validation/fields.js';
import { textTable } from '../text-table.js';
import { groupColumns } from '../../usage/usage-store.js';

export class KeyUsageOptionError extends Error {}

/** Prints the report of the key, or of every key of --code; false when there is no such key (said on stderr). */
export async function printKeyUsage(storage: Storage, args: string[], now: number): Promise<boolean> {
  const { values, positionals } = parseArgs({
    args,
    options: { from: { type: 'string' }, to: { type: 'string' }, 'group-by': { type: 'string' }, json: { type: 'boolean' }, code: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const code = values.code;
  if (code === undefined ? positionals.length !== 1 : positionals.length !== 0) {
    throw new KeyUsageOptionError("keys usage takes one KEY_ID, or --code AFFILIATE_CODE for all of an affiliate's keys");
  }
  if (code !== undefined && !AFFILIATE_CODE_PATTERN.test(code)) {
    throw new KeyUsageOptionError(`--code must be 1 to 64 letters, digits, underscores or hyphens (got ${JSON.stringify(code)})`);
  }
  const query: UsageQuery = {};
  if (values.from !== undefined) query.from = values.from;
  if (values.to !== undefined) query.to = values.to;
  if (values['group-by'] !== undefined) query.group_by = values['group-by'];
  let report;
  let keys: ApiKeyRecord[];
  try {
    if (code !== undefined) {
      keys = await storage.keys.listByCode(code);
      if (keys.length === 0) {
        console.error(`No key has ever carried affiliate code ${code}; see hotel-affiliate keys list.`);
        return false;
      }
    } else {
      const key = await storage.keys.get(positionals[0]);
      if (!key) {
        console.error(`No key has id ${positionals[0]}; see hotel-affiliate keys list.`);
        return false;
      }
      keys = [key];
    }
    report = await usageReport((...read) => storage.usage.read(...read), { affiliateCode: keys[0].affiliateCode, keys }, parseJson(UsageQuery, query, 'options'), now);
  } catch (error) {
    // The API's 400s, in the options' words: group_by is --group-by here.
    if (error instanceof ServiceError && error.code === 'invalid_params') throw new KeyUsageOptionError(error.message.replace(/\bgroup_by\b/g, '--group-by'));
    throw error;
  }
  if (values.json) {
    console.log(JSON.stringify(code === undefined ? { key_id: positionals[0], ...report } : report, null, 2));
    return true;
  }
  const columns = [...groupColumns(report.group_by), ...USAGE_COUNTERS];
  const cell = (row: UsageRow, c: string) => {
    const value = (row as unknown as Record<string, unknown>)[c];
    return value === null ? '(none)' : String(value);
  };
  const whose = code === undefined ? `key ${positionals[0]}` : `affiliate code ${code} (${keys.length} key${keys.length === 1 ? '' : 's'}, revoked ones included)`;
  console.log(`Usage of ${whose}, ${report.from} to ${report.to} (UTC), by ${report.group_by.join(', ')}:`);
  if (report.rows.length === 0) console.log('No calls.');
  else {
    const header = columns.map((c) => c.toUpperCase().replace('_', ' '));
    const total = ['TOTAL', ...report.group_by.slice(1).map(() => ''), ...USAGE_COUNTERS.map((c) => String(report.totals[c]))];
    console.log(textTable([header, ...report.rows.map((row) => columns.map((c) => cell(row, c))), total]));
  }
  console.log(report.note);
  return true;
}

function positiveOption(name: string, text: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,16}$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new KeyUsageOptionError(`${name} must be a whole number from 1${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`} (got ${JSON.stringify(text)})`);
  }
  return Number(text);
}

/** hotel-affiliate keys audit: key changes, newest first, as GET /admin/v1/audit answers them. Always true. */
export async function printAudit(storage: Storage, args: string[]): Promise<boolean> {
  const { values, positionals } = parseArgs({
    args,
    options: { code: { type: 'string' }, key: { type: 'string' }, before: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new KeyUsageOptionError(`keys audit takes options only (got ${positionals.join(' ')})`);
  if (values.code !== undefined && !AFFILIATE_CODE_PATTERN.test(values.code)) {
    throw new KeyUsageOptionError(`--code must be 1 to 64 letters, digits, underscores or hyphens (got ${JSON.stringify(values.code)})`);
  }
  const { entries, next } = await auditPage(storage.account.audit, {
    code: values.code,
    key_id: values.key,
    before: positiveOption('--before', values.before),
    limit: positiveOption('--limit', values.limit, MAX_AUDIT_PAGE),
  });
  if (values.json) {
    console.log(JSON.stringify({ entries, next }, null, 2));
    return true;
  }
  if (entries.length === 0) {
    console.log('No key changes recorded.');
    return true;
  }
  console.log(
    textTable([
      ['SEQ', 'AT', 'ACTOR', 'ACTION', 'KEY', 'CODE', 'ADDRESS', 'DETAILS'],
      ...entries.map((e) => [String(e.seq), e.at, e.actor, e.action, e.key_id ?? '', e.affiliate_code ?? '', e.address ?? '', JSON.stringify(e.details)]),
    ]),
  );
  if (next !== null) console.log(`Older changes: hotel-affiliate keys audit --before ${next}${values.code ? ` --code ${values.code}` : ''}${values.key ? ` --key ${values.key}` : ''}`);
  return true;
}
