// The allowance as response headers, on every answer of a metered call: the contract's
// X-RateLimit-* fields, and the same allowance in the IETF fields of
// draft-ietf-httpapi-ratelimit-headers (revision 10 and later), which generic clients and
// gateways read: `RateLimit-Policy: "standard";q=2000;w=86400` says what the allowance is,
// `RateLimit: "standard";r=998;t=3600` what is left of it and in how many seconds it resets.
import type { FastifyReply } from 'fastify';
import type { Admission, AllowanceState } from '../access/gate.js';

export const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

// A call of a publishable key counts against a visitor's hour and the key's day: the X-RateLimit-*
// fields describe the one that binds, and the IETF fields list both, the binding one first:
// `RateLimit-Policy: "visitor";q=60;w=3600, "standard";q=2000;w=86400`.
export function setLimitHeaders(reply: FastifyReply, admission: Admission): void {
  reply.header('X-RateLimit-Limit', String(admission.limit));
  reply.header('X-RateLimit-Remaining', String(admission.remaining));
  reply.header('X-RateLimit-Reset', String(admission.resetAt));
  let policy = policyItem(admission);
  let left = leftItem(admission);
  for (const other of admission.others) {
    policy += `, ${policyItem(other)}`;
    left += `, ${leftItem(other)}`;
  }
  reply.header('RateLimit-Policy', policy);
  reply.header('RateLimit', left);
}

// Policy names are tier names or "visitor" (letters only), so they need no escaping as quoted strings.
const policyItem = (state: AllowanceState) => `"${state.policy}";q=${state.limit};w=${state.windowSeconds}`;
const leftItem = (state: AllowanceState) => `"${state.policy}";r=${state.remaining};t=${state.retryAfterSeconds}`;
