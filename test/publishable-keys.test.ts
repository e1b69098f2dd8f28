// Publishable keys over HTTP and the CLI, as a blog's pages and its visitors use them: accepted
// only from the key's origins, counted per visitor under the key and against the key's day,
// crediting the key's code, refused by MCP, revoked at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '1000', LIMIT_STANDARD_PER_DAY: '6', TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => t.close());

const BLOG = 'https://blog.example';
const cli = (args: string[]) => runCli(t.dataDir, args, t.database.env);

async function publishableKey(code: string, visitorLimit = 100, origins = [BLOG, 'https://*.blog.example', 'http://localhost:4000']) {
  return (await t.service.keys.create({ tier: 'standard', affiliateCode: code, label: null, publishable: { origins, visitorLimit } })).secret;
}

/** A call from a page: the key in the query (no preflight), Origin as a browser sends it, a visitor's address. */
function fromPage(path: string, key: string, origin: string | null, visitor = '203.0.113.7', headers: Record<string, string> = {}) {
  const sep = path.includes('?') ? '&' : '?';
  return t.request(`${path}${sep}key=${key}`, { headers: { ...(origin ? { origin } : {}), 'x-forwarded-for': visitor, ...headers } });
}

describe('keys create --publishable', () => {
  it('prints a live_pk_ key, told apart from a secret one, that keys list shows with its kind and origins', async () => {
    const made = await cli(['keys', 'create', '--publishable', '--origin', 'https://Blog.Example/', '--origin', 'https://*.blog.example', '--tier', 'standard', '--code', 'cli-blog', '--visitor-limit', '30', '--label', 'my blog']);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^live_pk_[A-Za-z0-9]{43}\n$/);
    expect(made.stderr).toContain('publishable, on https://blog.example https://*.blog.example, 30 calls an hour per visitor, standard tier, affiliate code cli-blog');
    const secret = await cli(['keys', 'create', '--tier', 'standard', '--code', 'cli-server']);
    expect(secret.stdout).toMatch(/^live_[A-Za-z0-9]{43}\n$/);

    const listed = await cli(['keys', 'list']);
    const row = listed.stdout.split('\n').find((line) => line.includes('cli-blog'))!;
    expect(row).toMatch(/publishable +standard +cli-blog +my blog +https:\/\/blog\.example https:\/\/\*\.blog\.example +30 /);
    expect(row).toContain(made.stdout.trim());
    const secretRow = listed.stdout.split('\n').find((line) => line.includes('cli-server'))!;
    expect(secretRow).toMatch(/ secret +standard +cli-server/);
    expect(secretRow).not.toContain(secret.stdout.trim());
  });

  it('refuses origins that are not origins, and origins for a secret key, saying why', async () => {
    const create = (...extra: string[]) => cli(['keys', 'create', '--tier', 'standard', '--code', 'x', ...extra]);
    const cases: Array<[string[], string]> = [
      [['--publishable', '--origin', 'https://blog.example/posts'], 'must not have a path'],
      [['--publishable', '--origin', 'ftp://blog.example'], 'must start with https:// or http://'],
      [['--publishable', '--origin', 'https://*.example'], 'every subdomain of a top-level domain'],
      [['--publishable', '--origin', 'https://blog.example?x=1'], 'must not have a query'],
      [['--publishable', '--origin', 'blog.example'], 'is not an origin'],
      [['--publishable'], 'needs at least one --origin'],
      [['--origin', BLOG], 'add --publishable'],
      [['--publishable', '--origin', BLOG, '--visitor-limit', '0'], '--visitor-limit must be a whole number'],
    ];
    for (const [args, message] of cases) {
      const refused = await create(...args);
      expect([refused.code, refused.stdout]).toEqual([2, '']);
      expect(refused.stderr).toContain(message);
    }
  });
});

describe('a publishable key', () => {
  it('is taken from its origins (exact, a listed subdomain pattern, a port), by Origin or else Referer, and credits its code', async () => {
    const key = await publishableKey('origin-blog');
    for (const origin of [BLOG, 'https://www.blog.example', 'https://a.b.blog.example', 'http://localhost:4000']) {
      const answer = await fromPage('/hotels/search?destination=Lisbon&limit=2&sub_id=sidebar', key, origin);
      expect([origin, answer.status]).toEqual([origin, 200]);
      for (const hotel of answer.body.hotels) expect(hotel.url).toBe(`https://www.stays.example/${hotel.id}?aff=origin-blog&utm_content=sidebar`);
      expect(answer.headers.get('vary')).toContain('Origin');
    }
    const byReferer = await fromPage('/hotels/find?name=Pestana', key, null, undefined, { referer: 'https://blog.example/2026/lisbon?x=1' });
    expect(byReferer.status).toBe(200);
    expect(byReferer.body.hotel.url).toMatch(/\?aff=origin-blog$/);
    // In the Authorization header, as a page's fetch may send it.
    const inHeader = await t.request('/hotels/find?name=Pestana', { headers: { authorization: `Bearer ${key}`, origin: BLOG } });
    expect(inHeader.status).toBe(200);
  });

  it('credits its code on every operation: suggestions, a hotel, and links', async () => {
    const key = await publishableKey('every-link');
    const suggested = await fromPage('/suggest?q=Pestana&sub_id=box', key, BLOG);
    expect(suggested.body.hotels[0].url).toMatch(/\?aff=every-link&utm_content=box$/);
    const hotel = await fromPage('/hotels/hotel/pt/lisbon/casa-do-sol', key, BLOG);
    expect(hotel.body.url).toBe('https://www.stays.example/hotel/pt/lisbon/casa-do-sol?aff=every-link');
    const links = await t.request(`/links?key=${key}`, { ...jsonBody({ urls: ['https://www.stays.example/'] }), headers: { 'content-type': 'application/json', origin: BLOG } });
    expect(links.body.links[0].url).toBe('https://www.stays.example/?aff=every-link');
  });

  it('is refused with 401 from an origin it does not list, or none, saying which origin was seen', async () => {
    const key = await publishableKey('strict-blog');
    const cases: Array<[Record<string, string>, string]> = [
      [{ origin: 'https://evil.example' }, 'not enabled on https://evil.example'],
      [{ origin: 'https://blog.example.evil.example' }, 'not enabled on https://blog.example.evil.example'],
      [{ origin: 'https://evilblog.example' }, 'not enabled on https://evilblog.example'],
      [{ origin: 'http://blog.example' }, 'not enabled on http://blog.example'],
      [{ origin: 'https://blog.example:8443' }, 'not enabled on https://blog.example:8443'],
      [{ origin: 'http://localhost:4001' }, 'not enabled on http://localhost:4001'],
      [{ origin: 'null' }, 'states none'],
      [{ referer: 'file:///home/me/page.html' }, 'states none'],
      [{}, 'states none (no Origin or Referer header)'],
    ];
    for (const [headers, message] of cases) {
      const answer = await fromPage('/hotels/search?destination=Lisbon', key, null, '203.0.113.50', headers);
      expect([JSON.stringify(headers), answer.status, answer.body.error.code]).toEqual([JSON.stringify(headers), 401, 'unauthorized']);
      expect(answer.body.error.message).toContain(message);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      // Counted against the address, as any refused key.
      expect(answer.headers.get('ratelimit-policy')).toBe('"keyless";q=1000;w=3600');
    }
  });

  it('is refused in a URL when it is a secret key, and when sent twice', async () => {
    const secret = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'server-side', label: null })).secret;
    const inUrl = await t.request(`/hotels/search?destination=Lisbon&key=${secret}`, { headers: { origin: BLOG } });
    expect(inUrl.status).toBe(401);
    expect(inUrl.body.error.message).toMatch(/^a secret key must never be put in a URL/);
    const key = await publishableKey('twice');
    const twice = await t.request(`/hotels/search?destination=Lisbon&key=${key}`, { headers: { origin: BLOG, authorization: `Bearer ${key}` } });
    expect([twice.status, twice.body.error.message]).toEqual([401, 'send the key once: in the Authorization header or as the key parameter, not both']);
    const repeated = await t.request(`/hotels/search?destination=Lisbon&key=${key}&key=${key}`, { headers: { origin: BLOG } });
    expect([repeated.status, repeated.body.error.message]).toEqual([401, 'send the key parameter once']);
  });

  it('counts each visitor per hour under the key, and all visitors against its day; the headers describe the limit that binds', async () => {
    t.clock.set(Date.UTC(2026, 10, 23, 10, 15, 0));
    const key = await publishableKey('counted', 3);
    const call = (visitor: string) => fromPage('/hotels/find?name=Pestana', key, BLOG, visitor);
    const first = await call('198.51.100.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 23, 11) / 1000));
    expect(first.headers.get('ratelimit-policy')).toBe('"visitor";q=3;w=3600, "standard";q=6;w=86400');
    expect(first.headers.get('ratelimit')).toBe('"visitor";r=2;t=2700, "standard";r=5;t=49500');
    await call('198.51.100.1');
    await call('198.51.100.1');
    const fourth = await call('198.51.100.1');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('2700');
    expect(fourth.body.error.message).toBe('You have searched a lot in a short time. Please try again in 45 minutes (at 11:00 UTC).');

    // Another visitor has an hour of their own, until the key's day (6) runs out: then the day binds.
    expect((await call('198.51.100.2')).status).toBe(200);
    expect((await call('198.51.100.2')).headers.get('x-ratelimit-remaining')).toBe('1');
    const sixth = await call('198.51.100.3');
    expect(sixth.status).toBe(200);
    expect(sixth.headers.get('x-ratelimit-limit')).toBe('6');
    expect(sixth.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(sixth.headers.get('ratelimit-policy')).toBe('"standard";q=6;w=86400, "visitor";q=3;w=3600');
    const fourthVisitor = await call('198.51.100.4');
    expect(fourthVisitor.status).toBe(429);
    expect(fourthVisitor.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 24) / 1000));
    expect(fourthVisitor.body.error.message).toBe('Hotel search on this site has reached its limit for today. Please try again in 14 hours (at 00:00 UTC).');
    expect(fourthVisitor.body.error.message).not.toMatch(/key|apply/i);

    // A visitor's new hour, the same day: still the day that binds.
    t.clock.set(Date.UTC(2026, 10, 23, 11, 5, 0));
    expect((await call('198.51.100.1')).status).toBe(429);
    // The next day, both start again.
    t.clock.set(Date.UTC(2026, 10, 24, 0, 5, 0));
    expect((await call('198.51.100.1')).headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it("counts a visitor's suggestions in tens, against the visitor and the key alike", async () => {
    t.clock.set(Date.UTC(2026, 10, 25, 9, 0, 0));
    const key = await publishableKey('typing', 5);
    const typed = 'Lisbon, Portugal';
    let last;
    for (let i = 1; i <= 10; i++) last = await fromPage(`/suggest?q=${encodeURIComponent(typed.slice(0, i))}`, key, BLOG, '192.0.2.10');
    expect(last!.headers.get('ratelimit')).toBe('"visitor";r=4;t=3600, "standard";r=5;t=54000');
    const eleventh = await fromPage('/suggest?q=Lisbon%2C%20Portugal', key, BLOG, '192.0.2.10');
    expect(eleventh.headers.get('ratelimit')).toBe('"visitor";r=3;t=3600, "standard";r=4;t=54000');
  });

  it('is refused from the next request on once revoked, and takes new origins at once', async () => {
    const key = await publishableKey('revocable');
    const [record] = (await t.service.keys.list()).filter((k) => k.affiliateCode === 'revocable');
    expect((await fromPage('/hotels/find?name=Pestana', key, 'https://moved.example')).status).toBe(401);
    await t.service.keys.setOrigins(record.id, ['https://moved.example']);
    expect((await fromPage('/hotels/find?name=Pestana', key, 'https://moved.example')).status).toBe(200);
    expect((await fromPage('/hotels/find?name=Pestana', key, BLOG)).status).toBe(401);
    await t.service.keys.revoke(record.id);
    const revoked = await fromPage('/hotels/find?name=Pestana', key, 'https://moved.example');
    expect([revoked.status, revoked.body.error.message]).toEqual([401, 'the API key is not valid: unknown, revoked or mistyped']);
  });

  it('is refused by MCP, saying it is a browser key, even with an origin it lists', async () => {
    const key = await publishableKey('agent');
    const answer = await t.request('/mcp', {
      ...jsonBody({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}`, origin: BLOG },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toMatch(/^a publishable key \(live_pk_…\) works only from web pages .* needs a secret key/);
  });

  it("needs no preflight for a page's GET, and a preflight that is needed is kept a day", async () => {
    const preflight = await t.request('/links', {
      method: 'OPTIONS',
      headers: { origin: BLOG, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-max-age')).toBe('86400');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
