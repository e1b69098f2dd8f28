// An import under way says so in the data directory's index folder, so that a server seeing the
// catalog it commits reads the index the import saves next rather than building its own: a
// build pauses answering (6.6 s at a million hotels, measured), reading the saved file about
// half a second. A marker names its process; one whose process is gone, or older than an import
// can take, is not believed (an import stopped by SIGKILL leaves its marker behind).
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectories } from '../storage/directories.js';

const MARKER = /^import-(\d+)\.pending$/;
/** A marker older than this is an import that will not save anything any more. */
const MARKER_LIFETIME_MS = 30 * 60_000;

/** Marks an import under way in `dir`; the returned function takes the mark away (call it in a finally). */
export function markImport(dir: string): () => void {
  makeDirectories(dir);
  const path = join(dir, `import-${process.pid}.pending`);
  writeFileSync(path, '');
  return () => rmSync(path, { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether an import marked in `dir` is under way now. */
export function importUnderWay(dir: string, now = Date.now()): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = MARKER.exec(name)?.[1];
    if (pid === undefined || !processAlive(Number(pid))) continue;
    try {
      if (now - statSync(join(dir, name)).mtimeMs < MARKER_LIFETIME_MS) return true;
    } catch {
      // Taken away meanwhile: that import is done.
    }
  }
  return false;
}
