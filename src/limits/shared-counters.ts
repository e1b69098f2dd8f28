// The shared counters, with the local ones as a fallback: when the shared store cannot be
// reached (or answers too slowly), the call is counted locally and answered; an outage never
// fails a request. Both ends of an outage are logged once and shown in metrics.
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics.js';
import type { Consumption, CounterStore, Draw } from './counter-store.js';

export class SharedCountersWithFallback implements CounterStore {
  private sharedUp = true;

  constructor(
    private readonly shared: CounterStore,
    /** The counts of this instance alone (this process's, or the main thread's for a serving thread). */
    private readonly local: CounterStore,
    private readonly logger: Logger,
    private readonly metrics: ServiceMetrics,
    private readonly timeoutMs: number,
  ) {
    metrics.sharedLimiterUp?.set(1);
  }

  async consume(draw: Draw): Promise<Consumption> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        this.shared.consume(draw),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
      if (!this.sharedUp) {
        this.sharedUp = true;
        this.metrics.sharedLimiterUp?.set(1);
        this.logger.info('shared allowance store reachable again: counting is shared across instances again');
      }
      return result;
    } catch (error) {
      if (this.sharedUp) {
        this.sharedUp = false;
        this.metrics.sharedLimiterUp?.set(0);
        this.logger.warn({ err: error }, 'shared allowance store unreachable: counting calls on this instance only until it is back');
      }
      this.metrics.locallyCounted.inc();
      return await this.local.consume(draw);
    } finally {
      clearTimeout(timer);
    }
  }

  sharedStoreUp(): boolean {
    return this.sharedUp;
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
