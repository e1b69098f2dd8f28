// The admin API (/admin/v1) as the programme's team uses it, black-box over HTTP: operator keys
// made and revoked from the command line, refused everywhere else and for every other key; any
// affiliate's keys made, listed, changed (a tier from the key's next call), rolled and revoked;
// any affiliate's usage; and the audit of every change, whichever door it came through (the admin
// API, the affiliate's own secret key, the command line), with who, what, when and from where.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_KEY_ELSEWHERE } from '../src/access/access-gate.js';
import { AdminCreatedKey, AdminKey, AdminKeyList, AdminRolledKey, AdminUsageResponse, AuditPage } from '../src/http/admin-schemas.js';
import { openStorage } from '../src/storage/storage.js';
import { check } from '../src/validation/fields.js';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const ENV = { LIMIT_KEYLESS_PER_HOUR: '1000', LIMIT_STANDARD_PER_DAY: '40', LIMIT_PARTNER_PER_DAY: '5000', USAGE_FLUSH_SECONDS: '0.2', TRUSTED_PROXIES: '127.0.0.1' };
const BLOG = 'https://blog.example';

let t: TestService;
/** The operator key made by the command line before the tests. */
let operator: string;
beforeAll(async () => {
  // The real clock: the audit's times, rolled keys' grace and the counters' windows all read it.
  t = await startTestService(FIXTURE_HOTELS, ENV, { clockStart: Date.now() });
  const made = await cli(['keys', 'create', '--operator', '--label', 'programme team']);
  expect(made.code).toBe(0);
  operator = made.stdout.trim();
});
afterAll(async () => t.close());

const cli = (args: string[]) => runCli(t.dataDir, args, t.database.env);
const code = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;
/** A client address of its own for each test: wrong keys are counted per address. */
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

interface Call {
  key?: string | null;
  from?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call of the admin API, with the operator key unless told otherwise. */
function admin(method: string, path: string, call: Call = {}) {
  const key = call.key === undefined ? operator : call.key;
  return t.request(`/admin/v1${path}`, {
    method,
    headers: {
      'x-forwarded-for': call.from ?? '198.51.100.200',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(call.body === undefined ? {} : { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }),
  });
}

async function secretKey(affiliate: string, tier: 'standard' | 'partner' = 'standard') {
  const made = await admin('POST', '/keys', { body: { kind: 'secret', tier, affiliate_code: affiliate } });
  expect(made.status).toBe(201);
  return { key: made.body.key as string, id: made.body.id as string, auth: { authorization: `Bearer ${made.body.key}` } };
}

/** An operator key made straight in the database, as the CLI makes it. */
async function operatorKey(label: string) {
  const storage = await openStorage(t.config);
  try {
    return await storage.account.operators.create(label);
  } finally {
    await storage.close();
  }
}

describe('operator keys on the command line', () => {
  it('keys create --operator prints a live_op_ key alone on stdout, keys list --operators lists it, keys revoke op_… stops it from the next call', async () => {
    const made = await cli(['keys', 'create', '--operator', '--label', 'night shift']);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^live_op_[A-Za-z0-9]{43}\n$/);
    const id = /Created operator key (op_[A-Za-z0-9]{11}) \(label "night shift"\)/.exec(made.stderr)![1];
    const key = made.stdout.trim();
    expect((await admin('GET', '/keys?limit=1', { key })).status).toBe(200);

    const [listed, listedJson] = await Promise.all([cli(['keys', 'list', '--operators']), cli(['keys', 'list', '--operators', '--json'])]);
    expect(listed.stdout).toMatch(new RegExp(`${id} +night shift +20\\d\\d-`));
    expect(listed.stdout).not.toContain(key);
    const json = JSON.parse(listedJson.stdout);
    expect(json.find((k: { id: string }) => k.id === id)).toEqual({ id, label: 'night shift', created_at: expect.any(String), revoked_at: null });

    const revoked = await cli(['keys', 'revoke', id]);
    expect([revoked.code, revoked.stdout]).toEqual([0, `Revoked operator key ${id} (label "night shift"). The admin API refuses it from the next request on.\n`]);
    const refused = await admin('GET', '/keys?limit=1', { key, from: newAddress() });
    expect([refused.status, refused.body.error.message]).toEqual([401, 'the operator key is not valid: unknown, revoked or mistyped']);
    // Refusals change nothing, so they run side by side.
    const [again, nobody, mixed, unlabelled] = await Promise.all([
      cli(['keys', 'revoke', id]),
      cli(['keys', 'revoke', 'op_nothere']),
      cli(['keys', 'create', '--operator', '--label', 'x', '--tier', 'partner']),
      cli(['keys', 'create', '--operator']),
    ]);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('was already revoked')]);
    expect([nobody.code, nobody.stderr]).toEqual([1, 'No operator key has id op_nothere; see hotel-affiliate keys list --operators.\n']);
    expect([mixed.code, mixed.stdout, mixed.stderr.split('\n')[0]]).toEqual([2, '', expect.stringContaining('keys create --operator takes --label only')]);
    expect([unlabelled.code, unlabelled.stderr.split('\n')[0]]).toEqual([2, expect.stringContaining('an operator key needs --label')]);

    // Both written to the audit, as the system user.
    const audit = await admin('GET', `/audit?key_id=${id}`);
    expect(audit.body.entries.map((e: { action: string; actor: string; address: null }) => [e.action, e.actor, e.address])).toEqual([
      ['operator_key.revoked', `cli:${userInfo().username}`, null],
      ['operator_key.created', `cli:${userInfo().username}`, null],
    ]);
  });
});

describe('who may call the admin API', () => {
  it('refuses anything but an active operator key with 401, WWW-Authenticate and a message saying what it takes', async () => {
    const from = newAddress();
    const affiliate = await secretKey(code('refused'));
    const publishable = await admin('POST', '/keys', { body: { kind: 'publishable', tier: 'standard', affiliate_code: 'refused', origins: [BLOG] } });
    const revoked = await operatorKey('leaver');
    const storage = await openStorage(t.config);
    await storage.account.operators.revoke(revoked.record.id).finally(() => storage.close());

    const none = await admin('GET', '/keys', { key: null, from });
    expect([none.status, none.headers.get('www-authenticate'), none.body.error.code]).toEqual([401, 'Bearer realm="admin"', 'unauthorized']);
    expect(none.body.error.message).toContain('the admin API takes an operator key (live_op_…) in the Authorization header');
    const cases: Array<[string, Call, string]> = [
      ["an affiliate's secret key", { key: affiliate.key }, "the admin API takes operator keys (live_op_…), and this is an affiliate's secret key (live_…)"],
      ['a publishable key', { key: publishable.body.key }, "this is an affiliate's publishable key (live_pk_…)"],
      ['an unknown operator key', { key: `live_op_${'x'.repeat(43)}` }, 'the operator key is not valid: unknown, revoked or mistyped'],
      ['a revoked operator key', { key: revoked.secret }, 'the operator key is not valid: unknown, revoked or mistyped'],
      ['a mistyped operator key', { key: `${operator}x` }, 'the operator key is not valid'],
      ['another scheme', { key: null, headers: { authorization: 'Basic b3A6c2VjcmV0' } }, 'the Authorization header must be "Bearer live_op_…"'],
      ['not a key', { key: 'hunter2' }, 'this is not an operator key'],
    ];
    for (const [name, call, message] of cases) {
      const r = await admin('GET', '/keys', { ...call, from });
      expect([name, r.status, r.body.error.code, r.headers.get('www-authenticate')]).toEqual([name, 401, 'unauthorized', 'Bearer realm="admin", error="invalid_token"']);
      expect([name, r.body.error.message]).toEqual([name, expect.stringContaining(message)]);
      expect(r.body.keys).toBeUndefined();
    }
    // A key in the URL is never taken, and said so.
    const inUrl = await t.request(`/admin/v1/keys?key=${operator}`, { headers: { 'x-forwarded-for': from } });
    expect([inUrl.status, inUrl.body.error.message]).toEqual([401, expect.stringContaining('never put a key in a URL')]);
    // Checked before anything else is read: a bad body without a key is a 401, not a 400.
    expect((await admin('POST', '/keys', { key: null, from, body: '{nope' })).status).toBe(401);
    // Never cached.
    expect(none.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an address with 429 and Retry-After once it sent 20 wrong keys in 15 minutes, even with a right key, and only that address', async () => {
    const guesser = newAddress();
    for (let i = 0; i < 20; i++) {
      const r = await admin('GET', '/keys', { key: `live_op_${String(i).padStart(43, 'A')}`, from: guesser });
      expect([i, r.status]).toEqual([i, 401]);
    }
    const blocked = await admin('GET', '/keys', { key: `live_op_${'B'.repeat(43)}`, from: guesser });
    expect([blocked.status, blocked.body.error.code]).toEqual([429, 'rate_limited']);
    expect(blocked.body.error.message).toContain('too many wrong keys were sent to the admin API from this address (20 in 15 minutes)');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // A right key from there learns nothing either; from elsewhere it works.
    expect((await admin('GET', '/keys?limit=1', { from: guesser })).status).toBe(429);
    expect((await admin('GET', '/keys?limit=1', { from: newAddress() })).status).toBe(200);
    // A call without a key is not a guess: still a 401 saying what is needed, from a fresh address.
    expect((await admin('GET', '/keys', { key: null, from: newAddress() })).status).toBe(401);
  });

  it('is refused on the public operations with an operator key, which works on the admin API only', async () => {
    const search = await t.request('/v1/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer ${operator}` } });
    expect([search.status, search.body.error.code, search.body.error.message]).toEqual([401, 'unauthorized', OPERATOR_KEY_ELSEWHERE]);
    expect(search.body.hotels).toBeUndefined();
    const keys = await t.request('/v1/keys', { headers: { authorization: `Bearer ${operator}` } });
    expect([keys.status, keys.body.error.message]).toEqual([401, OPERATOR_KEY_ELSEWHERE]);
  });

  it("answers unknown admin paths 404 and wrong methods 405, in the service's error body", async () => {
    const unknown = await admin('GET', '/operators');
    expect([unknown.status, unknown.body]).toEqual([404, { error: { code: 'not_found', message: 'no such path: /admin/v1/operators; the admin operations are listed at /admin/v1/openapi.json' } }]);
    expect((await admin('GET', '/keys/key_x/more')).status).toBe(404);
    expect((await t.request('/admin/v1')).status).toBe(404);
    const wrong = await admin('PUT', '/keys');
    expect([wrong.status, wrong.headers.get('allow'), wrong.body.error]).toEqual([
      405,
      'GET, HEAD, POST',
      { code: 'invalid_params', message: 'method PUT is not allowed on /admin/v1/keys; use GET or POST' },
    ]);
    expect((await admin('POST', '/keys/key_x')).headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
  });
});

describe("any affiliate's keys", () => {
  it('are made, read, listed, changed, rolled and revoked, the secret shown once', async () => {
    const affiliate = code('acme');
    const made = await admin('POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: affiliate, label: 'servers' } });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      key: expect.stringMatching(/^live_[A-Za-z0-9]{43}$/),
      id: expect.stringMatching(/^key_[A-Za-z0-9]{11}$/),
      affiliate_code: affiliate,
      kind: 'secret',
      tier: 'standard',
      label: 'servers',
      origins: null,
      visitor_limit: null,
      publishable_key: null,
      hint: `live_…${made.body.key.slice(-4)}`,
      created: expect.any(String),
      expires: null,
      revoked: null,
      last_used: null,
      calls_today: 0,
    });
    // Answers hold their schema's fields and no others (the schemas are closed inside the service).
    expect(check(AdminCreatedKey, made.body)).toBe(true);
    const search = await t.request('/hotels/search?destination=Lisbon&limit=1', { headers: { authorization: `Bearer ${made.body.key}` } });
    expect(search.body.hotels[0].url).toContain(`aff=${affiliate}`);

    const widget = await admin('POST', '/keys', { body: { kind: 'publishable', tier: 'partner', affiliate_code: affiliate, origins: ['https://Blog.Example/'], visitor_limit: 30 } });
    expect(widget.status).toBe(201);
    expect(widget.body).toMatchObject({ kind: 'publishable', tier: 'partner', origins: [BLOG], visitor_limit: 30, publishable_key: widget.body.key });

    const one = await admin('GET', `/keys/${made.body.id}`);
    expect(one.body).toMatchObject({ id: made.body.id, affiliate_code: affiliate, calls_today: 1, last_used: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(JSON.stringify(one.body)).not.toContain(made.body.key);
    expect(check(AdminKey, one.body)).toBe(true);

    const listed = await admin('GET', `/keys?code=${affiliate}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ affiliate_code: affiliate, next: null, caps: { keys: 20, origins_per_key: 20 } });
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual([made.body.id, widget.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);
    expect(check(AdminKeyList, listed.body)).toBe(true);

    const changed = await admin('PATCH', `/keys/${widget.body.id}`, { body: { origins: ['https://new.blog.example'], label: 'widget', visitor_limit: 10 } });
    expect(changed.body).toMatchObject({ origins: ['https://new.blog.example'], label: 'widget', visitor_limit: 10 });
    expect((await admin('PATCH', `/keys/${widget.body.id}`, { body: { label: null } })).body.label).toBeNull();

    const rolled = await admin('POST', `/keys/${made.body.id}/roll`, { body: { grace_seconds: 0 } });
    expect(rolled.status).toBe(200);
    expect(rolled.body.key).toMatch(/^live_[A-Za-z0-9]{43}$/);
    expect(rolled.body.new_key).toMatchObject({ affiliate_code: affiliate, kind: 'secret', tier: 'standard', label: 'servers', revoked: null });
    expect(rolled.body.old_key.id).toBe(made.body.id);
    expect(check(AdminRolledKey, rolled.body)).toBe(true);
    expect((await t.request('/hotels/find?name=Pestana', { headers: { authorization: `Bearer ${made.body.key}` } })).status).toBe(401);
    expect((await t.request('/hotels/find?name=Pestana', { headers: { authorization: `Bearer ${rolled.body.key}` } })).status).toBe(200);

    const revoked = await admin('DELETE', `/keys/${widget.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toEqual(expect.any(String));
    const again = await admin('DELETE', `/keys/${widget.body.id}`);
    expect([again.status, again.body.revoked]).toEqual([200, revoked.body.revoked]);

    // The keys that work by default; the ones that stopped too when asked.
    expect((await admin('GET', `/keys?code=${affiliate}`)).body.keys.map((k: { id: string }) => k.id)).toEqual([rolled.body.new_key.id]);
    const all = await admin('GET', `/keys?code=${affiliate}&include_revoked=true`);
    expect(all.body.keys.map((k: { id: string; revoked: string | null; expires: string | null }) => [k.id, k.revoked !== null || k.expires !== null])).toEqual([
      [made.body.id, true],
      [widget.body.id, true],
      [rolled.body.new_key.id, false],
    ]);
    // Without a code, every key, a page at a time.
    const first = await admin('GET', '/keys?limit=2&include_revoked=true');
    expect(first.body.affiliate_code).toBeNull();
    expect(first.body.keys).toHaveLength(2);
    const second = await admin('GET', `/keys?limit=2&include_revoked=true&after=${first.body.next}`);
    expect(second.body.keys[0].id).not.toBe(first.body.keys[1].id);
    const everything: string[] = [];
    for (let after: string | null = null, pages = 0; pages === 0 || after !== null; pages++) {
      const page = await admin('GET', `/keys?limit=3&include_revoked=true${after ? `&after=${after}` : ''}`);
      everything.push(...page.body.keys.map((k: { id: string }) => k.id));
      after = page.body.next;
    }
    expect(everything).toEqual(expect.arrayContaining([made.body.id, widget.body.id, rolled.body.new_key.id]));
    expect(new Set(everything).size).toBe(everything.length);
  });

  it("moves a key to another tier from its next call: the partner allowance shows at once", async () => {
    const k = await secretKey(code('moving'));
    const find = () => t.request('/hotels/find?name=Pestana', { headers: k.auth });
    expect((await find()).headers.get('x-ratelimit-limit')).toBe('40');
    const moved = await admin('PATCH', `/keys/${k.id}`, { body: { tier: 'partner' } });
    expect([moved.status, moved.body.tier]).toEqual([200, 'partner']);
    const next = await find();
    expect([next.headers.get('x-ratelimit-limit'), next.headers.get('ratelimit-policy')]).toEqual(['5000', '"partner";q=5000;w=86400']);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('4998');
  });

  it('refuses bad bodies, bad queries, unknown ids, keys that stopped working and the caps, saying why', async () => {
    const affiliate = code('strict');
    const k = await secretKey(affiliate);
    const cases: Array<[string, string, string, Call, number, string]> = [
      ['no content type', 'POST', '/keys', { body: undefined, headers: {} }, 400, 'the body must be JSON sent with Content-Type: application/json'],
      ['not JSON', 'POST', '/keys', { body: '{kind: secret}' }, 400, 'the body is not valid JSON'],
      ['unknown field', 'POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: affiliate, colour: 'red' } }, 400, 'unknown field "colour"'],
      ['no code', 'POST', '/keys', { body: { kind: 'secret', tier: 'standard' } }, 400, 'affiliate_code is required'],
      ['bad tier', 'POST', '/keys', { body: { kind: 'secret', tier: 'gold', affiliate_code: affiliate } }, 400, 'tier must be one of standard, partner (got "gold")'],
      ['bad code', 'POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: 'no spaces' } }, 400, 'affiliate_code must be 1 to 64 letters'],
      ['origins on a secret key', 'POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: affiliate, origins: [BLOG] } }, 400, 'origins and visitor_limit are for publishable keys'],
      ['publishable without origins', 'POST', '/keys', { body: { kind: 'publishable', tier: 'standard', affiliate_code: affiliate } }, 400, 'origins must name at least one site'],
      ['not an origin', 'POST', '/keys', { body: { kind: 'publishable', tier: 'standard', affiliate_code: affiliate, origins: ['https://blog.example/posts'] } }, 400, 'must not have a path'],
      ['too many origins', 'POST', '/keys', { body: { kind: 'publishable', tier: 'standard', affiliate_code: affiliate, origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) } }, 400, 'at most 20 origins per key'],
      ['empty change', 'PATCH', `/keys/${k.id}`, { body: {} }, 400, 'at least one of tier, label, origins and visitor_limit'],
      ['origins of a secret key', 'PATCH', `/keys/${k.id}`, { body: { origins: [BLOG] } }, 400, 'is a secret key'],
      ['bad grace', 'POST', `/keys/${k.id}/roll`, { body: { grace_seconds: 86_401 } }, 400, 'grace_seconds must be a whole number of seconds from 0 to 86400'],
      ['unknown query parameter', 'GET', '/keys?colour=red', {}, 400, 'unknown query parameter "colour"'],
      ['bad boolean', 'GET', '/keys?include_revoked=yes', {}, 400, 'include_revoked must be true or false (got "yes")'],
      ['unknown cursor', 'GET', '/keys?after=key_nothere', {}, 400, 'after must be the next value of a previous page'],
      ['big page', 'GET', '/keys?limit=501', {}, 400, 'limit must be an integer from 1 to 500'],
      ['unknown id', 'GET', '/keys/key_nothere', {}, 404, 'no key has id "key_nothere"'],
      ['unknown id changed', 'PATCH', '/keys/key_nothere', { body: { tier: 'partner' } }, 404, 'no key has id "key_nothere"'],
      ['unknown id revoked', 'DELETE', '/keys/key_nothere', {}, 404, 'no key has id "key_nothere"'],
      ['unknown id rolled', 'POST', '/keys/key_nothere/roll', { body: { grace_seconds: 0 } }, 404, 'no key has id "key_nothere"'],
      ['usage without a code', 'GET', '/usage', {}, 400, 'code is required'],
      ['usage of nobody', 'GET', '/usage?code=nobody-at-all', {}, 404, 'no key has ever carried affiliate code "nobody-at-all"'],
      ['bad audit page', 'GET', '/audit?before=0', {}, 400, 'before must be an integer of at least 1 (got "0")'],
    ];
    for (const [name, method, path, call, status, message] of cases) {
      const r = await admin(method, path, call);
      expect([name, r.status, r.body.error?.code]).toEqual([name, status, status === 400 ? 'invalid_params' : 'not_found']);
      expect([name, r.body.error.message]).toEqual([name, expect.stringContaining(message)]);
    }

    // Keys that stopped working stay readable, but are not changed or rolled.
    await admin('DELETE', `/keys/${k.id}`);
    expect((await admin('GET', `/keys/${k.id}`)).status).toBe(200);
    for (const [method, path, body] of [['PATCH', `/keys/${k.id}`, { tier: 'partner' }], ['POST', `/keys/${k.id}/roll`, { grace_seconds: 60 }]] as const) {
      const r = await admin(method, path, { body });
      expect([r.status, r.body.error.message]).toEqual([400, expect.stringMatching(new RegExp(`^${k.id} was revoked at .*: a key that stopped working cannot be`))]);
    }

    // The cap: 20 keys that work per affiliate.
    const capped = code('capped');
    for (let i = 0; i < 20; i++) expect((await admin('POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: capped } })).status).toBe(201);
    const over = await admin('POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: capped } });
    expect([over.status, over.body.error.message]).toEqual([400, `an affiliate may hold at most 20 keys that work, and ${capped} holds 20: revoke one first`]);
    // The command line goes through the same checks: a usage error, nothing made.
    const byCli = await cli(['keys', 'create', '--tier', 'standard', '--code', capped]);
    expect([byCli.code, byCli.stdout, byCli.stderr.split('\n')[0]]).toEqual([2, '', over.body.error.message]);
  });
});

describe("any affiliate's usage", () => {
  it("is the affiliate's own report, of every key of the code, with each working key's allowance instead of the asking key's", async () => {
    const affiliate = code('busy');
    const k = await secretKey(affiliate);
    const other = await secretKey(affiliate, 'partner');
    for (const sub of ['a', 'a', 'b']) expect((await t.request(`/hotels/find?name=Pestana&sub_id=${sub}`, { headers: k.auth })).status).toBe(200);
    expect((await t.request('/hotels/find?name=Pestana', { headers: other.auth })).status).toBe(200);

    const report = await admin('GET', `/usage?code=${affiliate}&group_by=key,sub_id`);
    expect(report.status).toBe(200);
    expect(check(AdminUsageResponse, report.body)).toBe(true);
    const own = await t.request('/v1/usage?group_by=key,sub_id', { headers: k.auth });
    const { allowance: _, ...ownReport } = own.body;
    const { allowances, ...adminReport } = report.body;
    expect(adminReport).toEqual(ownReport);
    expect(adminReport.totals.calls).toBe(4);
    expect(allowances).toEqual([
      { key_id: k.id, kind: 'secret', tier: 'standard', limit: 40, remaining: 37, reset: expect.any(Number), used_percent: 7.5 },
      { key_id: other.id, kind: 'secret', tier: 'partner', limit: 5000, remaining: 4999, reset: expect.any(Number), used_percent: 0 },
    ]);
    // The same report on the command line, from the database.
    const printed = await cli(['keys', 'usage', '--code', affiliate, '--group-by', 'key,sub_id', '--json']);
    expect([printed.code, JSON.parse(printed.stdout)]).toEqual([0, adminReport]);
  });
});

describe('the audit', () => {
  it('keeps who changed what, when and from where, through the admin API, the public API and the command line, newest first', async () => {
    const affiliate = code('audited');
    const made = await admin('POST', '/keys', { body: { kind: 'secret', tier: 'standard', affiliate_code: affiliate, label: 'servers' }, from: '198.51.100.77' });
    const operatorId = (await admin('GET', `/audit?key_id=${made.body.id}`)).body.entries[0].actor;
    expect(operatorId).toMatch(/^operator:op_[A-Za-z0-9]{11}$/);
    const widget = await t.request('/v1/keys', {
      method: 'POST',
      headers: { authorization: `Bearer ${made.body.key}`, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      body: JSON.stringify({ kind: 'publishable', origins: [BLOG] }),
    });
    expect(widget.status).toBe(201);
    const moved = await cli(['keys', 'set-tier', made.body.id, 'partner']);
    expect(moved.code).toBe(0);

    const audit = await admin('GET', `/audit?code=${affiliate}`);
    expect(audit.status).toBe(200);
    expect(audit.body.next).toBeNull();
    expect(check(AuditPage, audit.body)).toBe(true);
    expect(audit.body.entries).toEqual([
      {
        seq: expect.any(Number),
        at: expect.any(String),
        actor: `cli:${userInfo().username}`,
        action: 'key.updated',
        key_id: made.body.id,
        affiliate_code: affiliate,
        address: null,
        details: { before: { tier: 'standard' }, after: { tier: 'partner' } },
      },
      {
        seq: expect.any(Number),
        at: expect.any(String),
        actor: `key:${made.body.id}`,
        action: 'key.created',
        key_id: widget.body.id,
        affiliate_code: affiliate,
        address: '203.0.113.50',
        details: { kind: 'publishable', tier: 'standard', affiliate_code: affiliate, label: null, origins: [BLOG], visitor_limit: 60 },
      },
      {
        seq: expect.any(Number),
        at: expect.any(String),
        actor: operatorId,
        action: 'key.created',
        key_id: made.body.id,
        affiliate_code: affiliate,
        address: '198.51.100.77',
        details: { kind: 'secret', tier: 'standard', affiliate_code: affiliate, label: 'servers', origins: null, visitor_limit: null },
      },
    ]);
    const seqs = audit.body.entries.map((e: { seq: number }) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    for (const e of audit.body.entries) expect(Date.parse(e.at)).toBeGreaterThan(Date.now() - 120_000);
    expect(JSON.stringify(audit.body)).not.toContain(made.body.key);

    // A page at a time.
    const first = await admin('GET', `/audit?code=${affiliate}&limit=2`);
    expect([first.body.entries.length, first.body.next]).toEqual([2, seqs[1]]);
    const rest = await admin('GET', `/audit?code=${affiliate}&limit=2&before=${first.body.next}`);
    expect([rest.body.entries.map((e: { seq: number }) => e.seq), rest.body.next]).toEqual([[seqs[2]], null]);

    // The command line prints the same entries.
    const [printed, printedTable] = await Promise.all([cli(['keys', 'audit', '--code', affiliate, '--json']), cli(['keys', 'audit', '--code', affiliate, '--limit', '2'])]);
    expect(JSON.parse(printed.stdout)).toEqual(audit.body);
    const table = printedTable.stdout.split('\n');
    expect(table[0]).toMatch(/^SEQ +AT +ACTOR +ACTION +KEY +CODE +ADDRESS +DETAILS$/);
    expect(table[1]).toMatch(new RegExp(`^${seqs[0]} +\\S+ +cli:${userInfo().username} +key\\.updated +${made.body.id} +${affiliate} +\\{"before":\\{"tier":"standard"\\}`));
    expect(table[3]).toBe(`Older changes: hotel-affiliate keys audit --before ${seqs[1]} --code ${affiliate}`);
  });
});

describe('the OpenAPI documents', () => {
  it("the admin API's describes its operations and the operator key scheme, for operator keys only", async () => {
    expect((await admin('GET', '/openapi.json', { key: null, from: newAddress() })).status).toBe(401);
    const doc = await admin('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.servers).toEqual([{ url: `${t.baseUrl}/admin/v1`, description: 'The admin API' }]);
    expect(Object.fromEntries(Object.entries(doc.body.paths).map(([path, item]) => [path, Object.keys(item as object)]))).toEqual({
      '/keys': ['get', 'post'],
      '/keys/{id}': ['get', 'patch', 'delete'],
      '/keys/{id}/roll': ['post'],
      '/usage': ['get'],
      '/audit': ['get'],
    });
    expect(doc.body.security).toEqual([{ operatorKey: [] }]);
    expect(doc.body.components.securitySchemes).toEqual({ operatorKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    // Every reference resolves; no message-only keyword is published.
    const text = JSON.stringify(doc.body);
    for (const [, kind, name] of text.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)) expect([kind, name, doc.body.components[kind][name]]).toEqual([kind, name, expect.anything()]);
    expect(text).not.toContain('x-rule');
    const created = doc.body.paths['/keys'].post;
    expect(created.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreatedKey' });
    expect(created.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateKeyRequest' });
    expect(Object.keys(created.responses)).toEqual(['201', '400', '401', '405', '429', '500', '503']);
  });

  it('the public one lists no admin path and no operator key', async () => {
    for (const path of ['/openapi.json', '/v1/openapi.json']) {
      const doc = (await t.request(path)).body;
      expect(Object.keys(doc.paths).filter((p) => p.includes('admin'))).toEqual([]);
      expect(Object.keys(doc.components.securitySchemes)).not.toContain('operatorKey');
      const text = JSON.stringify(doc);
      expect(text).not.toContain('/admin/v1');
      expect(text).not.toContain('live_op_');
    }
  });
});
