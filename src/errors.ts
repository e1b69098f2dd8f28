// The error codes of the interface (section 2.6). Domain code throws these; each transport
// (HTTP, MCP) decides how to present them.
export const ERROR_CODES = ['unauthorized', 'rate_limited', 'invalid_params', 'not_found', 'upstream_unavailable'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class ServiceError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (rate limits, unavailable dependencies). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalidParams = (message: string) => new ServiceError('invalid_params', message);
export const notFound = (message: string) => new ServiceError('not_found', message);
export const upstreamUnavailable = (message: string, retryAfterSeconds = 5, cause?: unknown) =>
  new ServiceError('upstream_unavailable', message, { retryAfterSeconds, cause });
