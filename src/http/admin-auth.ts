// Who may call the admin API: an operator key (live_op_…) in the Authorization header, and
// nothing else. An affiliate's key is refused saying so, without being looked up. Wrong keys are
// counted per client address: past the limit the address is refused (429) before any key it
// sends is checked, a right one included, so that guessing learns nothing more until the window
// ends.
import { ServiceError, upstreamUnavailable } from '../errors.js';
import { isOperatorKey, keyKindOf, KEY_PREFIX } from '../keys/api-key.js';
import { allowanceAddress } from '../keys/caller.js';
import type { OperatorKey, OperatorKeys } from '../keys/operator-keys.js';
import type { CounterStore } from '../limits/counter-store.js';

/** Wrong keys an address may send in one window before it is refused for the rest of it. */
export const ADMIN_AUTH_LIMIT = { failures: 20, windowMs: 15 * 60_000 } as const;

/** The challenge of a 401 without credentials (RFC 6750: no error code then). */
export const ADMIN_CHALLENGE = 'Bearer realm="admin"';
const INVALID_CHALLENGE = `${ADMIN_CHALLENGE}, error="invalid_token"`;

const HOW =
  'the admin API takes an operator key (live_op_…) in the Authorization header: "Authorization: Bearer live_op_…"; ' +
  'operator keys are made with hotel-affiliate keys create --operator --label NAME';

// The scheme is case-insensitive (RFC 9110).
const BEARER = /^Bearer +(\S{1,300})$/i;
const OPERATOR_KEY_SHAPE = /^live_op_[A-Za-z0-9]{43}$/;

/** A 401 with the challenge that goes with it. */
export class AdminAuthError extends ServiceError {
  constructor(
    message: string,
    readonly challenge: string,
  ) {
    super('unauthorized', message);
  }
}

/** The challenge for an error of the admin API (401s only carry one). */
export function challengeOf(error: ServiceError): string {
  return error instanceof AdminAuthError ? error.challenge : INVALID_CHALLENGE;
}

/** What an Authorization header that is not an operator key is, said to its sender. */
function refusalOf(authorization: string): string {
  const token = BEARER.exec(authorization.trim())?.[1];
  if (token === undefined) return `the Authorization header must be "Bearer live_op_…"; ${HOW}`;
  if (!token.startsWith(KEY_PREFIX)) return `this is not an operator key; ${HOW}`;
  if (!isOperatorKey(token)) {
    const kind = keyKindOf(token) === 'publishable' ? "an affiliate's publishable key (live_pk_…)" : "an affiliate's secret key (live_…)";
    return `the admin API takes operator keys (live_op_…), and this is ${kind}, which works only on the public API; affiliates manage their own keys at /v1/keys`;
  }
  return 'the operator key is not valid: unknown, revoked or mistyped';
}

export class AdminAuthenticator {
  constructor(
    private readonly operators: OperatorKeys,
    private readonly counters: CounterStore,
    private readonly now: () => number,
  ) {}

  /**
   * The operator whose key the request presents, or a ServiceError: 401 without a usable
   * operator key, 429 for an address past its wrong keys, 503 when keys cannot be checked.
   */
  async authenticate(authorization: string | undefined, keyInQuery: boolean, address: string): Promise<OperatorKey> {
    if (authorization === undefined || authorization.trim() === '') {
      const advice = keyInQuery
        ? 'never put a key in a URL, where logs, proxies and browser history keep it (revoke an operator key that was: hotel-affiliate keys revoke op_…); '
        : '';
      throw new AdminAuthError(`${advice}${HOW}`, ADMIN_CHALLENGE);
    }
    const nowMs = this.now();
    const start = Math.floor(nowMs / ADMIN_AUTH_LIMIT.windowMs) * ADMIN_AUTH_LIMIT.windowMs;
    const counter = { key: `admin-auth:${allowanceAddress(address)}:${start / 1000}`, expiresAtMs: start + ADMIN_AUTH_LIMIT.windowMs };
    const refused = () => {
      const until = new Date(counter.expiresAtMs).toISOString();
      return new ServiceError(
        'rate_limited',
        `too many wrong keys were sent to the admin API from this address (${ADMIN_AUTH_LIMIT.failures} in ${ADMIN_AUTH_LIMIT.windowMs / 60_000} minutes): it is refused until ${until}, whatever key it sends`,
        { retryAfterSeconds: Math.max(1, (counter.expiresAtMs - nowMs) / 1000) },
      );
    };
    // Past the limit, refused before the key is looked at: an answer would tell a right guess.
    const standing = await this.count({ ...counter, limit: ADMIN_AUTH_LIMIT.failures - 1 }, 0);
    if (!standing) throw refused();

    const token = BEARER.exec(authorization.trim())?.[1];
    let operator: OperatorKey | null = null;
    if (token !== undefined && OPERATOR_KEY_SHAPE.test(token)) {
      try {
        operator = await this.operators.findActive(token);
      } catch (error) {
        throw upstreamUnavailable('operator keys cannot be checked right now; try again shortly', 5, error);
      }
    }
    if (operator) return operator;
    if (!(await this.count({ ...counter, limit: ADMIN_AUTH_LIMIT.failures }, 1))) throw refused();
    throw new AdminAuthError(refusalOf(authorization), INVALID_CHALLENGE);
  }

  /** Draws on the address's counter of wrong keys; false when it has no room. */
  private async count(charge: { key: string; limit: number; expiresAtMs: number }, cost: number): Promise<boolean> {
    try {
      return (await this.counters.consume({ charges: [charge], cost })).allowed;
    } catch (error) {
      throw upstreamUnavailable('the admin API cannot count wrong keys right now; try again shortly', 5, error);
    }
  }
}
