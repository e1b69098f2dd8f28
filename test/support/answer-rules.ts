// The rules of the property tests as checks of one HTTP answer, each giving the problems it
// finds (none when the answer keeps the rule): never a 5xx (property 1); the error body, and the
// status, code and headers that go together (property 2), save for the MCP transport's own
// answers to a POST /mcp it cannot take; X-Request-Id (property 3); the rate-limit headers
// (property 4). And how a failure shows the request and the answer (status, headers, body).
import type { RawOutcome, RawResponse } from './raw-http.js';
import { snippet, type GeneratedRequest } from './request-model.js';

export const ERROR_CODES = ['unauthorized', 'rate_limited', 'invalid_params', 'not_found', 'upstream_unavailable'];
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_params',
  401: 'unauthorized',
  404: 'not_found',
  405: 'invalid_params',
  408: 'invalid_params',
  417: 'invalid_params',
  429: 'rate_limited',
  431: 'invalid_params',
};
/**
 * POST /mcp is answered by the MCP transport where the message is not one it can take: with the
 * statuses and JSON-RPC error bodies the Streamable HTTP specification gives, which MCP clients read.
 */
const MCP_TRANSPORT_STATUSES = new Set([400, 406, 415]);
/** The MCP endpoint, at both base paths, with the one trailing slash the router ignores. */
const MCP_PATH = /^(\/v1)?\/mcp\/?(\?|$)/;

function isJsonRpcError(text: string): boolean {
  try {
    const body = JSON.parse(text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };
    return body.jsonrpc === '2.0' && Number.isInteger(body.error?.code) && typeof body.error?.message === 'string';
  } catch {
    return false;
  }
}
export const INTEGER = /^\d+$/;
const BEARER_CHALLENGE = /^Bearer error="invalid_token"(?:, [a-z_]+="[\x20\x21\x23-\x5b\x5d-\x7e]*")*$/;

export function describeResponse(outcome: RawOutcome): string {
  if (!outcome.ok) return `no response: ${outcome.reason}; received ${JSON.stringify(outcome.received)}`;
  const r = outcome.response;
  const lines = [`HTTP ${r.status} ${r.statusText}`];
  for (const [name, value] of r.headerLines) lines.push(`  ${name}: ${snippet(value, 200)}`);
  lines.push(`  body (${r.body.length} bytes): ${JSON.stringify(snippet(r.text))}`);
  return lines.join('\n');
}

/** Property 1: no 5xx. */
export function neverServerError(r: RawResponse): string[] {
  return r.status >= 500 ? [`property 1: answered ${r.status}; no input may reach a 5xx while every dependency is up`] : [];
}

/** Property 2: the error body, and the status, code and headers that go together. */
export function errorAnswer(method: string, r: RawResponse, wrongMethod?: { allowed: string[] }, mcpMessage = false): string[] {
  const problems: string[] = [];
  if (mcpMessage && MCP_TRANSPORT_STATUSES.has(r.status) && isJsonRpcError(r.text)) return problems;
  if (wrongMethod && r.status !== 405) {
    problems.push(`property 2: ${method} is a wrong method here (allowed: ${wrongMethod.allowed.join(', ')}): expected 405, got ${r.status}`);
  }
  if (r.status < 400) return problems;
  const expectedCode = CODE_OF_STATUS[r.status];
  if (!expectedCode && r.status < 500) problems.push(`property 2: ${r.status} is not a status of the service (${Object.keys(CODE_OF_STATUS).join(', ')})`);
  if (method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(r.text);
    } catch {
      problems.push('property 2: the error body is not JSON');
    }
    if (body !== undefined) {
      const outer = body as { error?: { code?: unknown; message?: unknown } };
      const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
      if (!isObject(body) || Object.keys(body).join() !== 'error' || !isObject(outer.error) || Object.keys(outer.error).sort().join() !== 'code,message') {
        problems.push('property 2: the error body is not exactly {"error":{"code","message"}}');
      } else {
        const { code, message } = outer.error;
        if (typeof code !== 'string' || !ERROR_CODES.includes(code)) problems.push(`property 2: unknown error code ${JSON.stringify(code)}`);
        else if (expectedCode && code !== expectedCode) problems.push(`property 2: status ${r.status} goes with code ${expectedCode}, got ${code}`);
        if (typeof message !== 'string' || message.trim() === '') problems.push('property 2: the error message is empty or not a string');
      }
    }
  }
  // On /mcp the challenge goes on with error_description and resource_metadata; every parameter
  // must stay a valid RFC 6750 quoted string whatever Authorization header was sent.
  if (r.status === 401 && !BEARER_CHALLENGE.test(r.headers['www-authenticate'] ?? '')) {
    problems.push(`property 2: a 401 needs WWW-Authenticate: Bearer error="invalid_token"[, name="value"…] (got ${JSON.stringify(r.headers['www-authenticate'])})`);
  }
  if (r.status === 429) {
    const retryAfter = r.headers['retry-after'];
    if (retryAfter === undefined || !INTEGER.test(retryAfter) || Number(retryAfter) < 1) {
      problems.push(`property 2: a 429 needs Retry-After in whole seconds, at least 1 (got ${JSON.stringify(retryAfter)})`);
    }
  }
  if (r.status === 405) {
    const allow = (r.headers.allow ?? '').split(',').map((m) => m.trim()).filter(Boolean);
    if (allow.length === 0) problems.push('property 2: a 405 needs an Allow header');
    else if (allow.includes(method)) problems.push(`property 2: a 405 for ${method} whose Allow lists ${method}`);
    else if (wrongMethod && !wrongMethod.allowed.every((m) => allow.includes(m))) {
      problems.push(`property 2: Allow should list ${wrongMethod.allowed.join(', ')} (got ${r.headers.allow})`);
    }
  }
  return problems;
}

/** Property 3: X-Request-Id on every answer. */
export function requestId(r: RawResponse): string[] {
  const id = r.headers['x-request-id'];
  return id === undefined || id.trim() === '' ? ['property 3: no X-Request-Id'] : [];
}

/** Property 4: the three rate-limit headers as integers (and Remaining within Limit). */
export function limitHeaders(r: RawResponse): string[] {
  const problems: string[] = [];
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = r.headers[name];
    if (value === undefined || !INTEGER.test(value)) problems.push(`property 4: ${name} is ${value === undefined ? 'missing' : `not a whole number (${JSON.stringify(value)})`}`);
  }
  if (problems.length === 0 && Number(r.headers['x-ratelimit-remaining']) > Number(r.headers['x-ratelimit-limit'])) {
    problems.push('property 4: X-RateLimit-Remaining is above X-RateLimit-Limit');
  }
  return problems;
}

export type Rule = 'status' | 'body' | 'request id' | 'limit headers';

export function violations(rule: Rule, request: GeneratedRequest, outcome: RawOutcome): string[] {
  if (!outcome.ok) return [`${rule === 'status' ? 'property 1' : rule === 'body' ? 'property 2' : rule === 'request id' ? 'property 3' : 'property 4'}: no response at all`];
  const r = outcome.response;
  switch (rule) {
    case 'status':
      return neverServerError(r);
    case 'body':
      return errorAnswer(
        request.method,
        r,
        request.route.kind === 'wrong-method' ? request.route : undefined,
        request.method === 'POST' && MCP_PATH.test(request.target),
      );
    case 'request id':
      return requestId(r);
    case 'limit headers':
      return request.route.kind === 'operation' ? limitHeaders(r) : [];
  }
}

export function failure(problems: string[], request: string, outcome: RawOutcome): Error {
  return new Error(`${problems.join('\n')}\n\nrequest:\n${request}\n\nresponse:\n${describeResponse(outcome)}\n`);
}
