// The gazetteer and place suggestions built once for the whole run (a global setup), in a folder
// of the machine's temporary directory named by the code's fingerprint, and copied into the data
// directory of each service a test starts in its own process, where the service reads it as it
// reads a file it saved itself. Building them costs a process 3-5 s of CPU (more on a busy
// machine), and the suite starts dozens of such processes: what a test of a process is about is
// the process, not the gazetteer. saved-indexes.test.ts tests the building and the reading.
import { copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openPlaceIndexes, savedPlacesPath } from '../../src/places/saved-places.js';
import { indexDirectory } from '../../src/search/index-snapshot.js';
import { makeDirectories } from '../../src/storage/directories.js';
import { codeFingerprint } from '../../src/snapshot/code-fingerprint.js';

const seedDirectory = () => join(tmpdir(), `hotel-affiliate-test-places-${codeFingerprint().slice(0, 12)}`);

/** Vitest's global setup: the places built and saved once, unless a run of the same code did. */
export default async function seedPlaces(): Promise<void> {
  if (existsSync(savedPlacesPath(indexDirectory(seedDirectory())))) return;
  await openPlaceIndexes(seedDirectory(), indexDirectory(seedDirectory()), pino({ level: 'silent' }));
}

/**
 * Puts the built places into a data directory that has none (nothing when there is no seed, or
 * the directory cannot be made: a test of a DATA_DIR that cannot be used).
 */
export function withSeededPlaces(dataDir: string): void {
  const seed = savedPlacesPath(indexDirectory(seedDirectory()));
  const target = savedPlacesPath(indexDirectory(dataDir));
  if (!existsSync(seed) || existsSync(target)) return;
  try {
    // The service's own maker of directories: Node's recursive mkdir loops for ever under /proc,
    // where a test puts a DATA_DIR that cannot be made.
    makeDirectories(indexDirectory(dataDir));
    copyFileSync(seed, target);
  } catch {
    // Left to the service, which says what is wrong with its DATA_DIR.
  }
}
