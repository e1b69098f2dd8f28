// What an on-call engineer reads beside the calls: which build answers, which catalog it answers
// from and since when, whether usage reaches the database, and how busy the database pool is.
// Read when metrics are collected, from functions the service points at its parts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Counter, Gauge, type Registry } from 'prom-client';
import { packageRoot } from './package-root.js';

/** The database pool of one thread: connections held (in use or idle) and calls waiting for one. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** What the service tells these metrics; each part left undefined is not reported. */
export interface OperationsSources {
  /** The catalog in use: its generation and when it was imported (ISO time). */
  catalog?: () => { generation: number; importedAt: string } | null;
  /** With PostgreSQL: this thread's pool. */
  pool?: () => PoolFigures;
  /** With PostgreSQL: whether it answered lately (the pool's circuit is closed). */
  databaseUp?: () => boolean;
}

function serviceVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export class OperationsMetrics {
  sources: OperationsSources = {};

  readonly usageFlushFailures: Counter;

  /** `postgres`: whether DATABASE_URL is set; the pool and database gauges exist only then. */
  constructor(registry: Registry, mainThread: boolean, postgres: boolean) {
    const sources = () => this.sources;
    if (mainThread) {
      const build = new Gauge({
        name: 'hotel_affiliate_build_info',
        help: 'Always 1; its labels say which build answers: the service version and the Node.js version.',
        labelNames: ['version', 'node'],
        registers: [registry],
      });
      build.set({ version: serviceVersion(), node: process.version }, 1);
      // The catalog is the main thread's, and every serving thread's is the same one.
      new Gauge({
        name: 'hotel_affiliate_catalog_generation',
        help: 'Generation of the catalog in use (it increases with every import); instances that differ have not all switched yet.',
        registers: [registry],
        collect() {
          const catalog = sources().catalog?.();
          if (catalog) this.set(catalog.generation);
        },
      });
      new Gauge({
        name: 'hotel_affiliate_catalog_imported_timestamp_seconds',
        help: 'When the catalog in use was imported (Unix time): time() minus this is its age.',
        registers: [registry],
        collect() {
          const catalog = sources().catalog?.();
          if (catalog) this.set(Date.parse(catalog.importedAt) / 1000);
        },
      });
    }
    this.usageFlushFailures = new Counter({
      name: 'hotel_affiliate_usage_flush_failures_total',
      help: 'Usage counts that could not be written to the database (kept in memory and tried again at the next flush).',
      registers: [registry],
    });
    if (!postgres) return;
    new Gauge({
      name: 'hotel_affiliate_database_pool_connections',
      help: 'PostgreSQL connections of the instance by state: in_use, idle, and waiting (calls waiting for a connection). Absent without DATABASE_URL.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = sources().pool?.();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'hotel_affiliate_database_up',
      help: '1 while PostgreSQL answers, 0 while calls that need it are answered 503 without asking it (until a probe answers). Absent without DATABASE_URL.',
      registers: [registry],
      // With serving threads: 0 while any of them finds it silent.
      aggregator: 'min',
      collect() {
        const up = sources().databaseUp;
        if (up) this.set(up() ? 1 : 0);
      },
    });
  }
}
