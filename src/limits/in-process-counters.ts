// Allowance counters in this process: exact for a single instance, and the fallback of an
// instance that cannot reach its shared store.
import type { Consumption, CounterStore } from './counter-store.js';
import type { CounterEntry } from './counter-snapshots.js';

interface Counter {
  used: number;
  expiresAtMs: number;
}

export class InProcessCounters implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  private nextSweepMs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async consume(key: string, cost: number, limit: number, expiresAtMs: number): Promise<Consumption> {
    return this.consumeNow(key, cost, limit, expiresAtMs);
  }

  /** The same, synchronously: nothing here waits. */
  consumeNow(key: string, cost: number, limit: number, expiresAtMs: number): Consumption {
    const now = this.now();
    this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAtMs <= now) {
      counter = { used: 0, expiresAtMs };
      this.counters.set(key, counter);
    }
    if (counter.used + cost > limit) return { allowed: false, used: counter.used };
    counter.used += cost;
    return { allowed: true, used: counter.used };
  }

  /** The counts of windows still open, to keep across a restart. */
  entries(): CounterEntry[] {
    const now = this.now();
    const open: CounterEntry[] = [];
    for (const [key, { used, expiresAtMs }] of this.counters) if (expiresAtMs > now) open.push({ key, used, expiresAtMs });
    return open;
  }

  /** Takes up counts saved by an earlier run (windows that have ended are left out). */
  restore(entries: readonly CounterEntry[]): void {
    const now = this.now();
    for (const { key, used, expiresAtMs } of entries) if (expiresAtMs > now) this.counters.set(key, { used, expiresAtMs });
  }

  /** Drops ended windows now and then, so idle callers do not accumulate. */
  private sweep(now: number): void {
    if (now < this.nextSweepMs) return;
    this.nextSweepMs = now + 60_000;
    for (const [key, counter] of this.counters) if (counter.expiresAtMs <= now) this.counters.delete(key);
  }

  sharedStoreUp(): null {
    return null;
  }

  async close(): Promise<void> {
    this.counters.clear();
  }
}
