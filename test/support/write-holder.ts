// Another process holding the database's writes for a while, as an import does: SQLite's write
// lock (BEGIN IMMEDIATE), or, on PostgreSQL, the usage table locked against writes. In a process
// of its own because SQLite waits for a lock synchronously: a holder inside the test's own
// process could not let go while the service waits.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sqliteFile } from '../../src/storage/sqlite.js';
import { usePostgres } from './test-database.js';

const SQLITE_HOLDER = `
import Database from 'better-sqlite3';
const db = new Database(process.env.HOLD_FILE);
db.exec('BEGIN IMMEDIATE');
console.log('held');
setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, Number(process.env.HOLD_MS));
`;

const POSTGRES_HOLDER = `
import pg from 'pg';
const client = new pg.Client(process.env.HOLD_URL);
await client.connect();
await client.query('BEGIN');
await client.query('LOCK TABLE usage_counts IN EXCLUSIVE MODE');
console.log('held');
setTimeout(async () => { await client.query('ROLLBACK'); await client.end(); }, Number(process.env.HOLD_MS));
`;

/** Holds the writes of the database for `ms` from when it resolves; `released` settles when it has let go. */
export async function holdWrites(dataDir: string, databaseEnv: Record<string, string>, ms: number): Promise<{ released: Promise<unknown> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', usePostgres ? POSTGRES_HOLDER : SQLITE_HOLDER], {
    env: { ...process.env, HOLD_FILE: sqliteFile(dataDir), HOLD_URL: databaseEnv.DATABASE_URL ?? '', HOLD_MS: String(ms) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const released = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`the write holder exited with ${code} before holding`)));
  });
  return { released };
}
