// The console's JSON, as the service answers it: keys and reports in the public API's shapes
// (GET /v1/keys, GET /v1/usage; src/operations/key-schemas.ts and usage-schemas.ts), and who is
// signed in (src/http/console-schemas.ts). Only the fields the page reads.

export interface ApiKey {
  id: string;
  kind: 'secret' | 'publishable';
  tier: 'standard' | 'partner';
  label: string | null;
  origins: string[] | null;
  visitor_limit: number | null;
  publishable_key: string | null;
  hint: string | null;
  created: string;
  expires: string | null;
  revoked: string | null;
  last_used: string | null;
  calls_today: number;
}

export interface KeyList {
  affiliate_code: string;
  keys: ApiKey[];
  caps: { keys: number; origins_per_key: number };
}

export interface CreatedKey extends ApiKey {
  key: string;
}

export interface RolledKey {
  key: string;
  new_key: ApiKey;
  old_key: ApiKey;
}

export interface Counts {
  calls: number;
  refused: number;
  failed: number;
  hotels_shown: number;
  links: number;
}

export interface UsageRow extends Counts {
  day?: string;
  key_id?: string;
  key_label?: string | null;
  operation?: string;
  sub_id?: string | null;
}

export interface Allowance {
  limit: number;
  remaining: number;
  reset: number;
  used_percent: number;
}

export interface UsageReport {
  from: string;
  to: string;
  affiliate_code: string;
  group_by: string[];
  rows: UsageRow[];
  totals: Counts;
  note: string;
  allowance: Allowance;
}

export interface Me {
  affiliate_code: string;
  tier: 'standard' | 'partner';
  key: ApiKey;
  csrf_token: string;
  today: string;
  allowance: Allowance & { used: number };
  session: { created: string; idle_minutes: number; ends_by: string };
}
