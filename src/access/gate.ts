// What every call of the operations (HTTP or MCP) passes before it runs: who the caller is, and
// whether their allowance has room for what the call costs. Keys and limits plug in here.
import type { Caller } from '../keys/caller.js';
import type { ServiceError } from '../errors.js';

/** One allowance a call counted against, after the call. */
export interface AllowanceState {
  limit: number;
  /** Left in the window after this call (never below 0). */
  remaining: number;
  /** Unix time, in whole seconds, when the window resets. */
  resetAt: number;
  /** Whole seconds (at least 1) until the window resets: when a refused call could fit. */
  retryAfterSeconds: number;
  /** The allowance's name, for the IETF RateLimit fields: the caller's tier. */
  policy: string;
  /** The window's length in seconds (an hour keyless, a day with a key). */
  windowSeconds: number;
}

/**
 * Whether a call fits, described by the allowance that binds: the one that refused it, or the one
 * with least left. A call of a publishable key counts against the visitor's hour and the key's
 * day; `others` holds the allowances that did not bind (none for other callers).
 */
export interface Admission extends AllowanceState {
  allowed: boolean;
  others: readonly AllowanceState[];
}

/** What a request presents to say who calls. */
export interface Credentials {
  /** The Authorization header, as sent. */
  authorization: string | undefined;
  /** The `key` query parameter, as sent: a publishable key, so that a browser's GET needs no CORS preflight. */
  queryKey: string | string[] | undefined;
  /** The Origin and Referer headers, as sent: a publishable key is checked against the origin they state (keys/origins.ts). */
  origin: string | undefined;
  referer: string | undefined;
  /** Whether the transport takes publishable keys (HTTP does; MCP, not a browser's protocol, does not). */
  publishableAccepted: boolean;
  /**
   * The service's own origin as this request addresses it, when known: a publishable key's call
   * from that origin whose Referer is the key's own embed page (/embed/…?key=that key) is the key's.
   * Read only for a publishable key's call: it parses the request's address.
   */
  serviceOrigin?: () => string | null;
}

export interface Identification {
  /** The caller the call counts against; for a refused key, the keyless caller of the address. */
  caller: Caller;
  /**
   * Set when the Authorization header is not a usable key (401) or the key cannot be checked
   * (503). The call is answered so even when the address has nothing left: the affiliate must
   * learn what is wrong with their key rather than read about the keyless limit.
   */
  rejection: ServiceError | null;
}

export interface RequestGate {
  identify(credentials: Credentials, clientIp: string): Promise<Identification>;
  /** Counts `cost` against the caller's allowance, or refuses the whole call and counts nothing. */
  admit(caller: Caller, cost: number): Promise<Admission>;
  /** The caller's allowance as it stands, counting nothing; always allowed. */
  peek(caller: Caller): Promise<Admission>;
  /**
   * Counts a call of a kind counted in groups (`kind` names its tally): the first call of every
   * `callsPerRequest` in the window costs 1, the others nothing, and any is refused when the
   * allowance has nothing left.
   */
  admitGrouped(caller: Caller, kind: string, callsPerRequest: number): Promise<Admission>;
}
