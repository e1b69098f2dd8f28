// The shared counters, with the local ones as a fallback: when the shared store cannot be
// reached (or answers too slowly), the call is counted locally and answered; an outage never
// fails a request. The failure policy, as a circuit:
// - closed: each call asks the shared store and waits at most `timeoutMs` for it;
// - a call that fails or times out opens it: from then on calls are counted locally at once,
//   without asking, so a store that hangs (rather than refusing) costs one timeout, not one per
//   call for as long as it hangs;
// - open: a probe (PING) every PROBE_INTERVAL_MS, waiting at most `timeoutMs`; the first that
//   answers closes it again.
// Both ends of an outage are logged once and shown in metrics.
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics.js';
import { within } from '../within.js';
import type { Consumption, CounterStore, Draw, ProbedCounterStore } from './counter-store.js';

/** How often an open circuit asks the shared store whether it answers again. */
export const PROBE_INTERVAL_MS = 1000;

export class SharedCountersWithFallback implements CounterStore {
  private sharedUp = true;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly shared: ProbedCounterStore,
    /** The counts of this instance alone (this process's, or the main thread's for a serving thread). */
    private readonly local: CounterStore,
    private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
    private readonly timeoutMs: number,
  ) {
    metrics.sharedLimiterUp?.set(1);
  }

  async consume(draw: Draw): Promise<Consumption> {
    if (this.sharedUp) {
      try {
        return await within(this.shared.consume(draw), this.timeoutMs);
      } catch (error) {
        this.trip(error);
      }
    }
    this.metrics.locallyCounted.inc();
    return await this.local.consume(draw);
  }

  /** Opens the circuit: calls count locally until a probe answers. */
  private trip(error: unknown): void {
    if (!this.sharedUp) return;
    this.sharedUp = false;
    this.metrics.sharedLimiterUp?.set(0);
    this.logger.warn({ err: error, probeEveryMs: PROBE_INTERVAL_MS }, 'shared allowance store unreachable: counting calls on this instance only until it is back');
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(() => {
      within(this.shared.probe(), this.timeoutMs).then(
        () => {
          this.sharedUp = true;
          this.metrics.sharedLimiterUp?.set(1);
          this.logger.info('shared allowance store reachable again: counting is shared across instances again');
        },
        () => this.scheduleProbe(),
      );
    }, PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  sharedStoreUp(): boolean {
    return this.sharedUp;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
