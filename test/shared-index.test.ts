// The catalog index in shared memory (serving threads): every thread decodes its own index from
// the same regions, and answers exactly as the index it came from. Queries never write the
// shared memory: each thread's scratch space is its own, so threads cannot corrupt each other's
// answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoHotels } from '../src/catalog/demo.js';
import { importFeedFile } from '../src/catalog/import.js';
import { loadConfig } from '../src/config.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { loadCatalogIndex } from '../src/search/catalog-index.js';
import { IndexSnapshots, indexDirectory } from '../src/search/index-snapshot.js';
import { indexFromRegions, inSharedMemory } from '../src/search/shared-index.js';
import type { GraphRegions } from '../src/snapshot/graph-file.js';
import { openStorage } from '../src/storage/storage.js';
import { answersOf } from './support/index-answers.js';
import { writeFeed } from './support/test-service.js';

const checksums = (regions: GraphRegions) => [regions.outline, regions.strings, regions.binary].map((bytes) => crc32(bytes));

describe('a catalog index in shared memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shared-index-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers in every thread as the index it came from, and no query writes the shared memory', async () => {
    const gazetteer = builtInGazetteer();
    const storage = await openStorage(loadConfig({ DATA_DIR: dir }));
    try {
      const version = await importFeedFile(storage.catalog, gazetteer, await writeFeed(dir, [...generateDemoHotels(gazetteer, 20_000)]));
      const built = await loadCatalogIndex(storage.catalog, version, gazetteer);
      const expected = answersOf(built, gazetteer, 11);

      // Built here: encoded into shared memory, and this thread's index decoded from it.
      const shared = inSharedMemory(built, undefined, gazetteer);
      // Object.is: vitest's .not.toBe deep-compares two distinct objects, here two whole indexes.
      expect(Object.is(shared.index, built)).toBe(false);
      expect(shared.regions.binary.buffer).toBeInstanceOf(SharedArrayBuffer);
      // The hotel table's texts are in the shared binary region, not in per-thread strings.
      expect(shared.regions.binary.byteLength).toBeGreaterThan(20 * shared.regions.strings.byteLength);
      const before = checksums(shared.regions);
      const other = indexFromRegions(shared.regions, gazetteer);
      // Queries on both, in turns, as two threads would make them.
      expect(answersOf(shared.index, gazetteer, 11)).toEqual(expected);
      expect(answersOf(other, gazetteer, 11)).toEqual(expected);
      expect(answersOf(shared.index, gazetteer, 12)).toEqual(answersOf(other, gazetteer, 12));
      expect(checksums(shared.regions)).toEqual(before);

      // Read from its file into shared memory: its regions are given as read, and are the index's own.
      const snapshots = new IndexSnapshots(indexDirectory(dir), null, true);
      snapshots.save(built, gazetteer);
      const { index: read, regions, problem } = await snapshots.load(version, gazetteer);
      expect(problem).toBeUndefined();
      expect(regions!.binary.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(inSharedMemory(read!, regions, gazetteer)).toEqual({ index: read, regions });
      const fromFile = checksums(regions!);
      expect(answersOf(read!, gazetteer, 11)).toEqual(expected);
      expect(answersOf(indexFromRegions(regions!, gazetteer), gazetteer, 11)).toEqual(expected);
      expect(checksums(regions!)).toEqual(fromFile);
      // Without threads, nothing is read into shared memory.
      expect((await new IndexSnapshots(indexDirectory(dir)).load(version, gazetteer)).regions).toBeUndefined();
    } finally {
      await storage.close();
    }
  });
});
