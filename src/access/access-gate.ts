// The gate of the service: identifies the caller from the key it presents (and, for a
// publishable key, the web origin it calls from) and counts the call against the caller's
// allowances: keyless per address and hour, keys per day, and a publishable key's visitors per
// address and hour under the key as well as against its day, all in one atomic draw.
import { ServiceError, upstreamUnavailable } from '../errors.js';
import { isOperatorKey, keyKindOf, type KeyKind } from '../keys/api-key.js';
import { allowanceAddress, keylessCaller, type Caller, type Tier } from '../keys/caller.js';
import { originAllowed, requestOrigin } from '../keys/origins.js';
import { embedPageKey } from '../keys/embed-pages.js';
import type { Charge, CounterStore, Draw } from '../limits/counter-store.js';
import { windowAt, type Window } from '../limits/windows.js';
import type { Admission, AllowanceState, Credentials, Identification, RequestGate } from './gate.js';

export interface AllowanceSettings {
  keylessPerHour: number;
  standardPerDay: number;
  partnerPerDay: number;
}

/** A key as the gate needs it. */
export interface ActiveKey {
  id: string;
  kind: KeyKind;
  tier: Exclude<Tier, 'keyless'>;
  affiliateCode: string;
  /** Where a publishable key is enabled (keys/origins.ts); null for a secret key. */
  origins: readonly string[] | null;
  /** A publishable key's calls an hour per visitor; null for a secret key. */
  visitorLimit: number | null;
  /** When a rolled key stops working (Unix ms); null or absent for a key that has not been rolled. */
  expiresAtMs?: number | null;
}

export interface KeyLookup {
  /** The active key a presented secret belongs to, or null (unknown or revoked). */
  findActive(secret: string): Promise<ActiveKey | null>;
}

/** Why MCP (over HTTP or stdio) refuses a publishable key. */
export const PUBLISHABLE_FOR_BROWSERS =
  'a publishable key (live_pk_…) works only from web pages on the origins it was created for; an MCP client is not a browser and needs a secret key (live_…)';

/** Why an operator's key is refused outside the admin API. */
export const OPERATOR_KEY_ELSEWHERE =
  'an operator key (live_op_…) works only on the admin API under /admin/v1; the public operations take an affiliate\'s secret or publishable key';

// The scheme is case-insensitive (RFC 9110); the token is what we issue: letters, digits, _.
const BEARER = /^Bearer +([A-Za-z0-9_]{1,200})$/i;
const QUERY_KEY = /^[A-Za-z0-9_]{1,200}$/;

function unauthorized(message: string): ServiceError {
  return new ServiceError('unauthorized', message);
}

/** The key a request presents, or the reason it cannot be read. */
function presentedKey({ authorization, queryKey }: Credentials): { secret: string | null; problem: string | null } {
  if (queryKey !== undefined) {
    if (authorization !== undefined) return { secret: null, problem: 'send the key once: in the Authorization header or as the key parameter, not both' };
    if (Array.isArray(queryKey)) return { secret: null, problem: 'send the key parameter once' };
    if (!QUERY_KEY.test(queryKey)) return { secret: null, problem: 'the key parameter must be a publishable key, live_pk_ and letters and digits' };
    if (keyKindOf(queryKey) === 'secret') {
      return {
        secret: null,
        problem:
          'a secret key must never be put in a URL, where logs, proxies and browser history keep it: send it in the ' +
          'Authorization header (Bearer). The key parameter takes publishable keys (live_pk_…); if this key was in a public page, revoke it',
      };
    }
    return { secret: queryKey, problem: null };
  }
  if (authorization === undefined) return { secret: null, problem: null };
  const secret = BEARER.exec(authorization.trim())?.[1];
  return secret
    ? { secret, problem: null }
    : { secret: null, problem: 'the Authorization header must be "Bearer <API key>" with a key starting live_; leave it out to call without a key' };
}

/** A publishable key's refusal for where the call comes from, or null when it is one of the key's origins (or the key's own embed page). */
function originProblem(key: ActiveKey, secret: string, credentials: Credentials): string | null {
  if (!credentials.publishableAccepted) return PUBLISHABLE_FOR_BROWSERS;
  const origin = requestOrigin(credentials.origin, credentials.referer);
  if (origin === null) {
    return 'a publishable key is accepted only from a web page on one of its origins, and this call states none (no Origin or Referer header)';
  }
  // The widget in the key's own frame (/embed/…?key=…) calls from the service's origin; browsers
  // show that page only inside the key's origins (its Content-Security-Policy: frame-ancestors).
  const serviceOrigin = credentials.serviceOrigin?.() ?? null;
  const ownEmbedPage = serviceOrigin !== null && origin === serviceOrigin && embedPageKey(credentials.referer, origin) === secret;
  if (!originAllowed(key.origins ?? [], origin) && !ownEmbedPage) {
    return `this publishable key is not enabled on ${origin} (the origin this call came from); it works only on the sites listed when it was created`;
  }
  return null;
}

export class AccessGate implements RequestGate {
  constructor(
    private readonly keys: KeyLookup | null,
    private readonly counters: CounterStore,
    private readonly allowances: AllowanceSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async identify(credentials: Credentials, clientIp: string): Promise<Identification> {
    const keyless = keylessCaller(clientIp);
    const { secret, problem } = presentedKey(credentials);
    if (problem) return { caller: keyless, rejection: unauthorized(problem) };
    if (secret === null) return { caller: keyless, rejection: null };
    if (isOperatorKey(secret)) return { caller: keyless, rejection: unauthorized(OPERATOR_KEY_ELSEWHERE) };
    let key: ActiveKey | null;
    try {
      key = secret.startsWith('live_') && this.keys ? await this.keys.findActive(secret) : null;
    } catch (error) {
      // A key store that cannot be read makes the call 503: never keyless, never a crash.
      return { caller: keyless, rejection: upstreamUnavailable('API keys cannot be checked right now; try again shortly', 5, error) };
    }
    if (!key) {
      return { caller: keyless, rejection: unauthorized('the API key is not valid: unknown, revoked or mistyped') };
    }
    if (key.expiresAtMs != null && key.expiresAtMs <= this.now()) {
      const ended = new Date(key.expiresAtMs).toISOString();
      return { caller: keyless, rejection: unauthorized(`this key was rolled and its grace period ended at ${ended}; use the key that replaced it`) };
    }
    const caller: Caller = { tier: key.tier, subject: `key:${key.id}`, affiliateCode: key.affiliateCode, keyId: key.id, visitor: null };
    if (key.kind === 'publishable') {
      const refused = originProblem(key, secret, credentials);
      if (refused) return { caller: keyless, rejection: unauthorized(refused) };
      caller.visitor = { subject: `visitor:${key.id}:${allowanceAddress(clientIp)}`, limit: key.visitorLimit! };
    }
    return { caller, rejection: null };
  }

  limitOf(tier: Tier): number {
    if (tier === 'keyless') return this.allowances.keylessPerHour;
    return tier === 'partner' ? this.allowances.partnerPerDay : this.allowances.standardPerDay;
  }

  async admit(caller: Caller, cost: number): Promise<Admission> {
    return this.count(caller, cost, null);
  }

  async peek(caller: Caller): Promise<Admission> {
    // A draw of nothing counts nothing; it is refused only where a counter is already past a limit
    // lowered since (a key moved to a smaller tier), which a read does not care about.
    return { ...(await this.count(caller, 0, null)), allowed: true };
  }

  async admitGrouped(caller: Caller, kind: string, callsPerRequest: number): Promise<Admission> {
    return this.count(caller, 0, { kind, size: callsPerRequest });
  }

  /**
   * The allowances a caller's calls count against, narrowest first: a visitor's hour under a
   * publishable key, then the caller's own (an address's hour, a key's day).
   */
  private allowancesOf(caller: Caller, now: number): Array<{ subject: string; window: Window; limit: number; policy: string }> {
    const own = {
      subject: caller.subject,
      window: windowAt(caller.tier === 'keyless' ? 'hour' : 'day', now),
      limit: this.limitOf(caller.tier),
      policy: caller.tier,
    };
    if (!caller.visitor) return [own];
    return [{ subject: caller.visitor.subject, window: windowAt('hour', now), limit: caller.visitor.limit, policy: 'visitor' }, own];
  }

  private async count(caller: Caller, cost: number, grouped: { kind: string; size: number } | null): Promise<Admission> {
    const now = this.now();
    const allowances = this.allowancesOf(caller, now);
    const charges: Charge[] = allowances.map(({ subject, window, limit }) => ({
      key: `${subject}:${window.startSeconds}`,
      limit,
      expiresAtMs: window.endMs,
    }));
    const draw: Draw = { charges, cost };
    if (grouped) {
      // Grouped calls are tallied for the narrowest allowance: a visitor's, an address's or a key's window.
      const { subject, window } = allowances[0];
      draw.group = { tallyKey: `${subject}:${window.startSeconds}:${grouped.kind}`, size: grouped.size, expiresAtMs: window.endMs };
    }
    const { allowed, used, refusedBy } = await this.counters.consume(draw);
    const states: AllowanceState[] = allowances.map(({ window, limit, policy }, i) => ({
      limit,
      remaining: Math.max(0, limit - used[i]),
      resetAt: Math.ceil(window.endMs / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((window.endMs - now) / 1000)),
      policy,
      windowSeconds: window.lengthSeconds,
    }));
    let binding = refusedBy;
    if (binding < 0) {
      binding = 0;
      for (let i = 1; i < states.length; i++) if (states[i].remaining < states[binding].remaining) binding = i;
    }
    return { allowed, ...states[binding], others: states.filter((_, i) => i !== binding) };
  }
}
