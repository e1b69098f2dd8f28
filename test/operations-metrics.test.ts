// The metrics an on-call engineer reads beside the calls: the build, the catalog in use and its
// age, usage that could not be written, and (with PostgreSQL) the pool and whether it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';
import { usePostgres } from './support/test-database.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t?.close());

const metrics = async () => (await t.request('/metrics')).body as string;
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('operations metrics', () => {
  it('name the build, and the catalog in use with its generation and when it was imported', async () => {
    const text = await metrics();
    expect(value(text, `hotel_affiliate_build_info{version="1.0.0",node="${process.version}"}`)).toBe(1);
    const ready = (await t.request('/readyz')).body;
    expect(value(text, 'hotel_affiliate_catalog_generation')).toBe(ready.catalog.generation);
    const version = (await t.service.store.current())!;
    expect(value(text, 'hotel_affiliate_catalog_imported_timestamp_seconds')).toBe(Date.parse(version.importedAt) / 1000);

    // A new import: both follow once the instance has switched.
    await t.importFeed(FIXTURE_HOTELS.slice(0, 5));
    await expect.poll(async () => value(await metrics(), 'hotel_affiliate_catalog_generation'), { timeout: 10_000 }).toBe(ready.catalog.generation + 1);
  });

  it.runIf(usePostgres)('show the PostgreSQL pool by state and that the database answers', async () => {
    const text = await metrics();
    for (const state of ['in_use', 'idle', 'waiting']) expect(value(text, `hotel_affiliate_database_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(value(text, 'hotel_affiliate_database_pool_connections{state="idle"}')! + value(text, 'hotel_affiliate_database_pool_connections{state="in_use"}')!).toBeGreaterThan(0);
    expect(value(text, 'hotel_affiliate_database_up')).toBe(1);
  });

  it.runIf(!usePostgres)('leave out the pool and database gauges without PostgreSQL', async () => {
    const text = await metrics();
    expect(text).not.toMatch(/^hotel_affiliate_database_pool_connections\{/m);
    expect(text).not.toMatch(/^hotel_affiliate_database_up /m);
  });

  it('count usage that could not be written to the database', async () => {
    const { secret } = await t.service.keys.create({ tier: 'standard', affiliateCode: 'flush', label: null });
    expect((await t.request('/hotels/search?destination=Lisbon&limit=1', { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    expect(value(await metrics(), 'hotel_affiliate_usage_flush_failures_total')).toBe(0);
    // The database goes: the next flush fails and is counted; the counts stay in memory.
    await t.service.store.close();
    await t.service.usage.flush();
    expect(value(await metrics(), 'hotel_affiliate_usage_flush_failures_total')).toBe(1);
  });
});
