// Requests Node.js refuses before Fastify sees them (a method its parser does not know, a
// request line and headers over the size limit, bytes that are not HTTP, a request that never
// finished arriving), answered in the service's error body with a request id, as every other
// answer is. They are not calls of any operation: nothing is counted.
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody } from './error-response.js';
import { unroutedAnswer } from './paths.js';

interface ParserError extends Error {
  code?: string;
  reason?: string;
  /** The bytes the parser had when it gave up (a Buffer); the request line is at their start. */
  rawPacket?: unknown;
}

interface RawAnswer {
  status: number;
  message: string;
  allow?: string;
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/\d\.\d\r?$/;

/** A method Node.js does not know is still a wrong method of a known path: 405, or 404. */
function unknownMethodAnswer(rawPacket: unknown): RawAnswer {
  const firstLine = Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 8192).toString('latin1').split('\n', 1)[0] : '';
  const line = REQUEST_LINE.exec(firstLine);
  if (!line) return { status: 400, message: 'the request line could not be read: its method is not an HTTP method' };
  const path = line[2].split('?')[0];
  return unroutedAnswer(line[1], path);
}

export function clientErrorAnswer(error: ParserError): RawAnswer {
  switch (error.code) {
    case 'HPE_INVALID_METHOD':
      return unknownMethodAnswer(error.rawPacket);
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `the request line and headers must be at most ${maxHeaderSize} bytes together` };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request did not arrive completely in time' };
    default:
      return { status: 400, message: `the request could not be read as HTTP/1.1${error.reason ? ` (${error.reason.toLowerCase()})` : ''}` };
  }
}

/** Writes the answer and closes the connection, whose stream can no longer be read. */
export function answerClientError(logger: FastifyBaseLogger, error: ParserError, socket: Socket): void {
  // A reset connection has nobody to answer; a response already under way on this connection
  // (a pipelined request) must not be interleaved with ours: Node.js itself checks the same.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || inProgress) {
    socket.destroy();
    return;
  }
  const requestId = randomUUID();
  const answer = clientErrorAnswer(error);
  const body = JSON.stringify(errorBody(answer.status === 404 ? 'not_found' : 'invalid_params', answer.message));
  logger.info({ reqId: requestId, code: error.code, status: answer.status }, 'request refused before it could be read');
  const headers = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Access-Control-Allow-Origin: *',
    'Access-Control-Expose-Headers: X-Request-Id',
    ...(answer.allow ? [`Allow: ${answer.allow}`] : []),
    'Connection: close',
  ];
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
  // The parser gave up on this stream: whatever else the client sends is not read.
  setTimeout(() => socket.destroy(), 1000).unref();
}
