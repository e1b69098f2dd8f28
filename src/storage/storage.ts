// The service's database, as the configuration chooses it: catalog and keys together, in the
// embedded SQLite file under DATA_DIR, or in PostgreSQL with DATABASE_URL.
import { resolve } from 'node:path';
import { SqliteCatalogStore } from '../catalog/sqlite-catalog-store.js';
import type { CatalogStore } from '../catalog/store.js';
import { configurationFailure, type Config } from '../config.js';
import type { KeyStore } from '../keys/key-store.js';
import { accountStores, type AccountStores } from '../keys/account-stores.js';
import { sqliteStatements } from './sql.js';
import { SqliteKeyStore } from '../keys/sqlite-key-store.js';
import { SqliteUsageStore } from '../usage/sqlite-usage-store.js';
import type { UsageStore } from '../usage/usage-store.js';
import { SqliteCounterSnapshots, type CounterSnapshots } from '../limits/counter-snapshots.js';
import type { FileShelf } from './file-shelf.js';
import type { PoolFigures } from '../metrics-operations.js';
import type { TakeTurn } from './postgres-turns.js';
import { nativeModuleFailure } from './native-module.js';
import { openSqlite, type SqliteDatabase } from './sqlite.js';

export interface Storage {
  catalog: CatalogStore;
  keys: KeyStore;
  /** Operators' keys, the audit of key changes, console sessions. */
  account: AccountStores;
  /** What the service did for each key (usage reports). */
  usage: UsageStore;
  /** Where an instance counting on its own keeps its allowance counts across a restart (SQLite only). */
  counterSnapshots: CounterSnapshots | null;
  /** Where instances that share no disk find each other's saved index files (PostgreSQL only). */
  shelf: FileShelf | null;
  /** PostgreSQL only: a turn to switch catalogs in, one instance at a time (postgres-turns.ts). */
  switchTurn?: TakeTurn;
  /** PostgreSQL only: this process's (or thread's) pool and whether the database answered lately. */
  pool?: { figures(): PoolFigures; up(): boolean };
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Told once when a change of keys must wait for a catalog import (SQLite holds one write lock). */
  onWriteWait?: () => void;
}

export async function openStorage(config: Config, options: StorageOptions = {}): Promise<Storage> {
  if (config.DATABASE_URL) {
    // Loaded only when configured: the pg driver is a tenth of a second of a start on a slow day.
    const { openPostgresStorage } = await import('./postgres-storage.js');
    return openPostgresStorage(config.DATABASE_URL, config.DATABASE_TIMEOUT_MS, config.DATABASE_POOL_MAX);
  }
  let db: SqliteDatabase;
  try {
    db = openSqlite(config.DATA_DIR);
  } catch (error) {
    throw nativeModuleFailure('better-sqlite3', error) ?? configurationFailure('DATA_DIR', `cannot keep the database in ${resolve(config.DATA_DIR)}`, error);
  }
  const catalog = new SqliteCatalogStore(db, { mapBytes: config.SQLITE_MAP_MB * 2 ** 20 });
  const keys = new SqliteKeyStore(db, options.onWriteWait);
  return {
    catalog,
    keys,
    account: accountStores(sqliteStatements(db, options.onWriteWait)),
    usage: new SqliteUsageStore(db),
    counterSnapshots: new SqliteCounterSnapshots(db),
    shelf: null,
    close: () => {
      keys.close();
      return catalog.close();
    },
  };
}
