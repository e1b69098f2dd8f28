// Indexes kept built in DATA_DIR/indexes. Read back, they answer exactly as the indexes they
// were saved from; a server started again answers as before and reads them instead of
// building; a newer catalog, a damaged file or another gazetteer is never answered from a file
// that is not its own.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoHotels } from '../src/catalog/demo.js';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { importFeedFile } from '../src/catalog/import.js';
import { importCommand } from '../src/cli/commands/import-command.js';
import { loadConfig } from '../src/config.js';
import { GazetteerResolver } from '../src/places/destination-resolver.js';
import { builtInGazetteer, type Gazetteer } from '../src/places/gazetteer.js';
import { openPlaceIndexes } from '../src/places/saved-places.js';
import { loadCatalogIndex, type CatalogIndex } from '../src/search/catalog-index.js';
import { IndexSnapshots, indexDirectory } from '../src/search/index-snapshot.js';
import { BUILD_ASIDE_FROM_HOTELS } from '../src/search/live-index.js';
import { openStorage } from '../src/storage/storage.js';
import { runCli } from './support/cli.js';
import { answersOf } from './support/index-answers.js';
import { startTestService, writeFeed } from './support/test-service.js';
import { testDatabase, usePostgres } from './support/test-database.js';
import { openPostgres } from '../src/storage/postgres.js';
import { PostgresFileShelf } from '../src/storage/postgres-file-shelf.js';
import { randomBytes } from 'node:crypto';

const silent = pino({ level: 'silent' });
/** The test services keep no indexes unless told to. */
const SAVING = { SAVED_INDEXES: 'true' };

// The index and the gazetteer saved to files and read back: no database is involved (the first
// test's catalog is an SQLite file of its own), so the sqlite project alone runs them.
describe.skipIf(usePostgres)('a saved catalog index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saved-index-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every query exactly as the index it was saved from', async () => {
    const gazetteer = builtInGazetteer();
    const storage = await openStorage(loadConfig({ DATA_DIR: dir }));
    try {
      const feed = await writeFeed(dir, [...generateDemoHotels(gazetteer, 20_000)]);
      const version = await importFeedFile(storage.catalog, gazetteer, feed);
      const built = await loadCatalogIndex(storage.catalog, version, gazetteer);
      const snapshots = new IndexSnapshots(indexDirectory(dir));
      expect((await snapshots.load(version, gazetteer)).index).toBeNull();
      snapshots.save(built, gazetteer);
      expect(snapshots.has(version, gazetteer)).toBe(true);
      const { index: read, problem } = await snapshots.load(version, gazetteer);
      expect(problem).toBeUndefined();
      expect(read).not.toBeNull();
      // Object.is, not .not.toBe: vitest's toBe deep-compares objects that are not the same one
      // (for its failure hint), which for two whole indexes took most of this test's minute.
      expect(Object.is(read, built)).toBe(false);
      const expected = answersOf(built, gazetteer, 7);
      expect(answersOf(read!, gazetteer, 7)).toEqual(expected);
      // Read in the background beforehand (as a start does while it decodes the gazetteer): the same.
      snapshots.prefetch(version, gazetteer.identity!);
      const prefetched = await snapshots.load(version, gazetteer);
      expect(prefetched.problem).toBeUndefined();
      expect(Object.is(prefetched.index, read)).toBe(false);
      expect(answersOf(prefetched.index!, gazetteer, 7)).toEqual(expected);
      // Another generation, or a catalog imported at another time, is not this file's, read in the background or not.
      expect((await snapshots.load({ ...version, generation: version.generation + 1 }, gazetteer)).index).toBeNull();
      expect((await snapshots.load({ ...version, importedAt: '2020-01-01T00:00:00.000Z' }, gazetteer)).index).toBeNull();
      snapshots.prefetch(version, gazetteer.identity!);
      expect((await snapshots.load({ ...version, importedAt: '2020-01-01T00:00:00.000Z' }, gazetteer)).index).toBeNull();
      // A prefetch of another gazetteer's file finds none, and the load reads its own.
      snapshots.prefetch(version, 'loaded 1 2');
      const own = (await snapshots.load(version, gazetteer)).index!;
      expect([own.size, own.table.idOf(0), own.table.nameOf(own.size - 1)]).toEqual([built.size, built.table.idOf(0), built.table.nameOf(built.size - 1)]);
    } finally {
      await storage.close();
    }
  });
});

describe.skipIf(usePostgres)('saved places', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saved-places-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('read back, resolve destinations and suggest places exactly as the gazetteer they were saved from', async () => {
    const { places: built } = await openPlaceIndexes(dir, indexDirectory(dir), silent);
    expect(readdirSync(indexDirectory(dir)).some((f) => f.startsWith('gazetteer-'))).toBe(true);
    const { places: read } = await openPlaceIndexes(dir, indexDirectory(dir), silent);
    expect(Object.is(read.gazetteer, built.gazetteer)).toBe(false);
    const texts = ['Paris', 'paris, tx', 'Lisbon', 'Lisbn', 'new york', 'NYC', 'LHR', 'heathrow', 'Eiffel Tower', 'München', 'Tokio', 'Rio de Janiero', 'Bali', 'Tuscany', 'Portugal', 'Springfield, IL', 'Sevile', 'Kyoto', 'Zzyzx Nowhere', 'Mallorca', 'Lake Garda', 'Yosemite', 'Machu Picchu', 'Sylt'];
    const hotels = (placeId: string) => placeId.length;
    for (const text of texts) {
      const resolve = (g: Gazetteer) => JSON.parse(JSON.stringify(new GazetteerResolver(g).resolve(text, hotels)));
      expect(resolve(read.gazetteer)).toEqual(resolve(built.gazetteer));
      for (const typed of [text.slice(0, 3), text.slice(0, 5), text]) {
        expect(read.suggestions.suggest(typed, 8, hotels)).toEqual(built.suggestions.suggest(typed, 8, hotels));
      }
    }
    for (const id of ['geonames:2988507', 'country:PT', 'region:US.TX', 'iata:LHR', 'geonames:0', 'area:mallorca-es', 'area:cape-cod-us']) {
      expect(read.gazetteer.get(id)).toEqual(built.gazetteer.get(id));
    }
    // It builds the whole gazetteer and its suggestions, saves and reads them: 22–27 s in CI runs
    // beside the other project's tests, 31 s once on a slow day, 39 s beside another test file.
  }, 90_000);
});

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const switched = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'catalog index switched').map((l) => l.index);

function hotels(count: number, seed: number): HotelRecord[] {
  return [...generateDemoHotels(builtInGazetteer(), count)].map((h) => ({ ...h, id: `${h.id}-${seed}`, name: `${h.name} ${seed === 1 ? 'First' : 'Second'}` }));
}

async function sampleAnswers(request: (path: string) => Promise<{ status: number; body: unknown }>) {
  const paths = ['/hotels/search?destination=Lisbon&limit=5', '/hotels/search?lat=48.8566&lng=2.3522&radius_km=5&limit=5', '/hotels/find?name=Palace', '/suggest?q=Lis'];
  return Promise.all(
    paths.map(async (path) => {
      const { status, body } = await request(path);
      return [path, status, body];
    }),
  );
}

describe('a server started again on its data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'saved-restart-test-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reads its indexes instead of building them and answers as before; a newer catalog or a damaged file is built', async () => {
    const first = capturedLogger();
    const a = await startTestService(hotels(3000, 1), SAVING, { dataDir, logger: first.logger });
    const before = await sampleAnswers(a.request);
    expect(switched(first.lines)).toEqual(['built']);
    await a.service.close();
    expect(readdirSync(indexDirectory(dataDir)).filter((f) => f.endsWith('.bin')).length).toBe(2);

    const second = capturedLogger();
    const b = await startTestService(null, SAVING, { dataDir, database: a.database, logger: second.logger });
    expect(switched(second.lines)).toEqual(['read from its file']);
    expect(await sampleAnswers(b.request)).toEqual(before);
    // Its catalog changes while it runs (imported without an index): the new one is built, never
    // read from the old file, and kept (a catalog this small is built in place).
    await b.importFeed(hotels(2000, 2));
    await expect.poll(() => switched(second.lines), { timeout: 15_000 }).toEqual(['read from its file', 'built']);
    const after = await sampleAnswers(b.request);
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain('Second');
    expect(JSON.stringify(after)).not.toContain('First');
    const catalogFiles = () => readdirSync(indexDirectory(dataDir)).filter((f) => f.startsWith('catalog-index-'));
    expect(catalogFiles().length).toBe(2);
    await b.service.close();

    /** Starts a server on the data directory, reads its answers and stops it. */
    const restart = async (index: 'built' | 'read from its file') => {
      const log = capturedLogger();
      const server = await startTestService(null, SAVING, { dataDir, database: a.database, logger: log.logger });
      expect(switched(log.lines)).toEqual([index]);
      expect(await sampleAnswers(server.request)).toEqual(after);
      await server.service.close();
      return log.lines;
    };

    const newest = catalogFiles().sort((x, y) => Number(/-(\d+)-/.exec(y)![1]) - Number(/-(\d+)-/.exec(x)![1]))[0];
    await restart('read from its file');
    // Gone from the data directory, and from the database, whence a server would copy it.
    rmSync(join(indexDirectory(dataDir), newest));
    if (usePostgres) {
      await a.database.sql('DELETE FROM saved_file_parts WHERE name = $1', [newest]);
      await a.database.sql('DELETE FROM saved_files WHERE name = $1', [newest]);
    }

    // Started on the new catalog, with no file for it: built and saved before it answers.
    await restart('built');
    expect(catalogFiles()).toContain(newest);

    // A damaged file is reported, built again and replaced.
    for (const file of catalogFiles()) {
      const path = join(indexDirectory(dataDir), file);
      const damaged = readFileSync(path);
      damaged.fill(7, damaged.length - 5000);
      damaged.fill(0, 200, 4000);
      writeFileSync(path, damaged);
    }
    const lines = await restart('built');
    expect(lines.some((l) => l.msg === 'saved catalog index not readable; building it from the catalog')).toBe(true);
    await restart('read from its file');

    // Bytes changed in the middle of the file, among the saved arrays, where no length or
    // outline would show it: found by the file's checksum, built again and replaced.
    for (const file of catalogFiles()) {
      const path = join(indexDirectory(dataDir), file);
      const damaged = readFileSync(path);
      damaged.fill(0xff, damaged.length >> 1, (damaged.length >> 1) + 3000);
      writeFileSync(path, damaged);
    }
    const checked = await restart('built');
    const report = checked.find((l) => l.msg === 'saved catalog index not readable; building it from the catalog');
    expect(JSON.stringify(report)).toMatch(/checksum does not match/);
    await restart('read from its file');
    await a.database.drop();
    // Nine servers started, three of them building: 15-50 s, more beside another test file on the busy machine.
  }, 120_000);

  it('keeps nothing with SAVED_INDEXES=false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-saved-test-'));
    const service = await startTestService(hotels(500, 1), { SAVED_INDEXES: 'false' }, { dataDir: dir });
    expect((await service.request('/hotels/search?destination=Lisbon&limit=1')).status).toBe(200);
    // (Closing it drops its database too: it made it.)
    await service.close();
    expect(existsSync(indexDirectory(dir))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an import from the command line', () => {
  it('saves the new catalog index, which a server then starts from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-saves-test-'));
    const probe = await startTestService(null, SAVING, { dataDir: dir });
    await probe.service.close();
    const config = loadConfig({ ...probe.database.env, DATA_DIR: dir, LOG_LEVEL: 'silent', SAVED_INDEXES: 'true' });
    const feed = await writeFeed(dir, hotels(1500, 1));
    const log = console.log;
    const printed: string[] = [];
    console.log = (...args: unknown[]) => printed.push(args.join(' '));
    try {
      expect(await importCommand(config, feed)).toBe(0);
    } finally {
      console.log = log;
    }
    expect(printed.some((line) => line.startsWith('Saved its index for servers to start from'))).toBe(true);
    const captured = capturedLogger();
    const server = await startTestService(null, SAVING, { dataDir: dir, database: probe.database, logger: captured.logger });
    expect(switched(captured.lines)).toEqual(['read from its file']);
    const found = await server.request('/hotels/find?name=Palace%20First');
    expect(found.status).toBe(200);
    expect(found.body.hotel.name).toContain('First');
    await server.service.close();

    // With PostgreSQL, a server on another machine (an empty data directory) copies the index
    // and the gazetteer the import saved from the database instead of building them.
    if (process.env.TEST_STORAGE === 'postgres') {
      expect(printed.some((line) => line.startsWith('Copied it to the database for servers on other machines'))).toBe(true);
      const elsewhere = mkdtempSync(join(tmpdir(), 'other-machine-test-'));
      const other = capturedLogger();
      const remote = await startTestService(null, SAVING, { dataDir: elsewhere, database: probe.database, logger: other.logger });
      expect(other.lines.some((l) => l.msg === 'saved catalog index copied from the database')).toBe(true);
      expect(switched(other.lines)).toEqual(['read from its file']);
      expect(readdirSync(indexDirectory(elsewhere)).sort()).toEqual(readdirSync(indexDirectory(dir)).sort());
      expect((await remote.request('/hotels/find?name=Palace%20First')).body).toEqual(found.body);
      await remote.service.close();
      rmSync(elsewhere, { recursive: true, force: true });
    }
    await probe.database.drop();
    rmSync(dir, { recursive: true, force: true });
    // A server, a CLI import and two more servers, each building or reading the gazetteer: 12-25 s
    // alone, 34 s once beside another test file on the 2-core machine.
  }, 90_000);
});

describe('an import while a server runs', () => {
  it('publishes the catalog with its index, which the server reads rather than build its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-while-serving-test-'));
    const captured = capturedLogger();
    const server = await startTestService(hotels(800, 1), SAVING, { dataDir: dir, logger: captured.logger });
    expect(switched(captured.lines)).toEqual(['built']);
    const feed = await writeFeed(dir, hotels(1500, 2));
    // In its own process, as an operator runs it: the server polls while it imports.
    const imported = await runCli(dir, ['import', feed], { ...server.database.env, SAVED_INDEXES: 'true' });
    expect([imported.code, imported.stdout]).toEqual([0, expect.stringContaining('Saved its index for servers to start from')]);
    // The index is saved before the catalog is published: said before the import says it is done.
    const said = imported.stdout.split('\n');
    expect(said.findIndex((l) => l.startsWith('Saved its index'))).toBeLessThan(said.findIndex((l) => l.startsWith('Imported 1,500 hotels')));
    await expect.poll(() => switched(captured.lines), { timeout: 15_000 }).toEqual(['built', 'read from its file']);
    expect((await server.request('/hotels/find?name=Palace%20Second')).body.hotel.name).toContain('Second');
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('has a server build a catalog imported without its index on a thread of its own, and keep it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-without-index-test-'));
    const captured = capturedLogger();
    const server = await startTestService(hotels(800, 1), SAVING, { dataDir: dir, logger: captured.logger });
    // Large enough to be built aside: smaller catalogs are built in place, in less time than a thread's start.
    const feed = await writeFeed(dir, hotels(BUILD_ASIDE_FROM_HOTELS, 2));
    const imported = await runCli(dir, ['import', feed], { ...server.database.env, SAVED_INDEXES: 'false' });
    expect([imported.code, imported.stdout]).toEqual([0, expect.not.stringContaining('Saved its index')]);
    // A thread that loads TypeScript sources takes 8-20 s to build aside, more on a busy machine.
    await expect.poll(() => switched(captured.lines), { timeout: 60_000 }).toEqual(['built', 'built on a thread of its own']);
    const built = captured.lines.find((l) => l.msg === 'catalog index built on a thread of its own')!;
    expect(built.saved).toEqual(expect.stringContaining(indexDirectory(dir)));
    expect(existsSync(built.saved as string)).toBe(true);
    // It answers from the new catalog exactly as an index built in place would.
    const found = await server.request('/hotels/find?name=Palace%20Second');
    expect(found.body.hotel.name).toContain('Second');
    const search = await server.request('/hotels/search?destination=Lisbon&limit=5');
    expect(search.status).toBe(200);
    const version = (await server.service.store.current())!;
    const reference = await loadCatalogIndex(server.service.store, version, builtInGazetteer());
    expect(answersOf(server.service.liveIndex.current!, builtInGazetteer(), 3)).toEqual(answersOf(reference, builtInGazetteer(), 3));
    await server.service.close();
    // The next start reads the file the thread kept.
    const next = capturedLogger();
    const again = await startTestService(null, SAVING, { dataDir: dir, database: server.database, logger: next.logger });
    expect(switched(next.lines)).toEqual(['read from its file']);
    await again.service.close();
    await server.database.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

describe.runIf(usePostgres)('the file shelf in PostgreSQL', () => {
  it('gives back a file of many parts byte for byte, replaces it whole, and lets go of old ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shelf-test-'));
    const database = await testDatabase(dir);
    const pool = await openPostgres(database.env.DATABASE_URL, 5000);
    try {
      const shelf = new PostgresFileShelf(pool);
      const path = join(dir, 'catalog-index-7-abc.bin');
      // 10.5 MB: three parts of 4 MB, the last one short.
      const content = randomBytes(10.5 * 1024 * 1024);
      writeFileSync(path, content);
      await shelf.put(path, 'catalog-index-');
      expect(await shelf.get('catalog-index-7-abc.bin', join(dir, 'copy.bin'))).toBe(true);
      expect(readFileSync(join(dir, 'copy.bin')).equals(content)).toBe(true);
      expect(await shelf.get('catalog-index-8-abc.bin', join(dir, 'none.bin'))).toBe(false);
      expect(existsSync(join(dir, 'none.bin'))).toBe(false);

      // Put again with other content: kept as it was, unless replaced; then the shelf holds the new file only.
      const smaller = randomBytes(1000);
      writeFileSync(path, smaller);
      expect(await shelf.put(path, 'catalog-index-')).toBe(false);
      expect(await shelf.get('catalog-index-7-abc.bin', join(dir, 'copy.bin'))).toBe(true);
      expect(readFileSync(join(dir, 'copy.bin')).equals(content)).toBe(true);
      expect(await shelf.put(path, 'catalog-index-', { replace: true })).toBe(true);
      expect(await shelf.get('catalog-index-7-abc.bin', join(dir, 'copy.bin'))).toBe(true);
      expect(readFileSync(join(dir, 'copy.bin')).equals(smaller)).toBe(true);

      // Another generation's file, once nobody has put it for a while, goes with the next put.
      await database.sql(`UPDATE saved_files SET saved_at = now() - interval '1 hour' WHERE name = $1`, ['catalog-index-7-abc.bin']);
      const next = join(dir, 'catalog-index-8-abc.bin');
      writeFileSync(next, content.subarray(0, 5000));
      await shelf.put(next, 'catalog-index-');
      expect(await shelf.get('catalog-index-7-abc.bin', join(dir, 'old.bin'))).toBe(false);
      expect(await shelf.get('catalog-index-8-abc.bin', join(dir, 'new.bin'))).toBe(true);
      expect(readFileSync(join(dir, 'new.bin')).equals(content.subarray(0, 5000))).toBe(true);
      // Instances that saved the same file at once put it once, and none fails.
      const same = join(dir, 'catalog-index-9-abc.bin');
      writeFileSync(same, content.subarray(0, 9 * 1024 * 1024));
      const puts = await Promise.all([1, 2, 3].map(() => shelf.put(same, 'catalog-index-')));
      expect(puts.filter(Boolean)).toHaveLength(1);
      const racing = await Promise.all([1, 2, 3].map(() => shelf.put(same, 'catalog-index-', { replace: true })));
      expect(racing).toEqual([true, true, true]);
      expect(await shelf.get('catalog-index-9-abc.bin', join(dir, 'nine.bin'))).toBe(true);
      expect(readFileSync(join(dir, 'nine.bin')).equals(content.subarray(0, 9 * 1024 * 1024))).toBe(true);
      // No partial file is left beside the copies.
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await pool.end();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
