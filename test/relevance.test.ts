// The relevance suite: destination and find queries as travellers type them, against the
// demo catalog, through HTTP. Prints the accuracy of each and every query it got wrong; each
// must be right at least 95% of the time. A third test runs the traveller destination cases
// (misspellings, airport codes, regions and islands, landmarks, places with hotels nearby,
// ambiguity) and prints the accuracy of every category; the categories in GATED_CATEGORIES
// must be right at least 97% of the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMBIGUOUS_DESTINATIONS, CLEAR_DESTINATIONS } from './relevance/ambiguous-destinations.js';
import { DESTINATION_CASES } from './relevance/destination-cases.js';
import { FIND_CASES } from './relevance/find-cases.js';
import {
  describeExpectation,
  GATED_CATEGORIES,
  labelMatches,
  MINIMUM_CASES,
  TRAVELLER_DESTINATION_CASES,
  type TravellerCategory,
} from './relevance/traveller-destination-cases.js';
import { hotelPrefixCases, PLACE_MISSPELT_PREFIX_CASES, PLACE_PREFIX_CASES } from './relevance/typeahead-cases.js';
import { foldText } from '../src/text/fold.js';
import { startTestService, type TestService } from './support/test-service.js';

const REQUIRED_ACCURACY = 0.95;
const TRAVELLER_REQUIRED_ACCURACY = 0.97;
/** Suggestions: the place meant among the first three, the hotel among the first five. */
const PLACES_SHOWN = 3;
const HOTELS_SHOWN = 5;

function report(title: string, total: number, failures: string[]): number {
  const accuracy = (total - failures.length) / total;
  console.log(
    `${title}: ${total - failures.length} of ${total} right (${(accuracy * 100).toFixed(1)}%)` +
      (failures.length > 0 ? `\n  wrong:\n${failures.map((f) => `    ${f}`).join('\n')}` : ''),
  );
  return accuracy;
}

describe('relevance on the demo catalog', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '50000' });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it(`understands at least ${REQUIRED_ACCURACY * 100}% of ${DESTINATION_CASES.length} destinations`, async () => {
    expect(DESTINATION_CASES.length).toBeGreaterThanOrEqual(150);
    const failures: string[] = [];
    for (const [query, labelStart, country] of DESTINATION_CASES) {
      const r = await t.request(`/v1/hotels/search?limit=1&destination=${encodeURIComponent(query)}`);
      const got = r.status === 200 ? (r.body.destination as string) : `${r.status} ${r.body.error?.code}`;
      const right =
        labelStart === null
          ? r.status === 404 && r.body.error.code === 'not_found'
          : r.status === 200 && got.startsWith(labelStart) && got.endsWith(country!);
      if (!right) failures.push(`${JSON.stringify(query)}: expected ${labelStart === null ? '404' : `"${labelStart} … ${country}"`}, got ${JSON.stringify(got)}`);
    }
    expect(report('destination', DESTINATION_CASES.length, failures)).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it(`finds the hotel meant by at least ${REQUIRED_ACCURACY * 100}% of ${FIND_CASES.length} names`, async () => {
    expect(FIND_CASES.length).toBeGreaterThanOrEqual(150);
    const failures: string[] = [];
    for (const [query, city, expectedName, expectedCity] of FIND_CASES) {
      const params = new URLSearchParams({ name: query });
      if (city !== null) params.set('city', city);
      const r = await t.request(`/v1/hotels/find?${params}`);
      const hotel = r.status === 200 ? (r.body.hotel as { name: string; address: string }) : null;
      // Demo addresses end with the hotel's city: "47 Seabreeze Street, Shanghai".
      const got = hotel ? `${hotel.name} (${hotel.address.split(', ').pop()})` : `${r.status} ${r.body.error?.code}`;
      const right =
        expectedName === null
          ? r.status === 404 && r.body.error.code === 'not_found'
          : hotel !== null && hotel.name === expectedName && (expectedCity === undefined || hotel.address.endsWith(`, ${expectedCity}`));
      if (!right) {
        const sent = city === null ? JSON.stringify(query) : `${JSON.stringify(query)} in ${JSON.stringify(city)}`;
        failures.push(`${sent}: expected ${expectedName === null ? '404' : `${expectedName}${expectedCity ? ` (${expectedCity})` : ''}`}, got ${got}`);
      }
    }
    expect(report('find', FIND_CASES.length, failures)).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it(`offers the namesakes of an ambiguous destination, and none for a clear one, at least ${TRAVELLER_REQUIRED_ACCURACY * 100}% of the time`, async () => {
    const failures: string[] = [];
    for (const [query, country] of AMBIGUOUS_DESTINATIONS) {
      const r = await t.request(`/v1/hotels/search?limit=1&destination=${encodeURIComponent(query)}`);
      const offered = ((r.body.alternatives ?? []) as { label: string; country_code: string }[]);
      if (!offered.some((a) => a.country_code === country)) {
        failures.push(`${JSON.stringify(query)}: expected an alternative in ${country}, got ${JSON.stringify(offered.map((a) => a.label))}`);
      }
    }
    for (const query of CLEAR_DESTINATIONS) {
      const r = await t.request(`/v1/hotels/search?limit=1&destination=${encodeURIComponent(query)}`);
      if (r.body.alternatives) failures.push(`${JSON.stringify(query)}: expected no alternatives, got ${JSON.stringify(r.body.alternatives.map((a: { label: string }) => a.label))}`);
    }
    const total = AMBIGUOUS_DESTINATIONS.length + CLEAR_DESTINATIONS.length;
    expect(report('ambiguous destinations', total, failures)).toBeGreaterThanOrEqual(TRAVELLER_REQUIRED_ACCURACY);
  });

  it(`suggests the place meant among the first ${PLACES_SHOWN} for at least ${REQUIRED_ACCURACY * 100}% of the most visited cities typed in part, misspelt or not`, async () => {
    const failures: string[] = [];
    const cases = [...PLACE_PREFIX_CASES, ...PLACE_MISSPELT_PREFIX_CASES];
    for (const [typed, labelStart, country] of cases) {
      const r = await t.request(`/v1/suggest?limit=${PLACES_SHOWN}&q=${encodeURIComponent(typed)}`);
      const places = (r.body.places ?? []) as { label: string; country_code: string }[];
      const starts = typeof labelStart === 'string' ? [labelStart] : labelStart;
      const right = places.some((p) => starts.some((s) => foldText(p.label).startsWith(foldText(s))) && p.country_code === country);
      if (!right) failures.push(`${JSON.stringify(typed)}: expected "${starts.join('" or "')} … ${country}", got ${JSON.stringify(places.map((p) => p.label))}`);
    }
    expect(cases.length).toBeGreaterThanOrEqual(100);
    expect(report('place suggestions', cases.length, failures)).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it(`suggests the hotel being typed among the first ${HOTELS_SHOWN} for at least ${REQUIRED_ACCURACY * 100}% of names`, async () => {
    const cases = hotelPrefixCases(FIND_CASES.flatMap(([, , name]) => (name === null ? [] : [name])));
    const failures: string[] = [];
    for (const [typed, name] of cases) {
      const r = await t.request(`/v1/suggest?limit=${HOTELS_SHOWN}&q=${encodeURIComponent(typed)}`);
      const names = ((r.body.hotels ?? []) as { name: string }[]).map((h) => h.name);
      if (!names.includes(name)) failures.push(`${JSON.stringify(typed)}: expected ${name}, got ${JSON.stringify(names)}`);
    }
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(report('hotel suggestions', cases.length, failures)).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });

  it(`understands traveller destinations by category, at least ${TRAVELLER_REQUIRED_ACCURACY * 100}% of each gated one (${GATED_CATEGORIES.join(', ') || 'none yet'})`, async () => {
    const categories = Object.keys(MINIMUM_CASES) as TravellerCategory[];
    const totals = new Map<TravellerCategory, number>(categories.map((c) => [c, 0]));
    const failures = new Map<TravellerCategory, string[]>(categories.map((c) => [c, []]));
    for (const c of TRAVELLER_DESTINATION_CASES) {
      const r = await t.request(`/v1/hotels/search?limit=1&destination=${encodeURIComponent(c.query)}`);
      const got = r.status === 200 ? `${JSON.stringify(r.body.destination)} (total ${r.body.total})` : `${r.status} ${r.body.error?.code}`;
      const right =
        c.expect === 404
          ? r.status === 404 && r.body.error.code === 'not_found'
          : r.status === 200 && labelMatches(r.body.destination as string, c.expect) && (!c.nonEmpty || (r.body.total as number) > 0);
      totals.set(c.category, totals.get(c.category)! + 1);
      if (!right) failures.get(c.category)!.push(`${JSON.stringify(c.query)}: expected ${describeExpectation(c)}, got ${got}`);
    }
    // Every category is printed, gated or not, before any is required.
    const accuracy = new Map(categories.map((c) => [c, report(`traveller ${c}${GATED_CATEGORIES.includes(c) ? ' (gated)' : ''}`, totals.get(c)!, failures.get(c)!)]));
    for (const c of categories) expect(totals.get(c), `cases of ${c}`).toBeGreaterThanOrEqual(MINIMUM_CASES[c]);
    const noPlaces = TRAVELLER_DESTINATION_CASES.filter((c) => c.category === 'misspelling' && c.expect === 404).length;
    expect(noPlaces, 'misspelling cases that name no place').toBeGreaterThanOrEqual(10);
    for (const c of GATED_CATEGORIES) expect(accuracy.get(c), `accuracy of ${c}`).toBeGreaterThanOrEqual(TRAVELLER_REQUIRED_ACCURACY);
  });
});
