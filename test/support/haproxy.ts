// HAProxy run as an operator runs it (deploy/haproxy.cfg, in the foreground, settings in its
// environment), its log read line by line, and its servers' states read from its stats page.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { collectLines, freePort, installedProgram } from './system-programs.js';

let haproxyCommand = 'haproxy';

/** HAProxy's version ("2.6.12-1+deb12u4"), or null when it is not installed. */
export function haproxyVersion(): string | null {
  const found = installedProgram(['haproxy', '/usr/sbin/haproxy'], ['-v'], /version (\S+)/);
  if (found) haproxyCommand = found.command;
  return found?.version ?? null;
}

export { freePort };

export interface Haproxy {
  child: ChildProcess;
  /** Where clients connect. */
  url: string;
  statsUrl: string;
  /** Its log (one access line per call, server state changes) and its own messages (stderr). */
  log: string[];
  exited: Promise<number | null>;
  /** Each server of `backend` by name, and its state as the stats page says it ("UP", "DOWN", "UP 1/2"...). */
  serverStates(backend?: string): Promise<Record<string, string>>;
  /** Waits until the server's state is exactly `state`, checking every 50 ms; resolves with the time it took. */
  waitForState(server: string, state: string, ms?: number): Promise<number>;
  stop(): Promise<void>;
}

/** Starts `haproxy -db -f config` with `env` over the test's own, and waits until its stats page answers. */
export async function startHaproxy(config: string, env: Record<string, string>): Promise<Haproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const child = spawn(haproxyCommand, ['-db', '-f', config], {
    env: { ...process.env, STAYS_BIND: `127.0.0.1:${port}`, STAYS_STATS_BIND: `127.0.0.1:${statsPort}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = collectLines(child);
  const exited = once(child, 'close').then(([code]) => code as number | null);
  let ended = false;
  void exited.then(() => (ended = true));
  const statsUrl = `http://127.0.0.1:${statsPort}`;

  async function serverStates(backend = 'stays'): Promise<Record<string, string>> {
    const csv = await (await fetch(`${statsUrl}/stats;csv;norefresh`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [px, sv, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
    const states: Record<string, string> = {};
    for (const row of rows.map((r) => r.split(','))) {
      if (row[px] === backend && row[sv] !== 'BACKEND') states[row[sv]] = row[status];
    }
    return states;
  }

  for (let waited = 0; ; waited += 50) {
    if (ended) throw new Error(`haproxy exited before listening:\n${log.join('\n')}`);
    if (waited > 10_000) throw new Error(`haproxy's stats page did not answer within 10 s:\n${log.join('\n')}`);
    try {
      await serverStates();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    child,
    url: `http://127.0.0.1:${port}`,
    statsUrl,
    log,
    exited,
    serverStates,
    async waitForState(server, state, ms = 30_000) {
      const started = performance.now();
      let last = '';
      while (performance.now() - started < ms) {
        last = (await serverStates())[server];
        if (last === state) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`haproxy did not see ${server} ${state} within ${ms} ms (last seen: ${last})`);
    },
    async stop() {
      if (!ended) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ProxyLogSummary {
  /** Access lines of calls HAProxy sent to a server more than once (the retries field above 0), by method. */
  retried: Record<string, number>;
  /** Access lines by status HAProxy answered, by method ("GET 200": 1234). */
  statuses: Record<string, number>;
}

/**
 * Reads HAProxy's access lines (option httplog): "... 200 1234 - - ---- 8/8/0/0/1 0/0 "GET /path HTTP/1.1"".
 * The fifth of the connection counters is the retries, "+" in front when redispatched.
 */
export function summarizeProxyLog(lines: readonly string[]): ProxyLogSummary {
  const summary: ProxyLogSummary = { retried: {}, statuses: {} };
  for (const line of lines) {
    const access = / (-?\d+) (\d+) \S+ \S+ \S{4} \d+\/\d+\/\d+\/\d+\/\+?(\d+) \d+\/\d+ "(\w+) /.exec(line);
    if (!access) continue;
    const [, status, , retries, method] = access;
    summary.statuses[`${method} ${status}`] = (summary.statuses[`${method} ${status}`] ?? 0) + 1;
    if (Number(retries) > 0) summary.retried[method] = (summary.retried[method] ?? 0) + 1;
  }
  return summary;
}
