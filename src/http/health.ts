// Liveness and readiness for orchestrators and load balancers (the Kubernetes convention of
// /healthz and /readyz). They cost no allowance and are not calls of any operation.
// Readiness fails on what makes this instance answer wrongly: draining, no catalog, a database
// that does not answer. An unreachable Redis does not fail it: calls are then counted on the
// instance (the documented fail-open), and taking every instance out for it would turn a
// counting problem into an outage.
import type { FastifyInstance } from 'fastify';
import { sendServiceError } from './error-response.js';
import { upstreamUnavailable } from '../errors.js';

export interface HealthChecks {
  /** The catalog in use: null before the first one is loaded. */
  catalog(): { generation: number; hotels: number } | null;
  /** Resolves when the database answers a read within its timeout; rejects otherwise. */
  database(): Promise<void>;
  /** Whether the shared allowance store answers; null when none is configured. */
  sharedCounters(): boolean | null;
  /** True once shutdown has begun: load balancers must stop sending calls here. */
  draining(): boolean;
}

async function readiness(checks: HealthChecks): Promise<{ ready: true; body: object } | { ready: false; reason: string }> {
  if (checks.draining()) return { ready: false, reason: 'shutting down' };
  const catalog = checks.catalog();
  if (!catalog) return { ready: false, reason: 'no hotel catalog is loaded yet' };
  try {
    await checks.database();
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ready: false, reason: `the database does not answer (${code ?? (error as Error).message})` };
  }
  const shared = checks.sharedCounters();
  return {
    ready: true,
    body: {
      status: 'ready',
      catalog,
      database: 'ok',
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
