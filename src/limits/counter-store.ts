// Where allowance counters live: in the process (the embedded default) or in Redis (shared
// by every instance). Both check and count a whole draw in one atomic step.

/** One counter a call is charged to: it may not go past `limit`; it disappears at `expiresAtMs`. */
export interface Charge {
  key: string;
  limit: number;
  expiresAtMs: number;
}

/** Calls counted in groups: the first of every `size` admitted calls costs 1, the others nothing. */
export interface Grouping {
  /** The counter of admitted calls of the group's kind. */
  tallyKey: string;
  size: number;
  expiresAtMs: number;
}

/**
 * What one call draws on: every charge at once (a visitor's hour and its key's day, say), all or
 * nothing. Without `group` the call costs `cost`; with it the tally decides the cost (0 or 1), and
 * a call is refused when a charged counter has nothing left even when it would cost nothing.
 */
export interface Draw {
  charges: readonly Charge[];
  cost: number;
  group?: Grouping;
}

export interface Consumption {
  allowed: boolean;
  /** What the call cost (for a grouped call, what the tally decided; nothing was counted when refused). */
  cost: number;
  /** Each charge's count in its window after this call (unchanged when refused), in the draw's order. */
  used: number[];
  /** The index of the first charge that had no room, or -1. */
  refusedBy: number;
}

export interface CounterStore {
  /** Checks every charge of `draw` and counts them all, or refuses and counts nothing. */
  consume(draw: Draw): Promise<Consumption>;
  /** Whether the shared store answers (as far as the last call knew); null when counting is local by configuration. */
  sharedStoreUp(): boolean | null;
  close(): Promise<void>;
}

/** A shared store that can be asked, cheaply, whether it answers (the fallback's probe). */
export interface ProbedCounterStore extends CounterStore {
  probe(): Promise<void>;
}

/** What a call of this draw needs left in each counter: its cost, and at least 1 for a grouped call. */
export function roomNeeded(draw: Draw, cost: number): number {
  return draw.group ? Math.max(cost, 1) : cost;
}

/** The cost a grouped call has after `admitted` calls of its kind. */
export function groupedCost(admitted: number, size: number): number {
  return admitted % size === 0 ? 1 : 0;
}
