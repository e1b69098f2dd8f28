// The schemas of the usage report (GET /usage, MCP get_usage): its input and its answer. They
// validate requests and make the OpenAPI document and the tool's schemas, as the others do.
import Type, { type Static } from 'typebox';
import { USAGE_OPERATIONS } from '../usage/usage-counts.js';

/** The longest span a report covers, in days. */
export const MAX_USAGE_DAYS = 93;
/** The span a report covers when `from` is not sent, in days, `to` included. */
export const DEFAULT_USAGE_DAYS = 7;

const Day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-rule': 'a date written YYYY-MM-DD', description, examples: ['2026-11-20'] });

export const UsageQuery = Type.Object(
  {
    from: Type.Optional(Day(`The first day (UTC) of the report. Default: ${DEFAULT_USAGE_DAYS - 1} days before to.`)),
    to: Type.Optional(Day(`The last day (UTC) of the report, at most ${MAX_USAGE_DAYS} days after from. Default: today.`)),
    group_by: Type.Optional(
      Type.String({
        pattern: '^(day|key|operation|sub_id)(,(day|key|operation|sub_id))*$',
        'x-rule': 'any of day, key, operation and sub_id, comma-separated',
        description:
          'What the rows are summed by: any of day, key (each of your keys: the widget\'s publishable keys and your secret keys), operation and sub_id, comma-separated. Default: day.',
        examples: ['day,sub_id'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type UsageQuery = Static<typeof UsageQuery>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const COUNTERS = {
  calls: Count('Calls answered.'),
  refused: Count('Calls refused because the allowance had no room for them (429); they cost nothing.'),
  failed: Count('Calls refused for their input (400 or 404); each cost 1.'),
  hotels_shown: Count("Hotel cards in the answers: a search's hotels, a find's matches, a hotel, suggested hotels."),
  links: Count('Addresses made to carry your code (POST /links), the ones refused left out.'),
};

export const UsageRow = Type.Object(
  {
    day: Type.Optional(Type.String({ description: 'The UTC day, when grouped by day.' })),
    key_id: Type.Optional(Type.String({ description: 'The key the calls were made with, when grouped by key.' })),
    key_label: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "That key's label (null: none), when grouped by key." })),
    operation: Type.Optional(Type.Enum([...USAGE_OPERATIONS], { type: 'string', description: 'The operation, when grouped by operation (named as the MCP tools are).' })),
    sub_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The sub_id the calls carried (null: none), when grouped by sub_id. Past 1,000 of a day, the others are counted as "(other)".',
      }),
    ),
    ...COUNTERS,
  },
  { additionalProperties: false },
);

export const UsageTotals = Type.Object(COUNTERS, { additionalProperties: false });

export const UsageResponse = Type.Object(
  {
    from: Type.String({ description: 'The first day of the report (UTC).' }),
    to: Type.String({ description: 'The last day of the report (UTC).' }),
    affiliate_code: Type.String({ description: 'The affiliate the report is of: every key carrying this code, revoked ones included, is counted.' }),
    group_by: Type.Array(Type.Enum(['day', 'key', 'operation', 'sub_id'], { type: 'string' }), { description: 'What the rows are summed by.' }),
    rows: Type.Array(UsageRow, { description: 'One row per group that had calls, in the order of its fields; each carries exactly the fields it is grouped by.' }),
    totals: UsageTotals,
    note: Type.String({ description: 'What the report does not count: clicks and bookings are counted by the booking site.' }),
    allowance: Type.Object(
      {
        limit: Type.Integer({ minimum: 0 }),
        remaining: Type.Integer({ minimum: 0 }),
        reset: Type.Integer({ minimum: 0, description: 'Unix time, in whole seconds, when the window resets.' }),
        used_percent: Type.Number({ minimum: 0, maximum: 100, description: 'How much of the allowance is used, in percent, to one decimal.' }),
      },
      { additionalProperties: false, description: "The allowance of the key that asked, now (each key has its own day). The report itself costs nothing." },
    ),
  },
  { additionalProperties: false },
);
export type UsageResponse = Static<typeof UsageResponse>;
