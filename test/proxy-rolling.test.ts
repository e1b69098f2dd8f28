// deploy/haproxy.cfg as deployed: HAProxy in front of three instances of the service sharing one
// PostgreSQL schema and one Redis, under steady load from eight keep-alive clients (searches,
// hotel pages, suggestions, and POST /links with a partner key). Checked: the client's address
// reaches the service and a forged one does not; no call fails while the instances are replaced
// one by one (SIGTERM, drain, a new process on the same port); and when one is killed, every GET
// is still answered (retried on another instance) while no POST is sent twice. Latency is
// printed for each phase, never asserted. Always on PostgreSQL and Redis, whatever the project.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { haproxyVersion, startHaproxy, summarizeProxyLog, type Haproxy } from './support/haproxy.js';
import { call, describeFigures, ProxyLoad, type CallOutcome, type PlannedCall } from './support/proxy-load.js';
import { startServiceProcess, type ServiceProcess } from './support/service-process.js';
import { TEST_POSTGRES } from './support/test-database.js';

const HAPROXY = haproxyVersion();
if (!HAPROXY) console.warn('proxy-rolling.test.ts skipped: haproxy is not installed (Debian: apt-get install haproxy; .ci/run installs it)');

/** The drain delay: the config takes an instance out after 2 failed checks 500 ms apart (about 1 s), so 1 s to spare. */
const DRAIN_SECONDS = 2;
/** How long the steady phases last (before the roll, after it). */
const PHASE_MS = 4000;
const PARTNER_PER_DAY = 10_000_000;
const KEYLESS_PER_HOUR = 1000;
/** POSTs sent at once while an instance is frozen: with a third going to it, all 24 miss it once in 16,000 kills. */
const BURST_POSTS = 24;
const REDIS_URL = 'redis://127.0.0.1:6379';
const SERVERS = ['app1', 'app2', 'app3'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countBy = (values: string[]) => values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

const schema = `t_${randomBytes(6).toString('hex')}`;
const redisPrefix = `proxy-rolling-${randomBytes(6).toString('hex')}:`;
const databaseEnv = { DATABASE_URL: `${TEST_POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
const serviceEnv: Record<string, string> = {
  ...databaseEnv,
  REDIS_URL,
  REDIS_KEY_PREFIX: redisPrefix,
  // Counted exactly in Redis even when the busy machine holds a call past the usual 250 ms:
  // the POST count below reads the shared counter.
  REDIS_TIMEOUT_MS: '5000',
  DEMO_HOTELS: '2000',
  SHUTDOWN_DELAY_SECONDS: String(DRAIN_SECONDS),
  TRUSTED_PROXIES: '127.0.0.1',
  LIMIT_PARTNER_PER_DAY: String(PARTNER_PER_DAY),
  LIMIT_KEYLESS_PER_HOUR: String(KEYLESS_PER_HOUR),
};

interface Instance {
  name: string;
  port: number;
  process: ServiceProcess;
}

/** One machine: the instances share the saved index files, as they would share them through PostgreSQL. */
let dataDir: string | undefined;
let schemaCreated = false;
const instances: Instance[] = [];
/** Every process started, to stop them all whatever happens. */
const started: ServiceProcess[] = [];
let haproxy: Haproxy | undefined;
let load: ProxyLoad | undefined;
let getKey: string;
let linksKey: string;
/** Calls made with linksKey other than the load's POSTs (the reads of its counter). */
let linksKeyReads = 0;
const report: string[] = [];

async function startInstance(name: string, port = 0): Promise<Instance> {
  const service = await startServiceProcess({ ...serviceEnv, DATA_DIR: dataDir!, PORT: String(port) });
  started.push(service);
  return { name, port: Number(new URL(service.baseUrl).port), process: service };
}

async function createKey(code: string): Promise<string> {
  const created = await runCli(dataDir!, ['keys', 'create', '--tier', 'partner', '--code', code], databaseEnv);
  if (created.code !== 0) throw new Error(`keys create: ${created.stderr}`);
  return created.stdout.trim();
}

/** POST /links of one hotel page with linksKey, tagged with `subId`. */
function linksCall(subId: string, hotelId: string): PlannedCall {
  return {
    op: 'links',
    method: 'POST',
    path: `/links?sub_id=${subId}`,
    headers: { authorization: `Bearer ${linksKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ urls: [`https://www.stays.example/${hotelId}`] }),
  };
}

/** POSTs the service admitted with linksKey: read from the shared counter, by one more call with the key. */
async function admittedPosts(): Promise<number> {
  const answer = await fetch(`${instances[0].process.baseUrl}/hotels/search?destination=Paris&limit=1`, { headers: { authorization: `Bearer ${linksKey}` } });
  linksKeyReads++;
  expect(answer.status).toBe(200);
  // A search costs 1, as does a POST /links of one address.
  return PARTNER_PER_DAY - Number(answer.headers.get('x-ratelimit-remaining')) - linksKeyReads;
}

describe.skipIf(!HAPROXY)(`HAProxy ${HAPROXY} with deploy/haproxy.cfg in front of three instances`, () => {
  let hotelIds: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-proxy-'));
    const client = new pg.Client(TEST_POSTGRES);
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`).finally(() => client.end());
    schemaCreated = true;
    // The first instance builds the demo catalog and saves the index files the others start from.
    const startedAt = performance.now();
    const [first, keys] = await Promise.all([startInstance('app1'), Promise.all([createKey('proxy-get'), createKey('proxy-links')])]);
    [getKey, linksKey] = keys;
    const firstAfter = performance.now() - startedAt;
    instances.push(first, ...(await Promise.all([startInstance('app2'), startInstance('app3')])));
    report.push(`start: first instance listening after ${(firstAfter / 1000).toFixed(1)} s, the other two ${((performance.now() - startedAt - firstAfter) / 1000).toFixed(1)} s later`);
    haproxy = await startHaproxy('deploy/haproxy.cfg', Object.fromEntries(instances.map((s, i) => [`STAYS_SERVER_${i + 1}`, `127.0.0.1:${s.port}`])));
    for (const name of SERVERS) await haproxy.waitForState(name, 'UP');

    for (const destination of ['London', 'Paris', 'Tokyo', 'New York', 'Berlin', 'Rome']) {
      const answer = await fetch(`${first.process.baseUrl}/hotels/search?destination=${encodeURIComponent(destination)}&limit=5`, {
        headers: { authorization: `Bearer ${getKey}` },
      });
      hotelIds.push(...((await answer.json()) as { hotels: { id: string }[] }).hotels.map((h) => h.id));
    }
    expect(hotelIds.length).toBeGreaterThan(10);

    const destinations = ['London', 'Paris', 'Tokyo', 'New York', 'Berlin', 'Rome', 'Lisbon', 'Madrid'];
    const prefixes = ['Lon', 'Par', 'Tok', 'New Y', 'Ber', 'Ro', 'Lis', 'Mad'];
    const get = { authorization: `Bearer ${getKey}` };
    // Three searches, two hotel pages, two suggestions and one POST /links in every eight calls.
    const plan = (client: number, n: number): PlannedCall => {
      const pick = <T>(list: T[]) => list[(client * 7 + n) % list.length];
      switch (n % 8) {
        case 0:
        case 3:
        case 6:
          return { op: 'search', method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(pick(destinations))}&limit=5`, headers: get };
        case 1:
        case 4:
          return { op: 'hotel', method: 'GET', path: `/hotels/${pick(hotelIds)}`, headers: get };
        case 2:
        case 7:
          return { op: 'suggest', method: 'GET', path: `/suggest?q=${encodeURIComponent(pick(prefixes))}`, headers: get };
        default:
          return linksCall(`c${client}-${n}`, pick(hotelIds));
      }
    };
    load = new ProxyLoad(haproxy.url, plan, (_planned, status) => status === 200);
  }, 180_000);

  afterAll(async () => {
    load?.destroy();
    if (load) {
      console.log(['proxy-rolling figures (calls through HAProxy; latency as the clients saw it):', ...['steady', 'roll', 'after', 'kill'].map((p) => `  ${describeFigures(load!.figures(p))}`), ...report.map((line) => `  ${line}`)].join('\n'));
    }
    for (const s of started) s.child.kill('SIGKILL');
    await haproxy?.stop();
    await Promise.all(started.map((s) => s.exited));
    if (schemaCreated) {
      const client = new pg.Client(TEST_POSTGRES);
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`).finally(() => client.end());
    }
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("gives the service the client's address, not one the client wrote", async () => {
    const search = (headers: Record<string, string>) => fetch(`${haproxy!.url}/hotels/search?destination=Paris&limit=1`, { headers });
    const remaining = async (headers: Record<string, string>) => Number((await search(headers)).headers.get('x-ratelimit-remaining'));
    // Keyless calls count per address: a forged X-Forwarded-For that was believed would open a fresh allowance.
    const before = await remaining({});
    expect(await remaining({ 'x-forwarded-for': '203.0.113.7' })).toBe(before - 1);
    expect(await remaining({ 'x-forwarded-for': '203.0.113.8, 198.51.100.9' })).toBe(before - 2);
    // The service's own links name the address the client called, not a forged host.
    const info = (await (await fetch(`${haproxy!.url}/`, { headers: { 'x-forwarded-host': 'evil.example' } })).json()) as { openapi: string };
    expect(info.openapi).toBe(`${haproxy!.url}/openapi.json`);
  });

  it('answers every call under steady load', async () => {
    // A second for the instances' code to warm up, so that the first phase is not the slowest for it.
    load!.start('warmup');
    await sleep(1000);
    load!.start('steady');
    await sleep(PHASE_MS);
    expect(load!.figures('steady').failedBy).toEqual({});
  });

  // Each instance is replaced as a deploy replaces it: SIGTERM, its drain to the end, a new process
  // on the same port, and the next one only once HAProxy has the new one back in.
  it('fails no call while the instances are replaced one by one', async () => {
    load!.start('roll');
    for (const [i, old] of instances.entries()) {
      const signalled = performance.now();
      old.process.child.kill('SIGTERM');
      const outAfter = await haproxy!.waitForState(old.name, 'DOWN', 10_000);
      expect(await old.process.exited).toBe(0);
      const exitedAfter = performance.now() - signalled;
      const replacement = await startInstance(old.name, old.port);
      const listeningAfter = performance.now() - signalled;
      await haproxy!.waitForState(old.name, 'UP');
      instances[i] = replacement;
      report.push(
        `roll ${old.name}: out of HAProxy ${(outAfter / 1000).toFixed(2)} s after SIGTERM, exited 0 at ${(exitedAfter / 1000).toFixed(1)} s, ` +
          `new process listening at ${(listeningAfter / 1000).toFixed(1)} s, back in at ${((performance.now() - signalled) / 1000).toFixed(1)} s`,
      );
    }
    load!.start('after');
    await sleep(PHASE_MS);
    await load!.stop();
    expect(load!.figures('roll').failedBy).toEqual({});
    expect(load!.figures('after').failedBy).toEqual({});
    // Every POST sent so far was admitted once: none lost, none sent twice.
    const sent = load!.records.filter((r) => r.method === 'POST').length;
    const admitted = await admittedPosts();
    report.push(`POST /links before the kill: ${sent} sent, ${admitted} admitted by the service`);
    expect(admitted).toBe(sent);
  }, 180_000);

  // The instance is frozen (SIGSTOP) for half a second or so before SIGKILL, so that calls are
  // certainly under way on it when it dies: one answering in milliseconds is often killed between
  // two calls. HAProxy sees nothing wrong meanwhile (a check may take 3 s) and goes on sending it calls.
  it('answers every GET when an instance dies under load, and sends no POST twice', async () => {
    const admittedBefore = await admittedPosts();
    const logFrom = haproxy!.log.length;
    load!.start('kill');
    await sleep(1000);
    const victim = instances[1];
    victim.process.child.kill('SIGSTOP');
    // POSTs of callers with a connection each: HAProxy sends about a third of them to the frozen instance.
    const burst = Array.from({ length: BURST_POSTS }, (_, i) => {
      const outcome = call(false, haproxy!.url, linksCall(`burst-${i}`, hotelIds[i % hotelIds.length]));
      const entry = { settled: false, outcome };
      void outcome.then(() => (entry.settled = true));
      return entry;
    });
    // The others are answered in milliseconds; those left are under way on the frozen instance.
    let unsettled = burst.length;
    for (let still = 0, waited = 0; still < 5 && waited < 30; waited++) {
      await sleep(100);
      const now = burst.filter((b) => !b.settled).length;
      still = now === unsettled ? still + 1 : 0;
      unsettled = now;
    }
    const stuck = burst.filter((b) => !b.settled);
    victim.process.child.kill('SIGKILL');
    const outAfter = await haproxy!.waitForState(victim.name, 'DOWN', 10_000);
    await sleep(2000);
    await load!.stop();
    const burstOutcomes = await Promise.all(burst.map((b) => b.outcome));
    const stuckOutcomes = await Promise.all(stuck.map((b) => b.outcome));
    const proxyLog = summarizeProxyLog(haproxy!.log.slice(logFrom));

    const kill = load!.figures('kill');
    const postsSent = kill.posts + BURST_POSTS;
    const postsAnswered = kill.posts - kill.postsFailed + burstOutcomes.filter((o) => o.status === 200).length;
    const admitted = (await admittedPosts()) - admittedBefore;
    const tally = (outcomes: CallOutcome[]) => JSON.stringify(countBy(outcomes.map((o) => String(o.status ?? o.error))));
    report.push(
      `kill ${victim.name}: out of HAProxy ${(outAfter / 1000).toFixed(2)} s after SIGKILL; calls HAProxy sent again: ${JSON.stringify(proxyLog.retried)}`,
      `kill: ${BURST_POSTS} POSTs on connections of their own: ${tally(burstOutcomes)}; the ${stuck.length} under way on ${victim.name} when it died: ${tally(stuckOutcomes)}`,
      `kill: POST /links ${postsSent} sent, ${postsAnswered} answered 200, ${postsSent - postsAnswered} failed, ${admitted} admitted by the service`,
    );
    expect(Object.entries(kill.failedBy).filter(([what]) => what.startsWith('GET '))).toEqual([]);
    // A POST under way on the instance that died is not sent to another: its caller is told it failed.
    expect(stuck.length).toBeGreaterThan(0);
    expect(stuckOutcomes.filter((o) => o.status === 200)).toEqual([]);
    // A POST sent twice would be admitted twice: more admissions than POSTs.
    expect(admitted).toBeLessThanOrEqual(postsSent);
    expect(admitted).toBeGreaterThanOrEqual(postsAnswered);
  }, 60_000);
});
