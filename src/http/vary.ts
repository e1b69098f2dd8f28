// Vary, added to: what an answer depends on is said once per field, beside what it says already.
import type { FastifyReply } from 'fastify';

/** Adds `field` to the answer's Vary unless it is there (in any case). */
export function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (list.split(',').some((f) => f.trim().toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', list ? `${list}, ${field}` : field);
}
