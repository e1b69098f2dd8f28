// Liveness and readiness for orchestrators and load balancers (the Kubernetes convention of
// /healthz and /readyz). They cost no allowance and are not calls of any operation.
// Readiness fails on what makes this instance answer wrongly: draining, no catalog, its own
// database (the SQLite file) that does not answer. A shared dependency that is down does not
// fail it, since every instance shares the outage and taking them all out of the load balancer
// would turn a partial outage into a whole one: without PostgreSQL, searches, suggestions and
// links still answer from memory (calls that need the database are 503), and without Redis calls
// are counted on the instance (the documented fail-open). Both are reported in the body.
import type { FastifyInstance } from 'fastify';
import { sendServiceError } from './error-response.js';
import { upstreamUnavailable } from '../errors.js';

export interface HealthChecks {
  /** The catalog in use: null before the first one is loaded. */
  catalog(): { generation: number; hotels: number } | null;
  /** Resolves when the database answers a read within its timeout; rejects otherwise. */
  database(): Promise<void>;
  /** Whether the database is shared by every instance (PostgreSQL) rather than this one's own file. */
  databaseShared: boolean;
  /** Whether the shared allowance store answers; null when none is configured. */
  sharedCounters(): boolean | null;
  /** True once shutdown has begun: load balancers must stop sending calls here. */
  draining(): boolean;
}

async function readiness(checks: HealthChecks): Promise<{ ready: true; body: object } | { ready: false; reason: string }> {
  if (checks.draining()) return { ready: false, reason: 'shutting down' };
  const catalog = checks.catalog();
  if (!catalog) return { ready: false, reason: 'no hotel catalog is loaded yet' };
  let database = 'ok';
  try {
    await checks.database();
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = `the database does not answer (${code ?? (error as Error).message})`;
    if (!checks.databaseShared) return { ready: false, reason };
    database = `unreachable: ${reason}; calls that need it are answered 503`;
  }
  const shared = checks.sharedCounters();
  return {
    ready: true,
    body: {
      status: 'ready',
      catalog,
      database,
      shared_counters: shared === null ? 'not configured' : shared ? 'ok' : 'unreachable: counting on this instance',
    },
  };
}

export function registerHealthRoutes(app: FastifyInstance, checks: HealthChecks): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const state = await readiness(checks);
    if (state.ready) return state.body;
    return sendServiceError(reply, upstreamUnavailable(`not ready: ${state.reason}`, 5));
  });
}
