// What one call costs the shared dependencies, and how many calls a second three instances behind
// HAProxy answer on this machine: figures for sizing (docs/operations.md).
//
//   node --import tsx bench/capacity.ts [--hotels 200000] [--calls 3000]
//
// Three instances (HTTP_THREADS=1) on PostgreSQL (a database of their own, so that its counters
// are theirs alone) and a Redis started for the run (its own command counts and CPU), behind
// HAProxy (deploy/haproxy.cfg). For each kind of call, --calls of them through the proxy, counted
// before and after: Redis commands (INFO commandstats) and Redis's CPU, PostgreSQL transactions
// (pg_stat_database), index and sequential scans by table (pg_stat_user_tables) and the CPU of
// the database's backends; what the proxy's health checks and the instances' catalog polls cost
// meanwhile is measured idle and taken off. Then load at saturation (autocannon, closed loop, in
// a process of its own) for a keyed and a keyless mix, with each process's CPU. Then, for scale,
// Redis and PostgreSQL alone on this machine (redis-benchmark; pgbench -S).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, haproxyVersion, startHaproxy, type Haproxy } from '../test/support/haproxy.js';
import { cli, load1, POSTGRES, REPO, safeCpu, say, sleep, startThreeInstances, type Instance } from './import-under-load.js';
import { machineBusySeconds } from './machine.js';

// ---- the load generator, when this file runs as one (a process of its own) -----------------

interface Mixed {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

if (process.argv[2] === '--load-child') {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { base, calls, connections, seconds } = JSON.parse(input) as { base: string; calls: Mixed[]; connections: number; seconds: number };
  let next = 0;
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => {
              const call = calls[next++ % calls.length];
              return { ...req, method: call.method, path: call.path, headers: call.headers, body: call.body };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== 200) failed[status] = (failed[status] ?? 0) + 1;
      else latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  process.stdout.write(
    JSON.stringify({ reqPerSec: result['2xx'] / result.duration, answered: result['2xx'], failed, errors: result.errors, p50: pct(50), p99: pct(99), seconds: result.duration }),
  );
  process.exit(0);
}

// ---- the measurement -----------------------------------------------------------------------

const { values } = parseArgs({
  options: {
    hotels: { type: 'string', default: '200000' },
    calls: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '16,32,64' },
    'data-dir': { type: 'string', default: join(tmpdir(), 'hotel-affiliate-import-bench') },
  },
});
const HOTELS = Number(values.hotels);
const CALLS = Number(values.calls);
const SECONDS = Number(values.seconds);
const CONNECTIONS = values.connections!.split(',').map(Number);

interface Snapshot {
  at: number;
  redis: Record<string, number>;
  redisCpu: number;
  xacts: number;
  tuplesFetched: number;
  scans: Record<string, number>;
  backendsCpu: number;
  instancesCpu: number;
  proxyCpu: number;
  machine: number;
}

async function main(): Promise<void> {
  const haproxy = haproxyVersion();
  if (!haproxy) throw new Error('haproxy is not installed');
  say(`capacity, ${HOTELS.toLocaleString('en-US')} hotels; load average ${load1()}; ${cpus().length} processors`);
  const run = join(values['data-dir']!, `capacity-${randomBytes(4).toString('hex')}`);
  mkdirSync(run, { recursive: true });
  const database = `capacity_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(POSTGRES);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  const databaseEnv = { DATABASE_URL: url.toString() };

  // A Redis of the run's own: its command counts and CPU are the instances' alone.
  const redisPort = await freePort();
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const redisCli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(redisPort), ...args], { encoding: 'utf8' });
  for (let i = 0; i < 100 && !/PONG/.test(safeRun(() => redisCli('ping'))); i++) await sleep(50);

  const instances: Instance[] = [];
  let proxy: Haproxy | undefined;
  let sampling = false;
  let sampler: Promise<void> = Promise.resolve();
  const db = new pg.Client(databaseEnv.DATABASE_URL);
  try {
    const feed = join(values['data-dir']!, String(HOTELS), 'a.ndjson');
    if (!existsSync(feed)) {
      mkdirSync(join(values['data-dir']!, String(HOTELS)), { recursive: true });
      const demo = cli(['demo', '--count', String(HOTELS), '--out', feed], { DATA_DIR: run });
      if ((await demo.exited) !== 0) throw new Error('demo failed');
    }
    const imported = cli(['import', feed], { ...databaseEnv, DATA_DIR: join(run, 'cli'), SAVED_INDEXES: 'true' });
    if ((await imported.exited) !== 0) throw new Error(`import: ${imported.lines.map((l) => l.text).join('\n')}`);
    const keyRun = cli(['keys', 'create', '--tier', 'partner', '--code', 'capacity'], { ...databaseEnv, DATA_DIR: run });
    await keyRun.exited;
    const key = keyRun.lines.find((l) => l.text.startsWith('live_'))!.text.trim();
    // Every 7th hotel of the feed; cities by their name in the feed, the most hotels first.
    const sample = readFileSync(feed, 'utf8')
      .split('\n')
      .filter((line, i) => i % 7 === 0 && line !== '')
      .map((line) => JSON.parse(line) as { id: string; city: string });
    const ids = sample.map((h) => h.id);
    const perCity = new Map<string, number>();
    for (const { city } of sample) perCity.set(city, (perCity.get(city) ?? 0) + 1);
    const cities = [...perCity].sort((a, b) => b[1] - a[1]).slice(0, 200).map(([city]) => city);

    const serviceEnv = {
      ...databaseEnv,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_KEY_PREFIX: 'capacity:',
      DEMO_CATALOG: 'false',
      TRUSTED_PROXIES: '127.0.0.1',
      LIMIT_PARTNER_PER_DAY: '100000000',
      LIMIT_KEYLESS_PER_HOUR: '1000000',
      HTTP_THREADS: '1',
    };
    instances.push(...(await startThreeInstances(run, serviceEnv)));
    proxy = await startHaproxy(join(REPO, 'deploy/haproxy.cfg'), Object.fromEntries(instances.map((inst, i) => [`STAYS_SERVER_${i + 1}`, `127.0.0.1:${inst.port}`])));
    for (const inst of instances) await proxy.waitForState(inst.name, 'UP');
    await db.connect();

    // CPU of the database's backends, kept per process: the instances' pools close idle
    // connections, and a backend that has gone would otherwise take its CPU with it. Sampled every
    // 200 ms, so at most that much of a closing backend's work is missed.
    const backendCpu = new Map<number, { first: number; last: number }>();
    const sampleBackends = async () => {
      const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [database, (db as unknown as { processID: number }).processID]);
      for (const { pid } of rows) {
        const cpu = safeCpu(pid, Number.NaN);
        if (Number.isNaN(cpu)) continue;
        const seen = backendCpu.get(pid);
        if (seen) seen.last = cpu;
        else backendCpu.set(pid, { first: 0, last: cpu });
      }
    };
    sampling = true;
    sampler = (async () => {
      while (sampling) {
        await sampleBackends().catch(() => undefined);
        await sleep(200);
      }
    })();

    const snapshot = async (): Promise<Snapshot> => {
      await sampleBackends();
  
      const [{ rows: dbRows }, { rows: tableRows }] = [
        await admin.query<{ xact_commit: string; tup_fetched: string }>('SELECT xact_commit, tup_fetched FROM pg_stat_database WHERE datname = $1', [database]),
        await db.query<{ relname: string; seq_scan: string; idx_scan: string | null }>('SELECT relname, seq_scan, idx_scan FROM pg_stat_user_tables'),
      ];
      const commands: Record<string, number> = {};
      for (const line of redisCli('info', 'commandstats').split('\n')) {
        const stat = /^cmdstat_(\w+(?:\|\w+)?):calls=(\d+)/.exec(line.trim());
        if (stat) commands[stat[1]] = Number(stat[2]);
      }
      const scans: Record<string, number> = {};
      for (const row of tableRows) {
        scans[`${row.relname} index`] = Number(row.idx_scan ?? 0);
        scans[`${row.relname} seq`] = Number(row.seq_scan);
      }
      return {
        at: performance.now(),
        redis: commands,
        redisCpu: safeCpu(redis.pid!),
        xacts: Number(dbRows[0].xact_commit),
        tuplesFetched: Number(dbRows[0].tup_fetched),
        scans,
        backendsCpu: [...backendCpu.values()].reduce((sum, b) => sum + b.last - b.first, 0),
        instancesCpu: instances.reduce((sum, inst) => sum + safeCpu(inst.child.pid!), 0),
        proxyCpu: safeCpu(proxy!.child.pid!),
        machine: machineBusySeconds(),
      };
    };
    // The database counts a snapshot's own query on `db` too: one transaction, no user table.
    const SNAPSHOT_XACTS = 1;
    // A backend reports its counts at a transaction's end at most once a second, and otherwise
    // after 10 s idle (PostgreSQL 15): the counts of a kind of call are complete 11 s after it.
    const settle = () => sleep(11_000);
    const difference = (a: Snapshot, b: Snapshot) => ({
      seconds: (b.at - a.at) / 1000,
      redis: Object.fromEntries(Object.keys(b.redis).map((c) => [c, b.redis[c] - (a.redis[c] ?? 0)]).filter(([, n]) => Number(n) > 0)) as Record<string, number>,
      redisCpu: b.redisCpu - a.redisCpu,
      xacts: b.xacts - a.xacts - SNAPSHOT_XACTS,
      tuplesFetched: b.tuplesFetched - a.tuplesFetched,
      scans: Object.fromEntries(Object.keys(b.scans).map((t) => [t, b.scans[t] - (a.scans[t] ?? 0)]).filter(([, n]) => Number(n) > 0)) as Record<string, number>,
      backendsCpu: b.backendsCpu - a.backendsCpu,
      instancesCpu: b.instancesCpu - a.instancesCpu,
      proxyCpu: b.proxyCpu - a.proxyCpu,
    });
    type Difference = ReturnType<typeof difference>;

    // What nobody's calls cost: health checks (6 a second), catalog polls (1.5 a second), probes.
    await settle();
    let before = await snapshot();
    await sleep(10_000);
    const idle = difference(before, await snapshot());
    const perSecond = (n: number) => n / idle.seconds;
    say(`idle, per second: ${(idle.xacts / idle.seconds).toFixed(1)} transactions, Redis ${JSON.stringify(Object.fromEntries(Object.entries(idle.redis).map(([c, n]) => [c, perSecond(n).toFixed(1)])))}`);

    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const send = (call: Mixed) =>
      new Promise<number>((resolve) => {
        const req = request(`${proxy!.url}${call.path}`, { agent, method: call.method, headers: call.headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', () => resolve(0));
        req.end(call.body);
      });
    const keyed = { authorization: `Bearer ${key}` };
    const json = { 'content-type': 'application/json' };
    let fresh = 0;
    const hot = ids.slice(0, 200);
    const kinds: [string, (n: number) => Mixed][] = [
      ['search, key', (n) => ({ method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(cities[n % cities.length])}&limit=10`, headers: keyed })],
      ['search, no key', (n) => ({ method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(cities[n % cities.length])}&limit=10`, headers: {} })],
      // Each id asked once in the whole run: never one of the hot hotels.
      ['hotel, key, not hot', () => ({ method: 'GET', path: `/hotels/${ids[1000 + fresh++]}`, headers: keyed })],
      ['hotel, no key, not hot', () => ({ method: 'GET', path: `/hotels/${ids[1000 + fresh++]}`, headers: {} })],
      // 200 hotels, each asked of every instance beforehand.
      ['hotel, key, hot', (n) => ({ method: 'GET', path: `/hotels/${hot[n % hot.length]}`, headers: keyed })],
      ['suggest, key', (n) => ({ method: 'GET', path: `/suggest?q=${encodeURIComponent(cities[n % cities.length].slice(0, 2 + (n % 4)))}`, headers: keyed })],
      ['suggest, no key', (n) => ({ method: 'GET', path: `/suggest?q=${encodeURIComponent(cities[n % cities.length].slice(0, 2 + (n % 4)))}`, headers: {} })],
      ['links, key', (n) => ({ method: 'POST', path: '/links', headers: { ...keyed, ...json }, body: JSON.stringify({ urls: [`https://www.stays.example/${ids[n % ids.length]}`] }) })],
      ['links, no key', (n) => ({ method: 'POST', path: '/links', headers: json, body: JSON.stringify({ urls: [`https://www.stays.example/${ids[n % ids.length]}`] }) })],
    ];
    for (let round = 0; round < 4; round++) await Promise.all(hot.map((id) => send({ method: 'GET', path: `/hotels/${id}`, headers: keyed })));

    const perCall: { kind: string; statuses: Record<string, number>; d: Difference }[] = [];
    await settle();
    for (const [kind, make] of kinds) {
      before = await snapshot();
      const statuses: Record<string, number> = {};
      for (let n = 0; n < CALLS; n += 8) {
        const answers = await Promise.all(Array.from({ length: Math.min(8, CALLS - n) }, (_, i) => send(make(n + i))));
        for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
      }
      // Past one usage flush (every 5 s) too, so that keyed calls' usage writes are in the counts.
      await settle();
      const d = difference(before, await snapshot());
      perCall.push({ kind, statuses, d });
      say(`${kind}: ${JSON.stringify(statuses)} in ${d.seconds.toFixed(1)} s`);
    }
    agent.destroy();

    // Load at saturation.
    const mix = (withKey: boolean): Mixed[] => {
      const headers = withKey ? keyed : {};
      return Array.from({ length: 8000 }, (_, n): Mixed => {
        const city = cities[(n * 7919) % cities.length];
        // Half the hotel pages among 1,000 popular hotels (kept hot), half anywhere.
        const hotel = n % 16 < 8 ? ids[(n * 31) % 1000] : ids[(n * 7919) % ids.length];
        switch (n % 8) {
          case 0:
          case 3:
          case 6:
            return { method: 'GET', path: `/hotels/search?destination=${encodeURIComponent(city)}&limit=10`, headers };
          case 1:
          case 4:
            return { method: 'GET', path: `/hotels/${hotel}`, headers };
          case 2:
          case 7:
            return { method: 'GET', path: `/suggest?q=${encodeURIComponent(city.slice(0, 2 + (n % 4)))}`, headers };
          default:
            return { method: 'POST', path: '/links', headers: { ...headers, ...json }, body: JSON.stringify({ urls: [`https://www.stays.example/${hotel}`] }) };
        }
      });
    };
    const saturation: string[] = [];
    for (const withKey of [true, false]) {
      for (const connections of CONNECTIONS) {
        await settle();
        const a = await snapshot();
        const child = spawn(process.execPath, [...(import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : []), new URL(import.meta.url).pathname, '--load-child'], { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
        child.stdin!.end(JSON.stringify({ base: proxy.url, calls: mix(withKey), connections, seconds: SECONDS }));
        let output = '';
        child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
        const [, loaderCpu] = await Promise.all([once(child, 'close'), (async () => {
          let cpu = 0;
          while (child.exitCode === null) {
            cpu = safeCpu(child.pid!, cpu);
            await sleep(200);
          }
          return cpu;
        })()]);
        const b = await snapshot();
        // The database's counts of the load are complete a settle later (the CPU figures are the load's own window).
        await settle();
        const c = await snapshot();
        const figures = JSON.parse(output) as { reqPerSec: number; answered: number; failed: Record<string, number>; errors: number; p50: number; p99: number; seconds: number };
        const wall = (b.at - a.at) / 1000;
        const d = difference(a, b);
        const cores = (x: number) => (x / wall).toFixed(2);
        // Snapshots b and c each ran one transaction of their own on the database.
        const loadXacts = c.xacts - a.xacts - 2 * SNAPSHOT_XACTS - (idle.xacts / idle.seconds) * ((c.at - a.at) / 1000);
        const evalshas = (b.redis.evalsha ?? 0) - (a.redis.evalsha ?? 0);
        // Every answer, 200 or not, was a call the service handled.
        const handled = figures.answered + Object.values(figures.failed).reduce((sum, n) => sum + n, 0);
        saturation.push(
          `| ${withKey ? 'keyed' : 'keyless'} | ${connections} | ${Math.round(figures.reqPerSec)} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${JSON.stringify(figures.failed)}${figures.errors ? ` ${figures.errors} errors` : ''} | ` +
            `${(loadXacts / handled).toFixed(2)} | ${(evalshas / handled).toFixed(2)} | ` +
            `${cores(b.machine - a.machine)} | ${cores(d.instancesCpu)} | ${cores(d.proxyCpu)} | ${cores(d.backendsCpu)} | ${cores(d.redisCpu)} | ${cores(loaderCpu)} | ${Math.round(figures.reqPerSec / (d.instancesCpu / wall))} |`,
        );
        say(saturation.at(-1)!);
      }
    }

    // Redis and PostgreSQL alone, for scale. The service's own EVALSHA, as MONITOR shows a keyed
    // and a keyless search send it, is replayed by redis-benchmark.
    const redisBench = execFileSync('redis-benchmark', ['-p', String(redisPort), '-q', '-n', '200000', '-c', '20', '-t', 'ping_mbulk,get,incr'], { encoding: 'utf8' });
    const evalBenches: string[] = [];
    for (const headers of [keyed, {}]) {
      const monitor = spawn('redis-cli', ['-p', String(redisPort), 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let seen = '';
      monitor.stdout.setEncoding('utf8').on('data', (text: string) => (seen += text));
      await sleep(300);
      await fetch(`${proxy.url}/hotels/search?destination=Paris&limit=1`, { headers });
      await sleep(300);
      monitor.kill();
      const line = seen.split('\n').find((l) => /"evalsha"/i.test(l));
      if (!line) continue;
      const args = [...line.slice(line.indexOf('"')).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
      const result = execFileSync('redis-benchmark', ['-p', String(redisPort), '-q', '-n', '200000', '-c', '20', ...args], { encoding: 'utf8' });
      evalBenches.push(`${headers === keyed ? 'keyed' : 'keyless'} (${args.length - 3} keys and arguments): ${result.trim().split('\r').at(-1)!.replace(/^.*?: /, '')}`);
    }
    await admin.query(`CREATE DATABASE ${database}_pgbench`);
    const pgbenchUrl = new URL(POSTGRES);
    pgbenchUrl.pathname = `/${database}_pgbench`;
    execFileSync('pgbench', ['-i', '-q', '-s', '10', pgbenchUrl.toString()], { stdio: 'ignore' });
    // Its backends' CPU per transaction, set beside the service's: simple protocol (pgbench's
    // default) and extended, unnamed statements parsed each time (as the service's pg queries are).
    const pgbenchRuns: string[] = [];
    for (const mode of ['simple', 'extended']) {
      const cpu = new Map<number, number>();
      let running = true;
      const watching = (async () => {
        while (running) {
          const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [`${database}_pgbench`]);
          for (const { pid } of rows) cpu.set(pid, safeCpu(pid, cpu.get(pid) ?? 0));
          await sleep(200);
        }
      })();
      const output = await new Promise<string>((resolve, reject) =>
        execFile('pgbench', ['-S', '-M', mode, '-c', '8', '-j', '2', '-T', '15', pgbenchUrl.toString()], { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
      );
      running = false;
      await watching;
      const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
      const backendSeconds = [...cpu.values()].reduce((sum, n) => sum + n, 0);
      pgbenchRuns.push(`-M ${mode}: ${Math.round(tps)} transactions/s, backends ${Math.round((backendSeconds / (tps * 15)) * 1e6)} µs CPU each`);
    }
    await admin.query(`DROP DATABASE ${database}_pgbench`);

    // ---- the report ----
    const out: string[] = [];
    out.push(`# Capacity: three instances (HTTP_THREADS=1) behind HAProxy ${haproxy}, PostgreSQL, Redis; ${HOTELS.toLocaleString('en-US')} hotels`);
    out.push(`${new Date().toISOString()}; load average ${load1()}; ${cpus().length} processors`);
    out.push('');
    out.push(`Per call (${CALLS} of each through HAProxy, 8 at a time; the idle rate of health checks and polls taken off):`);
    out.push('');
    out.push('| call | statuses | Redis commands | PostgreSQL transactions | PostgreSQL scans by table | PostgreSQL backends µs | Redis µs | instances µs | HAProxy µs |');
    out.push('|---|---|---|---|---|---|---|---|---|');
    for (const { kind, statuses, d } of perCall) {
      const net = (n: number, idleN: number) => (n - (idleN / idle.seconds) * d.seconds) / CALLS;
      const redisCmds = Object.entries(d.redis)
        .map(([c, n]) => [c, net(n, idle.redis[c] ?? 0)] as const)
        .filter(([, n]) => n > 0.005)
        .map(([c, n]) => `${c} ${n.toFixed(2)}`)
        .join(', ');
      const scans = Object.entries(d.scans)
        .map(([t, n]) => [t, net(n, idle.scans[t] ?? 0)] as const)
        .filter(([, n]) => n > 0.005)
        .map(([t, n]) => `${t} ${n.toFixed(2)}`)
        .join(', ');
      const us = (x: number, idleX: number) => Math.round(net(x, idleX) * 1e6);
      out.push(
        `| ${kind} | ${JSON.stringify(statuses)} | ${redisCmds} | ${net(d.xacts, idle.xacts).toFixed(2)} | ${scans} | ${us(d.backendsCpu, idle.backendsCpu)} | ${us(d.redisCpu, idle.redisCpu)} | ${us(d.instancesCpu, idle.instancesCpu)} | ${us(d.proxyCpu, idle.proxyCpu)} |`,
      );
    }
    out.push('');
    out.push(`Idle, per second: ${(idle.xacts / idle.seconds).toFixed(1)} transactions; scans ${JSON.stringify(Object.fromEntries(Object.entries(idle.scans).map(([t, n]) => [t, (n / idle.seconds).toFixed(1)])))}; Redis ${JSON.stringify(Object.fromEntries(Object.entries(idle.redis).map(([c, n]) => [c, (n / idle.seconds).toFixed(1)])))}`);
    out.push('');
    out.push(`At saturation (autocannon through HAProxy, ${SECONDS} s each; CPU in cores of the 2; the mix: 3 searches, 2 hotel pages (half among 1,000 popular ones), 2 suggestions, 1 POST /links in 8):`);
    out.push('');
    out.push('| mix | connections | calls/s | p50 ms | p99 ms | failed | PostgreSQL transactions per call | EVALSHA per call | machine busy | instances | HAProxy | PostgreSQL backends | Redis | load generator | calls/s per core of the instances |');
    out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    out.push(...saturation);
    out.push('');
    out.push(`redis-benchmark (20 connections, 200,000 each): ${redisBench.trim().split('\n').map((l) => l.split('\r').at(-1)!.trim()).join('; ')}`);
    out.push(`redis-benchmark of the service's own EVALSHA: ${evalBenches.join('; ')}`);
    out.push(`pgbench -S (scale 10, 8 clients, 2 threads, 15 s each): ${pgbenchRuns.join('; ')}`);
    console.log(out.join('\n'));
  } finally {
    sampling = false;
    await sampler;
    for (const inst of instances) inst.child.kill('SIGKILL');
    await proxy?.stop();
    await Promise.all(instances.map((inst) => inst.exited));
    await db.end().catch(() => undefined);
    redis.kill('SIGTERM');
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: Error) => say(`could not drop ${database}: ${error.message}`));
    await admin.query(`DROP DATABASE IF EXISTS ${database}_pgbench WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(run, { recursive: true, force: true });
  }
}

function safeRun(work: () => string): string {
  try {
    return work();
  } catch {
    return '';
  }
}

await main();
