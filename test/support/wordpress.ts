// A real WordPress for the plugin's test: Debian's `wordpress` package, copied into a temporary
// folder with a wp-config.php of its own (so /etc/wordpress and /usr/share/wordpress are left as they
// are), on a fresh MariaDB database (root over 127.0.0.1:3306, as the machine's MariaDB is set up),
// served by PHP's built-in server. Closing it stops the server, drops the database and removes the
// folder. A person's browser is played by a cookie jar over fetch: forms are posted with the nonces
// the pages carry, as WordPress's own pages post them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectLines, freePort, installedProgram } from './system-programs.js';

/** PHP servers started here and still running: stopped (their process group) if the test process exits first. */
const running = new Set<number>();
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Where Debian's package puts WordPress. */
export const DEBIAN_WORDPRESS = '/usr/share/wordpress';
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

/** PHP's version ("8.2.36"), or null when there is no php command. */
export function phpVersion(): string | null {
  return installedProgram(['php'], ['-v'], /^PHP (\S+)/)?.version ?? null;
}

/** The packaged WordPress's version ("6.1.9"), or null when the package is not installed. */
export function wordpressVersion(): string | null {
  const file = join(DEBIAN_WORDPRESS, 'wp-includes', 'version.php');
  if (!existsSync(file)) return null;
  return /\$wp_version = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1] ?? null;
}

/** Runs SQL on the machine's MariaDB through PHP's mysqli (php-mysql, which WordPress needs anyway): rows as arrays of strings. */
export function mariadb(sql: string, database?: string): string[][] {
  const script = `
    mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
    $db = new mysqli(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASSWORD'), getenv('DB_NAME') ?: null, (int) getenv('DB_PORT'));
    $result = $db->query(getenv('SQL'));
    echo json_encode($result instanceof mysqli_result ? $result->fetch_all(MYSQLI_NUM) : []);`;
  const run = spawnSync('php', ['-r', script], {
    encoding: 'utf8',
    env: { ...process.env, DB_HOST: MARIADB.host, DB_PORT: String(MARIADB.port), DB_USER: MARIADB.user, DB_PASSWORD: MARIADB.password, DB_NAME: database ?? '', SQL: sql },
  });
  if (run.status !== 0) throw new Error(`MariaDB refused ${sql}: ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout) as string[][];
}

/** Why WordPress cannot run here, or null when it can (PHP, its MySQL driver, the package, MariaDB). */
export function whyNoWordPress(): string | null {
  if (!phpVersion()) return 'PHP is not installed (apt-get install -y php-cli php-mysql)';
  if (!wordpressVersion()) return `Debian's WordPress is not installed at ${DEBIAN_WORDPRESS} (apt-get install -y --no-install-recommends wordpress wordpress-theme-twentytwentythree)`;
  try {
    mariadb('SELECT 1');
  } catch (error) {
    return `MariaDB does not answer at ${MARIADB.host}:${MARIADB.port} as root without a password: ${(error as Error).message.trim()}`;
  }
  return null;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The address answered last, after redirects. */
  url: string;
}

/** A person's browser without the page rendering: cookies kept, redirects followed, forms posted. */
export class WebClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const gone = value === '' || value === 'deleted' || (expires !== undefined && Date.parse(expires.slice(8)) < Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A request with the jar's cookies; redirects followed (as GET after a POST), cookies kept at each. */
  async request(path: string, init: RequestInit = {}): Promise<HttpAnswer> {
    let url = new URL(path, this.baseUrl).href;
    let request: RequestInit = init;
    for (let hops = 0; ; hops++) {
      const headers = new Headers(request.headers);
      if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(url, { ...request, headers, redirect: 'manual' });
      this.keep(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location && hops < 10) {
        await response.arrayBuffer();
        url = new URL(location, url).href;
        request = { method: 'GET' };
        continue;
      }
      return { status: response.status, headers: response.headers, text: await response.text(), url };
    }
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request(path);
  }

  /** POSTs fields as a form does (application/x-www-form-urlencoded). */
  postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.request(path, { method: 'POST', body: new URLSearchParams(fields), headers });
  }

  /** The jar as Playwright's cookies, for a browser context that is this person. */
  browserCookies(): Array<{ name: string; value: string; url: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }
}

/** The value of a form field (by name) in a page, entities decoded; throws when the page has none. */
export function formField(html: string, name: string): string {
  const escaped = name.replace(/[[\]]/g, '\\$&');
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (new RegExp(`\\bname=["']${escaped}["']`).test(tag)) return decodeEntities(/\bvalue=["']([^"']*)["']/.exec(tag)?.[1] ?? '');
  }
  throw new Error(`the page has no field ${name}`);
}

/** The first link (href) of a page that matches `pattern`, entities decoded. */
export function link(html: string, pattern: RegExp): string {
  for (const [, href] of html.matchAll(/\bhref=["']([^"']+)["']/g)) {
    const decoded = decodeEntities(href);
    if (pattern.test(decoded)) return decoded;
  }
  throw new Error(`the page has no link like ${pattern}`);
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#0*38;|&amp;/g, '&')
    .replace(/&quot;|&#0*34;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export interface WordPress {
  /** http://127.0.0.1:<port>: the site's address and origin. */
  url: string;
  /** The copy WordPress runs from (its wp-content is the site's). */
  root: string;
  database: string;
  /** What PHP's server printed (one line per request, and PHP's own errors). */
  serverLog: string[];
  /** WordPress's debug log (WP_DEBUG_LOG): notices, warnings and deprecations. */
  debugLog(): string;
  /** Installs WordPress over HTTP (install.php's form): title, admin user and password. */
  install(admin: { user: string; password: string; email: string }): Promise<void>;
  /** A logged-in administrator. */
  logIn(admin: { user: string; password: string }): Promise<WebClient>;
  /** SQL on the site's own database. */
  sql(query: string): string[][];
  close(): Promise<void>;
}

/** Starts WordPress on a free loopback port with its own copy, config and database. */
export async function startWordPress(): Promise<WordPress> {
  const folder = mkdtempSync(join(tmpdir(), 'stays-wordpress-'));
  const root = join(folder, 'site');
  const database = `stays_wp_${process.pid}_${randomBytes(4).toString('hex')}`;
  let server: ChildProcess | undefined;
  const close = async () => {
    if (server?.pid && server.exitCode === null) {
      const closed = once(server, 'close');
      // The server and its workers are one process group, started here.
      process.kill(-server.pid, 'SIGTERM');
      await closed;
    }
    mariadb(`DROP DATABASE IF EXISTS \`${database}\``);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // Symbolic links (Debian's, into /usr/share/php and /usr/share/javascript) are kept as links.
    cpSync(DEBIAN_WORDPRESS, root, { recursive: true, verbatimSymlinks: true });
    mkdirSync(join(root, 'wp-content', 'uploads'), { recursive: true });
    const salt = () => randomBytes(32).toString('base64');
    writeFileSync(
      join(root, 'wp-config.php'),
      `<?php
// The test's own site: its database, no outside requests, errors to the debug log.
define( 'DB_NAME', '${database}' );
define( 'DB_USER', '${MARIADB.user}' );
define( 'DB_PASSWORD', '${MARIADB.password}' );
define( 'DB_HOST', '${MARIADB.host}:${MARIADB.port}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'].map((name) => `define( '${name}', '${salt()}' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '${join(folder, 'debug.log')}' );
define( 'FS_METHOD', 'direct' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
// Scripts and styles one file each: PHP's server and WordPress's gzipped concatenation do not agree.
define( 'CONCATENATE_SCRIPTS', false );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
    );
    mariadb(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Several workers: the block editor loads many files at once.
    server = spawn('php', ['-d', 'display_errors=stderr', '-d', 'upload_max_filesize=8M', '-S', `127.0.0.1:${port}`, '-t', root], {
      cwd: root,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = server.pid!;
    running.add(pid);
    server.once('exit', () => running.delete(pid));
    const serverLog = collectLines(server);
    for (let waited = 0; ; waited += 50) {
      if (server.exitCode !== null) throw new Error(`PHP's server exited:\n${serverLog.join('\n')}`);
      if (waited > 10_000) throw new Error(`PHP's server did not answer within 10 s:\n${serverLog.join('\n')}`);
      try {
        await (await fetch(`${url}/readme.html`)).arrayBuffer();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    return {
      url,
      root,
      database,
      serverLog,
      debugLog: () => (existsSync(join(folder, 'debug.log')) ? readFileSync(join(folder, 'debug.log'), 'utf8') : ''),
      async install(admin) {
        const answer = await new WebClient(url).postForm('/wp-admin/install.php?step=2', {
          weblog_title: 'Lisbon on foot',
          user_name: admin.user,
          admin_password: admin.password,
          admin_password2: admin.password,
          admin_email: admin.email,
          blog_public: '0',
          Submit: 'Install WordPress',
        });
        if (answer.status !== 200 || !answer.text.includes('Success!')) throw new Error(`WordPress did not install (${answer.status}):\n${answer.text.slice(0, 2000)}`);
      },
      async logIn(admin) {
        const person = new WebClient(url);
        await person.get('/wp-login.php');
        const answer = await person.postForm('/wp-login.php', { log: admin.user, pwd: admin.password, 'wp-submit': 'Log In', redirect_to: `${url}/wp-admin/`, testcookie: '1' });
        if (!answer.url.includes('/wp-admin/') || ![...person.cookies.keys()].some((name) => name.startsWith('wordpress_logged_in_'))) {
          throw new Error(`logging in failed (${answer.status} at ${answer.url})`);
        }
        return person;
      },
      sql: (query) => mariadb(query, database),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
