// Errors as HTTP answers: the status of each code, the error body, and the headers that go
// with them (WWW-Authenticate on 401, Retry-After on 429 and 503).
import type { FastifyReply } from 'fastify';
import type { ErrorCode } from '../errors.js';
import { ServiceError } from '../errors.js';
import { DestinationNotFound } from '../operations/destination-not-found.js';
import type { ErrorBody, PlaceAlternative } from '../operations/schemas.js';

export const STATUS_OF: Record<ErrorCode, number> = {
  invalid_params: 400,
  unauthorized: 401,
  not_found: 404,
  rate_limited: 429,
  upstream_unavailable: 503,
};

export function errorBody(code: ErrorCode, message: string, alternatives?: PlaceAlternative[]): ErrorBody {
  return { error: alternatives && alternatives.length > 0 ? { code, message, alternatives } : { code, message } };
}

export function sendServiceError(reply: FastifyReply, error: ServiceError, challenge = 'Bearer error="invalid_token"'): FastifyReply {
  if (error.code === 'unauthorized') reply.header('WWW-Authenticate', challenge);
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  const alternatives = error instanceof DestinationNotFound ? error.alternatives : undefined;
  return reply.code(STATUS_OF[error.code]).send(errorBody(error.code, error.message, alternatives));
}

/** Fastify's own refusals (before a handler runs) as our errors; others are unexpected. */
export function fromFrameworkError(error: { code?: string; statusCode?: number; message: string }): ServiceError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('invalid_params', 'the body must be at most 65536 bytes (64 KiB)');
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new ServiceError('invalid_params', error.message);
      }
      return null;
  }
}
