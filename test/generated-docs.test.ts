// The reference parts of docs/ are what their single sources make: the configuration table from
// the configuration schema, the command line's usage from the text `hotel-affiliate help` prints.
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.js';
import { USAGE } from '../src/cli/usage.js';
import { describeRule } from '../src/validation/rules.js';
import { renderReference } from '../scripts/write-reference.mjs';

describe('generated reference in docs/', () => {
  it('the configuration table and the command line usage are current (npm run build writes them)', () => {
    const files = renderReference({ ConfigSchema, describeRule, USAGE });
    expect(files).toHaveLength(2);
    for (const { file, text, wanted } of files) expect(text, `${file} is stale: run npm run build`).toBe(wanted);
  });

  it('names every variable the service reads, with its default', () => {
    const [configuration] = renderReference({ ConfigSchema, describeRule, USAGE });
    for (const name of Object.keys(ConfigSchema.properties)) expect(configuration.text).toContain(`| \`${name}\` |`);
    expect(configuration.text).toContain('| `LIMIT_STANDARD_PER_DAY` | `2000` |');
  });
});
