// Requests Node.js refuses or takes before Fastify sees them (a method its parser does not know,
// a request line and headers over the size limit, bytes that are not HTTP, a request that never
// finished arriving, CONNECT, an Expect it cannot meet), answered in the service's error body
// with a request id, as every other answer is. They are not calls of any operation: nothing is
// counted.
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '../errors.js';
import { errorBody } from './error-response.js';
import { unroutedAnswer } from './paths.js';

interface ParserError extends Error {
  code?: string;
  reason?: string;
  /** The bytes the parser had when it gave up (a Buffer), which may begin with a request it read before. */
  rawPacket?: unknown;
  /** Where in them it gave up. */
  bytesParsed?: number;
}

interface RawAnswer {
  status: number;
  code: ErrorCode;
  message: string;
  allow?: string;
}

const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/\d\.\d\r?$/;

/**
 * A method Node.js does not know is still a wrong method of a known path: 405, or 404. The line
 * read is the one the parser gave up on, not the packet's first: bytes that follow a request on
 * the connection (its body ran past its Content-Length) are not that request.
 */
function unknownMethodAnswer(rawPacket: unknown, bytesParsed: number | undefined): RawAnswer {
  const bytes = Buffer.isBuffer(rawPacket) ? rawPacket : Buffer.alloc(0);
  const start = bytesParsed ? bytes.lastIndexOf(0x0a, bytesParsed - 1) + 1 : 0;
  const failedLine = bytes.subarray(start, start + 8192).toString('latin1').split('\n', 1)[0];
  const line = REQUEST_LINE.exec(failedLine);
  if (!line && start > 0) {
    return {
      status: 400,
      code: 'invalid_params',
      message: 'the bytes after a request on this connection are not an HTTP request: was its body longer than its Content-Length?',
    };
  }
  if (!line) return { status: 400, code: 'invalid_params', message: 'the request line could not be read: its method is not an HTTP method' };
  const path = line[2].split('?')[0];
  return unroutedAnswer(line[1], path);
}

function clientErrorAnswer(error: ParserError): RawAnswer {
  switch (error.code) {
    case 'HPE_INVALID_METHOD':
      return unknownMethodAnswer(error.rawPacket, error.bytesParsed);
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'invalid_params', message: `the request line and headers must be at most ${maxHeaderSize} bytes together` };
    case 'HPE_INVALID_URL':
      // Raw UTF-8 in the target, as curl sends a destination typed with its accents.
      return {
        status: 400,
        code: 'invalid_params',
        message:
          'the path or query holds a character that must be percent-encoded (a letter outside ASCII, a control character): ' +
          'send such text as UTF-8, percent-encoded, as encodeURIComponent does ("Zürich" is Z%C3%BCrich)',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'invalid_params', message: 'the request did not arrive completely in time' };
    default:
      return { status: 400, code: 'invalid_params', message: `the request could not be read as HTTP/1.1${error.reason ? ` (${error.reason.toLowerCase()})` : ''}` };
  }
}

/** The headers and body of an answer written outside Fastify, in the service's error body. */
function rawAnswer(answer: RawAnswer, requestId: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(errorBody(answer.code, answer.message));
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'X-Request-Id',
    ...(answer.allow ? { Allow: answer.allow } : {}),
    Connection: 'close',
  };
  return { headers, body };
}

/** Writes the answer on the socket and closes the connection, whose stream can no longer be read. */
function answerOnSocket(logger: FastifyBaseLogger, socket: Socket, answer: RawAnswer, code: string | undefined): void {
  const requestId = randomUUID();
  logger.info({ reqId: requestId, code, status: answer.status }, 'request refused before it could be read');
  const { headers, body } = rawAnswer(answer, requestId);
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head.join('')}\r\n${body}`);
  // Whatever else the client sends is not read.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Node.js's clientError: bytes its parser refused. */
export function answerClientError(logger: FastifyBaseLogger, error: ParserError, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  // A request read before these bytes on the same connection is answered first, then this: its
  // answer must neither be lost nor interleaved with ours.
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  const answer = () => answerOnSocket(logger, socket, clientErrorAnswer(error), error.code);
  if (pending && !pending.writableFinished) {
    pending.once('finish', answer);
    // Its connection gone before it finished: nobody is left to answer.
    pending.once('close', () => {
      if (!pending.writableFinished) socket.destroy();
    });
  } else answer();
}

/**
 * Requests Node.js would answer or drop by itself: CONNECT (it closes the socket), and an Expect
 * other than 100-continue (it answers 417 with no body).
 */
export function answerRequestsNodeTakes(server: HttpServer, logger: FastifyBaseLogger): void {
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    answerOnSocket(logger, socket, { status: 405, code: 'invalid_params', message: 'CONNECT is not served: this is an API, not a proxy', allow: 'GET, HEAD, POST' }, 'CONNECT');
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const requestId = randomUUID();
    const expectation = String(request.headers.expect).slice(0, 100);
    const { headers, body } = rawAnswer({ status: 417, code: 'invalid_params', message: `the Expect header can only be 100-continue (got ${JSON.stringify(expectation)})` }, requestId);
    logger.info({ reqId: requestId, status: 417 }, 'request refused before it could be read');
    response.writeHead(417, headers).end(body);
  });
}
