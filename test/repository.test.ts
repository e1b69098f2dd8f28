// What a clone carries: no data directory (a database, saved indexes) committed by mistake. A
// tracked file over 5 MB fails unless it is a data file the project means to ship, named below
// with the reason; a built data file belongs beside the script that derives it (docs/data-sources.md).
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LIMIT_BYTES = 5 * 1024 * 1024;

/** Tracked files allowed over the limit, each with why it is in the repository. None today. */
const KNOWN_DATA_FILES: Record<string, string> = {};

/** What a data directory holds, whatever its size: never tracked. */
const DATA_DIRECTORY_FILE = /(^|\/)(indexes\/.*\.bin|[^/]*\.sqlite(-wal|-shm)?|import-\d+\.pending)$/;

describe('the repository', () => {
  const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);

  it('tracks no file over 5 MB that is not a known data file', () => {
    expect(tracked.length).toBeGreaterThan(100);
    // A file deleted in the work tree but not yet in the index has no size to check.
    const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    expect(tracked.filter((path) => sizeOf(path) > LIMIT_BYTES && !(path in KNOWN_DATA_FILES))).toEqual([]);
  });

  it('tracks no database, saved index or import marker of a data directory', () => {
    expect(tracked.filter((path) => DATA_DIRECTORY_FILE.test(path))).toEqual([]);
  });
});
