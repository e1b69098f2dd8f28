// An import under load, measured: test/import-under-load.test.ts's scenario at 500,000 hotels
// (--hotels), with steady open-loop load instead of back-to-back clients.
//
//   node --import tsx bench/import-under-load.ts [--hotels 500000] [--rate 300]
//
// Feed A (the demo catalog) is imported with the CLI, which saves its index and copies it into
// PostgreSQL; three instances, each on a data directory of its own (as on separate machines,
// copying the index from the database), start behind HAProxy (deploy/haproxy.cfg) with
// CATALOG_POLL_SECONDS=2, and get --rate calls a second through it, sent when due whatever the
// answers do (latency counted from when each was due). Then feed B (the same hotels, a tenth
// renamed, 1 in 50 removed, 1 in 50 added) is imported under that load. Printed: calls, failures
// and latency before, during the import, during the switch and after it; the import's steps; when
// each instance answered from the new generation, what its log says the switch took, and the
// longest its /healthz waited meanwhile (how long its event loop was held); and restarts of
// one instance from the files in its data directory, spawn to /readyz 200.
//
// Run from src/ under tsx, the service and the CLI run from src/ under tsx too; run compiled
// (dist/bench/import-under-load.js, after npm run build), they run compiled, as npm start runs
// them. Either way the CLI and the servers run the same code, which the saved index requires.
// Needs PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test), Redis
// (BENCH_REDIS_URL) and haproxy. Feeds are kept in --data-dir for the next run.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startNodeFlags } from '../src/start-flags.js';
import { freePort, haproxyVersion, startHaproxy, type Haproxy } from '../test/support/haproxy.js';
import { PROBE_NAME, writeChangedFeed, type ChangedFeed } from '../test/support/import-load.js';
import { cpuSecondsOf, machineBusySeconds } from './machine.js';

// bench/capacity.ts uses this file's helpers: only run as a script does it read arguments and run.
const ENTRY = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const { values } = parseArgs({
  args: ENTRY ? process.argv.slice(2) : [],
  options: {
    hotels: { type: 'string', default: '500000' },
    // Calls a second through HAProxy, spread evenly.
    rate: { type: 'string', default: '300' },
    // Seconds of load before the import and after the switch.
    'phase-seconds': { type: 'string', default: '10' },
    // Restarts of one instance after the switch, one after the other.
    restarts: { type: 'string', default: '3' },
    // Where the feeds are kept for the next run (hundreds of MB each).
    'data-dir': { type: 'string', default: join(tmpdir(), 'hotel-affiliate-import-bench') },
  },
});
const HOTELS = Number(values.hotels);
const RATE = Number(values.rate);
const PHASE_MS = Number(values['phase-seconds']) * 1000;
const RESTARTS = Number(values.restarts);
const FEEDS = values['data-dir']!;
export const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POLL_SECONDS = 2;

// The code the CLI and the servers run: this file's own tree, src/ under tsx or dist/ compiled.
const SOURCE = import.meta.url.endsWith('.ts');
const TREE = fileURLToPath(new URL('..', import.meta.url));
export const REPO = SOURCE ? TREE : join(TREE, '..');
const ENTRY_ARGS = SOURCE ? ['--import', 'tsx'] : [];
const SERVICE_ENTRY = join(TREE, SOURCE ? 'src/main.ts' : 'src/main.js');
const CLI_ENTRY = join(TREE, SOURCE ? 'src/cli/main.ts' : 'src/cli/main.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const s1 = (ms: number) => (ms / 1000).toFixed(1);
export const load1 = () => loadavg().map((l) => l.toFixed(2)).join(' ');
export const say = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

/** Every process started, killed if the bench ends early. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

// ---- the CLI -------------------------------------------------------------------------------

export interface TimedLine {
  at: number;
  clock: number;
  text: string;
}

export interface CliRun {
  child: ChildProcess;
  started: number;
  lines: TimedLine[];
  exited: Promise<number | null>;
  /** The first line matching `pattern`, once printed; rejects if the CLI ends first. */
  line(pattern: RegExp): Promise<TimedLine>;
}

export function cli(args: string[], env: Record<string, string>): CliRun {
  const started = performance.now();
  const child = track(spawn(process.execPath, [...ENTRY_ARGS, CLI_ENTRY, ...args], { cwd: REPO, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  const lines: TimedLine[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (text) => {
      lines.push({ at: performance.now(), clock: Date.now(), text });
      for (const check of waiting) check();
    });
  }
  const exited = once(child, 'close').then(([code]) => code as number | null);
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const check of waiting) check();
  });
  return {
    child,
    started,
    lines,
    exited,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((l) => pattern.test(l.text));
          if (found || ended) waiting.delete(check);
          if (found) resolve(found);
          else if (ended) reject(new Error(`the CLI ended without printing ${pattern}:\n${lines.map((l) => l.text).join('\n')}`));
        };
        waiting.add(check);
        check();
      }),
  };
}

// ---- the instances -------------------------------------------------------------------------

export interface LogLine {
  msg: string;
  at: number;
  [field: string]: unknown;
}

export interface Instance {
  name: string;
  dataDir: string;
  port: number;
  base: string;
  child: ChildProcess;
  spawnedAt: number;
  listeningAt: number;
  /** Its log lines other than the access log's "answered" (the catalog, the index, warnings, errors). */
  logs: LogLine[];
  exited: Promise<number | null>;
}

export async function startInstance(name: string, dataDir: string, port: number, env: Record<string, string>): Promise<Instance> {
  const spawnedAt = performance.now();
  const child = track(
    spawn(process.execPath, [...startNodeFlags(), ...ENTRY_ARGS, SERVICE_ENTRY], {
      cwd: REPO,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const logs: LogLine[] = [];
  const exited = once(child, 'close').then(([code]) => code as number | null);
  let listeningAt = 0;
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', (text) => {
      // The access log is most lines; only the others are kept.
      if (text.includes('"msg":"answered"')) return;
      const line = { ...(JSON.parse(text) as { msg: string }), at: performance.now() };
      logs.push(line);
      if (line.msg.startsWith('Server listening at')) {
        listeningAt = line.at;
        resolve();
      }
    });
    void exited.then((code) => reject(new Error(`${name} exited with ${code} before listening`)));
  });
  return { name, dataDir, port, base: `http://127.0.0.1:${port}`, child, spawnedAt, listeningAt, logs, exited };
}

/** Three instances (app1, app2, app3), each on a data directory of its own under `run` (as on separate machines). */
export async function startThreeInstances(run: string, env: Record<string, string>): Promise<Instance[]> {
  const ports = await Promise.all([0, 1, 2].map(() => freePort()));
  return Promise.all(
    ['app1', 'app2', 'app3'].map((name, i) => {
      const dataDir = join(run, name);
      mkdirSync(dataDir);
      return startInstance(name, dataDir, ports[i], env);
    }),
  );
}

export async function readyz(base: string): Promise<{ generation: number } | null> {
  try {
    const answer = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) });
    if (answer.status !== 200) return null;
    return ((await answer.json()) as { catalog: { generation: number } }).catalog;
  } catch {
    return null;
  }
}

// ---- the load ------------------------------------------------------------------------------

interface Planned {
  op: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface CallRecord {
  phase: string;
  op: string;
  ms: number;
  failed: string | null;
}

/**
 * `rate` calls a second through `base`, each sent when due whatever the answers do; each call's
 * time counts from when it was due, so a generator or a proxy that falls behind shows.
 */
class OpenLoop {
  phase = 'warmup';
  readonly records: CallRecord[] = [];
  private running = false;
  private inFlight = 0;
  private drained: (() => void) | null = null;
  // No limit of sockets: a call due must go out when due, not wait for another's answer.
  private readonly agent = new Agent({ keepAlive: true });
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly base: string,
    private readonly rate: number,
    private readonly plan: (n: number) => Planned,
  ) {}

  start(): void {
    this.running = true;
    const interval = 1000 / this.rate;
    const start = performance.now();
    let sent = 0;
    this.done = new Promise((resolve) => {
      const tick = () => {
        if (!this.running) return resolve();
        const due = Math.floor((performance.now() - start) / interval) + 1;
        for (; sent < due; sent++) this.send(start + sent * interval, this.plan(sent));
        setTimeout(tick, 1);
      };
      tick();
    });
  }

  private send(due: number, planned: Planned): void {
    const phase = this.phase;
    this.inFlight++;
    const finish = (failed: string | null) => {
      this.records.push({ phase, op: planned.op, ms: performance.now() - due, failed });
      if (--this.inFlight === 0) this.drained?.();
    };
    const outgoing = request(`${this.base}${planned.path}`, { agent: this.agent, method: planned.method, headers: planned.headers, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode === 200 ? null : String(response.statusCode)));
      response.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    outgoing.end(planned.body);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    this.agent.destroy();
  }
}

/** Each instance's /healthz, asked every 50 ms on a connection of its own: the longest wait shows how long the instance held its answers. */
class PauseProbe {
  readonly samples: { at: number; ms: number }[][];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(private readonly bases: () => string[]) {
    this.samples = bases().map(() => []);
    this.loops = bases().map(async (_, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (this.running) {
        const started = performance.now();
        await new Promise<void>((resolve) => {
          const req = request(`${this.bases()[i]}/healthz`, { agent, timeout: 30_000 }, (res) => {
            res.resume();
            res.on('end', resolve);
            res.on('error', () => resolve());
          });
          req.on('error', () => resolve());
          req.on('timeout', () => req.destroy());
          req.end();
        });
        this.samples[i].push({ at: started, ms: performance.now() - started });
        await sleep(50);
      }
      agent.destroy();
    });
  }

  longest(i: number, from: number, to: number): number {
    return Math.max(0, ...this.samples[i].filter((s) => s.at + s.ms >= from && s.at <= to).map((s) => s.ms));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---- the run -------------------------------------------------------------------------------

export async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(POSTGRES);
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Feed A (the demo catalog of HOTELS) and the changed feed B, made once and kept in FEEDS. */
async function feeds(): Promise<{ a: string; b: string; changes: Omit<ChangedFeed, 'keptIds'> & { loadIds: string[] } }> {
  const dir = join(FEEDS, String(HOTELS));
  mkdirSync(dir, { recursive: true });
  const [a, b, summary] = ['a.ndjson', 'b.ndjson', 'b.json'].map((f) => join(dir, f));
  if (!existsSync(summary)) {
    const started = performance.now();
    const demo = cli(['demo', '--count', String(HOTELS), '--out', a], { DATA_DIR: join(dir, 'demo-data') });
    if ((await demo.exited) !== 0) throw new Error(`demo: ${demo.lines.map((l) => l.text).join('\n')}`);
    const { keptIds, ...changes } = await writeChangedFeed(a, b);
    // Every 40th kept hotel: more than the instances keep hot, so pages are read from PostgreSQL too.
    writeFileSync(summary, JSON.stringify({ ...changes, loadIds: keptIds.filter((_, i) => i % 40 === 0) }));
    say(`feeds A and B written in ${s1(performance.now() - started)} s (kept in ${dir})`);
  }
  return { a, b, changes: JSON.parse(readFileSync(summary, 'utf8')) };
}

async function main(): Promise<void> {
  const haproxy = haproxyVersion();
  if (!haproxy) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  const startedClock = new Date();
  say(`import under load, ${HOTELS.toLocaleString('en-US')} hotels, ${RATE} calls/s; load average ${load1()}; code from ${SOURCE ? 'src/ under tsx' : 'dist/ (compiled)'}`);
  const { a, b, changes } = await feeds();

  const run = join(FEEDS, `run-${randomBytes(4).toString('hex')}`);
  const cliDir = join(run, 'cli');
  mkdirSync(cliDir, { recursive: true });
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const redisPrefix = `import-bench-${randomBytes(6).toString('hex')}:`;
  const databaseEnv = { DATABASE_URL: `${POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}` };
  const importEnv = { ...databaseEnv, DATA_DIR: cliDir, SAVED_INDEXES: 'true', CATALOG_POLL_SECONDS: String(POLL_SECONDS) };
  const serviceEnv = {
    ...databaseEnv,
    REDIS_URL,
    REDIS_KEY_PREFIX: redisPrefix,
    CATALOG_POLL_SECONDS: String(POLL_SECONDS),
    DEMO_CATALOG: 'false',
    SHUTDOWN_DELAY_SECONDS: '2',
    TRUSTED_PROXIES: '127.0.0.1',
    LIMIT_PARTNER_PER_DAY: '100000000',
    // Keyless calls all come from this machine's address (HAProxy passes the client's).
    LIMIT_KEYLESS_PER_HOUR: '1000000',
    HTTP_THREADS: '1',
  };
  await sql(`CREATE SCHEMA ${schema}`);
  const instances: Instance[] = [];
  let proxy: Haproxy | undefined;
  let loadGen: OpenLoop | undefined;
  let probe: PauseProbe | undefined;
  try {
    // Generation 1.
    const first = cli(['import', a], importEnv);
    if ((await first.exited) !== 0) throw new Error(`import of A: ${first.lines.map((l) => l.text).join('\n')}`);
    say(`generation 1 imported in ${s1(performance.now() - first.started)} s`);

    const startedAt = performance.now();
    instances.push(...(await startThreeInstances(run, serviceEnv)));
    say(`three instances listening ${s1(performance.now() - startedAt)} s after they were spawned (each copying the index from PostgreSQL)`);
    const keyRun = cli(['keys', 'create', '--tier', 'partner', '--code', 'import-bench'], { ...databaseEnv, DATA_DIR: cliDir });
    if ((await keyRun.exited) !== 0) throw new Error('keys create failed');
    const key = keyRun.lines.find((l) => l.text.startsWith('live_'))!.text.trim();
    proxy = await startHaproxy(join(REPO, 'deploy/haproxy.cfg'), Object.fromEntries(instances.map((inst, i) => [`STAYS_SERVER_${i + 1}`, `127.0.0.1:${inst.port}`])));
    for (const inst of instances) await proxy.waitForState(inst.name, 'UP');

    const headers = { authorization: `Bearer ${key}` };
    const cities = changes.cities.slice(0, 40);
    const ids = changes.loadIds;
    const pick = <T>(list: T[], n: number) => list[(n * 7919) % list.length];
    // Of every eight calls: three searches (one without a key), two hotel pages, two suggestions
    // (one without a key) and one POST /links. A keyed call reads its key from PostgreSQL and a
    // keyless one does not: the two side by side show whether a slow moment was the database's.
    const plan = (n: number): Planned => {
      const city = pick(cities, n);
      switch (n % 8) {
        case 0:
        case 6:
          return { op: 'search', method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(city)}&limit=10`, headers };
        case 3:
          return { op: 'search, no key', method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(city)}&limit=10`, headers: {} };
        case 1:
        case 4:
          return { op: 'hotel', method: 'GET', path: `/hotels/${pick(ids, n)}`, headers };
        case 2:
          return { op: 'suggest', method: 'GET', path: `/suggest?q=${encodeURIComponent(city.slice(0, 3))}`, headers };
        case 5:
          return { op: 'suggest, no key', method: 'GET', path: `/suggest?q=${encodeURIComponent(city.slice(0, 4))}`, headers: {} };
        default:
          return { op: 'links', method: 'POST', path: `/links?sub_id=bench`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ urls: [`https://www.stays.example/${pick(ids, n)}`] }) };
      }
    };
    loadGen = new OpenLoop(proxy.url, RATE, plan);
    probe = new PauseProbe(() => instances.map((i) => i.base));
    const busy: Record<string, { from: number; machine: number; own: number; cli?: number }> = {};
    const ownCpu = () => instances.reduce((sum, inst) => sum + safeCpu(inst.child.pid!), 0);
    const logFrom: Record<string, number> = {};
    const mark = (phase: string) => {
      loadGen!.phase = phase;
      logFrom[phase] = proxy!.log.length;
      busy[phase] = { from: performance.now(), machine: machineBusySeconds(), own: ownCpu() };
    };
    const phaseCpu: Record<string, string> = {};
    // The machine's busy cores, and the instances' and the import's share of them (not across a restart: a new process).
    const closePhase = (phase: string, cliCpu?: number) => {
      const b0 = busy[phase];
      const wall = (performance.now() - b0.from) / 1000;
      const own = phase === 'restart' ? '' : `, instances ${((ownCpu() - b0.own) / wall).toFixed(2)}`;
      phaseCpu[phase] = `${((machineBusySeconds() - b0.machine) / wall).toFixed(2)} busy${own}${cliCpu === undefined ? '' : `, import ${(cliCpu / wall).toFixed(2)}`}`;
    };

    loadGen.start();
    await sleep(2000);
    mark('before');
    await sleep(PHASE_MS);
    closePhase('before');

    // Generation 2, under load.
    mark('import');
    const second = cli(['import', b], importEnv);
    let cliCpu = 0;
    const cliCpuTimer = setInterval(() => (cliCpu = safeCpu(second.child.pid!, cliCpu)), 200);
    const imported = await second.line(/^Imported [\d,]+ hotels .* as catalog generation \d+/);
    clearInterval(cliCpuTimer);
    closePhase('import', cliCpu);
    const generation = Number(/generation (\d+)/.exec(imported.text)![1]);
    mark('switch');
    const switchedAt: (number | null)[] = instances.map(() => null);
    while (switchedAt.some((t) => t === null) && performance.now() - imported.at < 120_000) {
      await Promise.all(instances.map(async (inst, i) => {
        if (switchedAt[i] === null && (await readyz(inst.base))?.generation === generation) switchedAt[i] = performance.now();
      }));
      await sleep(50);
    }
    closePhase('switch');
    const switchEnd = performance.now();
    const switchLog = proxy.log.slice(logFrom.switch);
    const importLogFrom = logFrom.import;
    mark('after');
    await sleep(PHASE_MS);
    closePhase('after');
    const importExit = await second.exited;

    // The new catalog, seen through the proxy.
    const found = (await (await fetch(`${proxy.url}/hotels/find?name=${encodeURIComponent(PROBE_NAME)}`, { headers })).json()) as { hotel?: { id: string } };
    const removed = (await fetch(`${proxy.url}/hotels/${changes.removedSample[0]}`, { headers })).status;
    const uploads = await sql<{ name: string; saved_ms: string }>(`SELECT name, (extract(epoch FROM saved_at) * 1000)::bigint AS saved_ms FROM ${schema}.saved_files WHERE name LIKE $1`, [`catalog-index-${generation}-%`]);
    // A file names the code that made it: src/ edited during a run (a shared checkout) gives the
    // import other code than the running instances, whose index they then cannot use.
    const codeOf = (name: string) => /-([0-9a-f]+)\.bin$/.exec(name)?.[1];
    const firstFile = await sql<{ name: string }>(`SELECT name FROM ${schema}.saved_files WHERE name LIKE 'catalog-index-1-%'`);
    const codeChanged = firstFile[0] && uploads[0] && codeOf(firstFile[0].name) !== codeOf(uploads[0].name);

    // Restarts of app1 from its own data directory (the files it copied), under the same load.
    const firstLogs = instances.map((inst) => inst.logs);
    mark('restart');
    const restarts: string[] = [];
    for (let r = 0; r < RESTARTS; r++) {
      const old = instances[0];
      old.child.kill('SIGTERM');
      const code = await old.exited;
      const fresh = await startInstance(old.name, old.dataDir, old.port, serviceEnv);
      let readyAt = 0;
      for (;;) {
        if ((await readyz(fresh.base))?.generation === generation) {
          readyAt = performance.now();
          break;
        }
        if (fresh.child.exitCode !== null) throw new Error(`${fresh.name} exited while starting`);
        await sleep(25);
      }
      instances[0] = fresh;
      await proxy.waitForState(fresh.name, 'UP');
      const switched = fresh.logs.find((l) => l.msg === 'catalog index switched');
      const builtAny = fresh.logs.some((l) => /built|saved for the next start/.test(l.msg));
      restarts.push(
        `restart ${r + 1}: exited ${code}; spawn to listening ${s1(fresh.listeningAt - fresh.spawnedAt)} s, to /readyz 200 ${s1(readyAt - fresh.spawnedAt)} s; ` +
          `its log: index ${switched?.index} in ${switched?.ms} ms${builtAny ? ' (IT BUILT SOMETHING)' : ''}`,
      );
      await sleep(2000);
    }
    closePhase('restart');
    await loadGen.stop();
    await probe.stop();

    // ---- the report ----
    const lines: string[] = [];
    const out = (text = '') => lines.push(text);
    out(`# Import under load: ${HOTELS.toLocaleString('en-US')} hotels, ${RATE} calls/s open loop through HAProxy ${haproxy}`);
    out(`started ${startedClock.toISOString()}, ended ${new Date().toISOString()}; load average at the end ${load1()}; code from ${SOURCE ? 'src/ under tsx' : 'dist/'}`);
    out();
    out('| phase | seconds | calls | failed | p50 ms | p99 ms | max ms | CPU (of 2 cores) |');
    out('|---|---|---|---|---|---|---|---|');
    for (const phase of ['before', 'import', 'switch', 'after', 'restart']) {
      const records = loadGen.records.filter((r) => r.phase === phase);
      const times = records.map((r) => r.ms).sort((x, y) => x - y);
      const failed = records.filter((r) => r.failed !== null);
      const failedBy = [...new Set(failed.map((f) => `${f.op} ${f.failed}`))].map((k) => `${k}: ${failed.filter((f) => `${f.op} ${f.failed}` === k).length}`).join(', ');
      const seconds = phase === 'switch' ? (switchEnd - busy.switch.from) / 1000 : phase === 'import' ? (imported.at - busy.import.from) / 1000 : NaN;
      out(
        `| ${phase} | ${Number.isNaN(seconds) ? '' : seconds.toFixed(1)} | ${records.length} | ${failed.length}${failedBy ? ` (${failedBy})` : ''} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${(times.at(-1) ?? NaN).toFixed(0)} | ${phaseCpu[phase] ?? ''} |`,
      );
    }
    out();
    for (const phase of ['before', 'import', 'switch', 'after']) {
      const ops = ['search', 'search, no key', 'hotel', 'suggest', 'suggest, no key', 'links'];
      const p99 = (op: string) => percentile(loadGen!.records.filter((r) => r.phase === phase && r.op === op).map((r) => r.ms).sort((x, y) => x - y), 99);
      out(`p99 by call, ${phase}: ${ops.map((op) => `${op} ${p99(op).toFixed(0)} ms`).join(', ')}`);
    }
    const at = (prefix: string) => second.lines.find((l) => l.text.startsWith(prefix));
    const step = (from: TimedLine | undefined | { at: number }, to: TimedLine | undefined) => (from && to ? `${s1(to.at - from.at)} s` : '?');
    const started2 = { at: second.started };
    out(
      `import of generation ${generation} (exit ${importExit}): rows ${step(started2, at('Read '))}, index built and saved ${step(at('Read '), at('Saved its index'))}, ` +
        `copied to PostgreSQL ${step(at('Saved its index'), at('Copied it'))}, commit ${step(at('Copied it'), imported)}; in all ${s1(imported.at - second.started)} s`,
    );
    out(`index uploads of generation ${generation}: ${uploads.length} (${uploads.map((u) => `${u.name}, ${Number(u.saved_ms) < imported.clock ? 'before' : 'AFTER'} the commit`).join('; ')})`);
    out(`after the switch, through the proxy: the added hotel found: ${found.hotel?.id === changes.probe.id}; a removed id: ${removed}`);
    if (codeChanged) out(`THE CODE CHANGED DURING THE RUN: generation 1's index was saved by code ${codeOf(firstFile[0].name)}, generation ${generation}'s by ${codeOf(uploads[0].name)}; the instances could not read the import's file (src/ edited meanwhile?)`);
    out();
    out('| instance | on the new generation after the commit | copy from PostgreSQL (log) | switch in its log (copy, read, decode) | index | longest /healthz wait in the switch | before it |');
    out('|---|---|---|---|---|---|---|');
    for (const [i, inst] of instances.entries()) {
      // app1 has been restarted since: its switch is in its first process's log.
      const logs = firstLogs[i];
      const fetched = logs.find((l) => l.msg === 'saved catalog index copied from the database' && l.generation === generation);
      const switched = logs.find((l) => l.msg === 'catalog index switched' && l.generation === generation);
      const built = logs.some((l) => l.msg === 'catalog index built on a thread of its own' || l.msg === 'catalog index saved for the next start');
      out(
        `| ${inst.name} | ${switchedAt[i] === null ? 'not within 120 s' : `${s1(switchedAt[i]! - imported.at)} s`} | ${fetched?.ms ?? '?'} ms | ${switched?.ms ?? '?'} ms | ${switched?.index ?? '?'}${built ? ' (BUILT ONE)' : ''} | ` +
          `${probe.longest(i, imported.at, switchEnd).toFixed(0)} ms | ${probe.longest(i, busy.before.from, busy.import.from).toFixed(0)} ms |`,
      );
    }
    out();
    out(`HAProxy's log during the switch, by instance: Tr is the instance's time to answer, Tw + Tc the wait for a connection to it (ms)`);
    out('| instance | calls | Tr p50 | Tr p99 | Tr max | Tw + Tc p99 |');
    out('|---|---|---|---|---|---|');
    for (const [server, times] of Object.entries(proxyTimes(switchLog))) {
      const tr = times.map((t) => t.tr).sort((x, y) => x - y);
      const wait = times.map((t) => t.wait).sort((x, y) => x - y);
      out(`| ${server} | ${times.length} | ${percentile(tr, 50)} | ${percentile(tr, 99)} | ${tr.at(-1)} | ${percentile(wait, 99)} |`);
    }
    // The proxy's own view: servers it took out (failed health checks) from the import to the restarts.
    const stateChanges = proxy.log.slice(importLogFrom, logFrom.restart).filter((l) => /^(Server stays\/\S+ is (DOWN|UP)|Health check for server .* failed|backend stays has no server)/.test(l));
    out();
    out(stateChanges.length === 0 ? 'HAProxy took no instance out from the import to the end of the switch and after.' : `HAProxy, from the import to the restarts:\n${stateChanges.map((l) => `  ${l}`).join('\n')}`);
    out();
    for (const line of restarts) out(line);
    // Warnings say what the figures alone do not (a dependency's timeout, a circuit opened).
    for (const [i, logs] of firstLogs.entries()) {
      const warned = logs.filter((l) => Number(l.level) >= 40);
      if (warned.length > 0) out(`${instances[i].name} warned: ${warned.map((l) => `${l.msg} (${s1(l.at - imported.at)} s after the commit)`).join('; ')}`);
    }
    console.log(lines.join('\n'));

  } finally {
    await loadGen?.stop().catch(() => undefined);
    await probe?.stop().catch(() => undefined);
    for (const inst of instances) inst.child.kill('SIGKILL');
    await proxy?.stop();
    await Promise.all(instances.map((inst) => inst.exited));
    await sql(`DROP SCHEMA ${schema} CASCADE`);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    rmSync(run, { recursive: true, force: true });
  }
}

/** Each server's timings in HAProxy's access lines (option httplog: "backend/server TR/Tw/Tc/Tr/Ta status"). */
export function proxyTimes(lines: readonly string[]): Record<string, { tr: number; wait: number }[]> {
  const byServer: Record<string, { tr: number; wait: number }[]> = {};
  for (const line of lines) {
    const timing = / \S+\/(\S+) -?\d+\/(-?\d+)\/(-?\d+)\/(-?\d+)\/\d+ \d{3} /.exec(line);
    if (!timing) continue;
    const [, server, tw, tc, tr] = timing;
    (byServer[server] ??= []).push({ tr: Number(tr), wait: Math.max(0, Number(tw)) + Math.max(0, Number(tc)) });
  }
  return byServer;
}

export function safeCpu(pid: number, fallback = 0): number {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return fallback;
  }
}

if (ENTRY) await main();
