// What identifying a call by its key costs the service, per call: hotel by id without a key,
// with a secret key (Authorization: Bearer) and with a publishable key (?key= from one of its
// origins), loaded in alternating rounds on the service as npm start runs it, on each store.
//
//   npm run bench:keys
//   node dist/bench/key-lookups.js --service-dir /tmp/before --label before --out before-1.json
//
// --service-dir names the built tree whose service and CLI are measured (by default this one), so
// that an older commit's build, in a worktree, is measured by the same bench. For each store
// (SQLite in a data directory of the run's own; PostgreSQL at BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/test, in a schema of the run's own, dropped after), a demo feed of
// --hotels hotels is imported with the CLI, one partner secret key and one publishable key are
// made with it, and the service starts with default settings (one thread) but for allowances
// that do not run out. Each round loads the three kinds of call in turn (the order turning from
// round to round), --seconds each from a load generator of its own (autocannon, closed loop,
// --connections), each request a hotel drawn at random from the whole catalog. Figures are the
// medians of the rounds; the keyed/keyless ratio and the key's cost (server CPU per call keyed
// less keyless) are taken within each round, while both saw the same machine, then the median.
// On PostgreSQL the database's own CPU per call (its backends serving the service) is shown too.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSecondsOf, machineBusySeconds, ownCpuSeconds } from './machine.js';

// ---- the load generator, when this file runs as one (a process of its own) -----------------

interface LoadSpec {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

interface LoadResult {
  answered: number;
  failed: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  clientCpuSeconds: number;
}

if (process.argv[2] === '--load-child') {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as LoadSpec;
  let next = 0;
  const latencies: number[] = [];
  const answersOn = new Map<object, number>();
  let failed = 0;
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url: spec.base,
        connections: spec.connections,
        duration: spec.seconds,
        requests: [{ method: 'GET', headers: spec.headers, setupRequest: (request) => ({ ...request, path: spec.paths[next++ % spec.paths.length] }) }],
      },
      (error, finished) => (error ? fail(error) : done(finished)),
    );
    instance.on('response', (connection, status, _bytes, ms) => {
      // Each connection's first answer is timed from before the load began: left out.
      const nth = (answersOn.get(connection) ?? 0) + 1;
      answersOn.set(connection, nth);
      if (status !== 200) failed++;
      else if (nth > 1) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : Number.NaN);
  const out: LoadResult = {
    answered: result['2xx'],
    failed: failed + result.errors + result.timeouts,
    reqPerSec: result['2xx'] / result.duration,
    p50: percentile(50),
    p99: percentile(99),
    clientCpuSeconds: ownCpuSeconds(),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// ---- the measurement -----------------------------------------------------------------------

const THIS_TREE = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { values } = parseArgs({
  options: {
    'service-dir': { type: 'string', default: THIS_TREE },
    label: { type: 'string', default: '' },
    stores: { type: 'string', default: 'sqlite,postgres' },
    hotels: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    out: { type: 'string' },
  },
});
const SERVICE_DIR = resolve(values['service-dir']!);
const LABEL = values.label || SERVICE_DIR;
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORIGIN = 'https://blog.example';
const PATHS_PER_LOAD = 100_000;

const say = (text: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** The tree's CLI, run to the end; its standard output. */
async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(SERVICE_DIR, 'dist/src/cli/main.js'), ...args], {
    cwd: SERVICE_DIR,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** npm start's Node flags, as the tree's package.json writes them. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(SERVICE_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = /^node((?: --[\w-]+(?:=\S+)?)*) dist\/src\/main\.js$/.exec(scripts.start);
  if (!flags) throw new Error(`the start script is not "node [--flags] dist/src/main.js": ${scripts.start}`);
  return flags[1].split(' ').filter((f) => f !== '');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

interface Service {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** The tree's service as npm start runs it, once /readyz answers 200. */
async function startService(env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(), join(SERVICE_DIR, 'dist/src/main.js')], {
    cwd: SERVICE_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), SHUTDOWN_DELAY_SECONDS: '0', ...env },
    // The access log is written, as in production, to where nobody reads it.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.add(child);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} before it was ready`);
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    await sleep(50);
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      started.delete(child);
    },
  };
}

async function load(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--load-child'], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.add(child);
  child.stdin!.end(JSON.stringify(spec));
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  started.delete(child);
  if (code !== 0) throw new Error(`the load generator exited with code ${code}`);
  return JSON.parse(output) as LoadResult;
}

// ---- the PostgreSQL backends serving the service ---------------------------------------------

/** CPU seconds of the backends connected under `application`, kept per process across samples. */
class Backends {
  private readonly cpu = new Map<number, number>();
  constructor(
    private readonly admin: pg.Client,
    private readonly application: string,
  ) {}
  /** Their CPU so far (backends gone since the last sample keep what they had used). */
  async seconds(): Promise<number> {
    const { rows } = await this.admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [this.application]);
    for (const { pid } of rows) {
      try {
        this.cpu.set(pid, cpuSecondsOf(pid));
      } catch {
        // gone meanwhile
      }
    }
    return [...this.cpu.values()].reduce((a, b) => a + b, 0);
  }
}

// ---- one store -------------------------------------------------------------------------------

type Kind = 'keyless' | 'secret' | 'publishable';
const KINDS: Kind[] = ['keyless', 'secret', 'publishable'];

interface Round {
  kind: Kind;
  load: LoadResult;
  /** Server CPU µs per answer (failures included in the calls). */
  serverUs: number;
  /** PostgreSQL backends' CPU µs per answer; NaN on SQLite. */
  databaseUs: number;
  /** Cores the rest of the machine used meanwhile. */
  elsewhere: number;
}

interface KindFigures {
  kind: Kind;
  reqPerSec: number;
  p50: number;
  p99: number;
  serverUs: number;
  databaseUs: number;
  failed: number;
  /** Medians of the rounds' keyed/keyless ratios, and of the keyed less keyless CPU per call. */
  ratio: number;
  keyServerUs: number;
  keyDatabaseUs: number;
}

interface StoreFigures {
  label: string;
  store: string;
  hotels: number;
  kinds: KindFigures[];
  elsewhereMax: number;
  rounds: Round[][];
}

async function benchStore(store: 'sqlite' | 'postgres', feed: string, ids: string[], run: string): Promise<StoreFigures> {
  const dataDir = join(run, store);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let admin: pg.Client | null = null;
  let schema: string | null = null;
  let backends: Backends | null = null;
  let service: Service | null = null;
  try {
    if (store === 'postgres') {
      admin = new pg.Client(POSTGRES);
      await admin.connect();
      schema = `key_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      const application = schema;
      const joiner = POSTGRES.includes('?') ? '&' : '?';
      env.DATABASE_URL = `${POSTGRES}${joiner}application_name=${application}&options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      backends = new Backends(admin, application);
    }
    say(`${store}: importing ${ids.length.toLocaleString('en-US')} hotels`);
    await cli(['import', feed], env);
    const secret = (await cli(['keys', 'create', '--tier', 'partner', '--code', 'keybench'], env)).trim();
    const publishable = (
      await cli(['keys', 'create', '--publishable', '--origin', ORIGIN, '--visitor-limit', '9999999', '--tier', 'partner', '--code', 'keybench'], env)
    ).trim();
    if (!secret.startsWith('live_') || !publishable.startsWith('live_pk_')) throw new Error(`keys not made: ${secret} ${publishable}`);
    service = await startService({ ...env, DEMO_CATALOG: 'false', LIMIT_KEYLESS_PER_HOUR: '1000000', LIMIT_PARTNER_PER_DAY: '100000000' });
    const base = service.base;
    const specOf = (kind: Kind, seconds: number): LoadSpec => {
      const paths = Array.from({ length: PATHS_PER_LOAD }, () => {
        const path = `/hotels/${ids[Math.floor(Math.random() * ids.length)]}`;
        return kind === 'publishable' ? `${path}?key=${publishable}` : path;
      });
      const headers: Record<string, string> = kind === 'secret' ? { authorization: `Bearer ${secret}` } : kind === 'publishable' ? { origin: ORIGIN } : {};
      return { base, paths, headers, connections: CONNECTIONS, seconds };
    };
    for (const kind of KINDS) {
      const { paths, headers } = specOf(kind, 0);
      for (const path of paths.slice(0, 3)) {
        const response = await fetch(`${base}${path}`, { headers });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${store}, ${kind}: GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
      }
    }
    say(`${store}: warming up`);
    for (const kind of KINDS) await load(specOf(kind, 2));
    const rounds: Round[][] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = KINDS.map((_, i) => KINDS[(i + r) % KINDS.length]);
      const round: Round[] = [];
      for (const kind of order) {
        const spec = specOf(kind, SECONDS);
        const [busy, own, server, database, at] = [machineBusySeconds(), ownCpuSeconds(), cpuSecondsOf(service.pid), (await backends?.seconds()) ?? 0, performance.now()];
        const figures = await load(spec);
        const serverUsed = cpuSecondsOf(service.pid) - server;
        const databaseUsed = backends ? (await backends.seconds()) - database : Number.NaN;
        const calls = Math.max(1, figures.answered + figures.failed);
        const ours = serverUsed + (backends ? databaseUsed : 0) + figures.clientCpuSeconds + (ownCpuSeconds() - own);
        const elsewhere = Math.max(0, machineBusySeconds() - busy - ours) / ((performance.now() - at) / 1000);
        round.push({ kind, load: figures, serverUs: (serverUsed / calls) * 1e6, databaseUs: (databaseUsed / calls) * 1e6, elsewhere });
      }
      rounds.push(KINDS.map((k) => round.find((m) => m.kind === k)!));
      say(
        `${store} round ${r + 1}: ` +
          rounds[r].map((m) => `${m.kind} ${Math.round(m.load.reqPerSec)} req/s ${m.serverUs.toFixed(1)} µs${backends ? ` +db ${m.databaseUs.toFixed(1)} µs` : ''}`).join('; ') +
          `; elsewhere ≤ ${Math.max(...round.map((m) => m.elsewhere)).toFixed(2)} cores`,
      );
    }
    const of = (k: number) => rounds.map((round) => round[k]);
    const kinds = KINDS.map((kind, k): KindFigures => ({
      kind,
      reqPerSec: median(of(k).map((m) => m.load.reqPerSec)),
      p50: median(of(k).map((m) => m.load.p50)),
      p99: median(of(k).map((m) => m.load.p99)),
      serverUs: median(of(k).map((m) => m.serverUs)),
      databaseUs: median(of(k).map((m) => m.databaseUs)),
      failed: of(k).reduce((sum, m) => sum + m.load.failed, 0),
      ratio: median(rounds.map((round) => round[k].load.reqPerSec / round[0].load.reqPerSec)),
      keyServerUs: median(rounds.map((round) => round[k].serverUs - round[0].serverUs)),
      keyDatabaseUs: median(rounds.map((round) => round[k].databaseUs - round[0].databaseUs)),
    }));
    return { label: LABEL, store, hotels: ids.length, kinds, elsewhereMax: Math.max(...rounds.flat().map((m) => m.elsewhere)), rounds };
  } finally {
    await service?.stop();
    if (admin) {
      if (schema) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
}

// ---- the run ---------------------------------------------------------------------------------

function table(results: StoreFigures[]): string {
  const f1 = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(1));
  const signed = (x: number) => (Number.isNaN(x) ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}`);
  const lines = [
    '| tree | store | call | req/s | p50 ms | p99 ms | server µs/call | db µs/call | ÷ keyless req/s | key: server µs/call | key: db µs/call | failed |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    for (const k of r.kinds) {
      const keyed = k.kind !== 'keyless';
      lines.push(
        `| ${r.label} | ${r.store} | ${k.kind} | ${Math.round(k.reqPerSec).toLocaleString('en-US')} | ${k.p50.toFixed(2)} | ${k.p99.toFixed(2)} | ${f1(k.serverUs)} | ${f1(k.databaseUs)} | ${keyed ? k.ratio.toFixed(3) : '1'} | ${keyed ? signed(k.keyServerUs) : ''} | ${keyed ? signed(k.keyDatabaseUs) : ''} | ${k.failed} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const stores = values.stores!.split(',') as ('sqlite' | 'postgres')[];
  const run = join(tmpdir(), `key-lookups-${randomBytes(4).toString('hex')}`);
  mkdirSync(run, { recursive: true });
  const began = performance.now();
  try {
    say(`${LABEL}: service of ${SERVICE_DIR}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`);
    const feed = join(run, 'feed.ndjson');
    await cli(['demo', '--count', values.hotels!, '--out', feed], {});
    const ids = readFileSync(feed, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    const results: StoreFigures[] = [];
    for (const store of stores) results.push(await benchStore(store, feed, ids, run));
    console.log(table(results));
    console.log(`\nthe rest of the machine used at most ${Math.max(...results.map((r) => r.elsewhereMax)).toFixed(2)} cores during a load; ${((performance.now() - began) / 1000).toFixed(0)} s in all`);
    if (values.out) writeFileSync(values.out, `${JSON.stringify(results, null, 1)}\n`);
  } finally {
    rmSync(run, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
