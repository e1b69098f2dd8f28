// The steps of a call of an operation, as both transports make it (HTTP and MCP): its cost, how
// it is counted, what only a secret key may do, and what the call did for its key, told to usage
// reports and metrics.
import type { CallOutcome, CallSteps, LocaleInput } from '../access/metered-call.js';
import { checkCurrency, checkLang } from '../locale/locale-params.js';
import { ServiceError } from '../errors.js';
import type { Caller } from '../keys/caller.js';
import type { CallResult } from '../usage/usage-recorder.js';
import type { Operation } from './operations.js';
import { isSubId } from './schemas.js';
import type { CatalogServices } from './services.js';

/** Told of every call: its operation, the caller's tier, and how it went (answered, refused, failed, error). */
export type CallListener = (operation: Operation, caller: Caller, outcome: CallResult['outcome'] | 'error') => void;

/** How a call went, as usage reports count it; 'error' for a failure of the service (5xx), not of the call. */
function resultOf<Output extends object>(operation: Operation<any, Output>, outcome: CallOutcome<Output>): CallResult | { outcome: 'error' } {
  if (outcome.ok) return { outcome: 'answered', ...(operation.usage?.tally(outcome.value) ?? { hotels: 0, links: 0 }) };
  const code = outcome.error instanceof ServiceError ? outcome.error.code : null;
  if (code === 'rate_limited') return { outcome: 'refused' };
  if (code === 'invalid_params' || code === 'not_found') return { outcome: 'failed' };
  return { outcome: 'error' };
}

export function operationSteps<Input extends LocaleInput, Output extends object>(
  operation: Operation<Input, Output>,
  services: CatalogServices,
  read: () => Input,
  options: {
    signal?: AbortSignal;
    listener?: CallListener;
    /** The sub_id as sent, for a call whose input was refused: counted under it when it is one. */
    sentSubId?: () => unknown;
    /** The client's address (the audit of key changes). */
    address?: string;
  } = {},
): CallSteps<Input, Output> {
  return {
    // lang and currency are checked against their real lists, and written in their canonical form.
    read: () => checkedLocale(read()),
    cost: (input) => operation.cost(input),
    grouped: operation.callsPerRequest ? { kind: operation.id, callsPerRequest: operation.callsPerRequest } : undefined,
    free: operation.free,
    secretKeyOnly: operation.secretKeyOnly,
    run: (input, credit, admission, caller) => operation.run(services, credit, input, { keyId: caller.keyId, caller, address: options.address, admission, signal: options.signal }),
    observe(caller, input, outcome) {
      // A refused key is the address's call, not the key's.
      if (outcome.ok === false && outcome.error instanceof ServiceError && outcome.error.code === 'unauthorized') return;
      const result = resultOf(operation, outcome);
      options.listener?.(operation, caller, result.outcome);
      if (result.outcome === 'error' || caller.keyId === null || !operation.usage || !services.usage) return;
      // A refused input is still counted under its placement, when it named a valid one.
      const sent = input ? undefined : options.sentSubId?.();
      const subId = input ? (input.sub_id ?? null) : isSubId(sent) ? sent : null;
      services.usage.record(caller.keyId, operation.usage.name, subId, result);
    },
  };
}

function checkedLocale<Input extends LocaleInput>(input: Input): Input {
  if (input.lang !== undefined) input.lang = checkLang(input.lang);
  if (input.currency !== undefined) input.currency = checkCurrency(input.currency);
  return input;
}
