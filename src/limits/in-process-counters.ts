// Allowance counters in this process: exact for a single instance, and the fallback of an
// instance that cannot reach its shared store.
import { groupedCost, roomNeeded, type Consumption, type CounterStore, type Draw } from './counter-store.js';
import type { CounterEntry } from './counter-snapshots.js';

interface Counter {
  used: number;
  expiresAtMs: number;
}

export class InProcessCounters implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  private nextSweepMs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async consume(draw: Draw): Promise<Consumption> {
    return this.consumeNow(draw);
  }

  /** The same, synchronously: nothing here waits, so a draw is atomic by construction. */
  consumeNow(draw: Draw): Consumption {
    const now = this.now();
    this.sweep(now);
    const tally = draw.group ? this.counter(draw.group.tallyKey, draw.group.expiresAtMs, now) : null;
    const cost = draw.group ? groupedCost(tally!.used, draw.group.size) : draw.cost;
    const need = roomNeeded(draw, cost);
    const counters = draw.charges.map((charge) => this.counter(charge.key, charge.expiresAtMs, now));
    const refusedBy = counters.findIndex((counter, i) => counter.used + need > draw.charges[i].limit);
    if (refusedBy < 0) {
      for (const counter of counters) counter.used += cost;
      if (tally) tally.used += 1;
    }
    return { allowed: refusedBy < 0, cost, used: counters.map((c) => c.used), refusedBy };
  }

  private counter(key: string, expiresAtMs: number, now: number): Counter {
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAtMs <= now) {
      counter = { used: 0, expiresAtMs };
      this.counters.set(key, counter);
    }
    return counter;
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
