// MCP over Streamable HTTP at /mcp (and /v1/mcp), served by the official SDK inside this
// service. The key is read as for the operations (the Authorization header, or the key
// parameter, which refuses secret keys and, MCP not being a browser's protocol, publishable
// ones): a bad key is 401 (counted against the address's keyless allowance when it has room),
// no key is the keyless tier of the address. Tool calls are
// then metered calls of their operations, from the same allowance as HTTP calls.
import { createMcpHandler, isLegacyRequest, SERVER_INFO_META_KEY, WebStandardStreamableHTTPServerTransport, type AuthInfo, type Server } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Credentials, RequestGate } from '../access/gate.js';
import type { Caller } from '../keys/caller.js';
import { serviceRunner, type ServiceRunnerOptions } from '../mcp/service-runner.js';
import { callResult, createToolServer, creditLine, serverIdentity, type ToolServerSettings } from '../mcp/tool-server.js';
import { FIRST_MODERN_REVISION, plainToolCall } from './mcp-tool-call.js';
import { sendServiceError } from './error-response.js';
import type { ClientAddress } from './client-address.js';
import { setLimitHeaders } from './limit-headers.js';
import { mcpChallenge, registerMcpMetadataRoutes } from './mcp-metadata.js';
import { MCP_METHODS } from './paths.js';
import type { ParsedQuery } from './query-string.js';

export interface McpRouteOptions extends ServiceRunnerOptions {
  gate: RequestGate;
  settings: ToolServerSettings;
  logger: Logger;
  clientAddress: ClientAddress;
  /** The service's address as its callers reach it, for the metadata a refused key is pointed to. */
  publicUrl: (request: FastifyRequest) => string;
}

/** What the route hands the SDK for the tool server of one HTTP request. */
interface CallContext {
  caller: Caller;
  log: Logger;
  requestId: string;
}

/**
 * What an MCP request presents to say who calls, read as for the operations (server.ts): a key
 * in the URL is refused (or its caller's links would silently lose the affiliate code), and
 * sent both ways or twice it is refused as there.
 */
function credentialsOf(request: FastifyRequest): Credentials {
  const queryKey = (request.query as ParsedQuery | undefined)?.key;
  return { authorization: request.headers.authorization, queryKey, origin: undefined, referer: undefined, publishableAccepted: false };
}

/**
 * A body that is JSON, parsed, for the SDK's `parsedBody`: it then neither clones the request
 * nor reads it through a web stream (a sixth of a tool call's cost under load). Any other body
 * is left for the SDK to read and refuse in its own words.
 */
function parsedJson(body: Buffer | undefined): unknown {
  if (body === undefined || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The request as the SDK's web-standard handler takes it, carrying `body` (the bytes received) when given. */
function webRequest(request: FastifyRequest, signal: AbortSignal, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  return new Request(new URL(request.url, 'http://localhost'), {
    method: request.method,
    headers,
    body: body === undefined ? undefined : new Uint8Array(body),
    signal,
  });
}


/**
 * Whether a request may be of the 2025 protocol: one naming a later revision in its header is
 * left to the SDK's handler at once, which sorts it (and answers its errors) itself, rather than
 * classified twice (a sixth more instructions per 2026 call).
 */
function mayBeLegacy(request: FastifyRequest): boolean {
  const revision = request.headers['mcp-protocol-version'];
  return typeof revision !== 'string' || revision < FIRST_MODERN_REVISION;
}

/**
 * A 2025-protocol POST, answered by the SDK's own stateless transport as one JSON body rather
 * than an event stream, as the transport specification lets a server choose: the tools send
 * nothing before their result, and the stream (its framing, a web stream read and piped chunk by
 * chunk) cost about a tenth of a call's CPU under load. createMcpHandler's own 2025 fallback
 * always streams.
 */
async function answerAsJson(server: Server, request: Request, authInfo: AuthInfo, parsedBody: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const teardown = () => {
    transport.close().catch(() => {});
    server.close().catch(() => {});
  };
  return new Promise<Response>((resolve, reject) => {
    // A client that goes away ends the exchange: its call is aborted (the tool sees the signal),
    // and, as closing the transport leaves its answer pending for ever, the exchange ends here.
    const gone = () => {
      teardown();
      resolve(new Response(null, { status: 499 }));
    };
    if (request.signal.aborted) return gone();
    request.signal.addEventListener('abort', gone, { once: true });
    transport
      .handleRequest(request, { authInfo, parsedBody })
      .then(resolve, reject)
      .finally(() => {
        request.signal.removeEventListener('abort', gone);
        teardown();
      });
  });
}

/**
 * Sends the SDK's answer: an event stream as it comes, a JSON answer whole, with its length, in
 * one write (piped, it would go as chunks in two writes, through a web stream read).
 */
async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const type = response.headers.get('content-type');
  if (response.body === null || type === null || !type.startsWith('application/json')) return reply.send(response);
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

export function registerMcpRoutes(app: FastifyInstance, prefixes: readonly string[], options: McpRouteOptions): void {
  const { gate, settings } = options;
  const credit = creditLine(settings);
  const identity = serverIdentity(settings);
  const toolServer = (authInfo: AuthInfo | undefined) => {
    const call = authInfo?.extra as unknown as CallContext;
    return createToolServer(serviceRunner(options, call.caller, call.log, call.requestId), settings);
  };
  const handler = createMcpHandler((ctx) => toolServer(ctx.authInfo), { onerror: (error) => options.logger.debug({ err: error }, 'MCP request refused') });
  app.addHook('onClose', async () => handler.close());
  registerMcpMetadataRoutes(app, prefixes, { serviceName: options.settings.serviceName, signupUrl: options.signupUrl, publicUrl: options.publicUrl });

  for (const prefix of prefixes) {
    app.route({
      method: [...MCP_METHODS],
      url: `${prefix}/mcp`,
      handler: async (request, reply) => {
        const { caller, rejection } = await gate.identify(credentialsOf(request), options.clientAddress(request));
        request.caller = caller;
        if (rejection) {
          // Counted against the address like a refused operation call, and answered as refused even when it has nothing left.
          setLimitHeaders(reply, await gate.admit(caller, 1));
          return sendServiceError(reply, rejection, mcpChallenge(options.publicUrl(request), prefix, rejection.message, options.signupUrl));
        }
        // A client that goes away cancels its call; a finished answer has nothing to cancel.
        const aborted = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) aborted.abort();
        });
        const call: CallContext = { caller, log: request.log as Logger, requestId: request.id };
        const received = request.method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
        const parsedBody = parsedJson(received);
        const plain = parsedBody === undefined ? null : plainToolCall(request, parsedBody);
        if (plain) {
          const outcome = await serviceRunner(options, caller, call.log, call.requestId)(plain.tool, plain.args, aborted.signal);
          let result: Record<string, unknown> = callResult(plain.tool, outcome, credit);
          // The 2026 codec's stamps: the result's type, and the server's identity in its _meta.
          if (plain.modern) result = { ...result, resultType: 'complete', _meta: { ...(result._meta as object), [SERVER_INFO_META_KEY]: identity } };
          // Bytes, as the SDK's Response.json sends them: a string would gain "; charset=utf-8".
          return reply.code(200).header('Content-Type', 'application/json').send(Buffer.from(JSON.stringify({ result, jsonrpc: '2.0', id: plain.id })));
        }
        const authInfo: AuthInfo = { token: '', clientId: caller.subject, scopes: [], extra: call as unknown as Record<string, unknown> };
        const web = webRequest(request, aborted.signal, parsedBody === undefined ? received : undefined);
        if (parsedBody !== undefined && mayBeLegacy(request) && (await isLegacyRequest(web, parsedBody))) return sendWebResponse(reply, await answerAsJson(toolServer(authInfo), web, authInfo, parsedBody));
        return sendWebResponse(reply, await handler.fetch(web, parsedBody === undefined ? { authInfo } : { authInfo, parsedBody }));
      },
    });
  }
}
