// What the main thread and the serving threads say to each other (worker_threads messages).
import type { CatalogVersion } from '../catalog/store.js';
import type { Config } from '../config.js';
import type { Consumption, Draw } from '../limits/counter-store.js';
import type { GraphRegions } from '../snapshot/graph-file.js';

/** A catalog index switched to, in shared memory: each thread decodes its own from the regions. */
export interface IndexMessage {
  type: 'index';
  generation: number;
  regions: GraphRegions;
}

/** What a serving thread is started with. */
export interface ThreadStart {
  config: Config;
  /** The port the main thread listens on (PORT may be 0: any free one). */
  port: number;
  index: IndexMessage | null;
  draining: boolean;
  /** Which of the serving threads it is, from 1 (for metrics by thread). */
  number: number;
}

/** From the main thread to a serving thread. */
export type ToThread =
  | IndexMessage
  | { type: 'counted'; id: number; consumption?: Consumption; error?: string }
  | { type: 'metrics-text'; id: number; text?: string; error?: string }
  | { type: 'metrics-json'; id: number }
  | { type: 'drain' }
  | { type: 'close' }
  | { type: 'close-connections' };

/** From a serving thread to the main thread. */
export type FromThread =
  | { type: 'listening' }
  | { type: 'start-failed'; message: string }
  | { type: 'count'; id: number; draw: Draw }
  | { type: 'metrics'; id: number }
  | { type: 'metrics-json'; id: number; metrics: unknown[] };

/** What a thread building a catalog index aside is started with (index-builder.ts). */
export interface IndexBuildStart {
  config: Config;
  version: CatalogVersion;
  /** The saved file found for this generation could not be used: replace it on the shelf too. */
  replace: boolean;
}

/** What it answers: the index in shared memory, or why not. */
export type IndexBuildResult =
  | { type: 'built'; regions: GraphRegions; buildMs: number; saved: string | null; saveProblem?: string }
  | { type: 'failed'; message: string; changed: boolean };

/** What a thread copying a file from the database's shelf is started with (shelf-reader.ts). */
export interface ShelfReadStart {
  databaseUrl: string;
  timeoutMs: number;
  name: string;
  path: string;
}

/** Whether the shelf had the file (now at the path), or why it could not be copied. */
export type ShelfReadResult = { found: boolean } | { error: string };
