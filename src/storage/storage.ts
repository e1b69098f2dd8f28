// The service's database, as the configuration chooses it: catalog and keys together.
import { SqliteCatalogStore } from '../catalog/sqlite-catalog-store.js';
import type { CatalogStore } from '../catalog/store.js';
import { ConfigError, type Config } from '../config.js';
import type { KeyStore } from '../keys/key-store.js';
import { SqliteKeyStore } from '../keys/sqlite-key-store.js';
import { openSqlite } from './sqlite.js';

export interface Storage {
  catalog: CatalogStore;
  keys: KeyStore;
  close(): Promise<void>;
}

export function openStorage(config: Config): Storage {
  if (config.DATABASE_URL) {
    throw new ConfigError(
      'configuration: DATABASE_URL is set, but PostgreSQL storage is not available yet; unset it to use the embedded database',
    );
  }
  const db = openSqlite(config.DATA_DIR);
  const catalog = new SqliteCatalogStore(db);
  return { catalog, keys: new SqliteKeyStore(db), close: () => catalog.close() };
}
