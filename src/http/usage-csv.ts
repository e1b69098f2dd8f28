// A usage report as CSV (RFC 4180): a header of the grouped fields and the counters, then its
// rows. An empty field is a sub_id of none.
import type { UsageResponse } from '../operations/usage-schemas.js';
import { USAGE_COUNTERS } from '../usage/usage-counts.js';

function field(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function usageCsv(report: UsageResponse): string {
  // Grouped by key, a row names the key and its label.
  const columns = [...report.group_by.flatMap((g) => (g === 'key' ? ['key_id', 'key_label'] : [g])), ...USAGE_COUNTERS];
  const lines = [columns.join(',')];
  for (const row of report.rows) lines.push(columns.map((c) => field((row as Record<string, string | number | null>)[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Whether an Accept header prefers CSV to JSON: text/csv named, and at a weight at least JSON's. */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  let csv = -1;
  let json = -1;
  for (const range of accept.split(',')) {
    const [type, ...parameters] = range.trim().toLowerCase().split(';');
    const q = Number(/^\s*q=([\d.]+)/.exec(parameters.find((p) => /^\s*q=/.test(p)) ?? '')?.[1] ?? 1);
    if (type === 'text/csv') csv = Math.max(csv, q);
    else if (type === 'application/json' || type === 'application/*' || type === '*/*') json = Math.max(json, q);
  }
  return csv > 0 && csv >= json;
}
