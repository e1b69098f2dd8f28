// Usage reports, black-box over HTTP and MCP as an affiliate reads them: what the service did for
// a key (calls answered, refused for the allowance, refused for their input, hotels shown, links
// made) by day, operation and sub_id, adding up exactly across instances and restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp } from './support/mcp-clients.js';
import { testDatabase, usePostgres, withClient, type TestDatabase } from './support/test-database.js';
import { holdWrites } from './support/write-holder.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

const ENV = { LIMIT_STANDARD_PER_DAY: '12', LIMIT_PARTNER_PER_DAY: '100000', USAGE_FLUSH_SECONDS: '0.2', LIMIT_KEYLESS_PER_HOUR: '1000' };
const DAY = 86_400_000;

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, ENV);
});
afterAll(async () => t.close());

async function secretKey(s: TestService, code: string, tier: 'standard' | 'partner' = 'standard') {
  const made = await s.service.keys.create({ tier, affiliateCode: code, label: null });
  return { key: made.secret, id: made.record.id, auth: { authorization: `Bearer ${made.secret}` } };
}

/** Runs `work` on a data directory and database of its own, dropped after. */
async function withOwnDatabase(work: (dataDir: string, database: TestDatabase) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-usage-'));
  const database = await testDatabase(dataDir);
  try {
    await work(dataDir, database);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const counts = (calls: number, refused: number, failed: number, hotels_shown: number, links: number) => ({ calls, refused, failed, hotels_shown, links });

/** The sum of a report's rows, as its totals should be. */
function sumOf(rows: Record<string, unknown>[]) {
  const total = counts(0, 0, 0, 0, 0);
  for (const row of rows) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += row[k] as number;
  return total;
}

/** The value of one labelled series in /metrics text (0 when absent). */
function series(metrics: string, name: string, labels: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('a usage report', () => {
  it('adds up a scripted mix of calls exactly, by operation and sub_id, over HTTP and MCP, and costs nothing', async () => {
    const a = await secretKey(t, 'mix');
    const other = await secretKey(t, 'someone-else');
    const get = (path: string) => t.request(path, { headers: a.auth });
    const metricsBefore = await (await fetch(`${t.baseUrl}/metrics`)).text();

    const search = await get('/v1/hotels/search?destination=Lisbon&limit=3&sub_id=sidebar');
    expect(search.status).toBe(200);
    expect((await get('/hotels/search?destination=Lisbon&limit=0&sub_id=sidebar')).status).toBe(400);
    const find = await get('/hotels/find?name=Pestana&sub_id=sidebar');
    expect(find.status).toBe(200);
    const id = search.body.hotels[0].id as string;
    expect((await get(`/hotels/${id}`)).status).toBe(200);
    expect((await get('/hotels/hotel/xx/nowhere/none?sub_id=footer')).status).toBe(404);
    const urls = ['https://www.stays.example/a', 'https://www.stays.example/b?x=1', 'https://elsewhere.example/c'];
    const links = await t.request('/links?sub_id=footer', jsonBody({ urls }, a.auth));
    expect(links.status).toBe(200);
    const linksMade = links.body.links.filter((l: { url: string | null }) => l.url !== null).length;
    expect(linksMade).toBe(2);
    let suggested = 0;
    for (const q of ['li', 'lis', 'lisb']) suggested += (await get(`/suggest?q=${q}&sub_id=typeahead`)).body.hotels.length;

    const mcp = await connectMcp(t.baseUrl, 'http', { key: a.key });
    const chat = await mcp.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 2, sub_id: 'chat' } });
    expect(chat.isError ?? false).toBe(false);
    const bad = await mcp.callTool({ name: 'find_hotel', arguments: { name: '' } });
    expect(bad.isError).toBe(true);

    // 11 of 12 spent: three URLs do not fit in one; one search does, the next does not.
    expect((await t.request('/links?sub_id=footer', jsonBody({ urls: urls.slice(0, 2) }, a.auth))).status).toBe(429);
    const last = await get('/hotels/search?destination=Lisbon&limit=1&sub_id=sidebar');
    expect(last.status).toBe(200);
    expect((await get('/hotels/search?destination=Lisbon&sub_id=sidebar')).status).toBe(429);
    // Another key's and a keyless call are not this key's.
    expect((await t.request('/hotels/search?destination=Lisbon&sub_id=sidebar', { headers: other.auth })).status).toBe(200);
    expect((await t.request('/hotels/search?destination=Lisbon&sub_id=sidebar')).status).toBe(200);

    const report = await get('/v1/usage?group_by=operation,sub_id');
    expect(report.status).toBe(200);
    const shownBySearch = search.body.hotels.length + last.body.hotels.length;
    expect(report.body.rows).toEqual([
      { operation: 'create_links', sub_id: 'footer', ...counts(1, 1, 0, 0, 2) },
      { operation: 'find_hotel', sub_id: null, ...counts(0, 0, 1, 0, 0) },
      { operation: 'find_hotel', sub_id: 'sidebar', ...counts(1, 0, 0, find.body.matches.length, 0) },
      { operation: 'get_hotel', sub_id: null, ...counts(1, 0, 0, 1, 0) },
      { operation: 'get_hotel', sub_id: 'footer', ...counts(0, 0, 1, 0, 0) },
      { operation: 'search_hotels', sub_id: 'chat', ...counts(1, 0, 0, 2, 0) },
      { operation: 'search_hotels', sub_id: 'sidebar', ...counts(2, 1, 1, shownBySearch, 0) },
      { operation: 'suggest', sub_id: 'typeahead', ...counts(3, 0, 0, suggested, 0) },
    ]);
    expect(report.body).toMatchObject({ from: '2026-11-17', to: '2026-11-23', group_by: ['operation', 'sub_id'] });
    expect(report.body.totals).toEqual(sumOf(report.body.rows));
    expect(report.body.note).toMatch(/Clicks .* bookings .* counted by the booking site/);
    // The report reads the allowance (all spent) and costs nothing, again and again.
    expect(report.body.allowance).toMatchObject({ limit: 12, remaining: 0 });
    expect(report.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(report.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get('/usage')).status).toBe(200);

    // The same report as an MCP tool (the allowance spent, it still answers).
    const byTool = await mcp.callTool({ name: 'get_usage', arguments: { group_by: 'operation,sub_id' } });
    expect(byTool.isError ?? false).toBe(false);
    expect(byTool.structuredContent).toEqual(report.body);
    await mcp.close();
    // And from the stdio MCP server an agent runs beside it, which calls GET /usage.
    const stdio = await connectMcp(t.baseUrl, 'stdio', { key: a.key });
    const overStdio = await stdio.callTool({ name: 'get_usage', arguments: { group_by: 'operation,sub_id' } });
    expect(overStdio.isError ?? false).toBe(false);
    expect(overStdio.structuredContent).toEqual(report.body);
    await stdio.close();

    // Prometheus: by operation, tier and outcome, never by key or sub_id.
    const metrics = await (await fetch(`${t.baseUrl}/metrics`)).text();
    const delta = (labels: string) => series(metrics, 'hotel_affiliate_call_outcomes_total', labels) - series(metricsBefore, 'hotel_affiliate_call_outcomes_total', labels);
    expect(delta('operation="searchHotels",tier="standard",outcome="answered"')).toBe(4);
    expect(delta('operation="searchHotels",tier="standard",outcome="refused"')).toBe(1);
    expect(delta('operation="searchHotels",tier="standard",outcome="failed"')).toBe(1);
    expect(delta('operation="searchHotels",tier="keyless",outcome="answered"')).toBe(1);
    expect(delta('operation="createLinks",tier="standard",outcome="refused"')).toBe(1);
    expect(metrics).not.toMatch(/hotel_affiliate_call_outcomes_total\{[^}]*\b(sub_id|key|key_id)=/);
  });

  it('groups by day by default, by any of day, operation and sub_id, each row carrying exactly those fields, and as CSV', async () => {
    const k = await secretKey(t, 'groups', 'partner');
    const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers: { ...k.auth, ...headers } });
    await get('/hotels/search?destination=Lisbon&limit=2&sub_id=a');
    await get('/hotels/search?destination=Lisbon&limit=1');
    t.clock.advance(DAY);
    try {
      await get('/hotels/search?destination=Lisbon&limit=2&sub_id=a');
      await get('/hotels/find?name=Pestana&sub_id=b');

      const byDay = await get('/usage');
      expect(byDay.body.from).toBe('2026-11-18');
      expect(byDay.body.to).toBe('2026-11-24');
      expect(byDay.body.group_by).toEqual(['day']);
      expect(byDay.body.rows.map((r: object) => Object.keys(r))).toEqual([
        ['day', 'calls', 'refused', 'failed', 'hotels_shown', 'links'],
        ['day', 'calls', 'refused', 'failed', 'hotels_shown', 'links'],
      ]);
      expect(byDay.body.rows.map((r: { day: string; calls: number }) => [r.day, r.calls])).toEqual([
        ['2026-11-23', 2],
        ['2026-11-24', 2],
      ]);

      const one = await get('/usage?from=2026-11-24&to=2026-11-24&group_by=sub_id,day');
      expect(one.body.group_by).toEqual(['sub_id', 'day']);
      expect(one.body.rows).toEqual([
        { day: '2026-11-24', sub_id: 'a', ...counts(1, 0, 0, 2, 0) },
        { day: '2026-11-24', sub_id: 'b', ...counts(1, 0, 0, one.body.rows[1].hotels_shown, 0) },
      ]);
      const all = await get('/usage?group_by=day,operation,sub_id');
      expect(all.body.rows.map((r: object) => Object.keys(r).slice(0, 3))).toEqual(Array(4).fill(['day', 'operation', 'sub_id']));
      expect(all.body.rows[0]).toMatchObject({ day: '2026-11-23', operation: 'search_hotels', sub_id: null, calls: 1, hotels_shown: 1 });
      const ungrouped = await get('/usage?group_by=operation');
      expect(ungrouped.body.rows.map((r: { operation: string; calls: number }) => [r.operation, r.calls])).toEqual([
        ['find_hotel', 1],
        ['search_hotels', 3],
      ]);
      expect(ungrouped.body.totals).toEqual(all.body.totals);

      const csv = await get('/usage?group_by=day,sub_id', { accept: 'text/csv' });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('vary')).toContain('Accept');
      const json = await get('/usage?group_by=day,sub_id', { accept: 'application/json, text/csv;q=0.5' });
      const lines = json.body.rows.map((r: Record<string, unknown>) => [r.day, r.sub_id ?? '', r.calls, r.refused, r.failed, r.hotels_shown, r.links].join(','));
      expect(csv.body).toBe(['day,sub_id,calls,refused,failed,hotels_shown,links', ...lines, ''].join('\r\n'));
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('refuses bad days and groups with a 400 naming the parameter, and spans past 93 days', async () => {
    const k = await secretKey(t, 'bounds', 'partner');
    const cases: Array<[string, string, RegExp]> = [
      ['from=2026-02-30', 'from', /from must be a day of the calendar written YYYY-MM-DD \(got "2026-02-30"\)/],
      ['to=2026-13-01', 'to', /to must be a day/],
      ['from=yesterday', 'from', /from/],
      ['from=2026-11-23&to=2026-11-22', 'from', /from must not be after to/],
      ['from=2026-08-01&to=2026-11-23', 'from', /at most 93 days \(got 115/],
      ['group_by=week', 'group_by', /group_by/],
      ['group_by=day,', 'group_by', /group_by/],
      ['sub_id=x', 'sub_id', /sub_id/],
    ];
    for (const [query, name, message] of cases) {
      const r = await t.request(`/usage?${query}`, { headers: k.auth });
      expect([query, r.status, r.body.error.code]).toEqual([query, 400, 'invalid_params']);
      expect(r.body.error.message).toContain(name);
      expect(r.body.error.message).toMatch(message);
    }
    // 93 days, both ends included, are one report.
    const longest = await t.request('/usage?from=2026-08-23&to=2026-11-23', { headers: k.auth });
    expect([longest.status, longest.body.from, longest.body.to]).toEqual([200, '2026-08-23', '2026-11-23']);
  });

  it('is for a secret key: without one, or with a publishable key, 401 says a secret key is needed', async () => {
    const keyless = await t.request('/usage');
    expect([keyless.status, keyless.body.error.code]).toEqual([401, 'unauthorized']);
    expect(keyless.body.error.message).toContain('secret key');
    const pk = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'pk', label: null, publishable: { origins: ['https://blog.example'], visitorLimit: 50 } })).secret;
    const published = await t.request(`/usage?key=${pk}`, { headers: { origin: 'https://blog.example' } });
    expect([published.status, published.body.error.message]).toEqual([401, keyless.body.error.message]);
    const mcp = await connectMcp(t.baseUrl, 'http');
    const tool = await mcp.callTool({ name: 'get_usage', arguments: {} });
    expect(tool.isError).toBe(true);
    expect(JSON.stringify(tool.content)).toContain('secret key');
    await mcp.close();
  });

  it('keeps 1,000 sub_ids of a key a day, across flushes, and counts the rest as "(other)"', async () => {
    const k = await secretKey(t, 'many', 'partner');
    const call = (sub: string) => t.request(`/suggest?q=lis&sub_id=${sub}`, { headers: k.auth });
    const inTens = async (subs: string[]) => {
      for (let i = 0; i < subs.length; i += 10) await Promise.all(subs.slice(i, i + 10).map(call));
    };
    const named = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `p${from + i}`);
    await inTens(named(0, 700));
    await sleep(600); // flushed: the cap now holds across what is stored and what is counted
    await inTens([...named(700, 1010), 'p5']);

    const r = await t.request('/usage?group_by=sub_id', { headers: k.auth });
    expect(r.body.rows).toHaveLength(1001);
    expect(r.body.rows[0]).toMatchObject({ sub_id: '(other)', calls: 10 });
    expect(r.body.rows.find((row: { sub_id: string }) => row.sub_id === 'p5').calls).toBe(2);
    expect(r.body.rows.find((row: { sub_id: string }) => row.sub_id === 'p999').calls).toBe(1);
    expect(r.body.rows.some((row: { sub_id: string }) => row.sub_id === 'p1000')).toBe(false);
    expect(r.body.totals.calls).toBe(1011);
  });
});

describe('usage kept in the database', () => {
  it('survives a drain and a restart: what was counted before stopping is there after', async () => {
    await withOwnDatabase(async (dataDir, database) => {
      // Flushed only when stopping.
      const env = { ...ENV, USAGE_FLUSH_SECONDS: '300' };
      const first = await startTestService(FIXTURE_HOTELS, env, { dataDir, database });
      const k = await secretKey(first, 'restart');
      for (const sub of ['x', 'x', 'y']) expect((await first.request(`/hotels/find?name=Pestana&sub_id=${sub}`, { headers: k.auth })).status).toBe(200);
      first.service.beginDrain();
      await first.close();

      const second = await startTestService(null, env, { dataDir, database });
      try {
        const r = await second.request('/usage?from=2026-11-23&to=2026-11-23&group_by=sub_id', { headers: k.auth });
        expect(r.body.rows.map((row: { sub_id: string; calls: number }) => [row.sub_id, row.calls])).toEqual([
          ['x', 2],
          ['y', 1],
        ]);
        const listed = await runCli(dataDir, ['keys', 'usage', k.id, '--from', '2026-11-23', '--to', '2026-11-23', '--group-by', 'sub_id', '--json'], database.env);
        expect(listed.code).toBe(0);
        const { allowance: _, ...report } = r.body;
        expect(JSON.parse(listed.stdout)).toEqual({ key_id: k.id, ...report });
        const text = await runCli(dataDir, ['keys', 'usage', k.id, '--from', '2026-11-23', '--to', '2026-11-23', '--group-by', 'sub_id'], database.env);
        expect(text.stdout.split('\n').slice(0, 5)).toEqual([
          `Usage of key ${k.id}, 2026-11-23 to 2026-11-23 (UTC), by sub_id:`,
          'SUB ID  CALLS  REFUSED  FAILED  HOTELS SHOWN  LINKS',
          `x       2      0        0       ${r.body.rows[0].hotels_shown}${' '.repeat(14 - String(r.body.rows[0].hotels_shown).length)}0`,
          `y       1      0        0       ${r.body.rows[1].hotels_shown}${' '.repeat(14 - String(r.body.rows[1].hotels_shown).length)}0`,
          `TOTAL   3      0        0       ${r.body.totals.hotels_shown}${' '.repeat(14 - String(r.body.totals.hotels_shown).length)}0`,
        ]);
        const bad = await runCli(dataDir, ['keys', 'usage', k.id, '--group-by', 'week'], database.env);
        expect([bad.code, bad.stdout]).toEqual([2, '']);
        expect(bad.stderr).toContain('--group-by');
        const nobody = await runCli(dataDir, ['keys', 'usage', 'key_nobody'], database.env);
        expect([nobody.code, nobody.stderr]).toEqual([1, 'No key has id key_nobody; see hotel-affiliate keys list.\n']);
      } finally {
        await second.close();
      }
    });
  });

  it.runIf(usePostgres)("answers a report that takes longer than a call's read may (DATABASE_TIMEOUT_MS), not 503", async () => {
    await withOwnDatabase(async (dataDir, database) => {
      const s = await startTestService(FIXTURE_HOTELS, { ...ENV, DATABASE_TIMEOUT_MS: '300' }, { dataDir, database });
      try {
        const k = await secretKey(s, 'slow-report');
        for (const sub of ['a', 'b']) expect((await s.request(`/hotels/find?name=Pestana&sub_id=${sub}`, { headers: k.auth })).status).toBe(200);
        await sleep(600); // flushed (USAGE_FLUSH_SECONDS 0.2)
        const schema = new URLSearchParams(new URL(database.env.DATABASE_URL).search).get('options')!.split('=')[1];
        await withClient(async (operator) => {
          // The report's rows held back for a second, as a long period's sum takes.
          await operator.query('BEGIN');
          await operator.query(`LOCK TABLE ${schema}.usage_counts IN ACCESS EXCLUSIVE MODE`);
          const asked = performance.now();
          const report = s.request('/usage?group_by=sub_id', { headers: k.auth });
          await sleep(1000);
          await operator.query('COMMIT');
          const r = await report;
          expect(r.status).toBe(200);
          expect(performance.now() - asked).toBeGreaterThanOrEqual(900);
          expect(r.body.rows.map((row: { sub_id: string; calls: number }) => [row.sub_id, row.calls])).toEqual([
            ['a', 1],
            ['b', 1],
          ]);
        });
      } finally {
        await s.close();
      }
    });
  });

  it('keeps counting while another process holds the database (an import), and writes it all once it lets go, at the latest when stopping', async () => {
    await withOwnDatabase(async (dataDir, database) => {
      const first = await startTestService(FIXTURE_HOTELS, ENV, { dataDir, database });
      const k = await secretKey(first, 'held');
      const find = (sub: string) => first.request(`/hotels/find?name=Pestana&sub_id=${sub}`, { headers: k.auth });
      const subCalls = (body: any) => body.rows.map((row: { sub_id: string; calls: number }) => [row.sub_id, row.calls]);

      // Held for a while: calls are answered, flushes find the store taken, the report still adds up.
      const held = await holdWrites(dataDir, database.env, 1500);
      for (const sub of ['a', 'a', 'b']) expect((await find(sub)).status).toBe(200);
      await sleep(500);
      const during = await first.request('/usage?group_by=sub_id', { headers: k.auth });
      expect(during.status).toBe(200);
      expect(subCalls(during.body)).toEqual([['a', 2], ['b', 1]]);
      await held.released;

      // Held again as the service stops: stopping waits for the store and loses nothing.
      const again = await holdWrites(dataDir, database.env, 1000);
      expect((await find('c')).status).toBe(200);
      first.service.beginDrain();
      await first.close();
      await again.released;

      const second = await startTestService(null, { ...ENV, USAGE_FLUSH_SECONDS: '300' }, { dataDir, database });
      try {
        const after = await second.request('/usage?group_by=sub_id', { headers: k.auth });
        expect(subCalls(after.body)).toEqual([['a', 2], ['b', 1], ['c', 1]]);
      } finally {
        await second.close();
      }
    });
  });

  it("keys list shows each key's calls today, and speaks snake_case in --json", async () => {
    await withOwnDatabase(async (dataDir, database) => {
      // The CLI's today is the real one.
      const s = await startTestService(FIXTURE_HOTELS, ENV, { dataDir, database, clockStart: Date.now() });
      const busy = await secretKey(s, 'busy');
      const idle = await secretKey(s, 'idle');
      for (let i = 0; i < 4; i++) await s.request('/hotels/find?name=Pestana', { headers: busy.auth });
      await s.close();
      const json = JSON.parse((await runCli(dataDir, ['keys', 'list', '--json'], database.env)).stdout);
      expect(json.find((k: { id: string }) => k.id === busy.id)).toEqual({
        id: busy.id,
        kind: 'secret',
        tier: 'standard',
        affiliate_code: 'busy',
        label: null,
        origins: null,
        visitor_limit: null,
        publishable_key: null,
        created_at: expect.any(String),
        revoked_at: null,
        calls_today: 4,
      });
      expect(json.find((k: { id: string }) => k.id === idle.id).calls_today).toBe(0);
      const table = (await runCli(dataDir, ['keys', 'list'], database.env)).stdout.split('\n');
      expect(table[0]).toMatch(/VISITOR\/H +CALLS TODAY +CREATED/);
      expect(table.find((line) => line.startsWith(busy.id))).toMatch(/ busy +4 +20\d\d-/);
    });
  });

  it('adds up exactly across two instances sharing one database', async () => {
    const b = await startTestService(null, ENV, { dataDir: t.dataDir, database: t.database });
    try {
      const k = await secretKey(t, 'two', 'partner');
      const each = (s: TestService, n: number) =>
        Promise.all(Array.from({ length: n }, (_, i) => s.request(`/hotels/search?destination=Lisbon&limit=2&sub_id=s${i % 3}`, { headers: k.auth })));
      const answers = [...(await Promise.all([each(t, 30), each(b, 30)])).flat()];
      expect(answers.every((r) => r.status === 200)).toBe(true);
      const shown = answers.reduce((n, r) => n + r.body.hotels.length, 0);
      // Each instance writes its counts every 0.2 s: the other's show within a few flushes.
      let report: any;
      for (let tries = 0; tries < 50; tries++) {
        report = (await b.request('/usage?group_by=sub_id', { headers: k.auth })).body;
        if (report.totals.calls === 60) break;
        await sleep(100);
      }
      expect(report.rows).toEqual(['s0', 's1', 's2'].map((sub_id) => ({ sub_id, ...counts(20, 0, 0, shown / 3, 0) })));
      const fromT = (await t.request('/usage?group_by=sub_id', { headers: k.auth })).body;
      expect(fromT.rows).toEqual(report.rows);
    } finally {
      await b.close();
    }
  });
});
