// Generated HTTP requests to the service, as the property tests see them: what a request is
// (method, request target, header lines, body, and the kind of route it is for: an operation's
// call, a wrong method, another path, a preflight, an MCP request, so a property can tell which
// rules apply to its answer), how it prints (as the request it is, so a counterexample reads like
// a request), and the bytes it goes on the wire as. The generators are elsewhere: the parts of a
// request in request-text, request-queries, request-paths, request-headers and request-bodies,
// whole requests area by area in request-areas.
import fc from 'fast-check';

export type OperationName = 'search' | 'find' | 'detail' | 'links' | 'suggest';

export type RouteInfo =
  /** A call of one of the operations: its path at / or /v1, with its own method. */
  | { kind: 'operation'; operation: OperationName }
  /** A path the service serves, with a method it does not serve there: 405 with Allow. */
  | { kind: 'wrong-method'; allowed: string[] }
  /** Unknown paths, variations of known ones, /openapi.json, /: no rate-limit headers needed. */
  | { kind: 'other' }
  | { kind: 'preflight' }
  /** The MCP endpoint: POST messages, and GET and DELETE (405: the service keeps no MCP sessions). */
  | { kind: 'mcp' };

export interface GeneratedRequest {
  method: string;
  /** The request target exactly as sent on the request line. */
  target: string;
  /** Header lines besides Host, Connection and Content-Length, in order. */
  headers: [string, string][];
  body?: Buffer;
  /** Send Content-Length: 0 on a request without a body. */
  emptyContentLength?: boolean;
  /** Send the body with Transfer-Encoding: chunked, in chunks of this size. */
  chunkSize?: number;
  route: RouteInfo;
}

/** What the generators need from the running service. */
export interface KeySecrets {
  /** A partner key with a large allowance. */
  partner: string;
  /** A standard key whose allowance is used up. */
  exhausted: string;
  /** A key revoked before the run. */
  revoked: string;
}

export const FIXTURE_IDS = [
  'hotel/pt/lisbon/pestana-palace',
  'hotel/pt/lisbon/hotel-aurora',
  'hotel/pt/lisbon/casa-do-sol',
  'hotel/pt/porto/porto-ribeira',
  'hotel/fr/paris/hotel-lumiere',
];

export const SERVICE_URLS = [
  'https://www.stays.example/',
  'https://stays.example/hotel/pt/lisbon/pestana-palace?checkin=2027-05-01#rooms',
  'https://travel.stays.example/guides/lisbon',
  'http://www.stays.example/?aff=rival',
  'https://www.stays.example/?utm_content=x&aff=',
  'https://stays.example.evil.com/',
  'https://user@www.stays.example/',
  'https://www.stays.example:8443/',
  'ftp://www.stays.example/',
  'javascript:alert(1)',
  'not a url',
  '',
  'https://127.0.0.1/',
  'https://www.stays.example./',
  'HTTPS://WWW.STAYS.EXAMPLE/Hotel',
];

// ---------------------------------------------------------------------------------------------
// Printing

const SNIPPET = 400;

export function snippet(text: string, max = SNIPPET): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`;
}

/** Nesting depth of a JSON text, counted on brackets outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

export function bodySummary(body: Buffer | undefined): string {
  if (!body) return '(no body)';
  const text = body.toString('utf8');
  const depth = jsonDepth(text);
  const nesting = depth > 20 ? `, brackets nested ${depth} deep` : '';
  return `${body.length} bytes${nesting}: ${JSON.stringify(snippet(text))}`;
}

export function describeRequest(r: GeneratedRequest): string {
  const lines = [`${r.method} ${snippet(r.target, 600)}  [${describeRoute(r.route)}]`];
  for (const [name, value] of r.headers) lines.push(`  ${name}: ${JSON.stringify(snippet(value, 200))}`);
  if (r.emptyContentLength && !r.body) lines.push('  content-length: 0');
  lines.push(`  body ${bodySummary(r.body)}${r.body && r.chunkSize ? ` (sent chunked, ${r.chunkSize} bytes a chunk)` : ''}`);
  return lines.join('\n');
}

function describeRoute(route: RouteInfo): string {
  switch (route.kind) {
    case 'operation':
      return `operation ${route.operation}`;
    case 'wrong-method':
      return `wrong method; allowed ${route.allowed.join(', ')}`;
    default:
      return route.kind;
  }
}

/** Gives a generated value a printed form (used by fast-check in counterexamples). */
export function printable<T extends object>(value: T, print: (value: T) => string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => `\n${print(value)}\n`, enumerable: false });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Wire format

/** The request's bytes: request line, Host, the generated headers, Connection: close, body. */
export function wireBytes(r: GeneratedRequest, port: number): Buffer {
  const head = [`${r.method} ${r.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of r.headers) head.push(`${name}: ${value}`);
  head.push('Connection: close');
  if (r.body && r.chunkSize) {
    head.push('Transfer-Encoding: chunked');
    const chunks: Buffer[] = [];
    for (let at = 0; at < r.body.length; at += r.chunkSize) {
      const chunk = r.body.subarray(at, at + r.chunkSize);
      chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), ...chunks]);
  }
  if (r.body) head.push(`Content-Length: ${r.body.length}`);
  else if (r.emptyContentLength) head.push('Content-Length: 0');
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), r.body ?? Buffer.alloc(0)]);
}

/** Room for the request line and headers under the server's 16 KiB limit (its refusal is tested apart). */
const HEAD_BUDGET = 16_384 - 512;

/** Shortens an over-long request target so that the request head stays under the header limit. */
export function fitTarget(request: GeneratedRequest): GeneratedRequest {
  const headerBytes = request.headers.reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value) + 4, 0);
  const room = HEAD_BUDGET - headerBytes - request.method.length;
  if (request.target.length <= room) return request;
  // Cut at a parameter boundary when there is one, and never inside a percent-escape.
  let target = request.target.slice(0, Math.max(1, room));
  const amp = target.lastIndexOf('&');
  if (amp > target.indexOf('?') && amp > room / 2) target = target.slice(0, amp);
  return { ...request, target: target.replace(/%[0-9A-Fa-f]?$/, '') };
}

/** A request without caller headers; the test adds the caller's X-Forwarded-For and key. */
export const bare = (method: string, target: string, route: GeneratedRequest['route'], headers: [string, string][] = [], body?: Buffer): GeneratedRequest =>
  fitTarget({ method, target, headers, body, route });
