// An affiliate's own keys over HTTP, as a blogger and an affiliate developer use them: make a
// publishable key with the secret key, use it from its origin, change its origins when the blog
// moves, revoke it, roll the secret key with a grace period, and read one usage report for every
// key of the code. Refusals say why. Run on both databases, and across two instances with Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp } from './support/mcp-clients.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

const ENV = { LIMIT_KEYLESS_PER_HOUR: '1000', LIMIT_STANDARD_PER_DAY: '40', LIMIT_PARTNER_PER_DAY: '5000', USAGE_FLUSH_SECONDS: '0.2', TRUSTED_PROXIES: '127.0.0.1' };
const BLOG = 'https://blog.example';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, ENV, { clockStart: Date.now() });
});
afterAll(async () => t.close());

async function secretKey(s: TestService, code: string, tier: 'standard' | 'partner' = 'standard') {
  const made = await s.service.keys.create({ tier, affiliateCode: code, label: 'servers' });
  return { key: made.secret, id: made.record.id, auth: { authorization: `Bearer ${made.secret}` } };
}

const send = (s: TestService, method: string, path: string, auth: Record<string, string>, body?: unknown) =>
  s.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A call from a page of `origin`, the key in the query as the widget sends it, from a visitor's address. */
const fromPage = (s: TestService, path: string, key: string, origin: string, visitor = '203.0.113.9') =>
  s.request(`${path}${path.includes('?') ? '&' : '?'}key=${key}`, { headers: { origin, 'x-forwarded-for': visitor } });

const code = () => `blog-${randomUUID().slice(0, 8)}`;

describe('an affiliate making and managing their own keys', () => {
  it('makes a publishable key with the secret key, which works from its origin and carries the code', async () => {
    const affiliate = code();
    const secret = await secretKey(t, affiliate);
    const made = await send(t, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: ['https://Blog.Example/', 'https://*.blog.example', BLOG], label: 'my blog', visitor_limit: 30 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'publishable', tier: 'standard', label: 'my blog', origins: [BLOG, 'https://*.blog.example'], visitor_limit: 30, calls_today: 0, revoked: null });
    expect(made.body.key).toMatch(/^live_pk_[A-Za-z0-9]{43}$/);
    expect(made.body.publishable_key).toBe(made.body.key);

    const search = await fromPage(t, '/hotels/search?destination=Lisbon&limit=2', made.body.key, 'https://www.blog.example');
    expect(search.status).toBe(200);
    expect(search.body.hotels[0].url).toContain(`aff=${affiliate}`);
    expect((await fromPage(t, '/hotels/search?destination=Lisbon', made.body.key, 'https://elsewhere.example')).status).toBe(401);

    const listed = await send(t, 'GET', '/v1/keys', secret.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.affiliate_code).toBe(affiliate);
    expect(listed.body.caps).toEqual({ keys: 20, origins_per_key: 20 });
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual([secret.id, made.body.id]);
    const [own, widget] = listed.body.keys;
    // Never a secret key's value: a hint of its last four characters.
    expect(JSON.stringify(listed.body)).not.toContain(secret.key);
    expect(own).toMatchObject({ kind: 'secret', origins: null, publishable_key: null, hint: `live_…${secret.key.slice(-4)}` });
    expect(widget).toMatchObject({ publishable_key: made.body.key, last_used: new Date().toISOString().slice(0, 10), calls_today: 1 });
  });

  it('changes origins when the blog moves, and revokes a leaked key at once', async () => {
    const secret = await secretKey(t, code());
    const made = (await send(t, 'POST', '/keys', secret.auth, { kind: 'publishable', origins: [BLOG] })).body;
    expect(made.visitor_limit).toBe(60);
    expect((await fromPage(t, '/suggest?q=lis', made.key, BLOG)).status).toBe(200);

    const moved = await send(t, 'PATCH', `/v1/keys/${made.id}`, secret.auth, { origins: ['https://newblog.example'], label: 'moved', visitor_limit: 5 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ origins: ['https://newblog.example'], label: 'moved', visitor_limit: 5 });
    expect((await fromPage(t, '/suggest?q=lis', made.key, BLOG)).status).toBe(401);
    const there = await fromPage(t, '/hotels/search?destination=Lisbon', made.key, 'https://newblog.example');
    expect(there.status).toBe(200);
    expect(there.headers.get('ratelimit-policy')).toContain('"visitor";q=5;w=3600');

    const revoked = await send(t, 'DELETE', `/v1/keys/${made.id}`, secret.auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toMatch(/^\d{4}-\d\d-\d\dT/);
    const after = await fromPage(t, '/hotels/search?destination=Lisbon', made.key, 'https://newblog.example');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toContain('not valid');
    expect((await send(t, 'GET', '/v1/keys', secret.auth)).body.keys.map((k: { id: string }) => k.id)).toEqual([secret.id]);
    // Gone for good: a second revocation or a change is 404.
    expect((await send(t, 'DELETE', `/v1/keys/${made.id}`, secret.auth)).status).toBe(404);
    expect((await send(t, 'PATCH', `/v1/keys/${made.id}`, secret.auth, { label: 'x' })).status).toBe(404);
  });

  it('rolls the secret key: the new one works at once, the old one until its grace ends, then not', async () => {
    const secret = await secretKey(t, code(), 'partner');
    const rolled = await send(t, 'POST', `/v1/keys/${secret.id}/roll`, secret.auth, { grace_seconds: 2 });
    expect(rolled.status).toBe(200);
    expect(rolled.body.key).toMatch(/^live_[A-Za-z0-9]{43}$/);
    expect(rolled.body.new_key).toMatchObject({ kind: 'secret', tier: 'partner', label: 'servers', hint: `live_…${rolled.body.key.slice(-4)}`, expires: null });
    expect(Date.parse(rolled.body.old_key.expires) - t.clock.now()).toBe(2000);
    const fresh = { authorization: `Bearer ${rolled.body.key}` };
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: fresh })).headers.get('x-ratelimit-limit')).toBe('5000');
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: secret.auth })).status).toBe(200);
    // Rolled once is enough: the old key cannot be rolled again.
    expect((await send(t, 'POST', `/v1/keys/${secret.id}/roll`, fresh, { grace_seconds: 0 })).body.error.message).toContain('rolled already');
    t.clock.advance(2100);
    const old = await t.request('/hotels/search?destination=Lisbon', { headers: secret.auth });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toContain('grace period ended');
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: fresh })).status).toBe(200);

    // No grace: the old key stops at once.
    const again = await send(t, 'POST', `/v1/keys/${rolled.body.new_key.id}/roll`, fresh, { grace_seconds: 0 });
    expect(again.status).toBe(200);
    expect(again.body.old_key.revoked).not.toBeNull();
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: fresh })).status).toBe(401);
  });

  it('refuses what it must, saying why', async () => {
    const secret = await secretKey(t, code());
    const other = await secretKey(t, code());
    const theirs = (await send(t, 'POST', '/v1/keys', other.auth, { kind: 'publishable', origins: [BLOG] })).body;
    const mine = (await send(t, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: [BLOG] })).body;

    // Keyless and publishable callers manage nothing.
    const keyless = await send(t, 'GET', '/v1/keys', {});
    expect(keyless.status).toBe(401);
    expect(keyless.body.error.message).toContain('needs your secret key');
    const publishable = await fromPage(t, '/v1/keys', mine.key, BLOG);
    expect(publishable.status).toBe(401);
    expect(publishable.body.error.message).toContain('needs your secret key');
    expect((await send(t, 'POST', '/v1/keys', { authorization: 'Bearer live_nope' }, { kind: 'publishable', origins: [BLOG] })).status).toBe(401);

    // Another affiliate's key is not said to exist.
    for (const [method, path, body] of [
      ['PATCH', `/v1/keys/${theirs.id}`, { label: 'mine now' }],
      ['DELETE', `/v1/keys/${theirs.id}`, undefined],
      ['POST', `/v1/keys/${other.id}/roll`, { grace_seconds: 0 }],
    ] as const) {
      const refused = await send(t, method, path, secret.auth, body);
      expect([refused.status, refused.body.error.code]).toEqual([404, 'not_found']);
    }
    expect((await fromPage(t, '/hotels/search?destination=Lisbon', theirs.key, BLOG)).status).toBe(200);

    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/v1/keys', { kind: 'secret', origins: [BLOG] }, 'rolling yours'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: [] }, 'origins'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: ['https://blog.example/posts'] }, 'must not have a path'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: ['https://*.com'] }, 'top-level domain'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) }, 'at most 20 origins'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: [BLOG], visitor_limit: 0 }, 'visitor_limit'],
      ['POST', '/v1/keys', { kind: 'publishable', origins: [BLOG], tier: 'partner' }, 'tier'],
      ['PATCH', `/v1/keys/${mine.id}`, {}, 'at least one'],
      ['PATCH', `/v1/keys/${secret.id}`, { origins: [BLOG] }, 'is a secret key'],
      ['DELETE', `/v1/keys/${secret.id}`, undefined, 'roll it'],
      ['POST', `/v1/keys/${mine.id}/roll`, { grace_seconds: 60 }, 'is a publishable key'],
      ['POST', `/v1/keys/${secret.id}/roll`, { grace_seconds: 86_401 }, 'grace_seconds'],
      ['POST', `/v1/keys/${secret.id}/roll`, {}, 'grace_seconds'],
    ];
    for (const [method, path, body, message] of bad) {
      const refused = await send(t, method, path, secret.auth, body);
      expect([method, path, refused.status, refused.body.error?.code]).toEqual([method, path, 400, 'invalid_params']);
      expect(refused.body.error.message).toContain(message);
    }
    // The cap: 20 keys that work per affiliate.
    const capped = await secretKey(t, code());
    for (let i = 0; i < 19; i++) expect((await send(t, 'POST', '/v1/keys', capped.auth, { kind: 'publishable', origins: [BLOG] })).status).toBe(201);
    const over = await send(t, 'POST', '/v1/keys', capped.auth, { kind: 'publishable', origins: [BLOG] });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toContain('at most 20 keys');
    // Managing keys costs nothing against the allowance.
    expect((await send(t, 'GET', '/v1/keys', capped.auth)).headers.get('x-ratelimit-remaining')).toBe('40');
  });

  it('reports every key of the affiliate in one usage report, by key, adding up exactly', async () => {
    const secret = await secretKey(t, code());
    const widget = (await send(t, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: [BLOG], label: 'sidebar widget' })).body;
    const footer = (await send(t, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: [BLOG] })).body;
    for (let i = 0; i < 3; i++) expect((await fromPage(t, `/hotels/search?destination=Lisbon&limit=2&sub_id=side`, widget.key, BLOG)).status).toBe(200);
    expect((await fromPage(t, '/hotels/search?destination=xqzvbnq', widget.key, BLOG)).status).toBe(404);
    expect((await fromPage(t, '/hotels/search?destination=Porto&limit=1', footer.key, BLOG)).status).toBe(200);
    expect((await t.request('/hotels/search?destination=Lisbon&limit=3', { headers: secret.auth })).status).toBe(200);

    const report = await t.request('/v1/usage?group_by=key', { headers: secret.auth });
    expect(report.status).toBe(200);
    const byKey = Object.fromEntries(report.body.rows.map((r: { key_id: string }) => [r.key_id, r]));
    expect(byKey[widget.id]).toMatchObject({ key_label: 'sidebar widget', calls: 3, failed: 1, hotels_shown: 6 });
    expect(byKey[footer.id]).toMatchObject({ key_label: null, calls: 1, hotels_shown: 1 });
    expect(byKey[secret.id]).toMatchObject({ key_label: 'servers', calls: 1, hotels_shown: 3 });
    expect(report.body.totals).toMatchObject({ calls: 5, failed: 1, hotels_shown: 10 });
    expect(report.body.affiliate_code).toBe((await send(t, 'GET', '/v1/keys', secret.auth)).body.affiliate_code);
    const { limit, remaining, used_percent } = report.body.allowance;
    expect(used_percent).toBe(Math.round(((limit - remaining) / limit) * 1000) / 10);
    expect(used_percent).toBeGreaterThan(0);

    const bySubId = await t.request('/v1/usage?group_by=key,sub_id', { headers: secret.auth });
    expect(bySubId.body.rows.find((r: { key_id: string; sub_id: string | null }) => r.key_id === widget.id && r.sub_id === 'side')).toMatchObject({ calls: 3 });
    const csv = await t.request('/v1/usage?group_by=key', { headers: { ...secret.auth, accept: 'text/csv' } });
    expect(csv.body).toContain('key_id,key_label,calls,refused,failed,hotels_shown,links\r\n');
    expect(csv.body).toContain(`${widget.id},sidebar widget,3,0,1,6,0`);
    // Another affiliate's report holds none of these.
    const stranger = await secretKey(t, code());
    expect((await t.request('/v1/usage', { headers: stranger.auth })).body.totals.calls).toBe(0);
  });
});

describe('an agent reading its keys over MCP', () => {
  it('lists the same keys as GET /v1/keys, over HTTP and stdio, and refuses a keyless agent', async () => {
    const secret = await secretKey(t, code());
    await send(t, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: [BLOG], label: 'widget' });
    const listed = (await send(t, 'GET', '/v1/keys', secret.auth)).body;
    for (const way of ['http', 'stdio'] as const) {
      const mcp = await connectMcp(t.baseUrl, way, { key: secret.key });
      const tool = await mcp.callTool({ name: 'list_keys', arguments: {} });
      expect(tool.isError ?? false).toBe(false);
      expect(tool.structuredContent).toEqual(listed);
      expect((tool.content as Array<{ text: string }>)[0].text).toContain('publishable "widget", standard, on https://blog.example, 0 calls today, last used never');
      await mcp.close();
    }
    const keyless = await connectMcp(t.baseUrl, 'http');
    const refused = await keyless.callTool({ name: 'list_keys', arguments: {} });
    expect(refused.isError).toBe(true);
    expect((refused.content as Array<{ text: string }>)[0].text).toContain('needs your secret key');
    await keyless.close();
  });
});

describe('two instances sharing the database and Redis', () => {
  /** Two services on one database, counting in Redis under a prefix of their own. */
  async function twoInstances(): Promise<[TestService, TestService]> {
    const env = { ...ENV, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `test-${randomUUID()}:` };
    const a = await startTestService(FIXTURE_HOTELS, env, { clockStart: Date.now() });
    return [a, await startTestService(null, env, { clockStart: Date.now(), dataDir: a.dataDir, database: a.database })];
  }

  it('see a key made on one at once on the other, and a revocation at once on both', async () => {
    const [a, b] = await twoInstances();
    try {
      const secret = await secretKey(a, code());
      const made = (await send(a, 'POST', '/v1/keys', secret.auth, { kind: 'publishable', origins: [BLOG] })).body;
      expect((await fromPage(b, '/hotels/search?destination=Lisbon', made.key, BLOG)).status).toBe(200);
      expect((await fromPage(a, '/hotels/search?destination=Lisbon', made.key, BLOG)).status).toBe(200);
      expect((await send(b, 'DELETE', `/v1/keys/${made.id}`, secret.auth)).status).toBe(200);
      expect((await fromPage(a, '/hotels/search?destination=Lisbon', made.key, BLOG)).status).toBe(401);
      expect((await fromPage(b, '/hotels/search?destination=Lisbon', made.key, BLOG)).status).toBe(401);
      // Both instances' calls, in one report from either, once a has written its counts (every 0.2 s here).
      await new Promise((resolve) => setTimeout(resolve, 600));
      const report = await b.request('/v1/usage?group_by=key', { headers: secret.auth });
      expect(report.body.rows.find((r: { key_id: string }) => r.key_id === made.id)).toMatchObject({ calls: 2 });
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('honour a key rolled on one, and its grace, on both; a console session opened on one is the other\'s, and signing out on it ends it on both', async () => {
    const [a, b] = await twoInstances();
    try {
      const secret = await secretKey(a, code());
      const rolled = await send(a, 'POST', `/v1/keys/${secret.id}/roll`, secret.auth, { grace_seconds: 3600 });
      expect(rolled.status).toBe(200);
      const searched = (s: TestService, key: string) => s.request('/hotels/search?destination=Lisbon&limit=1', { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
      for (const s of [a, b]) expect([await searched(s, secret.key), await searched(s, rolled.body.key)]).toEqual([200, 200]);

      const signedIn = await fetch(`${a.baseUrl}/console/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: rolled.body.key }) });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];
      const { csrf_token: csrf } = (await signedIn.json()) as { csrf_token: string };
      const me = (s: TestService) => fetch(`${s.baseUrl}/console/api/me`, { headers: { cookie } }).then((r) => r.status);
      expect([await me(a), await me(b)]).toEqual([200, 200]);
      const out = await fetch(`${b.baseUrl}/console/session`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf, origin: b.baseUrl, 'sec-fetch-site': 'same-origin' } });
      expect(out.status).toBe(204);
      expect([await me(a), await me(b)]).toEqual([401, 401]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
