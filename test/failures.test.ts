// Dependencies that fail: a store that cannot be read is 503 with Retry-After, no catalog yet
// is 503, an unexpected failure is 500 with a request id and no stack trace; never a crash.
// MCP tool calls meet the same failures as tool errors.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { AccessGate } from '../src/access/access-gate.js';
import { buildHttpApp } from '../src/http/server.js';
import { InProcessCounters } from '../src/limits/in-process-counters.js';
import { AffiliateLinker } from '../src/links/affiliate-link.js';
import { GazetteerPlaceProvider } from '../src/places/place-provider.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { linkSettings } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp } from './support/mcp-clients.js';
import { runCli } from './support/cli.js';
import { startTestService, type TestService } from './support/test-service.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { TEST_POSTGRES, testDatabase, usePostgres } from './support/test-database.js';

const started: TestService[] = [];
afterAll(async () => {
  for (const t of started) await t.close().catch(() => undefined);
});

describe('a dependency that is down', () => {
  it('answers 503 upstream_unavailable with Retry-After when the store cannot be read, and keeps serving searches', async () => {
    const t = await startTestService(FIXTURE_HOTELS);
    started.push(t);
    // A key used before the store goes is not answered from memory after.
    const known = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'known', label: null })).secret;
    expect((await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer ${known}` } })).status).toBe(200);
    await t.service.store.close();
    const knownAfter = await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer ${known}` } });
    expect([knownAfter.status, knownAfter.body.error?.code]).toEqual([503, 'upstream_unavailable']);
    const r = await t.request('/hotels/hotel/pt/lisbon/pestana-palace');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      error: { code: 'upstream_unavailable', message: 'the hotel catalog cannot be read right now; try again shortly' },
    });
    expect(r.headers.get('retry-after')).toBe('5');
    expect(r.headers.get('x-ratelimit-remaining')).not.toBeNull();
    // The in-memory index still answers, and the poll that now fails does not bring it down.
    await t.service.liveIndex.refresh();
    expect((await t.request('/hotels/search?destination=Lisbon')).status).toBe(200);
    // A key cannot be checked either: 503, never answered keyless.
    const keyed = await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer live_${'k'.repeat(43)}` } });
    expect(keyed.status).toBe(503);
    expect(keyed.body.error).toEqual({ code: 'upstream_unavailable', message: 'API keys cannot be checked right now; try again shortly' });
    expect(keyed.headers.get('retry-after')).toBe('5');
    // The key's own allowance cannot be read: the headers are the address's, which the call counted against.
    const remaining = Number(keyed.headers.get('x-ratelimit-remaining'));
    expect(keyed.headers.get('x-ratelimit-limit')).toBe(t.config.LIMIT_KEYLESS_PER_HOUR.toString());
    const again = await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer live_${'k'.repeat(43)}` } });
    expect([again.status, Number(again.headers.get('x-ratelimit-remaining'))]).toEqual([503, remaining - 1]);
    const mcpRefused = await t.request('/mcp', { method: 'POST', headers: { authorization: `Bearer live_${'k'.repeat(43)}` } });
    expect([mcpRefused.status, mcpRefused.body.error.code, mcpRefused.headers.get('x-ratelimit-remaining')]).toEqual([
      503,
      'upstream_unavailable',
      String(remaining - 2),
    ]);
    // An MCP tool call is told the same, as a tool error saying when to retry.
    const mcp = await connectMcp(t.baseUrl, 'http');
    try {
      const result = await mcp.callTool({ name: 'get_hotel', arguments: { id: 'hotel/pt/lisbon/pestana-palace' } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        {
          type: 'text',
          text: 'upstream_unavailable: the hotel catalog cannot be read right now; try again shortly. Retry in 5 seconds, not sooner.',
        },
      ]);
    } finally {
      await mcp.close();
    }
  });

  it('says a dependency is down once, not at every call it fails, while every call is in the access log', async () => {
    const lines: { level: number; msg: string; status?: number; alsoFailedSinceLastSaid?: number }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const t = await startTestService(FIXTURE_HOTELS, {}, { logger });
    started.push(t);
    await t.service.store.close();
    for (let i = 0; i < 20; i++) expect((await t.request('/hotels/hotel/pt/lisbon/pestana-palace')).status).toBe(503);
    const said = lines.filter((l) => l.msg === 'the hotel catalog cannot be read right now; try again shortly');
    expect(said.map((l) => [l.level, l.alsoFailedSinceLastSaid])).toEqual([[40, undefined]]);
    expect(lines.filter((l) => l.msg === 'answered' && l.status === 503).length).toBe(20);
  });

  it('answers 503 before any catalog has been imported', async () => {
    const t = await startTestService(null);
    started.push(t);
    const r = await t.request('/hotels/search?destination=Lisbon');
    expect(r.status).toBe(503);
    expect(r.body.error).toEqual({
      code: 'upstream_unavailable',
      message: 'no hotel catalog has been imported yet; try again once one is loaded',
    });
    expect(r.headers.get('retry-after')).toBe('30');
  });
});

describe.runIf(usePostgres)('a PostgreSQL that hangs', () => {
  it('is waited for once: calls that need it are 503 at once until a probe finds it answering, the rest answer, and the instance stays ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hung-postgres-test-'));
    const database = await testDatabase(dataDir);
    const proxy = new TcpProxy(5432);
    await proxy.start();
    const viaProxy = new URL(database.env.DATABASE_URL);
    viaProxy.port = String(proxy.port);
    const timeoutMs = 1000;
    const t = await startTestService(FIXTURE_HOTELS, { DATABASE_URL: viaProxy.toString(), DATABASE_TIMEOUT_MS: String(timeoutMs) }, { dataDir, database });
    started.push(t);
    try {
      const key = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'hung', label: null })).secret;
      const keyed = async () => {
        const began = performance.now();
        const r = await t.request('/hotels/search?destination=Lisbon', { headers: { authorization: `Bearer ${key}` } });
        return { status: r.status, code: r.body.error?.code, ms: performance.now() - began };
      };
      expect((await keyed()).status).toBe(200);

      proxy.hang();
      const first = await keyed();
      expect([first.status, first.code]).toEqual([503, 'upstream_unavailable']);
      // Ten more keyed calls and a hotel's details: none waits for the database (a second each otherwise).
      const began = performance.now();
      for (let i = 0; i < 10; i++) expect((await keyed()).status).toBe(503);
      expect((await t.request('/hotels/hotel/pt/lisbon/pestana-palace')).status).toBe(503);
      expect(performance.now() - began).toBeLessThan(5 * timeoutMs);
      // Searches without a key answer from memory, and the instance stays in the load balancer.
      expect((await t.request('/hotels/search?destination=Lisbon')).status).toBe(200);
      const ready = await t.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.database).toMatch(/^unreachable: the database does not answer \(EDBUNANSWERED\); calls that need it are answered 503$/);

      proxy.resume();
      await expect.poll(async () => (await keyed()).status, { timeout: 10_000 }).toBe(200);
      expect((await t.request('/readyz')).body.database).toBe('ok');
      expect((await t.request('/hotels/hotel/pt/lisbon/pestana-palace')).status).toBe(200);
    } finally {
      proxy.resume();
      await proxy.cut();
    }
  });
});

describe('a database that cannot be reached at start', () => {
  it('stops the command with a message naming DATABASE_URL and the reason', async () => {
    const result = await runCli(tmpdir(), ['keys', 'list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'configuration: DATABASE_URL: cannot use the PostgreSQL database: connection refused at 127.0.0.1:1 (ECONNREFUSED); is PostgreSQL running there and listening on that address?',
    );
  });

  it('names a database that does not exist, and a user that does not, as the server says them', async () => {
    const missing = await runCli(tmpdir(), ['keys', 'list'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/eco_prod_missing' });
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      'configuration: DATABASE_URL: cannot use the PostgreSQL database: database "eco_prod_missing" does not exist on 127.0.0.1:5432 (3D000); create it, or name an existing database in DATABASE_URL',
    ]);
    const stranger = await runCli(tmpdir(), ['keys', 'list'], { DATABASE_URL: 'postgres://nobody_here@127.0.0.1:5432/test' });
    expect(stranger.code).toBe(2);
    expect(stranger.stderr.trim()).toMatch(/^configuration: DATABASE_URL: cannot use the PostgreSQL database: role "nobody_here" does not exist on 127\.0\.0\.1:5432 \(28000\); check the user name/);
  });
});

describe('an unexpected failure', () => {
  it('is 500 with a request id that is also in the log, and no stack trace', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const config = loadConfig({});
    const links = linkSettings(config);
    const gazetteer = builtInGazetteer();
    const app = await buildHttpApp({
      services: {
        liveIndex: { current: { hotelCount: () => 0, version: { generation: 1 } } } as never,
        store: {} as never,
        resolver: {
          resolve: () => {
            throw new Error('resolver exploded');
          },
        },
        places: new GazetteerPlaceProvider(gazetteer),
        placeSuggestions: {} as never,
        names: {} as never,
        links,
        linker: new AffiliateLinker(links),
      },
      gate: new AccessGate(null, new InProcessCounters(), { keylessPerHour: 100, standardPerDay: 100, partnerPerDay: 100 }),
      logger,
      docs: { serviceName: 'Example Stays', mainSite: links.mainSite, affiliateParam: 'aff', subIdParam: 'utm_content', langParam: 'lang', currencyParam: 'currency', signupUrl: 'https://x.example/', keylessPerHour: 100, standardPerDay: 100, partnerPerDay: 100 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${address.port}/hotels/search?destination=Lisbon`);
      const body = (await response.json()) as { error: { code: string; message: string } };
      const requestId = response.headers.get('x-request-id')!;
      expect(response.status).toBe(500);
      expect(body.error).toEqual({
        code: 'upstream_unavailable',
        message: `an unexpected error occurred; quote request id ${requestId} when reporting it`,
      });
      expect(JSON.stringify(body)).not.toContain('resolver exploded');
      expect(response.headers.get('x-ratelimit-limit')).toBe('100');
      const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message: string } }).find((l) => l.err);
      expect(logged).toMatchObject({ reqId: requestId, err: { message: 'resolver exploded' } });

      // The same failure in an MCP tool call: a tool error with the request id of its HTTP request.
      lines.length = 0;
      const mcp = await connectMcp(`http://127.0.0.1:${address.port}`, 'http');
      try {
        const result = await mcp.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon' } });
        const text = (result.content as { text: string }[])[0].text;
        expect(result.isError).toBe(true);
        expect(text).toMatch(/^upstream_unavailable: an unexpected error occurred; quote request id (\S+) when reporting it$/);
        expect(text).not.toContain('resolver exploded');
        const mcpLogged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message: string } }).find((l) => l.err);
        expect(mcpLogged).toMatchObject({ reqId: /request id (\S+) when/.exec(text)![1], err: { message: 'resolver exploded' } });
      } finally {
        await mcp.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe.runIf(usePostgres)('a PostgreSQL connection ended under a running server', () => {
  it('answers every call: a read sent on a connection the server ended is made again on a fresh one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-test-'));
    const database = await testDatabase(dataDir);
    const name = `killed-${randomUUID().slice(0, 8)}`;
    const t = await startTestService(FIXTURE_HOTELS, { DATABASE_URL: `${database.env.DATABASE_URL}&application_name=${name}` }, { dataDir, database });
    started.push(t);
    const { secret } = await t.service.keys.create({ tier: 'partner', affiliateCode: 'pooled', label: null });
    const calls = () =>
      Promise.all(
        ['casa-do-sol', 'pestana-palace', 'hotel-aurora', 'casa-do-sol', 'pestana-palace'].map((id) =>
          t.request(`/hotels/hotel/pt/lisbon/${id}`, { headers: { authorization: `Bearer ${secret}` } }),
        ),
      );
    // Calls all the while, from several connections of the pool, as the server ends every one of them, again and again.
    expect((await calls()).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    let calling = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (calling) for (const r of await calls()) statuses.push(r.status);
    })();
    let ended = 0;
    for (let i = 0; i < 10; i++) {
      ended += await endConnections(name);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    calling = false;
    await load;
    expect(ended).toBeGreaterThan(5);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

/** Ends, from the server's side, every connection with this application_name; how many. */
async function endConnections(applicationName: string): Promise<number> {
  const client = new pg.Client(TEST_POSTGRES);
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    return rows.filter((r) => r.ended).length;
  } finally {
    await client.end();
  }
}
