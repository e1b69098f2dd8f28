// Where allowance counters live: in the process (the embedded default) or in Redis (shared
// by every instance). Both check and count in one atomic step.

export interface Consumption {
  allowed: boolean;
  /** The count in the window after this call (unchanged when refused). */
  used: number;
}

export interface CounterStore {
  /**
   * Adds `cost` to the counter `key` if the sum stays within `limit`; otherwise refuses and
   * adds nothing. The counter disappears at `expiresAtMs`, when its window has ended.
   */
  consume(key: string, cost: number, limit: number, expiresAtMs: number): Promise<Consumption>;
  /** Whether the shared store answers (as far as the last call knew); null when counting is local by configuration. */
  sharedStoreUp(): boolean | null;
  close(): Promise<void>;
}
