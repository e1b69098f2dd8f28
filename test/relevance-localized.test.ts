// Destinations typed in the traveller's own language and script, through HTTP against the demo
// catalog: each must answer the place its English name answers in that language. Prints the
// accuracy of each category and every miss; each category must be right at least 97% of the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_READ_CASES, LOCALIZED_CASES, type LocalizedCase } from './relevance/localized-cases.js';
import { startTestService, type TestService } from './support/test-service.js';

const REQUIRED_ACCURACY = 0.97;

describe('destinations in the traveller\'s language', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '50000' });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The destination label answered for a text in a language, or the status and error code. */
  async function answer(destination: string, lang: string): Promise<string> {
    const r = await t.request(`/v1/hotels/search?limit=1&lang=${encodeURIComponent(lang)}&destination=${encodeURIComponent(destination)}`);
    return r.status === 200 ? (r.body.destination as string) : `${r.status} ${r.body.error?.code}`;
  }

  async function misses(cases: readonly LocalizedCase[]): Promise<Map<string, string[]>> {
    const wrong = new Map<string, string[]>(cases.map((c) => [c.category, []]));
    for (const c of cases) {
      const got = await answer(c.typed, c.lang);
      const expected = c.sameAs === 404 ? '404 not_found' : await answer(c.sameAs, c.lang);
      // A place must be found as its English name is; an English name that is itself unknown proves nothing.
      const right = c.sameAs === 404 ? got === expected : got === expected && !expected.startsWith('404');
      if (!right) wrong.get(c.category)!.push(`${JSON.stringify(c.typed)} (${c.lang}): expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
    }
    return wrong;
  }

  it(`reads names in other languages and scripts, at least ${REQUIRED_ACCURACY * 100}% of each category`, async () => {
    const wrong = await misses(LOCALIZED_CASES);
    const low: string[] = [];
    for (const [category, failures] of wrong) {
      const total = LOCALIZED_CASES.filter((c) => c.category === category).length;
      const accuracy = (total - failures.length) / total;
      console.log(`localized ${category}: ${total - failures.length} of ${total} right (${(accuracy * 100).toFixed(1)}%)${failures.map((f) => `\n    ${f}`).join('')}`);
      if (accuracy < REQUIRED_ACCURACY) low.push(category);
    }
    expect(low).toEqual([]);
  });

  // The resolver reads the request's lang (readInLanguage of places/place-names.ts).
  it('reads a name as the traveller\'s language means it', async () => {
    const wrong = [...(await misses(LANGUAGE_READ_CASES)).values()].flat();
    expect(wrong).toEqual([]);
  });
});
