// The file shelf in PostgreSQL: a file is a row naming it and its parts of 16 MB, written in
// one transaction, so a reader finds a whole file or none.
import { open, rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type pg from 'pg';
import type { FileShelf } from './file-shelf.js';
import { inTransaction } from './postgres.js';

const PART_BYTES = 16 * 1024 * 1024;
/** Files of an older generation or version are removed once nobody put them there for this long. */
const STALE_AFTER = '10 minutes';

export class PostgresFileShelf implements FileShelf {
  constructor(private readonly pool: pg.Pool) {}

  async put(path: string, prefix: string): Promise<void> {
    const name = basename(path);
    const file = await open(path, 'r');
    try {
      await inTransaction(this.pool, async (client) => {
        await client.query('DELETE FROM saved_file_parts WHERE name = $1', [name]);
        await client.query('DELETE FROM saved_files WHERE name = $1', [name]);
        let part = 0;
        let bytes = 0;
        for (;;) {
          const buffer = Buffer.allocUnsafe(PART_BYTES);
          const { bytesRead } = await file.read(buffer, 0, PART_BYTES, bytes);
          if (bytesRead === 0) break;
          await client.query('INSERT INTO saved_file_parts (name, part, data) VALUES ($1, $2, $3)', [name, part++, buffer.subarray(0, bytesRead)]);
          bytes += bytesRead;
        }
        await client.query('INSERT INTO saved_files (name, parts, bytes) VALUES ($1, $2, $3)', [name, part, bytes]);
        const stale = `SELECT name FROM saved_files WHERE starts_with(name, $1) AND name <> $2 AND saved_at < now() - interval '${STALE_AFTER}'`;
        await client.query(`DELETE FROM saved_file_parts WHERE name IN (${stale})`, [prefix, name]);
        await client.query(`DELETE FROM saved_files WHERE name IN (${stale})`, [prefix, name]);
      });
    } finally {
      await file.close();
    }
  }

  async get(name: string, path: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ parts: number; bytes: string }>('SELECT parts, bytes FROM saved_files WHERE name = $1', [name]);
    if (rows.length === 0) return false;
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    const file = await open(temporary, 'w');
    try {
      let bytes = 0;
      for (let part = 0; part < rows[0].parts; part++) {
        const found = await this.pool.query<{ data: Buffer }>('SELECT data FROM saved_file_parts WHERE name = $1 AND part = $2', [name, part]);
        // Removed meanwhile (a newer file replaced it): as if there were none.
        if (found.rows.length === 0) throw new Error(`${name} was removed from the shelf while being read`);
        await file.write(found.rows[0].data);
        bytes += found.rows[0].data.length;
      }
      if (bytes !== Number(rows[0].bytes)) throw new Error(`${name} on the shelf has ${bytes} of its ${rows[0].bytes} bytes`);
      await file.close();
      await rename(temporary, path);
      return true;
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
