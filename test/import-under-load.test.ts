// An import of a changed feed of 100,000 hotels on PostgreSQL while three instances behind
// HAProxy (deploy/haproxy.cfg) serve steady load. Each instance has a data directory of its own,
// as on separate machines, so each copies the saved index from the database. Checked: no call
// fails; every instance answers from the new generation within SWITCH_BOUND_MS of the import's
// commit; each switched by reading the index the import saved (never building it, on a thread or
// otherwise); the index went into the database once, by the import, before its commit; and the new
// catalog shows through the proxy. Latency before, during and after is printed, never asserted.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { haproxyVersion, startHaproxy, type Haproxy } from './support/haproxy.js';
import { generationOf, PROBE_NAME, timedImport, whenSwitched, writeChangedFeed, type ChangedFeed } from './support/import-load.js';
import { describeFigures, ProxyLoad, type PlannedCall } from './support/proxy-load.js';
import { startServiceProcess, type LogLine, type ServiceProcess } from './support/service-process.js';
import { TEST_POSTGRES, withClient } from './support/test-database.js';

const HAPROXY = haproxyVersion();
if (!HAPROXY) console.warn('import-under-load.test.ts skipped: haproxy is not installed (Debian: apt-get install haproxy; .ci/run installs it)');

/**
 * Large enough that building the index takes seconds (what the import must spare the instances),
 * small enough for CI: 200,000 took 4 of the suite's 20 minutes on the busy 2-core machine.
 * `npm run bench:import` runs 500k-1M.
 */
const HOTELS = 100_000;
const POLL_SECONDS = 2;
/**
 * From the import's commit until every instance answers from the new generation. The work is a
 * poll (2 s), the copy of the index from PostgreSQL (74 MB at 200k hotels, by all three at once)
 * and its reading: 4.1-5.3 s on the 2-core machine at load average 5-6, 12.6-15.0 s at 14-18
 * (another engineer's whole test suite running). Since the instances switch in turns (7db4c52),
 * the last waits for the two before it: in CI, with the rest of the suite on both cores, the last
 * of three took 30-60 s (the run of 2026-11-28 failed a 30 s bound on it). 60 s is twice what
 * three switches in turn take at load 14-18; three instances building the index on their threads
 * (what the bound guards against, with the check below that none built one) took longer still.
 */
const SWITCH_BOUND_MS = 60_000;
const PHASE_MS = 5000;
const PARTNER_PER_DAY = 100_000_000;
const REDIS_URL = 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const schema = `t_${randomBytes(6).toString('hex')}`;
const redisPrefix = `import-under-load-${randomBytes(6).toString('hex')}:`;
const databaseEnv = { DATABASE_URL: `${TEST_POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
/** The import as an operator runs it: it saves the index and copies it into the database. */
const importEnv = { ...databaseEnv, SAVED_INDEXES: 'true', CATALOG_POLL_SECONDS: String(POLL_SECONDS) };
const serviceEnv: Record<string, string> = {
  ...databaseEnv,
  REDIS_URL,
  REDIS_KEY_PREFIX: redisPrefix,
  // The 2-core machine is busy with the import and, often, other work: an instance starved of CPU
  // for a second or two (measured: up to 2.6 s of its /healthz at load average 9) finds its Redis
  // and PostgreSQL calls of that moment timed out even when their answers came meanwhile (timers
  // run before sockets are read), and then counts locally or answers 503 (bench/import-under-load.ts
  // saw a keyed POST /links fail so). That is the machine, not the switch this test is about.
  REDIS_TIMEOUT_MS: '5000',
  DATABASE_TIMEOUT_MS: '5000',
  CATALOG_POLL_SECONDS: String(POLL_SECONDS),
  // The catalog is imported before any instance starts: none may build the demo catalog instead.
  DEMO_CATALOG: 'false',
  SHUTDOWN_DELAY_SECONDS: '2',
  // Fewer than the hotel pages the load opens (below), so that pages are read from PostgreSQL too.
  HOT_HOTELS: '1000',
  TRUSTED_PROXIES: '127.0.0.1',
  LIMIT_PARTNER_PER_DAY: String(PARTNER_PER_DAY),
};

interface Instance {
  name: string;
  dataDir: string;
  process: ServiceProcess;
}

let root: string | undefined;
let schemaCreated = false;
const instances: Instance[] = [];
let haproxy: Haproxy | undefined;
let load: ProxyLoad | undefined;
let feed: ChangedFeed;
let feedB: string;
/** The import machine's data directory: the CLI saves the index there before copying it to the database. */
let cliDir: string;
const report: string[] = [];

const switchedLines = (logs: LogLine[]) => logs.filter((l) => l.msg === 'catalog index switched');
/** Lines that say the instance made an index itself rather than read the import's. */
const builtLines = (logs: LogLine[]) => logs.filter((l) => l.msg === 'catalog index built on a thread of its own' || l.msg === 'catalog index saved for the next start');

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return withClient(async (client) => (await client.query<T>(text, values)).rows);
}

async function createKey(code: string): Promise<string> {
  const created = await runCli(cliDir, ['keys', 'create', '--tier', 'partner', '--code', code], databaseEnv);
  if (created.code !== 0) throw new Error(`keys create: ${created.stderr}`);
  return created.stdout.trim();
}

async function getJson(url: string, key: string): Promise<{ status: number; body: Record<string, any> }> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}

describe.skipIf(!HAPROXY)(`an import of ${HOTELS.toLocaleString('en-US')} hotels while three instances behind HAProxy ${HAPROXY} serve load`, () => {
  let key: string;

  beforeAll(async () => {
    report.push(`load average at the start: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    root = mkdtempSync(join(tmpdir(), 'hotel-affiliate-import-load-'));
    cliDir = join(root, 'cli');
    mkdirSync(cliDir);
    await sql(`CREATE SCHEMA ${schema}`);
    schemaCreated = true;

    let startedAt = performance.now();
    const feedA = join(root, 'a.ndjson');
    feedB = join(root, 'b.ndjson');
    const demo = await runCli(cliDir, ['demo', '--count', String(HOTELS), '--out', feedA]);
    if (demo.code !== 0) throw new Error(`demo: ${demo.stderr}`);
    report.push(`feed of ${HOTELS.toLocaleString('en-US')} demo hotels written in ${seconds(performance.now() - startedAt)}`);

    // The changed feed is written while the first is imported.
    startedAt = performance.now();
    const first = timedImport(cliDir, feedA, importEnv);
    [feed] = await Promise.all([writeChangedFeed(feedA, feedB), first.printedLine(/^Imported /)]);
    const { code } = await first.cli.exited;
    expect(code).toBe(0);
    expect(first.lines.map((l) => l.text)).toContainEqual(expect.stringMatching(/^Copied it to the database/));
    report.push(`import of generation 1 (feed A) took ${seconds(performance.now() - startedAt)}; feed B: ${feed.after.toLocaleString('en-US')} hotels, ${feed.renamed} renamed, ${feed.removed} removed, ${feed.added} added`);

    // Each instance on a data directory of its own, as on its own machine.
    startedAt = performance.now();
    const started = await Promise.all(
      ['app1', 'app2', 'app3'].map(async (name) => {
        const dataDir = join(root!, name);
        mkdirSync(dataDir);
        return { name, dataDir, process: await startServiceProcess({ ...serviceEnv, DATA_DIR: dataDir }) };
      }),
    );
    instances.push(...started);
    key = await createKey('import-load');
    report.push(`three instances listening ${seconds(performance.now() - startedAt)} after they were started`);
    haproxy = await startHaproxy('deploy/haproxy.cfg', Object.fromEntries(instances.map((s, i) => [`STAYS_SERVER_${i + 1}`, new URL(s.process.baseUrl).host])));
    for (const { name } of instances) await haproxy.waitForState(name, 'UP');

    const headers = { authorization: `Bearer ${key}` };
    const cities = feed.cities.slice(0, 40);
    // Every kept hotel 1 in 20 (about 4,800 at 100k): many more than the instances' hot hotels, so pages are read from PostgreSQL too.
    const hotelIds = feed.keptIds.filter((_, i) => i % 20 === 0);
    // Three searches, two hotel pages, two suggestions and one POST /links in every eight calls.
    const plan = (client: number, n: number): PlannedCall => {
      const pick = <T>(list: T[]) => list[(client * 7919 + n * 31) % list.length];
      switch (n % 8) {
        case 0:
        case 3:
        case 6:
          return { op: 'search', method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(pick(cities))}&limit=10`, headers };
        case 1:
        case 4:
          return { op: 'hotel', method: 'GET', path: `/hotels/${pick(hotelIds)}`, headers };
        case 2:
        case 7:
          return { op: 'suggest', method: 'GET', path: `/suggest?q=${encodeURIComponent(pick(cities).slice(0, 3))}`, headers };
        default:
          return {
            op: 'links',
            method: 'POST',
            path: `/links?sub_id=c${client}`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ urls: [`https://www.stays.example/${pick(hotelIds)}`] }),
          };
      }
    };
    load = new ProxyLoad(haproxy.url, plan, (_planned, status) => status === 200);
    // Generating, importing and building 100k hotels, and three starts: 50-125 s at 200k on the 2-core machine.
  }, 300_000);

  afterAll(async () => {
    load?.destroy();
    if (load) {
      console.log(
        [
          'import-under-load figures (calls through HAProxy; latency as the clients saw it):',
          ...['steady', 'import', 'switch', 'after'].map((p) => `  ${describeFigures(load!.figures(p))}`),
          ...report.map((line) => `  ${line}`),
          `  load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
          // Warnings say what the figures alone do not (a dependency's timeout, a circuit opened).
          ...instances.flatMap(({ name, process: s }) => s.logs.filter((l) => Number(l.level) >= 40).map((l) => `  ${name} warned: ${l.msg}`)),
        ].join('\n'),
      );
    }
    for (const { process: s } of instances) s.child.kill('SIGKILL');
    await haproxy?.stop();
    await Promise.all(instances.map((i) => i.process.exited));
    if (schemaCreated) await sql(`DROP SCHEMA ${schema} CASCADE`);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('starts each instance from the index the import saved, copied from the database', () => {
    for (const { name, process: s } of instances) {
      expect(switchedLines(s.logs).map((l) => [name, l.generation, l.index])).toEqual([[name, 1, 'read from its file']]);
      expect(s.logs.filter((l) => l.msg === 'saved catalog index copied from the database').map((l) => l.generation)).toEqual([1]);
      expect(builtLines(s.logs)).toEqual([]);
    }
  });

  it('answers every call under steady load', async () => {
    // A second for the instances' code to warm up, so that the first phase is not the slowest for it.
    load!.start('warmup');
    await sleep(1000);
    load!.start('steady');
    await sleep(PHASE_MS);
    expect(load!.figures('steady').failedBy).toEqual({});
  });

  it('switches every instance to the new catalog by reading its saved index, failing no call', async () => {
    // The new catalog is not visible yet.
    expect((await getJson(`${haproxy!.url}/hotels/find?name=${encodeURIComponent(PROBE_NAME)}`, key)).body.hotel?.id).not.toBe(feed.probe.id);
    expect((await getJson(`${haproxy!.url}/hotels/${feed.removedSample[0]}`, key)).status).toBe(200);

    load!.start('import');
    const second = timedImport(cliDir, feedB, importEnv);
    const imported = await second.printedLine(/^Imported [\d,]+ hotels .* as catalog generation \d+/);
    const generation = Number(/generation (\d+)/.exec(imported.text)![1]);
    load!.start('switch');
    // Allowed longer than the bound, so that a slow switch is measured and reported rather than only timed out.
    const switchedAt = await whenSwitched(
      instances.map((i) => i.process.baseUrl),
      generation,
      SWITCH_BOUND_MS * 2,
    );
    load!.start('after');
    await sleep(PHASE_MS);
    await load!.stop();
    const exit = await second.cli.exited;

    const said = (pattern: RegExp) => second.lines.find((l) => pattern.test(l.text));
    const copied = said(/^Copied it to the database/);
    report.push(
      `import of generation ${generation} (feed B): ${['Read ', 'Saved its index', 'Copied it', 'Imported ']
        .map((start) => second.lines.find((l) => l.text.startsWith(start)))
        .filter((l) => l !== undefined)
        .map((l) => `"${l.text.slice(0, 24)}…" at ${seconds(l.at - second.started)}`)
        .join(', ')}`,
      `instances on generation ${generation} after the commit: ${instances.map((inst, i) => `${inst.name} ${seconds(switchedAt[i] - imported.at)}`).join(', ')} (bound ${seconds(SWITCH_BOUND_MS)})`,
      ...instances.map(({ name, process: s }) => {
        const fetched = s.logs.find((l) => l.msg === 'saved catalog index copied from the database' && l.generation === generation);
        const switched = switchedLines(s.logs).find((l) => l.generation === generation);
        return `${name}: copied the index from the database in ${fetched?.ms ?? '?'} ms; switched (copy, read and decode) in ${switched?.ms ?? '?'} ms, index ${switched?.index ?? 'not switched'}`;
      }),
    );
    expect([exit.code, exit.stderr]).toEqual([0, expect.not.stringContaining('not saved')]);

    // A file names the code that made it: src/ edited while the test ran (a shared checkout) gives
    // the import other code than the instances, which then cannot use its file. Said plainly here
    // rather than as the failures it causes below.
    const codeOf = async (of: number) => (await sql<{ name: string }>(`SELECT name FROM ${schema}.saved_files WHERE name LIKE $1`, [`catalog-index-${of}-%`])).map((r) => /-([0-9a-f]+)\.bin$/.exec(r.name)?.[1]);
    expect(await codeOf(generation), 'src/ changed while the test ran: the import ran other code than the instances').toEqual(await codeOf(1));

    // No call failed at any point.
    for (const phase of ['import', 'switch', 'after']) expect([phase, load!.figures(phase).failedBy]).toEqual([phase, {}]);

    // Every instance answered from the new generation within the bound.
    expect(instances.filter((_, i) => switchedAt[i] - imported.at > SWITCH_BOUND_MS).map((i) => i.name)).toEqual([]);

    // Each read the index the import saved (copied from the database into its own directory); none built one.
    for (const { name, process: s } of instances) {
      expect(switchedLines(s.logs).map((l) => [name, l.generation, l.index])).toEqual([
        [name, 1, 'read from its file'],
        [name, generation, 'read from its file'],
      ]);
      expect([name, s.logs.filter((l) => l.msg === 'saved catalog index copied from the database').map((l) => l.generation)]).toEqual([name, [1, generation]]);
      expect([name, builtLines(s.logs)]).toEqual([name, []]);
    }

    // They switched in turns, never two at once: each switch (copy, read, decode) ends before the next begins.
    const switches = instances
      .map(({ name, process: s }) => {
        const line = switchedLines(s.logs).find((l) => l.generation === generation)!;
        return { name, from: Number(line.time) - Number(line.ms), to: Number(line.time) };
      })
      .sort((x, y) => x.from - y.from);
    const overlapping = switches.filter((each, k) => k > 0 && each.from < switches[k - 1].to).map((each) => each.name);
    expect(overlapping).toEqual([]);

    // The index went into the database once, by the import, before its commit.
    const rows = await sql<{ name: string; saved_ms: string }>(`SELECT name, (extract(epoch FROM saved_at) * 1000)::bigint AS saved_ms FROM ${schema}.saved_files WHERE name LIKE $1`, [`catalog-index-${generation}-%`]);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].saved_ms)).toBeLessThan(imported.clock);
    expect(copied).toBeDefined();
    expect(second.lines.indexOf(copied!)).toBeLessThan(second.lines.indexOf(imported));

    // The new catalog shows through the proxy and on each instance: the added hotel is found, a removed one is gone, a renamed one has its new name.
    for (const base of [haproxy!.url, ...instances.map((i) => i.process.baseUrl)]) {
      expect(await generationOf(base)).toBe(generation);
      expect([base, (await getJson(`${base}/hotels/find?name=${encodeURIComponent(PROBE_NAME)}`, key)).body.hotel?.id]).toEqual([base, feed.probe.id]);
      expect([base, (await getJson(`${base}/hotels/${feed.removedSample[0]}`, key)).status]).toEqual([base, 404]);
      const renamed = feed.renamedSample[0];
      expect([base, (await getJson(`${base}/hotels/${renamed.id}`, key)).body.name]).toEqual([base, renamed.now]);
    }
    // Importing and building 100k hotels under load, and the switch: 45-90 s at 200k on the 2-core machine.
  }, 300_000);
});
