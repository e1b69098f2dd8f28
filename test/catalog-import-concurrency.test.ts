// Imports at the same time, each `hotel-affiliate import` in a process of its own: they take
// turns, the last to finish is the catalog, whole, and nothing else is left; an import killed
// half way changes nothing and blocks nobody; the demo catalog of a starting server never
// replaces a feed imported meanwhile. An import is paused (SIGSTOP) once its progress shows it
// holds the catalog, so that the others meet it there on every run, not by luck of timing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogRows } from './support/catalog-rows.js';
import { startCli, type CliExit, type CliProcess } from './support/cli-process.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { labelledFeed, writeLabelledFeed, type LabelledFeed, type LabelledFeedFile } from './support/labelled-feed.js';
import { testDatabase, usePostgres, type TestDatabase } from './support/test-database.js';
import { startTestService, type TestService } from './support/test-service.js';

const WAITING = /Waiting for another import to finish/;
const waitingLines = (output: string) => output.split('\n').filter((line) => WAITING.test(line)).length;
const generationOf = (exit: CliExit) => Number(/as catalog generation (\d+)/.exec(exit.stdout)?.[1]);

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A server with the fixture catalog, polling the store every 0.2 s. */
async function serverWithCatalog(): Promise<TestService> {
  const t = await startTestService(FIXTURE_HOTELS);
  cleanups.push(() => t.close());
  return t;
}

/** Where a catalog lives: a data directory and its database (SQLite file or PostgreSQL schema). */
type TestData = { dataDir: string; database: TestDatabase };

function importing(t: TestData, feed: LabelledFeedFile): CliProcess {
  const cli = startCli(t.dataDir, ['import', feed.file], t.database.env);
  // A test that fails must not leave an import behind, paused and holding the catalog.
  cleanups.push(async () => {
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.signal('SIGKILL');
    await cli.exited;
  });
  return cli;
}

/** An import paused while it holds the catalog: its transaction is open, with rows written. */
async function pausedImport(t: TestData, feed: LabelledFeedFile): Promise<CliProcess> {
  const cli = importing(t, feed);
  await cli.printed(/importing: 10%/);
  cli.signal('SIGSTOP');
  return cli;
}

/** An import that found another under way and said it waits for it. */
async function waitingImport(t: TestService, feed: LabelledFeedFile): Promise<CliProcess> {
  const cli = importing(t, feed);
  await cli.printed(WAITING);
  return cli;
}

/**
 * Waits until the running server answers from exactly this feed: a catalog of 10,000 hotels or
 * more imported without its index is built on a thread of its own, which under tsx first
 * compiles the service and builds the gazetteer (8-20 s on the 2-core machine, busy).
 */
async function servedFeed(t: TestService, feed: LabelledFeed): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const search = await t.request(`/hotels/search?destination=Lisbon&limit=5`);
    if (search.body.total === feed.count && search.body.hotels.every((h: { id: string }) => h.id.includes(`/${feed.label}-`))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never switched to feed ${feed.label}`);
}

/** Everything a user can see says the catalog is this feed, whole, and nothing of the others. */
async function expectCatalogIs(t: TestService, feed: LabelledFeed, generation: number, others: LabelledFeed[]): Promise<void> {
  const rows = await catalogRows(t.dataDir, t.database.env);
  expect(rows.state).toEqual({ generation, hotelCount: feed.count, source: `${feed.label}.ndjson` });
  expect(rows.rowsByGeneration).toEqual({ [generation]: feed.count });
  await servedFeed(t, feed);
  expect((await t.request('/hotels/search?destination=Lisbon')).body.total).toBe(feed.count);
  for (const n of [0, Math.floor(feed.count / 2), feed.count - 1]) {
    expect((await t.request(`/hotels/${feed.idOf(n)}`)).status).toBe(200);
  }
  for (const other of others) {
    expect(rows.rowsLike(`/${other.label}-`)).toBe(0);
    expect((await t.request(`/hotels/${other.idOf(0)}`)).status).toBe(404);
  }
  expect((await t.request(`/hotels/${FIXTURE_HOTELS[0].id}`)).status).toBe(404);
}

describe('imports at the same time', () => {
  it('take turns: each waits and says so once, the last to finish is the catalog, whole; one stopped by Ctrl-C while waiting changes nothing', async () => {
    const t = await serverWithCatalog();
    const first = writeLabelledFeed(t.dataDir, 'first', 12_000);
    const later = [writeLabelledFeed(t.dataDir, 'second', 6_000), writeLabelledFeed(t.dataDir, 'third', 4_000)];
    const cancelledFeed = writeLabelledFeed(t.dataDir, 'cancelled', 3_000);
    const before = await catalogRows(t.dataDir, t.database.env);
    const running = await pausedImport(t, first);
    const [second, third, cancelled] = await Promise.all([...later, cancelledFeed].map((feed) => waitingImport(t, feed)));
    cancelled.signal('SIGINT');
    expect(await cancelled.exited).toMatchObject({ signal: 'SIGINT', stdout: '' });
    // Until the first commits, everyone reads the catalog as it was, whole.
    const during = await catalogRows(t.dataDir, t.database.env);
    expect([during.state, during.rowsByGeneration, during.rowsLike('/first-')]).toEqual([before.state, before.rowsByGeneration, 0]);
    expect((await t.request(`/hotels/${FIXTURE_HOTELS[0].id}`)).status).toBe(200);

    running.signal('SIGCONT');
    const exits = await Promise.all([running, second, third].map((cli) => cli.exited));
    expect(exits[0]).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Imported 12,000 hotels from .*first\.ndjson as catalog generation \d+ in [\d.]+ s\./) });
    expect(exits[1]).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Imported 6,000 hotels from .*second\.ndjson as catalog generation \d+/) });
    expect(exits[2]).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Imported 4,000 hotels from .*third\.ndjson as catalog generation \d+/) });
    expect(exits.map((exit) => waitingLines(exit.stderr))).toEqual([0, 1, 1]);
    const generations = exits.map(generationOf);
    expect(generations[1]).toBeGreaterThan(generations[0]);
    expect(generations[2]).toBeGreaterThan(generations[0]);
    const last = generations[1] > generations[2] ? 1 : 2;
    const feeds = [first, ...later];
    await expectCatalogIs(t, feeds[last], generations[last], [...feeds.filter((_, i) => i !== last), cancelledFeed]);
    // Four imports, each making its index in its turn: 25-60 s on the busy 2-core machine.
  }, 120_000);

  it('one killed half way leaves the catalog as it was, and the next import goes ahead at once', async () => {
    const t = await serverWithCatalog();
    const before = await catalogRows(t.dataDir, t.database.env);
    const killed = importing(t, writeLabelledFeed(t.dataDir, 'killed', 12_000));
    await killed.printed(/importing: 50%/);
    killed.signal('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');

    const after = await catalogRows(t.dataDir, t.database.env);
    expect(after.state).toEqual(before.state);
    expect(after.rowsByGeneration).toEqual(before.rowsByGeneration);
    expect(after.rowsLike('/killed-')).toBe(0);
    expect((await t.request(`/hotels/${FIXTURE_HOTELS[0].id}`)).status).toBe(200);

    const next = writeLabelledFeed(t.dataDir, 'next', 3_000);
    const exit = await importing(t, next).exited;
    expect(exit.code).toBe(0);
    expect(waitingLines(exit.stderr)).toBe(0);
    await expectCatalogIs(t, next, generationOf(exit), []);
  });
});

describe('imports of two catalogs', () => {
  it('do not wait for each other (another data directory, or another schema of the same PostgreSQL database)', async () => {
    const [a, b] = [await serverWithCatalog(), await serverWithCatalog()];
    const held = await pausedImport(a, writeLabelledFeed(a.dataDir, 'held', 12_000));
    try {
      const other = writeLabelledFeed(b.dataDir, 'other', 3_000);
      const exit = await importing(b, other).exited;
      expect([exit.code, waitingLines(exit.stderr)]).toEqual([0, 0]);
      await expectCatalogIs(b, other, generationOf(exit), []);
    } finally {
      held.signal('SIGCONT');
    }
    expect((await held.exited).code).toBe(0);
  });
});

describe('keys changed during an import', () => {
  it('wait their turn where the import holds the only write lock (SQLite), and are made', async () => {
    const t = await serverWithCatalog();
    const running = await pausedImport(t, writeLabelledFeed(t.dataDir, 'first', 12_000));
    const create = startCli(t.dataDir, ['keys', 'create', '--tier', 'standard', '--code', 'during-import'], t.database.env);
    cleanups.push(async () => {
      if (create.child.exitCode === null) create.signal('SIGKILL');
      await create.exited;
    });
    if (usePostgres) {
      // PostgreSQL locks rows, not the database: the key is made at once.
      expect((await create.exited).code).toBe(0);
    } else {
      await create.printed(/Waiting for a catalog import to finish/);
      expect(create.child.exitCode).toBeNull();
    }
    running.signal('SIGCONT');
    const [created, imported] = await Promise.all([create.exited, running.exited]);
    expect([created.code, imported.code]).toEqual([0, 0]);
    expect(created.stdout).toMatch(/^live_[A-Za-z0-9]{43}\n$/);
    expect((await t.request('/hotels/find?name=Aurora', { headers: { authorization: `Bearer ${created.stdout.trim()}` } })).headers.get('x-ratelimit-limit')).toBe('2000');
  });
});

describe('an import while the server answers', () => {
  it('fails no request, and the server goes from the whole old catalog to the whole new one', async () => {
    const old = labelledFeed('old', 5_000);
    const t = await startTestService(old.hotels());
    cleanups.push(() => t.close());
    const replacement = writeLabelledFeed(t.dataDir, 'new', 12_000);

    const searches: { status: number; total: number }[] = [];
    const details: { status: number; id: string }[] = [];
    let running = true;
    const client = async () => {
      // Until the server has switched and this client too has had an answer from the new catalog.
      for (let total = 0; running || total !== replacement.count; ) {
        const search = await t.request('/hotels/search?destination=Lisbon&limit=3');
        total = search.body.total;
        searches.push({ status: search.status, total });
        if (search.status !== 200) continue;
        const id = search.body.hotels[0].id;
        details.push({ status: (await t.request(`/hotels/${id}`)).status, id });
      }
    };
    const clients = [client(), client()];
    const exit = await importing(t, replacement).exited;
    await servedFeed(t, replacement);
    running = false;
    await Promise.all(clients);

    expect(exit.code).toBe(0);
    expect(searches.length).toBeGreaterThan(10);
    expect(searches.filter((s) => s.status !== 200)).toEqual([]);
    expect([...new Set(searches.map((s) => s.total))].sort((x, y) => x - y)).toEqual([old.count, replacement.count]);
    // A hotel listed by the old index can be gone by the time its details are read: a 404
    // then, never an error.
    expect(details.filter((d) => d.status !== 200 && !(d.status === 404 && d.id.includes('/old-')))).toEqual([]);
    await expectCatalogIs(t, replacement, generationOf(exit), [old]);
    // Its index is built aside (see servedFeed): 15-45 s in all on the busy 2-core machine.
  }, 120_000);
});

describe('the demo catalog of a server starting during an import', () => {
  it('waits for the import and leaves its feed in place', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-test-'));
    const database = await testDatabase(dataDir);
    cleanups.push(async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const feed = writeLabelledFeed(dataDir, 'feed', 12_000);
    const cli = await pausedImport({ dataDir, database }, feed);

    let log = '';
    let onLog = () => {};
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        onLog();
        done();
      },
    });
    const logged = (text: string) => new Promise<void>((resolve) => (onLog = () => log.includes(text) && resolve()));
    const waitingLogged = logged('waiting for it before building the demo catalog');
    const starting = startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '2000' }, { dataDir, database, logger: pino(logStream) });
    const first = await Promise.race([waitingLogged.then(() => 'waiting'), starting.then(() => 'started')]);
    expect(first).toBe('waiting');
    cli.signal('SIGCONT');
    const t = await starting;
    cleanups.push(() => t.close());
    const exit = await cli.exited;

    expect(exit.code).toBe(0);
    expect(log).toContain('a catalog was imported meanwhile: no demo catalog');
    expect(log).not.toContain('demo catalog built');
    await expectCatalogIs(t, feed, generationOf(exit), []);
  });
});
