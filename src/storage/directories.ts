// Making a directory and the ones above it. Node's recursive mkdir loops for ever where a
// parent exists but refuses children with ENOENT (a DATA_DIR under /proc hung the start); this
// climbs to the first directory that exists, then makes each one below it once, and throws
// the first refusal as it came.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path);
    } catch (error) {
      // Made meanwhile by another process (a server and an import starting together): fine.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
}
