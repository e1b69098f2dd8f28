// Fixed allowance windows on the UTC clock: keyless allowances reset on the hour, keys' at
// midnight UTC.

export type WindowKind = 'hour' | 'day';

const LENGTH_MS: Record<WindowKind, number> = { hour: 3_600_000, day: 86_400_000 };

export interface Window {
  /** Identifies the window in counter keys: its start in Unix seconds. */
  startSeconds: number;
  /** When it resets, in Unix milliseconds. */
  endMs: number;
  lengthSeconds: number;
}

/** The window of this kind containing `nowMs`. Both lengths divide the Unix epoch evenly in UTC. */
export function windowAt(kind: WindowKind, nowMs: number): Window {
  const length = LENGTH_MS[kind];
  const start = Math.floor(nowMs / length) * length;
  return { startSeconds: start / 1000, endMs: start + length, lengthSeconds: length / 1000 };
}
