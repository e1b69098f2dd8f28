// The console's own schemas: signing in, the usage query (the public report's, plus a format for
// the CSV download link) and who is signed in. Keys and reports are answered in the public API's
// schemas (operations/key-schemas.ts, operations/usage-schemas.ts).
import Type, { type Static } from 'typebox';
import { ApiKey } from '../operations/key-schemas.js';
import { UsageQuery } from '../operations/usage-schemas.js';

export const SignInBody = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 300, description: 'Your secret key, live_…' }) },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

export const ConsoleUsageQuery = Type.Object(
  {
    ...UsageQuery.properties,
    format: Type.Optional(Type.Enum(['json', 'csv'], { type: 'string', 'x-rule': 'json or csv', description: 'csv: the rows as a CSV file to download (as Accept: text/csv).' })),
  },
  { additionalProperties: false },
);
export type ConsoleUsageQuery = Static<typeof ConsoleUsageQuery>;

/** Who is signed in: the answer of sign-in and of GET /console/api/me. */
export const ConsoleMe = Type.Object(
  {
    affiliate_code: Type.String(),
    tier: Type.Enum(['standard', 'partner'], { type: 'string' }),
    key: ApiKey,
    /** The anti-forgery token: every change sends it back as X-CSRF-Token. The page keeps it in memory only. */
    csrf_token: Type.String(),
    /** Today (UTC, the service's clock), for the report's periods. */
    today: Type.String(),
    /** The signed-in key's allowance today, from its day counter (what its calls count against), counting nothing. */
    allowance: Type.Object(
      {
        limit: Type.Integer({ minimum: 0 }),
        used: Type.Integer({ minimum: 0 }),
        remaining: Type.Integer({ minimum: 0 }),
        reset: Type.Integer({ minimum: 0 }),
        used_percent: Type.Number({ minimum: 0, maximum: 100 }),
      },
      { additionalProperties: false },
    ),
    session: Type.Object(
      {
        created: Type.String(),
        idle_minutes: Type.Integer(),
        ends_by: Type.String(),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ConsoleMe = Static<typeof ConsoleMe>;
