// npm run bench:faults: what clients see through deploy/haproxy.cfg while a dependency hangs.
// Three instances on PostgreSQL and Redis (each reached through a proxy on loopback that can stop
// passing bytes without closing anything, as a stopped process or a dropping network does), eight
// keep-alive clients calling back to back. Phases: steady; Redis hung; Redis back; PostgreSQL
// hung; PostgreSQL back. Printed per phase and per kind of call: calls, failed, p50, p99.
// Expected by design: with Redis hung nothing fails (calls are counted on each instance); with
// PostgreSQL hung keyed calls and hotel pages are 503 at once, keyless searches answer.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { haproxyVersion, startHaproxy } from '../test/support/haproxy.js';
import { ProxyLoad, type PlannedCall } from '../test/support/proxy-load.js';
import { TcpProxy } from '../test/support/tcp-proxy.js';
import { createPartnerKey, freePort, startService, type RunningService } from './load.js';

const { values } = parseArgs({ options: { 'phase-seconds': { type: 'string', default: '10' }, postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' } } });
const PHASE_MS = Number(values['phase-seconds']) * 1000;
const POSTGRES = values.postgres!;
const PHASES = ['steady', 'redis hung', 'redis back', 'postgres hung', 'postgres back'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  if (!haproxyVersion()) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  const schema = `faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client(POSTGRES);
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const redisProxy = new TcpProxy(6379);
  const postgresProxy = new TcpProxy(Number(new URL(POSTGRES).port || 5432));
  await Promise.all([redisProxy.start(), postgresProxy.start()]);
  const viaProxy = new URL(POSTGRES);
  viaProxy.port = String(postgresProxy.port);
  const env = {
    DATABASE_URL: `${viaProxy}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    REDIS_KEY_PREFIX: `${schema}:`,
    DEMO_HOTELS: '20000',
    TRUSTED_PROXIES: '127.0.0.1',
    LIMIT_PARTNER_PER_DAY: '100000000',
    LIMIT_KEYLESS_PER_HOUR: '1000000',
    HTTP_THREADS: '1',
  };
  const dirs: string[] = [];
  const services: RunningService[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'faults-'));
      dirs.push(dir);
      services.push(await startService({ ...env, DATA_DIR: dir }, await freePort()));
    }
    const key = await createPartnerKey({ ...env, DATA_DIR: dirs[0] });
    const haproxy = await startHaproxy('deploy/haproxy.cfg', Object.fromEntries(services.map((s, i) => [`STAYS_SERVER_${i + 1}`, s.base.replace('http://', '')])));
    for (const name of ['app1', 'app2', 'app3']) await haproxy.waitForState(name, 'UP');
    const ids = ((await (await fetch(`${services[0].base}/hotels/search?destination=London&limit=20`)).json()) as { hotels: { id: string }[] }).hotels.map((h) => h.id);
    const keyed = { authorization: `Bearer ${key}` };
    const plan = (client: number, n: number): PlannedCall => {
      const id = ids[(client * 7 + n) % ids.length];
      switch (n % 4) {
        case 0:
          return { op: 'search, keyed', method: 'GET', path: '/hotels/search?destination=London&limit=5', headers: keyed };
        case 1:
          return { op: 'search, keyless', method: 'GET', path: '/hotels/search?destination=Paris&limit=5', headers: {} };
        case 2:
          return { op: 'hotel, keyless', method: 'GET', path: `/hotels/${id}`, headers: {} };
        default:
          return { op: 'suggest, keyless', method: 'GET', path: '/suggest?q=Lon', headers: {} };
      }
    };
    const load = new ProxyLoad(haproxy.url, plan, (_planned, status) => status === 200);
    const say = (what: string) => console.error(`${new Date().toISOString()} ${what}`);
    load.start('warmup');
    await sleep(2000);
    for (const phase of PHASES) {
      if (phase === 'redis hung') redisProxy.hang();
      if (phase === 'redis back') redisProxy.resume();
      if (phase === 'postgres hung') postgresProxy.hang();
      if (phase === 'postgres back') postgresProxy.resume();
      say(phase);
      load.start(phase);
      await sleep(PHASE_MS);
    }
    await load.stop();
    load.destroy();
    console.log(`\nDependency faults through HAProxy, ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${PHASE_MS / 1000} s a phase\n`);
    console.log('| phase | call | calls | failed | p50 | p99 |\n|---|---|---|---|---|---|');
    for (const phase of PHASES) {
      const records = load.records.filter((r) => r.phase === phase);
      for (const op of [...new Set(records.map((r) => r.op))].sort()) {
        const mine = records.filter((r) => r.op === op);
        const times = mine.map((r) => r.ms).sort((a, b) => a - b);
        const failed = mine.filter((r) => r.error !== undefined);
        const how = [...new Set(failed.map((r) => r.error))].join(', ');
        console.log(`| ${phase} | ${op} | ${mine.length} | ${failed.length}${how ? ` (${how})` : ''} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms |`);
      }
    }
    await haproxy.stop();
  } finally {
    redisProxy.resume();
    postgresProxy.resume();
    await Promise.all(services.map((s) => s.stop()));
    await Promise.all([redisProxy.cut(), postgresProxy.cut()]);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
