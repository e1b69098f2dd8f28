// What the service did for a key, counted per UTC day, operation and sub_id: what an affiliate
// reads back to compare placements. Clicks and bookings are the booking site's to count.

/** The operations as a usage report names them (the MCP tools' names). */
export const USAGE_OPERATIONS = ['search_hotels', 'find_hotel', 'get_hotel', 'create_links', 'suggest'] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];

export const USAGE_COUNTERS = ['calls', 'refused', 'failed', 'hotels_shown', 'links'] as const;

export interface UsageCounts {
  /** Calls answered. */
  calls: number;
  /** Calls refused for the allowance (429). */
  refused: number;
  /** Calls refused for their input (400, 404). */
  failed: number;
  /** Hotel cards in the answers (a search's hotels, a find's matches, a hotel, suggested hotels). */
  hotels_shown: number;
  /** Addresses made to credit the key (POST /links). */
  links: number;
}

/** Counts of one key, day, operation and sub_id (null: none sent), to add to what is kept. */
export interface UsageIncrement extends UsageCounts {
  keyId: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  operation: UsageOperation;
  subId: string | null;
}

export type UsageGroup = 'day' | 'key' | 'operation' | 'sub_id';
export const USAGE_GROUPS: readonly UsageGroup[] = ['day', 'key', 'operation', 'sub_id'];

/** A report's row: the counters, and exactly the fields it is grouped by (key: key_id, and key_label once labelled). */
export type UsageRow = UsageCounts & { day?: string; key_id?: string; key_label?: string | null; operation?: UsageOperation; sub_id?: string | null };

/** Where the sub_ids of a key's day beyond the cap are counted. Never a sub_id (they are letters, digits, _ and -). */
export const OTHER_SUB_IDS = '(other)';

export const noCounts = (): UsageCounts => ({ calls: 0, refused: 0, failed: 0, hotels_shown: 0, links: 0 });

export function addCounts(into: UsageCounts, from: UsageCounts): void {
  into.calls += from.calls;
  into.refused += from.refused;
  into.failed += from.failed;
  into.hotels_shown += from.hotels_shown;
  into.links += from.links;
}

/** The UTC day of a time, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
