// The allowance as response headers, on every answer of a metered call.
import type { FastifyReply } from 'fastify';
import type { Admission } from '../access/gate.js';

export const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

export function setLimitHeaders(reply: FastifyReply, admission: Admission): void {
  reply.header('X-RateLimit-Limit', String(admission.limit));
  reply.header('X-RateLimit-Remaining', String(admission.remaining));
  reply.header('X-RateLimit-Reset', String(admission.resetAt));
}
