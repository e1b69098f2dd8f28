// MCP over Streamable HTTP at /mcp (and /v1/mcp), served by the official SDK inside this
// service. The bearer key is checked as for the operations: a bad key is 401 (counted against
// the address's keyless allowance when it has room), no key is the keyless tier of the address. Tool calls are
// then metered calls of their operations, from the same allowance as HTTP calls.
import { createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { RequestGate } from '../access/gate.js';
import type { Caller } from '../keys/caller.js';
import { serviceRunner, type ServiceRunnerOptions } from '../mcp/service-runner.js';
import { createToolServer, type ToolServerSettings } from '../mcp/tool-server.js';
import { sendServiceError } from './error-response.js';
import type { ClientAddress } from './client-address.js';
import { setLimitHeaders } from './limit-headers.js';
import { mcpChallenge, registerMcpMetadataRoutes } from './mcp-metadata.js';
import { MCP_METHODS } from './paths.js';

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

export function registerMcpRoutes(app: FastifyInstance, prefixes: readonly string[], options: McpRouteOptions): void {
  const { gate, settings } = options;
  const handler = createMcpHandler(
    (ctx) => {
      const call = ctx.authInfo?.extra as unknown as CallContext;
      return createToolServer(serviceRunner(options, call.caller, call.log, call.requestId), settings);
    },
    { onerror: (error) => options.logger.debug({ err: error }, 'MCP request refused') },
  );
  app.addHook('onClose', async () => handler.close());
  registerMcpMetadataRoutes(app, prefixes, { serviceName: options.settings.serviceName, signupUrl: options.signupUrl, publicUrl: options.publicUrl });

  for (const prefix of prefixes) {
    app.route({
      method: [...MCP_METHODS],
      url: `${prefix}/mcp`,
      handler: async (request, reply) => {
        const { caller, rejection } = await gate.identify(request.headers.authorization, options.clientAddress(request));
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
        const authInfo: AuthInfo = { token: '', clientId: caller.subject, scopes: [], extra: call as unknown as Record<string, unknown> };
        const received = request.method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
        const parsedBody = parsedJson(received);
        const web = webRequest(request, aborted.signal, parsedBody === undefined ? received : undefined);
        return reply.send(await handler.fetch(web, parsedBody === undefined ? { authInfo } : { authInfo, parsedBody }));
      },
    });
  }
}
