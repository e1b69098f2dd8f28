// Tool calls of the stdio MCP server: calls of the HTTP service with the caller's key, so that
// the service counts them against the same allowance as the caller's other calls. Arguments are
// checked here first with the tool's schema (an argument HTTP cannot carry never leaves); the
// service checks them again, with the rules across parameters, and counts the call.
import { ERROR_CODES, type ErrorCode, type ServiceError } from '../errors.js';
import { clientRequest } from '../http/client-request.js';
import { keyKindOf, keyShapeProblem } from '../keys/api-key.js';
import { PUBLISHABLE_FOR_BROWSERS } from '../access/access-gate.js';
import { LIMIT_HEADERS } from '../http/limit-headers.js';
import { parseJson } from '../validation/fields.js';
import type { Allowance, ToolFailure, ToolOutcome, ToolRunner } from './tool-server.js';

export interface RemoteRunnerOptions {
  /** The service's base address, such as https://api.stays.example (no trailing slash). */
  baseUrl: string;
  /** The caller's API key; without it, calls are keyless. */
  apiKey: string | null;
  timeoutMs: number;
}

function allowanceOf(headers: Headers): Allowance | null {
  const [limit, remaining, reset] = LIMIT_HEADERS.map((h) => headers.get(h));
  if (limit === null || remaining === null || reset === null) return null;
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) };
}

function unavailable(message: string): ToolFailure {
  return { code: 'upstream_unavailable', message, retryAfterSeconds: 5 };
}

/** The service's error body as a tool failure; anything else it answered is a failure of the service. */
function failureOf(status: number, headers: Headers, body: unknown): ToolFailure {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(error.code) || typeof error.message !== 'string') {
    return unavailable(`the hotel service answered ${status} without a readable error`);
  }
  const retryAfter = Number(headers.get('Retry-After'));
  return {
    code: error.code as ErrorCode,
    message: error.message,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

function networkFailure(error: unknown, options: RemoteRunnerOptions, signal: AbortSignal): ToolFailure {
  const name = (error as Error).name;
  if (name === 'TimeoutError') return unavailable(`the hotel service at ${options.baseUrl} did not answer within ${options.timeoutMs} ms`);
  if (signal.aborted) return unavailable('the call was cancelled');
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return unavailable(`the hotel service at ${options.baseUrl} cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`);
}

export function remoteRunner(options: RemoteRunnerOptions): ToolRunner {
  const authorization: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  // A key that cannot be one of ours, or a browser's key, would be refused by the service anyway: say what is wrong with it.
  const keyProblem = options.apiKey === null ? null : keyShapeProblem(options.apiKey);
  const unauthorized = (message: string): ToolFailure => ({ code: 'unauthorized', message });
  const badKey: ToolFailure | null =
    options.apiKey !== null && keyProblem === null && keyKindOf(options.apiKey) === 'publishable'
      ? unauthorized(`HOTEL_AFFILIATE_KEY is not usable here: ${PUBLISHABLE_FOR_BROWSERS}. Set it to a secret key, or leave it out to call without a key`)
      : keyProblem === null
        ? null
        : unauthorized(`HOTEL_AFFILIATE_KEY is not valid: ${keyProblem}. Set it to the key you were given, or leave it out to call without a key`);
  return async (tool, args, signal): Promise<ToolOutcome> => {
    if (badKey) return { ok: false, error: badKey, allowance: null };
    let input: Record<string, unknown>;
    try {
      input = parseJson(tool.operation.input, args, 'arguments');
    } catch (error) {
      const { code, message } = error as ServiceError;
      return { ok: false, error: { code, message }, allowance: null };
    }
    const request = clientRequest(tool.operation, input);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`${options.baseUrl}${request.pathAndQuery}`, {
        method: request.method,
        headers: { accept: 'application/json', ...authorization, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      body = await response.json().catch(() => null);
    } catch (error) {
      return { ok: false, error: networkFailure(error, options, signal), allowance: null };
    }
    const allowance = allowanceOf(response.headers);
    if (response.ok && body !== null && typeof body === 'object') return { ok: true, value: body, allowance };
    return { ok: false, error: failureOf(response.status, response.headers, body), allowance };
  };
}
