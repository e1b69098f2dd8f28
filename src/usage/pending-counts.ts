// Counts not yet in the store, by key, day, operation and sub_id. Found through nested maps of
// strings the call already holds: no key text is made, nor hashed, per call.
import { addCounts, noCounts, type UsageIncrement, type UsageOperation } from './usage-counts.js';

type BySubId = Map<string, UsageIncrement>;

export class PendingCounts {
  private readonly byKey = new Map<string, Map<string, Map<UsageOperation, BySubId>>>();
  private readonly all: UsageIncrement[] = [];

  get size(): number {
    return this.all.length;
  }

  /** Whether a key has counts here. */
  has(keyId: string): boolean {
    return this.byKey.has(keyId);
  }

  /** Every increment, in the order first counted. */
  values(): readonly UsageIncrement[] {
    return this.all;
  }

  /** The increment of a key's day, operation and sub_id (null: none), made at zero the first time. */
  slot(keyId: string, day: string, operation: UsageOperation, subId: string | null): UsageIncrement {
    let byDay = this.byKey.get(keyId);
    if (!byDay) this.byKey.set(keyId, (byDay = new Map()));
    let byOperation = byDay.get(day);
    if (!byOperation) byDay.set(day, (byOperation = new Map()));
    let bySubId = byOperation.get(operation);
    if (!bySubId) byOperation.set(operation, (bySubId = new Map()));
    // '' is no sub_id's text (at least one letter): it stands for none.
    let increment = bySubId.get(subId ?? '');
    if (!increment) {
      increment = { keyId, day, operation, subId, ...noCounts() };
      bySubId.set(subId ?? '', increment);
      this.all.push(increment);
    }
    return increment;
  }

  /** Adds an increment's counts to its slot (what a failed flush gives back). */
  add(increment: UsageIncrement): void {
    addCounts(this.slot(increment.keyId, increment.day, increment.operation, increment.subId), increment);
  }
}
