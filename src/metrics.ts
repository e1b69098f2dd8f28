// What operators watch: Prometheus metrics of one service instance, served at /metrics.
import { getHeapStatistics } from 'node:v8';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OperationsMetrics } from './metrics-operations.js';

/** Seconds; from the in-memory searches (well under a millisecond) to a slow dependency's timeout. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsOptions {
  /** Whether a shared allowance store (Redis) is configured; its gauge exists only then. */
  sharedLimiter: boolean;
  /** Whether the database is PostgreSQL; its pool and health gauges exist only then. */
  postgres?: boolean;
  /**
   * Set for a serving thread's metrics (its number, from 1), which are summed with the main
   * thread's: they leave out the process's own (memory, processor, event loop), and the figures
   * given by thread name it. Absent: the main thread's.
   */
  servingThread?: number;
}

/** One series of the outcome counter: calls counted, and how many of them the counter was told. */
interface OutcomeCell {
  labels: { operation: string; tier: string; outcome: string };
  count: number;
  told: number;
}

export class ServiceMetrics {
  readonly registry = new Registry();

  readonly calls = new Counter({
    name: 'hotel_affiliate_calls_total',
    help: 'Calls of the operations, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    registers: [this.registry],
  });

  readonly callDuration = new Histogram({
    name: 'hotel_affiliate_call_duration_seconds',
    help: 'Time from receiving a call of an operation to sending its answer, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /**
   * Outcomes counted here at each call, and told to the counter only when metrics are read: the
   * counter hashes its labels at every increment, a cost on every call's path.
   */
  private readonly outcomeCells: OutcomeCell[] = [];
  /** The cells by operation, tier and outcome: lookups of the same few strings, no key made per call. */
  private readonly outcomeIndex = new Map<string, Map<string, Map<string, OutcomeCell>>>();

  readonly outcomes: Counter<'operation' | 'tier' | 'outcome'> = new Counter({
    name: 'hotel_affiliate_call_outcomes_total',
    help:
      'Calls of the operations over HTTP and MCP, by operation, the caller\'s tier (keyless, standard, partner) and outcome: ' +
      'answered, refused (429), failed (its input: 400, 404) or error (the service: 5xx). Never by key or sub_id.',
    labelNames: ['operation', 'tier', 'outcome'] as const,
    registers: [this.registry],
    collect: () => {
      for (const cell of this.outcomeCells) {
        if (cell.count > cell.told) this.outcomes.inc(cell.labels, cell.count - cell.told);
        cell.told = cell.count;
      }
    },
  });

  /** Counts a call's outcome (hotel_affiliate_call_outcomes_total). */
  countOutcome(operation: string, tier: string, outcome: string): void {
    let byTier = this.outcomeIndex.get(operation);
    if (!byTier) this.outcomeIndex.set(operation, (byTier = new Map()));
    let byOutcome = byTier.get(tier);
    if (!byOutcome) byTier.set(tier, (byOutcome = new Map()));
    let cell = byOutcome.get(outcome);
    if (!cell) {
      cell = { labels: { operation, tier, outcome }, count: 0, told: 0 };
      byOutcome.set(outcome, cell);
      this.outcomeCells.push(cell);
    }
    cell.count++;
  }

  readonly toolCalls = new Counter({
    name: 'hotel_affiliate_mcp_tool_calls_total',
    help: 'MCP tool calls, by tool and outcome (ok or the error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly toolCallDuration = new Histogram({
    name: 'hotel_affiliate_mcp_tool_call_duration_seconds',
    help: 'Time an MCP tool call takes in the service (counting, reading, running), by tool and outcome.',
    labelNames: ['tool', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Only with a shared store: without one there is no outage to report, and a 0 would page someone. */
  readonly sharedLimiterUp: Gauge | null;

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
    // Every serving thread reports the same index: their figures are not added up.
    aggregator: 'max',
    collect: (): void => this.catalogHotels.set(this.catalogSize()),
  });

  /** Read when metrics are collected: the threads answering on the port (HTTP_THREADS), the main one included. */
  httpThreads: () => number = () => 1;

  /** Build, catalog, usage flushes and the database pool (metrics-operations.ts). */
  readonly operations: OperationsMetrics;

  constructor(options: MetricsOptions) {
    this.operations = new OperationsMetrics(this.registry, options.servingThread === undefined, options.postgres ?? false);
    this.sharedLimiterUp = options.sharedLimiter
      ? new Gauge({
          name: 'hotel_affiliate_limiter_shared_store_up',
          help: '1 while the shared allowance store (Redis) answers, 0 while calls are counted locally. Absent without REDIS_URL.',
          registers: [this.registry],
          // With serving threads: 0 while any of them counts locally.
          aggregator: 'min',
        })
      : null;
    // The default metrics' heap figures are the main thread's only; with serving threads each
    // has a heap of its own (its gazetteer, caches and garbage), reported here by thread.
    const thread = options.servingThread === undefined ? 'main' : String(options.servingThread);
    new Gauge({
      name: 'hotel_affiliate_thread_heap_bytes',
      help: "Each thread's V8 heap: used (live objects and garbage not yet collected), committed (held from the system) and limit (the most it may hold: npm start's --max-old-space-size and the young generation), by thread: main, or a serving thread's number.",
      labelNames: ['thread', 'state'],
      registers: [this.registry],
      collect() {
        const heap = getHeapStatistics();
        this.set({ thread, state: 'used' }, heap.used_heap_size);
        this.set({ thread, state: 'committed' }, heap.total_heap_size);
        this.set({ thread, state: 'limit' }, heap.heap_size_limit);
      },
    });
    if (options.servingThread === undefined) {
      collectDefaultMetrics({ register: this.registry });
      const threads = () => this.httpThreads();
      new Gauge({
        name: 'hotel_affiliate_http_threads',
        help: 'Threads answering HTTP calls on the port, the main one included: HTTP_THREADS while every thread listens.',
        registers: [this.registry],
        collect() {
          this.set(threads());
        },
      });
    }
  }
}
