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

/** A failure as callers are told it: a ServiceError as it is, anything else as a dependency that is down (503). */
export function asUnavailable(error: unknown, message: string): ServiceError {
  return error instanceof ServiceError ? error : upstreamUnavailable(message, 5, error);
}

/**
 * A store whose failures (a database down, a query past its deadline) reach callers as 503 with
 * `message`, never as an unexpected 500: for the rare paths (key changes, reports) that call a
 * store's methods directly.
 */
export function failingAsUnavailable<T extends object>(store: T, message: string): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw asUnavailable(error, message);
              })
            : result;
        } catch (error) {
          throw asUnavailable(error, message);
        }
      };
    },
  });
}
