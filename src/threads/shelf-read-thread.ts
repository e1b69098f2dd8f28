// A file copied from the database's shelf on a thread of its own (see shelf-reader.ts).
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { PostgresFileShelf } from '../storage/postgres-file-shelf.js';
import type { ShelfReadResult, ShelfReadStart } from './messages.js';

const { databaseUrl, timeoutMs, name, path } = workerData as ShelfReadStart;

async function read(): Promise<boolean> {
  // The parts asked for ahead each take a connection.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: timeoutMs });
  pool.on('error', () => undefined);
  try {
    return await new PostgresFileShelf(pool).get(name, path);
  } finally {
    await pool.end();
  }
}

read().then(
  (found) => parentPort!.postMessage({ found } satisfies ShelfReadResult),
  (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ShelfReadResult),
);
