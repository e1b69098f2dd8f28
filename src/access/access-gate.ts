// The gate of the service: identifies the caller from the Authorization header and counts the
// call against the caller's allowance (keyless per address and hour, keys per day).
import { ServiceError, upstreamUnavailable } from '../errors.js';
import { keylessCaller, type Caller, type Tier } from '../keys/caller.js';
import type { CounterStore } from '../limits/counter-store.js';
import { windowAt } from '../limits/windows.js';
import type { Admission, Identification, RequestGate } from './gate.js';

export interface AllowanceSettings {
  keylessPerHour: number;
  standardPerDay: number;
  partnerPerDay: number;
}

/** A key as the gate needs it. */
export interface ActiveKey {
  id: string;
  tier: Exclude<Tier, 'keyless'>;
  affiliateCode: string;
}

export interface KeyLookup {
  /** The active key a presented secret belongs to, or null (unknown or revoked). */
  findActive(secret: string): Promise<ActiveKey | null>;
}

// The scheme is case-insensitive (RFC 9110); the token is what we issue: letters, digits, _.
const BEARER = /^Bearer +([A-Za-z0-9_]{1,200})$/i;

function unauthorized(message: string): ServiceError {
  return new ServiceError('unauthorized', message);
}

export class AccessGate implements RequestGate {
  constructor(
    private readonly keys: KeyLookup | null,
    private readonly counters: CounterStore,
    private readonly allowances: AllowanceSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async identify(authorization: string | undefined, clientIp: string): Promise<Identification> {
    const keyless = keylessCaller(clientIp);
    if (authorization === undefined) return { caller: keyless, rejection: null };
    const secret = BEARER.exec(authorization.trim())?.[1];
    if (!secret) {
      return {
        caller: keyless,
        rejection: unauthorized('the Authorization header must be "Bearer <API key>" with a key starting live_; leave it out to call without a key'),
      };
    }
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
    return { caller: { tier: key.tier, subject: `key:${key.id}`, affiliateCode: key.affiliateCode, keyId: key.id }, rejection: null };
  }

  limitOf(tier: Tier): number {
    if (tier === 'keyless') return this.allowances.keylessPerHour;
    return tier === 'partner' ? this.allowances.partnerPerDay : this.allowances.standardPerDay;
  }

  async admit(caller: Caller, cost: number): Promise<Admission> {
    return this.count(caller, cost, false);
  }

  async admitGrouped(caller: Caller, kind: string, callsPerRequest: number): Promise<Admission> {
    const window = this.windowOf(caller, this.now());
    const tally = await this.counters.consume(`${caller.subject}:${window.startSeconds}:${kind}`, 1, Number.MAX_SAFE_INTEGER, window.endMs);
    return this.count(caller, (tally.used - 1) % callsPerRequest === 0 ? 1 : 0, true);
  }

  private windowOf(caller: Caller, now: number) {
    return windowAt(caller.tier === 'keyless' ? 'hour' : 'day', now);
  }

  /** `needsRoom`: a call that costs nothing is refused all the same when nothing is left. */
  private async count(caller: Caller, cost: number, needsRoom: boolean): Promise<Admission> {
    const now = this.now();
    const window = this.windowOf(caller, now);
    const limit = this.limitOf(caller.tier);
    const ceiling = needsRoom && cost === 0 ? limit - 1 : limit;
    const { allowed, used } = await this.counters.consume(`${caller.subject}:${window.startSeconds}`, cost, ceiling, window.endMs);
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - used),
      resetAt: Math.ceil(window.endMs / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((window.endMs - now) / 1000)),
      policy: caller.tier,
      windowSeconds: window.lengthSeconds,
    };
  }
}
