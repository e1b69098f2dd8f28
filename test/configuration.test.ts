// Settings that cannot be used stop the service and the CLI with one line naming the variable
// and the reason, never a stack trace; a malformed key for the stdio MCP server is told to the
// agent in every tool call instead, since a stock MCP client shows nothing of a server that exits.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from './support/cli.js';
import { connectMcp } from './support/mcp-clients.js';
import { withSeededPlaces } from './support/seed-places.js';

const root = mkdtempSync(join(tmpdir(), 'hotel-affiliate-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * How long a start may take before it is killed. The starts of this file run at once, a dozen on two
 * processors, each making its gazetteer: about 17 s alone, 58 s all together on a fast night, past
 * 60 s on a slow one (2026-11-28).
 */
const START_BOUND_MS = 120_000;

/** Starts the service as `npm start` does and returns how it ended (it must end by itself). */
function startService(env: Record<string, string>): Promise<CliResult> {
  if (env.DATA_DIR) withSeededPlaces(env.DATA_DIR);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      { env: { ...process.env, DEMO_CATALOG: 'false', LOG_LEVEL: 'silent', PORT: '0', HTTP_THREADS: '1', ...env }, timeout: START_BOUND_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function expectStoppedWith(result: CliResult, line: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toMatch(line);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe.concurrent('a data directory that cannot be used', { timeout: 60_000 }, () => {
  const aFile = join(root, 'a-file');
  writeFileSync(aFile, 'not a directory');

  it('stops the service when DATA_DIR is under a file', async () => {
    const dataDir = join(aFile, 'data');
    expectStoppedWith(await startService({ DATA_DIR: dataDir }), /^configuration: DATA_DIR: cannot keep the database in \S+\/a-file\/data \(ENOTDIR: /);
  });

  // sysfs refuses new directories even to root (procfs would do, but makes Node's recursive mkdir spin).
  it('stops the CLI when DATA_DIR cannot be created', async () => {
    expectStoppedWith(await runCli('/sys/hotel-affiliate-test/data', ['keys', 'list']), /^configuration: DATA_DIR: cannot keep the database in \/sys\/hotel-affiliate-test\/data \((EPERM|EACCES|EROFS): /);
  });

  it('stops the service, without hanging, when DATA_DIR is under /proc (where a directory cannot be made, yet its parent exists)', async () => {
    expectStoppedWith(await startService({ DATA_DIR: '/proc/hotel-affiliate-test/data' }), /^configuration: DATA_DIR: cannot keep the database in \/proc\/hotel-affiliate-test\/data \(ENOENT: /);
  });

  it('stops the CLI when the database file is not a database', async () => {
    const dataDir = join(root, 'corrupt-db');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'hotel-affiliate.sqlite'), 'x'.repeat(4096));
    expectStoppedWith(await runCli(dataDir, ['keys', 'list']), /^configuration: DATA_DIR: cannot keep the database in \S+ \(SQLITE_NOTADB: file is not a database\)$/);
  });

  it('stops the service when the loaded gazetteer cannot be read', async () => {
    const dataDir = join(root, 'corrupt-gazetteer');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'gazetteer.json'), '{"format": ');
    expectStoppedWith(
      await startService({ DATA_DIR: dataDir }),
      /^configuration: DATA_DIR: the loaded gazetteer \S+gazetteer.json cannot be read; load it again or run "hotel-affiliate gazetteer reset" \(.+\)$/,
    );
  });
});

describe.concurrent('addresses that cannot be used', { timeout: START_BOUND_MS + 5_000 }, () => {
  let taken: Server;
  afterAll(() => taken?.close());

  it('stops the service when PORT is taken', async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    expectStoppedWith(
      await startService({ DATA_DIR: join(root, 'port'), HOST: '127.0.0.1', PORT: String(port) }),
      new RegExp(`^configuration: PORT: cannot listen on port ${port} \\(EADDRINUSE: `),
    );
  });

  it('stops the service when HOST is not an address of this machine', async () => {
    expectStoppedWith(await startService({ DATA_DIR: join(root, 'host'), HOST: '192.0.2.1' }), /^configuration: HOST: cannot listen on 192.0.2.1 \(EADDRNOTAVAIL: /);
  });

  it('stops the service when METRICS_PORT is taken', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      expectStoppedWith(
        await startService({ DATA_DIR: join(root, 'metrics-port'), HOST: '127.0.0.1', METRICS_PORT: String(port) }),
        new RegExp(`^configuration: METRICS_PORT: cannot listen on port ${port} \\(EADDRINUSE: `),
      );
    } finally {
      busy.close();
    }
  });

  it('stops a production service (NODE_ENV=production) that has no PUBLIC_BASE_URL, naming what it is for', async () => {
    expectStoppedWith(
      await startService({ DATA_DIR: join(root, 'production'), NODE_ENV: 'production' }),
      /^configuration: PUBLIC_BASE_URL: must be set when NODE_ENV=production: the address callers reach the service at/,
    );
  });

  it('stops the service when Redis refuses the credentials in REDIS_URL, rather than count alone for ever', async () => {
    expectStoppedWith(
      await startService({ DATA_DIR: join(root, 'redis-credentials'), REDIS_URL: 'redis://nobody:wrong@127.0.0.1:6379' }),
      /^configuration: REDIS_URL: Redis refused the credentials \(WRONGPASS invalid username-password pair or user is disabled\.\); fix the user name and password in REDIS_URL$/,
    );
  });

  it('names a TRUSTED_PROXIES entry that is not an address or range', async () => {
    for (const [value, reason] of [
      ['10.0.0.0/99', '"10.0.0.0/99" has a prefix length that is not 0 to 32'],
      ['127.0.0.1, 1.2.3', '"1.2.3" is not an IP address or CIDR range'],
      ['::1/129', '"::1/129" has a prefix length that is not 0 to 128'],
    ]) {
      const result = await runCli(root, ['keys', 'list'], { TRUSTED_PROXIES: value });
      expect([result.code, result.stderr.trim()]).toEqual([2, `configuration: TRUSTED_PROXIES: ${reason}`]);
    }
  });
});

describe('a malformed key for the stdio MCP server', () => {
  it('starts, and answers every tool call with unauthorized saying what is wrong with the key', async () => {
    const client = await connectMcp('http://127.0.0.1:9', 'stdio', { key: 'live_bad' });
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(
        ['create_links', 'find_hotel', 'get_hotel', 'get_usage', 'list_keys', 'search_hotels', 'suggest'],
      );
      for (const name of ['search_hotels', 'get_hotel']) {
        const result = await client.callTool({ name, arguments: name === 'get_hotel' ? { id: 'hotel/pt/lisbon/x' } : { destination: 'Lisbon' } });
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([
          {
            type: 'text',
            text:
              'unauthorized: HOTEL_AFFILIATE_KEY is not valid: an API key is live_ (or live_pk_) followed by 43 letters and digits, and this ' +
              'one has 3 after live_. Set it to the key you were given, or leave it out to call without a key',
          },
        ]);
      }
    } finally {
      await client.close();
    }
  });
});

describe('a publishable key for the stdio MCP server', () => {
  it('answers every tool call with unauthorized saying an MCP client needs a secret key', async () => {
    const client = await connectMcp('http://127.0.0.1:9', 'stdio', { key: `live_pk_${'a'.repeat(43)}` });
    try {
      const result = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon' } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        {
          type: 'text',
          text:
            'unauthorized: HOTEL_AFFILIATE_KEY is not usable here: a publishable key (live_pk_…) works only from web pages on the origins it was ' +
            'created for; an MCP client is not a browser and needs a secret key (live_…). Set it to a secret key, or leave it out to call without a key',
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
