// The affiliate's console over HTTP, as a browser and as a forger would call it: signing in with
// a secret key only (wrong keys slowed down per address), the session cookie's flags, the
// anti-forgery checks on every change, keys changed through the console being the public API's
// keys, sessions that end with their key, and the usage report as JSON and CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  // The tests come through a trusted proxy (the loopback), each from an address of its own, so
  // that wrong keys counted for one test do not refuse another's sign-in.
  t = await startTestService(FIXTURE_HOTELS, { TRUSTED_PROXIES: '127.0.0.1', USAGE_FLUSH_SECONDS: '0.2', LIMIT_STANDARD_PER_DAY: '500' });
});
afterAll(async () => t?.close());

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

interface Session {
  cookie: string;
  csrf: string;
  address: string;
  me: any;
}

async function newSecretKey(code: string) {
  const { secret, record } = await t.service.keys.create({ tier: 'standard', affiliateCode: code, label: 'server' });
  return { secret, id: record.id };
}

async function signIn(key: string, address: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/console/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
    body: JSON.stringify({ key }),
  });
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, headers: response.headers, setCookie, body: (await response.json()) as any };
}

async function session(key: string): Promise<Session> {
  const address = newAddress();
  const answer = await signIn(key, address);
  expect(answer.status).toBe(200);
  return { cookie: answer.setCookie!.split(';')[0], csrf: answer.body.csrf_token, address, me: answer.body };
}

/** A call of the console's API as its page makes it: the cookie, JSON, the token on changes. */
async function consoleCall(s: Session, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      cookie: s.cookie,
      'x-forwarded-for': s.address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': s.csrf, origin: t.baseUrl, 'sec-fetch-site': 'same-origin' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV or nothing
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

const publicApi = (secret: string, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the page', () => {
  it('is served with its script and style sheet under a strict policy, nothing inline', async () => {
    const page = await fetch(`${t.baseUrl}/console`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    for (const rule of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "connect-src 'self'"]) expect(csp).toContain(rule);
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toMatch(/<input id="sign-in-key" name="key" type="password"/);
    for (const asset of html.match(/\/console\/console\.(js|css)\?v=[\w-]+/g)!) {
      const file = await fetch(`${t.baseUrl}${asset}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // No CORS for the console: it is for its own pages only.
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('wrong methods', () => {
  it('are 405 with Allow on the console\'s paths, as on the service\'s others', async () => {
    for (const [method, path, allow] of [
      ['POST', '/console', 'GET, HEAD'],
      ['GET', '/console/session', 'POST, DELETE'],
      ['PUT', '/console/api/keys', 'GET, HEAD, POST'],
      ['GET', '/console/api/keys/key_abc', 'PATCH, DELETE'],
      ['GET', '/console/api/keys/key_abc/roll', 'POST'],
    ] as const) {
      const answer = await fetch(`${t.baseUrl}${path}`, { method });
      expect([method, path, answer.status, answer.headers.get('allow')]).toEqual([method, path, 405, allow]);
    }
  });
});

describe('signing in', () => {
  it('takes a secret key: an HttpOnly, SameSite=Strict cookie on /console, the anti-forgery token in JSON, never the key', async () => {
    const { secret, id } = await newSecretKey('acme-travel');
    const answer = await signIn(secret, newAddress());
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^console_session=[A-Za-z0-9]{43}; Path=\/console; HttpOnly; SameSite=Strict$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ affiliate_code: 'acme-travel', tier: 'standard', key: { id, kind: 'secret' }, csrf_token: expect.stringMatching(/^[A-Za-z0-9]{43}$/) });
    expect(answer.body.allowance).toMatchObject({ limit: 500, used: 0, remaining: 500, used_percent: 0 });
    expect(JSON.stringify(answer.body)).not.toContain(secret);
    const me = await consoleCall({ cookie: answer.setCookie!.split(';')[0], csrf: '', address: newAddress(), me: null }, 'GET', '/console/api/me');
    expect(me.status).toBe(200);
    expect(me.body.csrf_token).toBe(answer.body.csrf_token);
  });

  it('marks the cookie Secure when the page came over HTTPS through a trusted proxy', async () => {
    const { secret } = await newSecretKey('secure-travel');
    const answer = await signIn(secret, newAddress(), { 'x-forwarded-proto': 'https' });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/; Path=\/console; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('refuses a publishable key, an operator key, an unknown key and a revoked one with 401 and a clear message', async () => {
    const publishable = await t.service.keys.create({ tier: 'standard', affiliateCode: 'acme-travel', label: null, publishable: { origins: ['https://blog.example'], visitorLimit: 60 } });
    const revoked = await newSecretKey('gone-travel');
    await t.service.keys.revoke(revoked.id);
    const cases: Array<[string, RegExp]> = [
      [publishable.secret, /publishable key \(live_pk_…\) cannot sign in: it is public/],
      [`live_op_${'A'.repeat(43)}`, /operator key \(live_op_…\) is for the admin API/],
      [`live_${'B'.repeat(43)}`, /not valid: unknown, revoked or mistyped/],
      [revoked.secret, /not valid: unknown, revoked or mistyped/],
      ['hunter2', /not an API key/],
    ];
    for (const [key, message] of cases) {
      const answer = await signIn(key, newAddress());
      expect(answer.status, key).toBe(401);
      expect(answer.setCookie).toBeNull();
      expect(answer.body.error.code).toBe('unauthorized');
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await signIn(publishable.secret, newAddress(), {})).status).toBe(401);
  });

  it('counts wrong keys per address: past 10 in 15 minutes, 429 with Retry-After, the right key too; another address still signs in', async () => {
    const { secret } = await newSecretKey('guessed-travel');
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await signIn(`live_${String(i).padStart(43, 'x')}`, address)).status).toBe(401);
    const refused = await signIn(`live_${'y'.repeat(43)}`, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toMatch(/too many wrong keys from your address/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await signIn(secret, address)).status).toBe(429);
    expect((await signIn(secret, newAddress())).status).toBe(200);
  });

  it('takes JSON only, from its own origin', async () => {
    const { secret } = await newSecretKey('json-travel');
    const form = await fetch(`${t.baseUrl}/console/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newAddress() },
      body: `key=${secret}`,
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as any).error.message).toMatch(/must be JSON sent with Content-Type: application\/json/);
    const elsewhere = await signIn(secret, newAddress(), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.setCookie).toBeNull();
  });
});

describe('changes', () => {
  it('need the session token, from the same origin; a cross-site form post is refused 403', async () => {
    const { secret } = await newSecretKey('csrf-travel');
    const s = await session(secret);
    const body = { kind: 'publishable', origins: ['https://csrf.example'] };
    const noToken = await consoleCall(s, 'POST', '/console/api/keys', body, { 'x-csrf-token': '' });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.message).toMatch(/X-CSRF-Token/);
    const wrongToken = await consoleCall(s, 'POST', '/console/api/keys', body, { 'x-csrf-token': s.csrf.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(wrongToken.status).toBe(403);
    // What a form on another site sends: its own origin, cross-site, urlencoded, no token (the
    // browser would not even send a SameSite=Strict cookie; a client that forges everything else does).
    const forged = await fetch(`${t.baseUrl}/console/api/keys`, {
      method: 'POST',
      headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'x-forwarded-for': s.address },
      body: 'kind=publishable&origins=https%3A%2F%2Fevil.example',
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as any).error.message).toMatch(/only from its own pages.*another site/);
    // Same site, another origin (another port of the host), with the token: still refused.
    const sibling = await consoleCall(s, 'POST', '/console/api/keys', body, { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' });
    expect(sibling.status).toBe(403);
    const viaForm = await consoleCall(s, 'POST', '/console/api/keys', 'kind=publishable', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(viaForm.status).toBe(400);
    expect((await publicApi(secret, 'GET', '/v1/keys')).body.keys).toHaveLength(1);
    const made = await consoleCall(s, 'POST', '/console/api/keys', body);
    expect(made.status).toBe(201);
  });

  it('are the public API\'s: a publishable key made, changed and revoked in the console is the one GET /v1/keys shows', async () => {
    const { secret, id } = await newSecretKey('keys-travel');
    const s = await session(secret);
    const made = await consoleCall(s, 'POST', '/console/api/keys', { kind: 'publishable', origins: ['https://blog.example', 'https://*.blog.example'], label: 'my blog', visitor_limit: 30 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'publishable', label: 'my blog', origins: ['https://blog.example', 'https://*.blog.example'], visitor_limit: 30, key: expect.stringMatching(/^live_pk_/) });
    expect(made.body.publishable_key).toBe(made.body.key);
    const listed = await consoleCall(s, 'GET', '/console/api/keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual((await publicApi(secret, 'GET', '/v1/keys')).body);
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual([id, made.body.id]);

    const changed = await consoleCall(s, 'PATCH', `/console/api/keys/${made.body.id}`, { origins: ['https://newblog.example'], label: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ origins: ['https://newblog.example'], label: null, visitor_limit: 30 });
    const seen = (await publicApi(secret, 'GET', '/v1/keys')).body.keys.find((k: { id: string }) => k.id === made.body.id);
    expect(seen).toEqual(changed.body);

    // Refusals are the public API's, in the service's error body.
    const badOrigin = await consoleCall(s, 'PATCH', `/console/api/keys/${made.body.id}`, { origins: ['ftp://x'] });
    expect(badOrigin.status).toBe(400);
    expect(badOrigin.body.error.code).toBe('invalid_params');
    const unknownField = await consoleCall(s, 'POST', '/console/api/keys', { kind: 'publishable', origins: ['https://a.example'], tier: 'partner' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.message).toMatch(/unknown field "tier"/);
    const secretRevoke = await consoleCall(s, 'DELETE', `/console/api/keys/${id}`);
    expect(secretRevoke.status).toBe(400);
    expect(secretRevoke.body.error.message).toMatch(/is a secret key: roll it/);
    const other = await newSecretKey('someone-else');
    expect((await consoleCall(s, 'PATCH', `/console/api/keys/${other.id}`, { label: 'mine' })).status).toBe(404);

    const revoked = await consoleCall(s, 'DELETE', `/console/api/keys/${made.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).not.toBeNull();
    expect((await publicApi(secret, 'GET', '/v1/keys')).body.keys.map((k: { id: string }) => k.id)).toEqual([id]);
  });
});

describe('sessions end', () => {
  it('when the signed-in key is rolled: the new key is shown once, the old cookie is refused, the new key signs in', async () => {
    const { secret, id } = await newSecretKey('roll-travel');
    const s = await session(secret);
    const rolled = await consoleCall(s, 'POST', `/console/api/keys/${id}/roll`, { grace_seconds: 3600 });
    expect(rolled.status).toBe(200);
    expect(rolled.body.key).toMatch(/^live_(?!pk_)/);
    expect(rolled.body.old_key.id).toBe(id);
    expect(rolled.body.old_key.expires).not.toBeNull();
    expect(rolled.headers.get('set-cookie')).toMatch(/^console_session=; Path=\/console; Max-Age=0/);
    const after = await consoleCall(s, 'GET', '/console/api/me');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/sign in again/);
    const again = await session(rolled.body.key);
    expect(again.me.key.id).toBe(rolled.body.new_key.id);
    // The old key still works in its grace (for the servers), and could sign in, but the list says it was rolled.
    const keys = await consoleCall(again, 'GET', '/console/api/keys');
    expect(keys.body.keys.find((k: { id: string }) => k.id === id).expires).not.toBeNull();
  });

  it('when the key is rolled through the public API, or revoked by an operator', async () => {
    const first = await newSecretKey('public-roll');
    const s1 = await session(first.secret);
    expect((await publicApi(first.secret, 'POST', `/v1/keys/${first.id}/roll`, { grace_seconds: 0 })).status).toBe(200);
    expect((await consoleCall(s1, 'GET', '/console/api/keys')).status).toBe(401);

    const second = await newSecretKey('operator-revoke');
    const s2 = await session(second.secret);
    expect((await consoleCall(s2, 'GET', '/console/api/me')).status).toBe(200);
    // Straight in the key store, as another instance's command line would: the next request sees it.
    await t.service.keys.revoke(second.id);
    const refused = await consoleCall(s2, 'GET', '/console/api/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Cookie realm="console"/);
  });

  it('when signed out: the cookie is cleared and the session no longer answers', async () => {
    const { secret } = await newSecretKey('bye-travel');
    const s = await session(secret);
    const out = await consoleCall(s, 'DELETE', '/console/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^console_session=; Path=\/console; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect((await consoleCall(s, 'GET', '/console/api/me')).status).toBe(401);
    expect((await consoleCall(s, 'GET', '/console/api/usage')).status).toBe(401);
  });
});

describe('usage', () => {
  it('is the report of GET /v1/usage for every key of the affiliate, as JSON and as CSV; the allowance counts the signed-in key', async () => {
    const { secret } = await newSecretKey('usage-travel');
    const s = await session(secret);
    const made = await consoleCall(s, 'POST', '/console/api/keys', { kind: 'publishable', origins: ['https://usage.example'], label: 'widget' });
    for (const sub of ['homepage', 'homepage', 'sidebar']) {
      expect((await t.request(`/hotels/search?destination=Lisbon&limit=2&sub_id=${sub}`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    }
    const widgetCall = await t.request(`/hotels/search?destination=Lisbon&limit=3&sub_id=widget&key=${made.body.key}`, { headers: { origin: 'https://usage.example' } });
    expect(widgetCall.status).toBe(200);

    for (const groupBy of ['sub_id', 'day,key', 'day,operation,sub_id']) {
      const mine = await consoleCall(s, 'GET', `/console/api/usage?group_by=${groupBy}`);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('no-store');
      expect(mine.body).toEqual((await publicApi(secret, 'GET', `/v1/usage?group_by=${groupBy}`)).body);
    }
    const bySubId = await consoleCall(s, 'GET', '/console/api/usage?group_by=sub_id&from=2026-11-20&to=2026-11-23');
    expect(bySubId.body.rows).toEqual([
      { sub_id: 'homepage', calls: 2, refused: 0, failed: 0, hotels_shown: 4, links: 0 },
      { sub_id: 'sidebar', calls: 1, refused: 0, failed: 0, hotels_shown: 2, links: 0 },
      { sub_id: 'widget', calls: 1, refused: 0, failed: 0, hotels_shown: 3, links: 0 },
    ]);
    expect(bySubId.body.totals).toEqual({ calls: 4, refused: 0, failed: 0, hotels_shown: 9, links: 0 });
    // The secret key's own day: its three calls (the widget's key has a day of its own).
    const me = await consoleCall(s, 'GET', '/console/api/me');
    expect(me.body.allowance).toMatchObject({ limit: 500, used: 3, remaining: 497, used_percent: 0.6 });
    expect(bySubId.body.allowance).toEqual({ limit: 500, remaining: 497, reset: me.body.allowance.reset, used_percent: 0.6 });

    const csv = await consoleCall(s, 'GET', '/console/api/usage?group_by=sub_id&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="usage-usage-travel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body).toBe('sub_id,calls,refused,failed,hotels_shown,links\r\nhomepage,2,0,0,4,0\r\nsidebar,1,0,0,2,0\r\nwidget,1,0,0,3,0\r\n');
    const accepted = await consoleCall(s, 'GET', '/console/api/usage?group_by=sub_id', undefined, { accept: 'text/csv' });
    expect(accepted.body).toBe(csv.body);
    const publicCsv = await t.request('/v1/usage?group_by=sub_id', { headers: { authorization: `Bearer ${secret}`, accept: 'text/csv' } });
    expect(accepted.body).toBe(publicCsv.body);

    const bad = await consoleCall(s, 'GET', '/console/api/usage?group_by=hour');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_params');
  });
});
