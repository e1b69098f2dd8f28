// The allowance as response headers, on every answer of a metered call: the contract's
// X-RateLimit-* fields, and the same allowance in the IETF fields of
// draft-ietf-httpapi-ratelimit-headers (revision 10 and later), which generic clients and
// gateways read: `RateLimit-Policy: "standard";q=1000;w=86400` says what the allowance is,
// `RateLimit: "standard";r=998;t=3600` what is left of it and in how many seconds it resets.
import type { FastifyReply } from 'fastify';
import type { Admission } from '../access/gate.js';

export const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit'];

export function setLimitHeaders(reply: FastifyReply, admission: Admission): void {
  reply.header('X-RateLimit-Limit', String(admission.limit));
  reply.header('X-RateLimit-Remaining', String(admission.remaining));
  reply.header('X-RateLimit-Reset', String(admission.resetAt));
  // The policy name is a tier name (letters only), so it needs no escaping as a quoted string.
  reply.header('RateLimit-Policy', `"${admission.policy}";q=${admission.limit};w=${admission.windowSeconds}`);
  reply.header('RateLimit', `"${admission.policy}";r=${admission.remaining};t=${admission.retryAfterSeconds}`);
}
