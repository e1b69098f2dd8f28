// A minimal HTTP/1.1 client on a raw TCP socket, for requests that fetch and node:http refuse
// to send as given: any method (FOO, QUERY), any request target (malformed percent-escapes,
// double slashes, request lines over the server's header limit), any header bytes. It writes
// the request exactly as given and reads one response, or reports that none came.
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  statusText: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Every header line as received, in order (to spot duplicates). */
  headerLines: [string, string][];
  body: Buffer;
  /** The body as text, inflated when the response is compressed (Content-Encoding). */
  text: string;
}

export type RawOutcome =
  | { ok: true; response: RawResponse }
  /** No complete response: the connection was closed or reset, or nothing came in time. */
  | { ok: false; reason: string; received: string };

export interface RawRequestOptions {
  /** The request was HEAD: the response has no body whatever its Content-Length says. */
  head?: boolean;
  timeoutMs?: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

function parseHead(head: string): Omit<RawResponse, 'body' | 'text'> | null {
  const lines = head.split('\r\n');
  const statusLine = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0]);
  if (!statusLine) return null;
  const headers: Record<string, string> = {};
  const headerLines: [string, string][] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headerLines.push([name, value]);
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status: Number(statusLine[1]), statusText: statusLine[2] ?? '', headers, headerLines };
}

/** The body of a chunked response, or null while it is incomplete. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1').split(';')[0].trim(), 16);
    if (!Number.isFinite(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (data.length < start + size + 2) return null;
    parts.push(data.subarray(start, start + size));
    at = start + size + 2;
  }
}

/** Tries to read one complete response from what was received so far (after any 100 Continue). */
function complete(data: Buffer, head: boolean, ended: boolean): RawResponse | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const parsed = parseHead(data.subarray(0, headEnd).toString('latin1'));
  if (!parsed) return null;
  const rest = data.subarray(headEnd + 4);
  // An interim answer (100 Continue, 102, 103) comes before the response itself.
  if (parsed.status >= 100 && parsed.status < 200 && parsed.status !== 101) return complete(rest, head, ended);
  let body: Buffer | null;
  if (head || parsed.status === 204 || parsed.status === 304 || parsed.status === 101) {
    body = Buffer.alloc(0);
  } else if (/\bchunked\b/i.test(parsed.headers['transfer-encoding'] ?? '')) {
    body = dechunk(rest);
  } else if (parsed.headers['content-length'] !== undefined) {
    const length = Number(parsed.headers['content-length']);
    body = rest.length >= length ? rest.subarray(0, length) : null;
  } else {
    body = ended ? rest : null;
  }
  if (!body) return null;
  return { ...parsed, body, text: decoded(body, parsed.headers['content-encoding']).toString('utf8') };
}

/** The body as a client that asked for compression reads it: `body` keeps the bytes received. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (body.length === 0) return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** Sends `request` as it is to 127.0.0.1:`port` and reads one response. */
export function rawRequest(port: number, request: Buffer | string, options: RawRequestOptions = {}): Promise<RawOutcome> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ port, host: '127.0.0.1' });
    const finish = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const received = () => Buffer.concat(chunks);
    const timer = setTimeout(
      () => finish({ ok: false, reason: `no complete response within ${timeoutMs} ms`, received: received().toString('latin1').slice(0, 2000) }),
      timeoutMs,
    );
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const response = complete(received(), options.head === true, false);
      if (response) finish({ ok: true, response });
    });
    const ended = (why: string) => {
      const response = complete(received(), options.head === true, true);
      if (response) finish({ ok: true, response });
      else finish({ ok: false, reason: why, received: received().toString('latin1').slice(0, 2000) });
    };
    socket.on('end', () => ended('the connection was closed before a complete response'));
    socket.on('close', () => ended('the connection was closed before a complete response'));
    socket.on('error', (error) => ended(`the connection failed (${(error as NodeJS.ErrnoException).code ?? error.message})`));
    // A server may answer and close before reading the whole request (an oversized one): the
    // write then fails with EPIPE/ECONNRESET, while the answer may still be readable.
    socket.write(request, () => undefined);
  });
}
