// The console's session on the HTTP side: the cookie that carries it, the checks every change
// passes (same origin, the anti-forgery token) and the limit on wrong keys at sign-in.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { allowanceAddress } from '../keys/caller.js';
import type { CounterStore } from '../limits/counter-store.js';

/** The cookie's name. Not __Host-: that prefix needs Path=/, and the cookie is the console's only. */
export const SESSION_COOKIE = 'console_session';
export const CONSOLE_PATH = '/console';
/** The header every change carries, equal to the session's token. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The Set-Cookie of a session: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * request carries it), only on the console's paths, and Secure when the page came over HTTPS
 * (behind a trusted proxy, as it says). No Max-Age: the session ends on the server (idle for 30
 * minutes, a day at most) and the cookie with the browser.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie that removes the session's cookie. */
export function clearedCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${CONSOLE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The session's token in a Cookie header, or null. */
export function sessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    // Tokens are base62; anything else is not one of ours (and is never looked up).
    return /^[A-Za-z0-9]{20,100}$/.test(value) ? value : null;
  }
  return null;
}

/** Whether two tokens are equal, in a time that does not depend on where they differ. */
export function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a request that changes something is refused as coming from elsewhere, or null. Browsers
 * say where a request comes from (Sec-Fetch-Site, and Origin on every POST, PATCH and DELETE): it
 * must be a page of the console's own origin. A client that sends neither (a script, curl) is not
 * a browser another site could drive, and still needs the session's token.
 */
export function crossOriginProblem(request: FastifyRequest, ownOrigins: readonly string[]): string | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    const from = site === 'cross-site' ? 'another site' : site === 'same-site' ? 'another origin of this site' : `a request the browser calls ${JSON.stringify(String(site))}`;
    return `the console takes changes only from its own pages, and this request came from ${from} (Sec-Fetch-Site); open ${CONSOLE_PATH} and make the change there`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !ownOrigins.includes(origin)) {
    return `the console takes changes only from its own pages (${ownOrigins[0] ?? 'this origin'}), and this request came from ${JSON.stringify(origin.slice(0, 200))} (Origin)`;
  }
  return null;
}

/** Wrong keys allowed at sign-in per client address in a window (IPv6 per /64, as allowances). */
export const SIGN_IN_FAILURES = { limit: 10, windowMs: 15 * 60_000 } as const;

/**
 * Counts wrong keys at sign-in per client address, in fixed windows of 15 minutes, in the service's
 * counter store (with Redis, across instances). Past the limit every sign-in from the address is
 * refused until the window ends, before its key is looked at.
 */
export class SignInLimiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly now: () => number,
    private readonly rule: { limit: number; windowMs: number } = SIGN_IN_FAILURES,
  ) {}

  private window(address: string) {
    const now = this.now();
    const start = Math.floor(now / this.rule.windowMs) * this.rule.windowMs;
    const endMs = start + this.rule.windowMs;
    return { key: `console-sign-in:${allowanceAddress(address)}:${start / 1000}`, endMs, retryAfterSeconds: Math.max(1, Math.ceil((endMs - now) / 1000)) };
  }

  /** Seconds until the address may try again when it has used up its wrong keys; null when it may try now. */
  async refusal(address: string): Promise<number | null> {
    const { key, endMs, retryAfterSeconds } = this.window(address);
    // A draw of nothing is refused only when the count is already past `limit - 1`: `limit` wrong keys.
    const { allowed } = await this.counters.consume({ charges: [{ key, limit: this.rule.limit - 1, expiresAtMs: endMs }], cost: 0 });
    return allowed ? null : retryAfterSeconds;
  }

  /** Counts a wrong key from the address. */
  async failed(address: string): Promise<void> {
    const { key, endMs } = this.window(address);
    await this.counters.consume({ charges: [{ key, limit: this.rule.limit, expiresAtMs: endMs }], cost: 1 });
  }
}
