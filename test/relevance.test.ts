// The relevance suite: destination and find queries as travellers type them, against the
// demo catalog, through HTTP. Prints the accuracy of each and every query it got wrong; each
// must be right at least 95% of the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATION_CASES } from './relevance/destination-cases.js';
import { FIND_CASES } from './relevance/find-cases.js';
import { startTestService, type TestService } from './support/test-service.js';

const REQUIRED_ACCURACY = 0.95;

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
});
