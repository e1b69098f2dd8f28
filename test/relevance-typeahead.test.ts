// Typeahead relevance on real names: hotels of Booking.com's European list and of Expedia's
// California pages, and the world's cities of a million people or more (simplemaps), typed in
// part as travellers type them into a search box, sent to GET /suggest over HTTP. The set is
// written from those public sources, never from the service's answers (see
// scripts/derive-typeahead-independent.ts and test/relevance/typeahead-independent.json).
//
// The catalog is the set's 1,600 hotels, each near its city's centre as the gazetteer knows it.
// A hotel case is right when the hotel meant (by id) is among the first five hotels suggested,
// a place case when the city meant (a city of that name and country) is among the first five
// places. Every category's accuracy is printed with every miss; hotels and places must each be
// right at least 95% of the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { catalogRecords, isCityMeant, loadTypeaheadSet, type TypeaheadSet } from './relevance/typeahead-independent.js';
import { startTestService, type TestService } from './support/test-service.js';

const REQUIRED_ACCURACY = 0.95;
const SHOWN = 5;
/** Fewer cases than these would say little: the set's rules or sources have broken. */
const MINIMUM_HOTEL_CASES = 600;
const MINIMUM_PLACE_CASES = 200;

function report(title: string, total: number, failures: readonly string[]): number {
  const accuracy = total === 0 ? 1 : (total - failures.length) / total;
  console.log(
    `${title}: ${total - failures.length} of ${total} right (${(accuracy * 100).toFixed(1)}%)` +
      (failures.length > 0 ? `\n  wrong:\n${failures.map((f) => `    ${f}`).join('\n')}` : ''),
  );
  return accuracy;
}

/** Runs the cases, prints each category's accuracy and misses and the total's, and returns the total's accuracy. */
async function scoreByCategory<C extends [string, ...unknown[]]>(
  title: string,
  cases: readonly C[],
  check: (c: C) => Promise<string | null>,
): Promise<{ accuracy: number; total: number }> {
  const byCategory = new Map<string, { total: number; failures: string[] }>();
  for (const c of cases) {
    const entry = byCategory.get(c[0]) ?? { total: 0, failures: [] };
    byCategory.set(c[0], entry);
    entry.total++;
    const miss = await check(c);
    if (miss !== null) entry.failures.push(miss);
  }
  for (const [category, { total, failures }] of byCategory) report(`${title} ${category}`, total, failures);
  const failed = [...byCategory.values()].reduce((n, e) => n + e.failures.length, 0);
  const accuracy = (cases.length - failed) / cases.length;
  console.log(`${title}, all categories: ${cases.length - failed} of ${cases.length} right (${(accuracy * 100).toFixed(1)}%)`);
  return { accuracy, total: cases.length };
}

describe('typeahead relevance on names from independent public sources', () => {
  let t: TestService;
  let set: TypeaheadSet;
  let unplaced: Set<string>;

  beforeAll(async () => {
    set = loadTypeaheadSet();
    const catalog = catalogRecords(set, builtInGazetteer());
    unplaced = catalog.unplaced;
    t = await startTestService(catalog.records);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`suggests the hotel being typed among the first ${SHOWN} for at least ${REQUIRED_ACCURACY * 100}% of real hotel names typed in part`, async () => {
    const { accuracy, total } = await scoreByCategory('independent hotel suggestions', set.hotelCases, async ([, typed, id]) => {
      const r = await t.request(`/v1/suggest?limit=${SHOWN}&q=${encodeURIComponent(typed)}`);
      const hotels = (r.body.hotels ?? []) as { id: string; name: string; city: string }[];
      if (hotels.some((h) => h.id === id)) return null;
      const why = unplaced.has(id) ? ' (not in the catalog: the gazetteer does not know its city)' : '';
      return `${JSON.stringify(typed)}: expected ${id}${why}, got ${r.status === 200 ? JSON.stringify(hotels.map((h) => `${h.name} (${h.city})`)) : `${r.status} ${r.body.error?.code}`}`;
    });
    expect(total).toBeGreaterThanOrEqual(MINIMUM_HOTEL_CASES);
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it(`suggests the city being typed among the first ${SHOWN} places for at least ${REQUIRED_ACCURACY * 100}% of the world's large cities typed in part`, async () => {
    const { accuracy, total } = await scoreByCategory('independent place suggestions', set.placeCases, async ([, typed, names, country]) => {
      const r = await t.request(`/v1/suggest?limit=${SHOWN}&q=${encodeURIComponent(typed)}`);
      const places = (r.body.places ?? []) as { name: string; label: string; kind: string; country_code: string }[];
      if (places.some((p) => isCityMeant(p, names, country))) return null;
      return `${JSON.stringify(typed)}: expected the city ${names.join(' or ')} (${country}), got ${r.status === 200 ? JSON.stringify(places.map((p) => `${p.label} [${p.kind}]`)) : `${r.status} ${r.body.error?.code}`}`;
    });
    expect(total).toBeGreaterThanOrEqual(MINIMUM_PLACE_CASES);
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });
});
