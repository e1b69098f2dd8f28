// The access log: one line per answer (what was asked, from where, how it went, how long it
// took, with the request id every line of the request carries), instead of Fastify's two
// ("incoming request", then "request completed"). Half the log lines of a busy instance. A call
// of an operation (or MCP) also says who made it (the key's id, never the key, and its tier)
// and its outcome, so that who spends an allowance is found in the log.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggedUrl } from './logged-url.js';

/** How a call went, in the words of hotel_affiliate_call_outcomes_total (and unauthorized, which it leaves out). */
function outcomeOf(status: number): string {
  if (status < 400) return 'answered';
  if (status === 429) return 'refused';
  if (status === 401) return 'unauthorized';
  return status < 500 ? 'failed' : 'error';
}

export class AccessLog extends LogController {
  override incomingRequest(): void {
    // Said once, when answered.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const caller = request.caller;
    const line = {
      method: request.method,
      // A secret key sent in a URL (refused, 401) is not written; publishable keys are public and stay.
      url: loggedUrl(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      ...(caller ? { key_id: caller.keyId, tier: caller.tier, outcome: outcomeOf(status) } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'answered with an error');
    else reply.log.info(line, 'answered');
  }
}
