// What operators watch: Prometheus metrics of one service instance, served at /metrics.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

export class ServiceMetrics {
  readonly registry = new Registry();

  readonly calls = new Counter({
    name: 'hotel_affiliate_calls_total',
    help: 'Calls of the operations, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    registers: [this.registry],
  });

  readonly toolCalls = new Counter({
    name: 'hotel_affiliate_mcp_tool_calls_total',
    help: 'MCP tool calls, by tool and outcome (ok or the error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly sharedLimiterUp = new Gauge({
    name: 'hotel_affiliate_limiter_shared_store_up',
    help: '1 while the shared allowance store (Redis) answers, 0 while calls are counted locally.',
    registers: [this.registry],
  });

  readonly locallyCounted = new Counter({
    name: 'hotel_affiliate_limiter_local_fallback_total',
    help: 'Calls counted on the local count because the shared allowance store could not be reached.',
    registers: [this.registry],
  });

  /** Read when metrics are collected; the service points it at the index in use. */
  catalogSize: () => number = () => 0;

  readonly catalogHotels: Gauge = new Gauge({
    name: 'hotel_affiliate_catalog_hotels',
    help: 'Hotels in the catalog index in use.',
    registers: [this.registry],
    collect: (): void => this.catalogHotels.set(this.catalogSize()),
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
