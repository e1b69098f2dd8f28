// API keys through HTTP and the CLI: the code on every link, 401 for anything but an active
// key, revocation and tier changes from the next request on, per-key daily allowances.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, {
    LIMIT_KEYLESS_PER_HOUR: '50',
    LIMIT_STANDARD_PER_DAY: '4',
    LIMIT_PARTNER_PER_DAY: '6',
  });
});
afterAll(async () => t.close());

const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const cli = (args: string[]) => runCli(t.dataDir, args, t.database.env);

async function newKey(tier: 'standard' | 'partner', code: string) {
  return t.service.keys.create({ tier, affiliateCode: code, label: null });
}

describe('a valid key', () => {
  it('puts its affiliate code on every link of every operation, before utm_content', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 9, 0, 0));
    const { secret } = await newKey('partner', 'acme-blog');
    const search = await t.request('/hotels/search?destination=Lisbon&sub_id=s1', bearer(secret));
    expect(search.body.hotels.length).toBe(6);
    for (const h of search.body.hotels) expect(h.url).toBe(`https://www.stays.example/${h.id}?aff=acme-blog&utm_content=s1`);
    const find = await t.request('/hotels/find?name=Hotel%20Aurora', bearer(secret));
    for (const h of find.body.matches) expect(h.url).toBe(`https://www.stays.example/${h.id}?aff=acme-blog`);
    const detail = await t.request('/v1/hotels/hotel/pt/lisbon/casa-do-sol', { headers: { authorization: `bearer ${secret}` } });
    expect(detail.body.url).toBe('https://www.stays.example/hotel/pt/lisbon/casa-do-sol?aff=acme-blog');
    const links = await t.request('/links?sub_id=s2', {
      ...jsonBody({ urls: ['https://travel.stays.example/guides/lisbon?x=1', 'https://www.stays.example/?aff=acme-blog', 'https://www.stays.example/?aff=rival'] }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    });
    expect(links.body.links.map((l: { url: string | null; error: { code: string } | null }) => l.url ?? l.error!.code)).toEqual([
      'https://travel.stays.example/guides/lisbon?x=1&aff=acme-blog&utm_content=s2',
      'https://www.stays.example/?aff=acme-blog&utm_content=s2',
      'other_partner_code',
    ]);
  });

  it('counts against its own daily allowance, not the address', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 12, 0, 0));
    const { secret } = await newKey('standard', 'own-allowance');
    const keyless = await t.request('/hotels/search?destination=Lisbon');
    const keyed = await t.request('/hotels/search?destination=Lisbon', bearer(secret));
    expect(keyed.headers.get('x-ratelimit-limit')).toBe('4');
    expect(keyed.headers.get('x-ratelimit-remaining')).toBe('3');
    expect(keyed.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 24) / 1000));
    expect(keyed.headers.get('ratelimit-policy')).toBe('"standard";q=4;w=86400');
    expect(keyed.headers.get('ratelimit')).toBe('"standard";r=3;t=43200');
    const keylessAfter = await t.request('/hotels/search?destination=Lisbon');
    expect(Number(keylessAfter.headers.get('x-ratelimit-remaining'))).toBe(Number(keyless.headers.get('x-ratelimit-remaining')) - 1);
  });

  it('is refused whole once its day is used up, with Retry-After to midnight UTC, and starts afresh at midnight', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 23, 0, 0));
    const { secret } = await newKey('standard', 'daily');
    for (let i = 0; i < 3; i++) expect((await t.request('/hotels/find?name=Pestana', bearer(secret))).status).toBe(200);
    const tooMany = await t.request('/links', {
      ...jsonBody({ urls: ['https://stays.example/a', 'https://stays.example/b'] }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    });
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toBe('3600');
    expect(tooMany.body.error.message).toBe(
      "This call costs 2 requests (one per URL) and 1 remains: send at most 1 URL in a call. Your standard key's allowance of 4 requests " +
        'a day resets at 2026-11-24T00:00:00.000Z (midnight UTC). If you need more, ask us about the partner tier.',
    );
    expect((await t.request('/hotels/find?name=Pestana', bearer(secret))).headers.get('x-ratelimit-remaining')).toBe('0');
    t.clock.set(Date.UTC(2026, 10, 23, 23, 59, 59, 500));
    const refused = await t.request('/hotels/find?name=Pestana', bearer(secret));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    t.clock.set(Date.UTC(2026, 10, 24, 0, 0, 0));
    const fresh = await t.request('/hotels/find?name=Pestana', bearer(secret));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('3');
    expect(fresh.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 25) / 1000));
  });
});

describe('keys that are not valid', () => {
  it('are 401 with WWW-Authenticate, counted against the address, never answered keyless', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 15, 0, 0));
    const { secret, record } = await newKey('standard', 'soon-revoked');
    await t.service.keys.revoke(record.id);
    const cases = [
      ['unknown', `Bearer live_${'x'.repeat(43)}`],
      ['revoked', `Bearer ${secret}`],
      ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['no token', 'Bearer '],
      ['not live_', 'Bearer test_abc'],
      ['lower-case scheme but junk', 'bearer live_!!'],
    ];
    let before = Number((await t.request('/hotels/search?destination=Lisbon')).headers.get('x-ratelimit-remaining'));
    for (const [name, authorization] of cases) {
      const r = await t.request('/hotels/search?destination=Lisbon', { headers: { authorization } });
      expect([name, r.status, r.body.error.code, r.headers.get('www-authenticate')]).toEqual([
        name,
        401,
        'unauthorized',
        'Bearer error="invalid_token"',
      ]);
      expect(r.headers.get('x-ratelimit-limit')).toBe('50');
      expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(--before);
      expect(r.body.hotels).toBeUndefined();
    }
  });
});

describe('the keys command', () => {
  it('creates a key whose secret is printed once and stored only as a hash', async () => {
    const created = await cli(['keys', 'create', '--tier', 'standard', '--code', 'cli-code', '--label', 'From the CLI']);
    expect(created.code).toBe(0);
    const secret = created.stdout.trim();
    expect(secret).toMatch(/^live_[0-9A-Za-z]{43}$/);
    expect(created.stderr).toMatch(/^Created key key_[0-9A-Za-z]{11} \(standard tier, affiliate code cli-code, label "From the CLI"\)\./);

    const list = await cli(['keys', 'list']);
    expect(list.stdout).toMatch(/key_[0-9A-Za-z]{11}\s+secret\s+standard\s+cli-code\s+From the CLI/);
    expect(list.stdout).not.toContain(secret);
    const json = await cli(['keys', 'list', '--json']);
    expect(json.stdout).not.toContain(secret);

    const rows = await t.database.keyRows();
    expect(JSON.stringify(rows)).not.toContain(secret.slice(5));
    expect(rows.map((r) => r.secret_hash)).toContain(createHash('sha256').update(secret).digest('hex'));

    const r = await t.request('/hotels/hotel/pt/lisbon/casa-do-sol', bearer(secret));
    expect(r.body.url).toBe('https://www.stays.example/hotel/pt/lisbon/casa-do-sol?aff=cli-code');
  });

  it('revokes and re-tiers a key for the running server from its next request', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 16, 0, 0));
    const { secret, record } = await newKey('standard', 'moving');
    expect((await t.request('/hotels/find?name=Pestana', bearer(secret))).headers.get('x-ratelimit-limit')).toBe('4');

    const promoted = await cli(['keys', 'set-tier', record.id, 'partner']);
    expect(promoted.stdout).toContain(`Key ${record.id} (partner tier, affiliate code moving) is now partner tier`);
    const asPartner = await t.request('/hotels/find?name=Pestana', bearer(secret));
    expect(asPartner.headers.get('x-ratelimit-limit')).toBe('6');
    expect(asPartner.headers.get('x-ratelimit-remaining')).toBe('4');

    const revoked = await cli(['keys', 'revoke', record.id]);
    expect(revoked.stdout).toContain(`Revoked key ${record.id}`);
    expect((await t.request('/hotels/find?name=Pestana', bearer(secret))).status).toBe(401);
    expect((await cli(['keys', 'revoke', record.id])).stdout).toContain('was already revoked');
    expect((await cli(['keys', 'set-tier', record.id, 'standard'])).code).toBe(1);
  });

  it("counts a key's change from the next request however it is made: an operator's SQL, or the service's own store", async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 17, 0, 0));
    const { secret, record } = await newKey('standard', 'by-sql');
    const limitNow = async () => {
      const answer = await t.request('/hotels/find?name=Pestana', bearer(secret));
      return answer.status === 200 ? answer.headers.get('x-ratelimit-limit') : answer.status;
    };
    // Used twice first, so that whatever the server remembers of it is in use.
    expect([await limitNow(), await limitNow()]).toEqual(['4', '4']);
    await t.database.sql('UPDATE api_keys SET tier = $1 WHERE id = $2', ['partner', record.id]);
    expect(await limitNow()).toBe('6');
    await t.database.sql('UPDATE api_keys SET revoked_at = $1 WHERE id = $2', [new Date().toISOString(), record.id]);
    expect(await limitNow()).toBe(401);

    const other = await newKey('partner', 'by-store');
    expect((await t.request('/hotels/find?name=Pestana', bearer(other.secret))).status).toBe(200);
    await t.service.keys.revoke(other.record.id);
    expect((await t.request('/hotels/find?name=Pestana', bearer(other.secret))).status).toBe(401);
  });

  it('refuses bad input with a clear message', async () => {
    const badTier = await cli(['keys', 'create', '--tier', 'gold', '--code', 'x']);
    expect([badTier.code, badTier.stderr.split('\n')[0]]).toEqual([2, 'the tier must be one of standard, partner (got "gold")']);
    const badCode = await cli(['keys', 'create', '--tier', 'standard', '--code', 'no spaces']);
    expect(badCode.stderr.split('\n')[0]).toBe('--code must be 1 to 64 letters, digits, underscores or hyphens (got "no spaces")');
    const unknown = await cli(['keys', 'revoke', 'key_nothere']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'No key has id key_nothere; see hotel-affiliate keys list.']);
  });
});
