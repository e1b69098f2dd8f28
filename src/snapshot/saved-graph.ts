// Saved graphs kept in a folder, each known by its meta (what it was built from): what the
// catalog index files and the places file share. A file is read only when its meta has every
// field of the one expected; other versions' files are removed after a while.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openGraph, openGraphInBackground, saveGraph, type OpenedGraph, type SaveOptions } from './graph-file.js';
import { makeDirectories } from '../storage/directories.js';

/** Files of other generations or versions are removed once this old (another process may still be writing or reading its own). */
const STALE_AFTER_MS = 10 * 60_000;

/** True when a file's meta has every field of `expected`, equal. */
function metaMatches(found: unknown, expected: object): boolean {
  if (typeof found !== 'object' || found === null) return false;
  const fields = found as Record<string, unknown>;
  return Object.entries(expected).every(([key, value]) => fields[key] === value);
}

/** A saved graph read: the graph, or null (no file or another's: no `problem`; unreadable: the problem). */
export interface SavedRead {
  value: unknown;
  problem?: unknown;
}

/** Reads the graph saved at `path` if its meta is `expected`. Throws nothing. */
export function readSaved(path: string, expected: object, options: SaveOptions): SavedRead {
  let opened;
  try {
    opened = openGraph(path);
  } catch (error) {
    return unopened(error);
  }
  return readOpened(opened, expected, options);
}

/**
 * Opens the graph saved at `path` and reads it on libuv's threads, if its meta is `expected`
 * (else only the meta is read); `shared`: into shared memory, its regions kept for other
 * threads. Throws as openGraph does; readOpened then decodes it.
 */
export function openSavedInBackground(path: string, expected: object, shared = false): Promise<OpenedGraph> {
  return openGraphInBackground(path, (meta) => metaMatches(meta, expected), shared);
}

/** What a file that could not be opened reads as: nothing, and a problem unless it is simply not there. */
export function unopened(error: unknown): SavedRead {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { value: null } : { value: null, problem: error };
}

/** Reads an opened graph if its meta is `expected`, and closes it. Throws nothing. */
export function readOpened(opened: OpenedGraph, expected: object, options: SaveOptions): SavedRead {
  if (!metaMatches(opened.meta, expected)) {
    opened.close();
    return { value: null };
  }
  try {
    return { value: opened.read(options) };
  } catch (error) {
    return { value: null, problem: error };
  }
}

/** Whether a graph of meta `expected` is saved at `path` (its meta is read, not the graph). */
export function hasSaved(path: string, expected: object): boolean {
  try {
    const opened = openGraph(path);
    opened.close();
    return metaMatches(opened.meta, expected);
  } catch {
    return false;
  }
}

/** Saves a graph at `path` in `dir` (whole, by a rename), then removes the folder's stale files of `prefix`. */
export function saveInFolder(dir: string, prefix: string, path: string, meta: object, root: unknown, options: SaveOptions): void {
  makeDirectories(dir);
  saveGraph(path, meta, root, options);
  removeStaleFiles(dir, prefix, path);
}

/**
 * Removes the files of a folder whose names begin with `prefix` (saved graphs and abandoned
 * partial ones), except `keep`, that nobody wrote lately.
 */
function removeStaleFiles(dir: string, prefix: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith(prefix) || path === keep) continue;
    try {
      if (now - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
