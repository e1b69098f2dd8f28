// A database of the release before affiliates managed their own keys (schema 6), with keys and
// usage in it, brought up to date by a start: nothing is lost (the daily sums are made from the
// old usage), and the old keys work in the key API, the affiliate-wide report and rolling. Run on
// both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../src/keys/api-key.js';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../src/storage/postgres.js';
import { MIGRATIONS as SQLITE_MIGRATIONS, sqliteFile } from '../src/storage/sqlite.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { testDatabase, usePostgres, withClient, type TestDatabase } from './support/test-database.js';
import { startTestService, type TestService } from './support/test-service.js';

/** The schema version of the release before (publishable keys and usage reports, no key API). */
const OLD_VERSION = 6;
const SECRET = `live_${'S'.repeat(43)}`;
const PUBLISHABLE = `live_pk_${'P'.repeat(43)}`;
const REVOKED = `live_${'R'.repeat(43)}`;
const DAY = '2026-11-20';

/** Makes the old schema in the test's database, as that release's start did. */
async function oldSchema(dataDir: string, database: TestDatabase): Promise<void> {
  if (!usePostgres) {
    const db = new Database(sqliteFile(dataDir));
    for (const step of SQLITE_MIGRATIONS.slice(0, OLD_VERSION)) db.exec(step);
    db.pragma(`user_version = ${OLD_VERSION}`);
    db.close();
    return;
  }
  const schema = /search_path=([a-z0-9_]+)/.exec(decodeURIComponent(database.env.DATABASE_URL))![1];
  await withClient(async (c) => {
    await c.query(`SET search_path TO ${schema}`);
    await c.query('CREATE TABLE hotel_affiliate_schema (version integer NOT NULL)');
    await c.query('INSERT INTO hotel_affiliate_schema (version) VALUES ($1)', [OLD_VERSION]);
    for (const step of POSTGRES_MIGRATIONS.slice(0, OLD_VERSION)) await c.query(step);
  });
}

const OLD_KEYS = [
  ['key_oldsecret01', SECRET, 'secret', 'partner', 'servers', null, null, null, null],
  ['key_oldwidget01', PUBLISHABLE, 'publishable', 'partner', 'blog widget', JSON.stringify(['https://blog.example']), 45, PUBLISHABLE, null],
  ['key_oldrevoked1', REVOKED, 'secret', 'partner', null, null, null, null, '2026-11-21T00:00:00.000Z'],
] as const;

let dataDir: string;
let database: TestDatabase;
let t: TestService;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-migration-'));
  database = await testDatabase(dataDir);
  await oldSchema(dataDir, database);
  for (const [id, secret, kind, tier, label, origins, limit, publishable, revoked] of OLD_KEYS) {
    await database.sql(
      `INSERT INTO api_keys (id, secret_hash, kind, tier, affiliate_code, label, origins, visitor_limit, publishable_key, created_at, revoked_at)
       VALUES ($1, $2, $3, $4, 'old-blog', $5, $6, $7, $8, '2026-11-01T00:00:00.000Z', $9)`,
      [id, hashSecret(secret), kind, tier, label, origins, limit, publishable, revoked],
    );
  }
  const usage: Array<[string, string, string, number, number]> = [
    ['key_oldsecret01', 'search_hotels', '', 7, 70],
    ['key_oldwidget01', 'search_hotels', 'sidebar', 11, 66],
    ['key_oldwidget01', 'suggest', 'sidebar', 3, 9],
    ['key_oldrevoked1', 'get_hotel', '', 2, 2],
  ];
  for (const [keyId, operation, subId, calls, hotels] of usage) {
    await database.sql(
      `INSERT INTO usage_counts (key_id, day, operation, sub_id, calls, refused, failed, hotels_shown, links) VALUES ($1, $2, $3, $4, $5, 0, 0, $6, 0)`,
      [keyId, DAY, operation, subId, calls, hotels],
    );
  }
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_PARTNER_PER_DAY: '500' }, { dataDir, database, clockStart: Date.now() });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${SECRET}` };

describe('a database of the release before, brought up to date', () => {
  it('keeps every key working as it did, and lists the affiliate’s keys through the key API', async () => {
    const search = await t.request('/hotels/search?destination=Lisbon&limit=1', { headers: auth });
    expect(search.status).toBe(200);
    expect(search.headers.get('x-ratelimit-limit')).toBe('500');
    expect(search.body.hotels[0].url).toContain('aff=old-blog');
    const widget = await t.request(`/hotels/search?destination=Lisbon&key=${PUBLISHABLE}`, { headers: { origin: 'https://blog.example' } });
    expect(widget.status).toBe(200);
    expect(widget.headers.get('ratelimit-policy')).toContain('"visitor";q=45;w=3600');
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer ${REVOKED}` } })).status).toBe(401);

    const keys = await t.request('/v1/keys', { headers: auth });
    expect(keys.status).toBe(200);
    expect(keys.body.keys.map((k: { id: string; hint: string | null; label: string | null }) => [k.id, k.hint, k.label])).toEqual([
      // Keys made before hints were kept have none.
      ['key_oldsecret01', null, 'servers'],
      ['key_oldwidget01', null, 'blog widget'],
    ]);
  });

  it('reports the old usage of every key of the code, the revoked one’s included', async () => {
    const report = await t.request(`/v1/usage?from=${DAY}&to=${DAY}&group_by=key,operation`, { headers: auth });
    expect(report.status).toBe(200);
    expect(report.body.rows.map((r: Record<string, unknown>) => [r.key_id, r.key_label, r.operation, r.calls, r.hotels_shown])).toEqual([
      ['key_oldrevoked1', null, 'get_hotel', 2, 2],
      ['key_oldsecret01', 'servers', 'search_hotels', 7, 70],
      ['key_oldwidget01', 'blog widget', 'search_hotels', 11, 66],
      ['key_oldwidget01', 'blog widget', 'suggest', 3, 9],
    ]);
    expect(report.body.totals.calls).toBe(23);
    // Reports not by sub_id read the daily sums the migration made from the old rows; by sub_id, the rows themselves.
    const bySubId = await t.request(`/v1/usage?from=${DAY}&to=${DAY}&group_by=sub_id`, { headers: auth });
    expect(bySubId.body.rows.map((r: Record<string, unknown>) => [r.sub_id, r.calls, r.hotels_shown])).toEqual([
      [null, 9, 72],
      ['sidebar', 14, 75],
    ]);
  });

  it('rolls an old secret key, and the new one carries the same code and tier', async () => {
    const rolled = await t.request('/v1/keys/key_oldsecret01/roll', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"grace_seconds": 60}' });
    expect(rolled.status).toBe(200);
    const search = await t.request('/hotels/search?destination=Lisbon&limit=1', { headers: { authorization: `Bearer ${rolled.body.key}` } });
    expect(search.headers.get('x-ratelimit-limit')).toBe('500');
    expect(search.body.hotels[0].url).toContain('aff=old-blog');
  });
});
