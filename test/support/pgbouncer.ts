// PgBouncer run as an operator runs it: a pgbouncer.ini of its own in a temporary directory, the
// process in the foreground on a free loopback port, its log read line by line, and its admin
// console (the database "pgbouncer") asked SHOW POOLS and SHOW STATS.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { collectLines, freePort, installedProgram } from './system-programs.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

let pgbouncerCommand = 'pgbouncer';

/** PgBouncer's version ("1.18.0"), or null when it is not installed. */
export function pgbouncerVersion(): string | null {
  const found = installedProgram(['pgbouncer', '/usr/sbin/pgbouncer'], ['--version'], /PgBouncer (\S+)/);
  if (found) pgbouncerCommand = found.command;
  return found?.version ?? null;
}


export interface PgbouncerOptions {
  /** The [databases] section: each name clients connect to, and its connection string ("host=... dbname=..."). */
  databases: Record<string, string>;
  /** Users PgBouncer lets in (auth_type = trust: any password, or none). */
  users: string[];
  /** Settings of the [pgbouncer] section besides the address, the port, auth and the admin user. */
  settings: Record<string, string | number>;
}

/** A row of SHOW POOLS or SHOW STATS: numbers as the admin console sends them (text). */
export type AdminRow = Record<string, string | number | null>;

export interface Pgbouncer {
  child: ChildProcess;
  port: number;
  /** The pgbouncer.ini it runs with. */
  config: string;
  /** Its log (stderr): connections, errors, and every minute its stats. */
  log: string[];
  exited: Promise<number | null>;
  /** A postgres:// URL of `database` through PgBouncer, as `user`. */
  url(database: string, user: string): string;
  /** Asks the admin console (SHOW POOLS, SHOW STATS...). */
  show(what: string): Promise<AdminRow[]>;
  stop(): Promise<void>;
}

/** The admin console's user: allowed in by the config this module writes, whatever the test's users. */
const ADMIN_USER = 'pgbouncer_admin';

/**
 * Writes a pgbouncer.ini and starts `pgbouncer` with it, and waits until it listens. PgBouncer
 * refuses to run as root: under root it is started with `-u nobody`, its directory made readable.
 */
export async function startPgbouncer(options: PgbouncerOptions): Promise<Pgbouncer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  const authFile = join(dir, 'userlist.txt');
  writeFileSync(authFile, [...options.users, ADMIN_USER].map((user) => `"${user}" ""\n`).join(''), { mode: 0o644 });
  const settings: Record<string, string | number> = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: authFile,
    admin_users: ADMIN_USER,
    ...options.settings,
  };
  const config = [
    '[databases]',
    ...Object.entries(options.databases).map(([name, connection]) => `${name} = ${connection}`),
    '',
    '[pgbouncer]',
    ...Object.entries(settings).map(([name, value]) => `${name} = ${value}`),
    '',
  ].join('\n');
  const configFile = join(dir, 'pgbouncer.ini');
  writeFileSync(configFile, config, { mode: 0o644 });

  const child = spawn(pgbouncerCommand, [...(asRoot ? ['-u', 'nobody'] : []), configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = collectLines(child);
  const exited = once(child, 'close').then(([code]) => code as number | null);
  let ended = false;
  void exited.then(() => {
    ended = true;
    rmSync(dir, { recursive: true, force: true });
  });

  for (let waited = 0; !log.some((line) => line.includes(`listening on 127.0.0.1:${port}`)); waited += 20) {
    if (ended) throw new Error(`pgbouncer exited before listening:\n${log.join('\n')}`);
    if (waited > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not listen within 10 s:\n${log.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const url = (database: string, user: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    child,
    port,
    config,
    log,
    exited,
    url,
    async show(what) {
      // The admin console speaks only the simple query protocol: a query without parameters.
      const client = new pg.Client(url('pgbouncer', ADMIN_USER));
      // PgBouncer stopped while asked: the query fails, the process does not.
      client.on('error', () => undefined);
      await client.connect();
      try {
        return (await client.query<AdminRow>(`SHOW ${what}`)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      // SIGTERM: PgBouncer 1.18 closes its connections and exits at once; later versions wait for
      // clients to leave first, so it is killed if still there after 2 s.
      if (!ended) child.kill('SIGTERM');
      const killLater = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(killLater);
    },
  };
}
