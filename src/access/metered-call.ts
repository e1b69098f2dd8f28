// One call of an operation, made the same way by every transport (HTTP, MCP): read the input,
// count what the call costs (1 when the key or the input is refused), refuse the whole call when
// it does not fit what remains, and only then run it. A refused key is always answered as such.
import { ServiceError } from '../errors.js';
import type { Caller } from '../keys/caller.js';
import type { Credit } from '../links/hotel-link.js';
import type { Admission, Identification, RequestGate } from './gate.js';

/** What every operation's input may carry for its links: the placement, the traveller's language and currency. */
export interface LocaleInput {
  sub_id?: string;
  lang?: string;
  currency?: string;
}

export interface CallSteps<Input, Output> {
  /** The call's input, checked against its schema; throws `invalid_params`. */
  read(): Input;
  cost(input: Input): number;
  /** Calls counted in groups (the operation's id and group size) rather than by `cost`. */
  grouped?: { kind: string; callsPerRequest: number };
  /** A call that costs nothing and is never refused for the allowance: it only reads it. */
  free?: boolean;
  /** A call only a secret key may make: the message of its refusal (401) otherwise. */
  secretKeyOnly?: string;
  run(input: Input, credit: Credit, admission: Admission, caller: Caller): Promise<Output>;
  /** Told how each call of a key went (usage reports), once answered. */
  observe?(caller: Caller, input: Input | undefined, outcome: CallOutcome<Output>): void;
}

export type CallOutcome<Output> = { admission: Admission } & ({ ok: true; value: Output } | { ok: false; error: unknown });

/** The 429 of a call that does not fit: what it costs, what the allowance is, when it resets. */
export function rateLimited(caller: Caller, admission: Admission, cost: number, signupUrl: string): ServiceError {
  const resets = new Date(admission.resetAt * 1000).toISOString();
  const left = admission.remaining;
  // A call of several URLs may not fit what is left without the allowance being used up: say what would fit.
  const need =
    cost <= 1
      ? ''
      : left > 0
        ? `This call costs ${cost} requests (one per URL) and ${left} ${left === 1 ? 'remains' : 'remain'}: send at most ${left} URL${left === 1 ? '' : 's'} in a call. `
        : `This call costs ${cost} requests (one per URL) and none remain. `;
  const usedUp = cost <= 1 || left === 0;
  // A publishable key's calls come from a visitor's browser: the visitor reads this, in plain words.
  if (caller.visitor) return new ServiceError('rate_limited', visitorMessage(admission), { retryAfterSeconds: admission.retryAfterSeconds });
  const message =
    caller.tier === 'keyless'
      ? `${need}Calls without a key are limited to ${admission.limit} requests an hour per IP address; ` +
        `the limit resets at ${resets}. Apply for an API key at ${signupUrl} for a higher allowance.`
      : `${need}Your ${caller.tier} key's allowance of ${admission.limit} requests a day ${usedUp ? 'is used up; it resets' : 'resets'} at ${resets} (midnight UTC).` +
        (caller.tier === 'standard' ? ' If you need more, ask us about the partner tier.' : '');
  return new ServiceError('rate_limited', message, { retryAfterSeconds: admission.retryAfterSeconds });
}

/** "in 14 minutes", "in 3 hours", "in 40 seconds". */
function waitInWords(seconds: number): string {
  const say = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return say(seconds, 'second');
  if (seconds < 90 * 60) return say(Math.round(seconds / 60), 'minute');
  return say(Math.round(seconds / 3600), 'hour');
}

/** The 429 a visitor of a page using a publishable key reads: when to try again, nothing about keys. */
function visitorMessage(admission: Admission): string {
  const at = new Date(admission.resetAt * 1000).toISOString().slice(11, 16);
  const when = `${waitInWords(admission.retryAfterSeconds)} (at ${at} UTC)`;
  return admission.policy === 'visitor'
    ? `You have searched a lot in a short time. Please try again ${when}.`
    : `Hotel search on this site has reached its limit for today. Please try again ${when}.`;
}

export async function meteredCall<Input extends LocaleInput, Output>(
  gate: RequestGate,
  identification: Identification,
  steps: CallSteps<Input, Output>,
  signupUrl: string,
): Promise<CallOutcome<Output>> {
  const outcome = await admittedCall(gate, identification, steps, signupUrl);
  steps.observe?.(identification.caller, outcome.input, outcome);
  return outcome;
}

async function admittedCall<Input extends LocaleInput, Output>(
  gate: RequestGate,
  { caller, rejection: keyRejection }: Identification,
  steps: CallSteps<Input, Output>,
  signupUrl: string,
): Promise<CallOutcome<Output> & { input?: Input }> {
  const rejection = keyRejection ?? (steps.secretKeyOnly && (caller.keyId === null || caller.visitor) ? new ServiceError('unauthorized', steps.secretKeyOnly) : null);
  let input: Input | undefined;
  let failure: unknown = rejection;
  if (!failure) {
    try {
      input = steps.read();
    } catch (error) {
      failure = error;
    }
  }
  const cost = failure ? 1 : steps.cost(input!);
  // A free call only reads the allowance. A refused key counts as any call would; a refused input
  // of a grouped kind is still one of its calls.
  const admission = steps.free
    ? await gate.peek(caller)
    : steps.grouped && !rejection
      ? await gate.admitGrouped(caller, steps.grouped.kind, steps.grouped.callsPerRequest)
      : await gate.admit(caller, cost);
  // A refused key is answered as such, counted against the address only when it had room.
  if (rejection) return { admission, ok: false, error: rejection };
  if (!admission.allowed) return { admission, ok: false, error: rateLimited(caller, admission, cost, signupUrl), input };
  if (failure) return { admission, ok: false, error: failure };
  try {
    const credit: Credit = { affiliateCode: caller.affiliateCode, subId: input!.sub_id ?? null, lang: input!.lang ?? null, currency: input!.currency ?? null };
    return { admission, ok: true, value: await steps.run(input!, credit, admission, caller), input };
  } catch (error) {
    return { admission, ok: false, error, input };
  }
}
