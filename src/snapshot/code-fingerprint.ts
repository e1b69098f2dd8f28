// What a saved index was built by: a hash of this program's source files and of the package
// lock (the data packages the gazetteer comes from). A file saved by another version of the
// code is never read as this one's, even when its layout happens to match.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

let fingerprint: string | undefined;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(js|ts|mjs|cjs)$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** The nearest package-lock.json above a folder, if any. */
function lockFileAbove(dir: string): string | null {
  for (let at = dir; ; at = dirname(at)) {
    const lock = join(at, 'package-lock.json');
    if (existsSync(lock)) return lock;
    if (dirname(at) === at) return null;
  }
}

/** The fingerprint of the running code (computed once: a few milliseconds). */
export function codeFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  // This file lives in <source root>/snapshot/.
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const hash = createHash('sha256');
  const lock = lockFileAbove(root);
  for (const file of lock ? [...sourceFiles(root), lock] : sourceFiles(root)) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  fingerprint = hash.digest('hex').slice(0, 32);
  return fingerprint;
}
