// The service's database, as the configuration chooses it: catalog and keys together, in the
// embedded SQLite file under DATA_DIR, or in PostgreSQL with DATABASE_URL.
import { resolve } from 'node:path';
import { PostgresCatalogStore } from '../catalog/postgres-catalog-store.js';
import { SqliteCatalogStore } from '../catalog/sqlite-catalog-store.js';
import type { CatalogStore } from '../catalog/store.js';
import { configurationFailure, ConfigError, type Config } from '../config.js';
import type { KeyStore } from '../keys/key-store.js';
import { PostgresKeyStore } from '../keys/postgres-key-store.js';
import { SqliteKeyStore } from '../keys/sqlite-key-store.js';
import { SqliteCounterSnapshots, type CounterSnapshots } from '../limits/counter-snapshots.js';
import type { FileShelf } from './file-shelf.js';
import { PostgresFileShelf } from './postgres-file-shelf.js';
import { openPostgres } from './postgres.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';

export interface Storage {
  catalog: CatalogStore;
  keys: KeyStore;
  /** Where an instance counting on its own keeps its allowance counts across a restart (SQLite only). */
  counterSnapshots: CounterSnapshots | null;
  /** Where instances that share no disk find each other's saved index files (PostgreSQL only). */
  shelf: FileShelf | null;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Told once when a change of keys must wait for a catalog import (SQLite holds one write lock). */
  onWriteWait?: () => void;
}

export async function openStorage(config: Config, options: StorageOptions = {}): Promise<Storage> {
  if (config.DATABASE_URL) {
    const timeoutMs = config.DATABASE_TIMEOUT_MS;
    const pool = await openPostgres(config.DATABASE_URL, timeoutMs).catch((error: Error & { code?: string }) => {
      throw new ConfigError(`configuration: DATABASE_URL: cannot use the PostgreSQL database (${error.code ?? error.message})`);
    });
    const catalog = new PostgresCatalogStore(pool, timeoutMs);
    // Instances sharing PostgreSQL without Redis each count on their own: nothing to keep.
    return { catalog, keys: new PostgresKeyStore(pool, timeoutMs), counterSnapshots: null, shelf: new PostgresFileShelf(pool), close: () => catalog.close() };
  }
  let db: SqliteDatabase;
  try {
    db = openSqlite(config.DATA_DIR);
  } catch (error) {
    throw configurationFailure('DATA_DIR', `cannot keep the database in ${resolve(config.DATA_DIR)}`, error);
  }
  const catalog = new SqliteCatalogStore(db, { mapBytes: config.SQLITE_MAP_MB * 2 ** 20 });
  const keys = new SqliteKeyStore(db, options.onWriteWait);
  return {
    catalog,
    keys,
    counterSnapshots: new SqliteCounterSnapshots(db),
    shelf: null,
    close: () => {
      keys.close();
      return catalog.close();
    },
  };
}
