// The allowance as response headers, on every answer of a metered call.
import type { FastifyReply } from 'fastify';
import type { Admission, RequestGate } from '../access/gate.js';
import { rateLimited } from '../access/metered-call.js';
import type { ServiceError } from '../errors.js';
import type { Caller } from '../keys/caller.js';

export const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

export function setLimitHeaders(reply: FastifyReply, admission: Admission): void {
  reply.header('X-RateLimit-Limit', String(admission.limit));
  reply.header('X-RateLimit-Remaining', String(admission.remaining));
  reply.header('X-RateLimit-Reset', String(admission.resetAt));
}

/**
 * Counts a call that is refused before it could run (a bad key, a body the framework refused)
 * at its cost of 1 and sets the limit headers; when even that does not fit, returns the 429 to
 * answer instead of the refusal.
 */
export async function countRefusedCall(gate: RequestGate, reply: FastifyReply, caller: Caller, signupUrl: string): Promise<ServiceError | null> {
  const admission = await gate.admit(caller, 1);
  setLimitHeaders(reply, admission);
  return admission.allowed ? null : rateLimited(caller, admission, 1, signupUrl);
}
