// The load phase of npm run bench: the service as a separate process (npm start's own entry,
// on the catalog the bench imported), driven over loopback by autocannon with many connections,
// beside a ceiling (bench/ceiling-server.ts) answering the same methods and paths with the
// service's own typical answer already made. Each operation is loaded against the ceiling and
// then against the service, in turn, so that both see the same machine at nearly the same time.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CeilingRoute } from './ceiling-server.js';
import { cpuSecondsOf } from './machine.js';
import { startNodeFlags } from '../src/start-flags.js';

export interface LoadRequest {
  path: string;
  body?: string;
}

export interface Scenario {
  what: string;
  method: 'GET' | 'POST';
  /** The route of the ceiling answering it (a path, or a wildcard route such as /hotels/*). */
  route: string;
  headers: Record<string, string>;
  /** Requests sent in turn, each prepared once: the load generator's cost is the same for both. */
  requests: LoadRequest[];
}

export interface LoadFigures {
  reqPerSec: number;
  /** Answers (2xx) in all. */
  answered: number;
  /** Every answer the load was given, a warm-up's included: what the server's CPU was spent on. */
  served: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts, in all. */
  failures: number;
  /** The same by status, or 'error' / 'timeout'. */
  failedWith: Record<string, number>;
  /** CPU seconds the load generator's process used, start-up included. */
  clientCpuSeconds: number;
  /** Requests taken from the scenario's list (answered, failed or still in flight at the end). */
  sent: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests a second, spread evenly and sent when due whatever the answers do (bench/open-loop.ts); without it, as fast as answers come. */
  rate?: number;
}

const DIST = new URL('..', import.meta.url).pathname;

/** The first line a child prints, parsed as JSON; stops the child and throws if it exits first. */
async function firstLine(child: ChildProcess, what: string): Promise<unknown> {
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${what} exited with code ${code} before it was ready`);
  });
  const line = once(lines, 'line').then(([text]) => JSON.parse(text as string));
  try {
    return await Promise.race([line, exited]);
  } finally {
    lines.close();
  }
}

export interface RunningServer {
  base: string;
  /** CPU seconds the server's process has used so far (user + system), from /proc. */
  cpuSeconds(): number;
  /** Its resident memory now, MB, from /proc. */
  rssMegabytes(): number;
  stop(): Promise<void>;
}

/** A figure of /proc/PID/status, in MB: VmRSS (all resident), RssAnon (the process's own), RssFile (files mapped). */
function statusMegabytes(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const kilobytes = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kilobytes ? Number(kilobytes[1]) / 1024 : Number.NaN;
}

function rssMegabytesOf(pid: number): number {
  return statusMegabytes(pid, 'VmRSS');
}

/** The service's memory: its own (RssAnon), and the pages of the SQLite file it maps (RssFile), counted once per thread's connection. */
export interface ServiceMemory {
  ownMegabytes: number;
  mappedFileMegabytes: number;
}

/** Servers still running; killed if the bench itself ends early. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function stopper(child: ChildProcess): () => Promise<void> {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return async () => {
    if (child.exitCode !== null) return;
    // SIGTERM first, so that a child run with --cpu-prof (BENCH_SERVICE_NODE_ARGS) writes its profile.
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
}

/** The ceiling server, answering each route with the body given. */
export async function startCeiling(routes: CeilingRoute[]): Promise<RunningServer> {
  const child = spawn(process.execPath, [`${DIST}bench/ceiling-server.js`], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify(routes));
  const { port } = (await firstLine(child, 'the ceiling server')) as { port: number };
  return { base: `http://127.0.0.1:${port}`, cpuSeconds: () => cpuSecondsOf(child.pid!), rssMegabytes: () => rssMegabytesOf(child.pid!), stop: stopper(child) };
}

/** A plain Fastify server reading hotels from PostgreSQL at `url` (bench/postgres-server.ts). */
export async function startPostgresServer(url: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [`${DIST}bench/postgres-server.js`], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify({ url }));
  const { port } = (await firstLine(child, 'the PostgreSQL server')) as { port: number };
  return { base: `http://127.0.0.1:${port}`, cpuSeconds: () => cpuSecondsOf(child.pid!), rssMegabytes: () => rssMegabytesOf(child.pid!), stop: stopper(child) };
}

/**
 * The service's HTTP_THREADS in the bench: two, one per processor of the 2-core machine the
 * targets were set on (BENCH_HTTP_THREADS=1 measures one thread).
 */
export const SERVICE_THREADS = process.env.BENCH_HTTP_THREADS ?? '2';

export interface RunningService extends RunningServer {
  /** Spawn to ready (answering); its other threads join after. */
  readySeconds: number;
  memory(): ServiceMemory;
}

/** Waits until every one of the service's threads listens (hotel_affiliate_http_threads). */
async function untilThreadsListen(base: string, child: ChildProcess, threads: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} before its threads listened`);
    const text = await fetch(`${base}/metrics`).then((r) => r.text());
    if (Number(/^hotel_affiliate_http_threads (\d+)$/m.exec(text)?.[1]) >= threads) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The service as npm start runs it, on DATA_DIR, once /readyz says it is ready and each of its
 * threads listens.
 */
export async function startService(env: Record<string, string>, port: number): Promise<RunningService> {
  // For example BENCH_SERVICE_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof': a profile of the service
  // under load. They come after npm start's own flags, and override them.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...startNodeFlags(), ...nodeArgs, `${DIST}src/main.js`], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SHUTDOWN_DELAY_SECONDS: '0',
      HTTP_THREADS: SERVICE_THREADS,
      ...env,
    },
    // Its access log is written as in production, to a pipe nobody reads slowly.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  const started = performance.now();
  // Polled often: start-up is one of the figures.
  await untilReady(base, child, 25);
  const readySeconds = (performance.now() - started) / 1000;
  await untilThreadsListen(base, child, Number(env.HTTP_THREADS ?? SERVICE_THREADS));
  const pid = child.pid!;
  return {
    base,
    readySeconds,
    cpuSeconds: () => cpuSecondsOf(pid),
    rssMegabytes: () => rssMegabytesOf(pid),
    memory: () => ({ ownMegabytes: statusMegabytes(pid, 'RssAnon'), mappedFileMegabytes: statusMegabytes(pid, 'RssFile') }),
    stop,
  };
}

/** Waits until the service at `base` says /readyz, polling every `everyMs`; throws if `child` exits first. */
export async function untilReady(base: string, child: ChildProcess, everyMs: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A port free on loopback now, for a server about to start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A new partner key's secret, made with the CLI on the database `env` names (DATA_DIR or DATABASE_URL). */
/**
 * An affiliate code of this run's own: a kept data directory (--data-dir) gathers a run's keys, and
 * an affiliate may hold only so many (the 21st run under one code was refused).
 */
const RUN_CODE = `bench-${Date.now().toString(36)}`;

export async function createPartnerKey(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [`${DIST}src/cli/main.js`, 'keys', 'create', '--tier', 'partner', '--code', RUN_CODE], {
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** A publishable key for pages on https://blog.example, each visitor allowed more than a load sends. */
export async function createPublishableKey(env: Record<string, string>): Promise<string> {
  const args = ['keys', 'create', '--publishable', '--origin', BENCH_ORIGIN, '--visitor-limit', '9999999', '--tier', 'partner', '--code', `${RUN_CODE}-blog`];
  const { stdout } = await promisify(execFile)(process.execPath, [`${DIST}src/cli/main.js`, ...args], { env: { ...process.env, ...env } });
  return stdout.trim();
}

export const BENCH_ORIGIN = 'https://blog.example';

/**
 * Where each server's next load takes up a scenario's list: the warm-up and each round go on
 * from where the one before stopped, so a request comes back only when the list runs out. Each
 * load starting over from its first request sent every round the texts and ids of the warm-up
 * and the rounds before again, and the service's caches answered them (issue 48).
 */
const cursors = new Map<string, number>();
const cursorOf = (base: string, scenario: Scenario) => `${base} ${scenario.method} ${scenario.what}`;

/** How many of a scenario's requests the loads so far sent to a server (past the list's length when it ran out and began again). */
export function sentTo(base: string, scenario: Scenario): number {
  return cursors.get(cursorOf(base, scenario)) ?? 0;
}

/** Load on one server: the scenario's requests, in turn, from many connections at once (bench/load-client.ts). */
export async function load(base: string, scenario: Scenario, options: LoadOptions): Promise<LoadFigures> {
  const cursor = cursorOf(base, scenario);
  const from = cursors.get(cursor) ?? 0;
  const child = spawn(process.execPath, [`${DIST}bench/load-client.js`], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.stdin!.end(JSON.stringify({ base, scenario, options, from }));
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`the load generator exited with code ${code}`);
  const figures = JSON.parse(output) as LoadFigures;
  cursors.set(cursor, from + figures.sent);
  return figures;
}

/** The service's answer of median size among the first requests: the ceiling's body. */
export async function typicalAnswer(base: string, scenario: Scenario): Promise<{ contentType: string; body: string }> {
  const answers: { contentType: string; body: string }[] = [];
  for (const request of scenario.requests.slice(0, 51)) {
    const response = await fetch(`${base}${request.path}`, { method: scenario.method, headers: scenario.headers, body: request.body });
    const body = await response.text();
    if (!response.ok) throw new Error(`${scenario.what}: ${scenario.method} ${request.path} answered ${response.status}: ${body.slice(0, 300)}`);
    answers.push({ contentType: response.headers.get('content-type') ?? 'application/json', body });
  }
  answers.sort((a, b) => Buffer.byteLength(a.body) - Buffer.byteLength(b.body));
  return answers[answers.length >> 1];
}

/** The request an MCP client of the given protocol sends for a search_hotels call, as a template. */
export async function mcpSearchTemplate(base: string, key: string, pin: string | null): Promise<{ headers: Record<string, string>; body: (destination: string) => string }> {
  let captured: { headers: Record<string, string>; body: string } | null = null;
  const recording: typeof fetch = (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) {
      captured = { headers: Object.fromEntries(new Headers(init.headers).entries()), body: init.body };
    }
    return fetch(input, { ...init, signal: undefined });
  };
  const client = new Client({ name: 'bench', version: '1.0.0' }, pin ? { versionNegotiation: { mode: { pin } } } : {});
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: recording, requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  await client.callTool({ name: 'search_hotels', arguments: { destination: 'Paris' } });
  await client.close();
  if (!captured) throw new Error('the MCP client sent no tools/call request');
  const { headers, body } = captured as { headers: Record<string, string>; body: string };
  const call = JSON.parse(body) as { params: { arguments: Record<string, unknown> } };
  return {
    headers,
    body: (destination) => JSON.stringify({ ...call, params: { ...call.params, arguments: { destination } } }),
  };
}
