// The service's database in PostgreSQL (DATABASE_URL): loaded by storage.ts only when it is
// configured, so a start on the embedded database does not load the pg driver.
import { PostgresCatalogStore } from '../catalog/postgres-catalog-store.js';
import { ConfigError } from '../config.js';
import { PostgresKeyStore } from '../keys/postgres-key-store.js';
import { PostgresUsageStore } from '../usage/postgres-usage-store.js';
import { PostgresFileShelf } from './postgres-file-shelf.js';
import { openPostgres } from './postgres.js';
import { postgresProblem } from './postgres-problems.js';
import { circuitOf } from './postgres-circuit.js';
import { switchTurns } from './postgres-turns.js';
import type { Storage } from './storage.js';
import { postgresStatements } from './sql.js';
import { accountStores } from '../keys/account-stores.js';

/** `poolMax`: the connections the pool may hold (DATABASE_POOL_MAX). */
export async function openPostgresStorage(databaseUrl: string, timeoutMs: number, poolMax: number): Promise<Storage> {
  const pool = await openPostgres(databaseUrl, timeoutMs, poolMax).catch((error: unknown) => {
    throw new ConfigError(`configuration: DATABASE_URL: cannot use the PostgreSQL database: ${postgresProblem(error, databaseUrl, timeoutMs)}`);
  });
  const catalog = new PostgresCatalogStore(pool, timeoutMs);
  // Instances sharing PostgreSQL without Redis each count on their own: nothing to keep.
  return {
    catalog,
    keys: new PostgresKeyStore(pool, timeoutMs),
    account: accountStores(postgresStatements(pool, timeoutMs)),
    usage: new PostgresUsageStore(pool, timeoutMs),
    counterSnapshots: null,
    shelf: new PostgresFileShelf(pool),
    // A minute: three instances switching in turn at 1M hotels take 10-25 s.
    switchTurn: switchTurns(pool, timeoutMs, 60_000),
    pool: {
      figures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      up: () => circuitOf(pool)?.up ?? true,
    },
    close: () => catalog.close(),
  };
}
