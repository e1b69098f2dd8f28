// Tool calls inside the service: each one is a metered call of its operation, read by the
// operation's schema, counted against the caller's allowance, and run on the catalog.
import type { Logger } from 'pino';
import type { RequestGate } from '../access/gate.js';
import { meteredCall } from '../access/metered-call.js';
import { operationSteps, type CallListener } from '../operations/operation-call.js';
import { ServiceError } from '../errors.js';
import type { OutageLog } from '../outage-log.js';
import type { Caller } from '../keys/caller.js';
import type { CatalogServices } from '../operations/services.js';
import { parseJson } from '../validation/fields.js';
import type { ToolFailure, ToolRunner } from './tool-server.js';

export interface ServiceRunnerOptions {
  services: CatalogServices;
  gate: RequestGate;
  signupUrl: string;
  /** Counts and times tool calls by tool and outcome ("ok" or the error code). */
  onCall?: (tool: string, outcome: string, seconds: number) => void;
  /** Where a dependency's failure is said, once in a while rather than at every call. */
  outages: OutageLog;
  /** Told how every call of an operation went (over HTTP and MCP). */
  onOperationCall?: CallListener;
}

/** The runner of one caller's tool calls; `log` and `requestId` belong to the HTTP request. */
export function serviceRunner(options: ServiceRunnerOptions, caller: Caller, log: Logger, requestId: string): ToolRunner {
  const { services, gate, signupUrl } = options;
  const failureOf = (error: unknown): ToolFailure => {
    if (error instanceof ServiceError) {
      if (error.code === 'upstream_unavailable') options.outages.warn(log, error.cause ?? error, error.message);
      return { code: error.code, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    }
    log.error({ err: error }, 'unexpected failure in an MCP tool call');
    return { code: 'upstream_unavailable', message: `an unexpected error occurred; quote request id ${requestId} when reporting it` };
  };
  return async (tool, args, signal) => {
    const started = performance.now();
    const { operation } = tool;
    const read = () => parseJson(operation.input, args, 'arguments');
    const outcome = await meteredCall(gate, { caller, rejection: null }, operationSteps(operation, services, read, {
      signal,
      listener: options.onOperationCall,
      sentSubId: () => (args !== null && typeof args === 'object' ? (args as Record<string, unknown>).sub_id : undefined),
    }), signupUrl);
    const { limit, remaining, resetAt } = outcome.admission;
    const allowance = { limit, remaining, reset: resetAt };
    const result = outcome.ok ? { ok: true as const, value: outcome.value, allowance } : { ok: false as const, error: failureOf(outcome.error), allowance };
    options.onCall?.(tool.name, result.ok ? 'ok' : result.error.code, (performance.now() - started) / 1000);
    return result;
  };
}
