// The console's built script and style sheet (dist/console, made by `npm run build` with esbuild
// from console/src), read once when the service starts, with a version from their content: the
// page names them with it, so they may be cached for a year and a new release is fetched anew.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export interface ConsoleFile {
  body: Buffer;
  /** A digest of the content: the page asks for the file with ?v=<version>. */
  version: string;
  etag: string;
  type: string;
}

export const CONSOLE_FILES = { 'console.js': 'text/javascript; charset=utf-8', 'console.css': 'text/css; charset=utf-8' } as const;
export type ConsoleFileName = keyof typeof CONSOLE_FILES;

/** A built file of the console, or null when the console has not been built. */
export function consoleFile(name: ConsoleFileName): ConsoleFile | null {
  const path = join(packageRoot(), 'dist', 'console', name);
  if (!existsSync(path)) return null;
  const body = readFileSync(path);
  const digest = createHash('sha256').update(body).digest('base64url');
  return { body, version: digest.slice(0, 16), etag: `"${digest.slice(0, 27)}"`, type: CONSOLE_FILES[name] };
}
