// The HTTP service: the four operations at / and under /v1, the OpenAPI document, CORS, and
// one pipeline every operation call goes through: identify, read, admit, run.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { RequestGate } from '../access/gate.js';
import { meteredCall } from '../access/metered-call.js';
import { ServiceError } from '../errors.js';
import type { ServiceMetrics } from '../metrics.js';
import type { CatalogServices } from '../operations/services.js';
import { errorBody, fromFrameworkError, sendServiceError } from './error-response.js';
import { countRefusedCall, LIMIT_HEADERS, setLimitHeaders } from './limit-headers.js';
import { MCP_METHODS, registerMcpRoutes } from './mcp-route.js';
import { openApiDocument, type OpenApiSettings } from './openapi.js';
import { BODY_LIMIT_BYTES, HTTP_OPERATIONS, type HttpOperation } from './operations.js';
import { parseQueryString, type ParsedQuery } from './query-string.js';

export const PREFIXES = ['', '/v1'] as const;

export interface HttpAppOptions {
  services: CatalogServices;
  gate: RequestGate;
  logger: Logger;
  /** Prometheus metrics, served at /metrics when given. */
  metrics?: ServiceMetrics;
  docs: OpenApiSettings;
  /** Base address for the OpenAPI servers; by default the address the request came to. */
  publicBaseUrl?: string;
  /** Addresses of proxies whose X-Forwarded-For is believed. */
  trustedProxies?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: HttpOperation;
  }
  interface FastifyRequest {
    /** Set once the call has been counted, so an error after that is not counted again. */
    admitted: boolean;
  }
}

/** "/v1/hotels/x" and "/hotels/x" are the same resource; the methods it answers. */
export function allowedMethods(path: string): string[] {
  const bare = path.startsWith('/v1/') ? path.slice(3) : path === '/v1' ? '/' : path;
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  if (trimmed === '/links') return ['POST'];
  if (trimmed === '/mcp') return [...MCP_METHODS];
  if (['/hotels/search', '/hotels/find', '/openapi.json', '/'].includes(trimmed)) return ['GET', 'HEAD'];
  if (trimmed.startsWith('/hotels/') && trimmed.length > '/hotels/'.length) return ['GET', 'HEAD'];
  return [];
}

export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const { services, gate, docs } = options;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustedProxies && options.trustedProxies.length > 0 ? options.trustedProxies : false,
  });
  app.decorateRequest('admitted', false);

  // Bodies arrive raw; the operation reads them, so a bad body is an answer of the operation
  // (counted, with limit headers) rather than a framework error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    // Browser MCP clients send the protocol's own headers too.
    allowedHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
    exposedHeaders: [...LIMIT_HEADERS, 'Retry-After', 'X-Request-Id', 'WWW-Authenticate', 'Mcp-Session-Id'],
    maxAge: 86_400,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const { metrics } = options;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      const operation = request.routeOptions.config.operation;
      if (operation) metrics.calls.inc({ operation: operation.operation.id, status: String(reply.statusCode) });
    });
    app.get('/metrics', async (_request, reply) =>
      reply.header('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  }

  async function handleOperation(route: HttpOperation, request: FastifyRequest, reply: FastifyReply) {
    const identification = await gate.identify(request.headers.authorization, request.ip);
    const { operation } = route;
    const outcome = await meteredCall(
      gate,
      identification,
      {
        read: () =>
          route.read({
            query: request.query as ParsedQuery,
            pathRest: (request.params as Record<string, string>)['*'] ?? '',
            contentType: request.headers['content-type'],
            body: Buffer.isBuffer(request.body) ? request.body : undefined,
          }),
        cost: (input) => operation.cost(input),
        run: (input, credit) => operation.run(services, credit, input),
      },
      docs.signupUrl,
    );
    request.admitted = true;
    setLimitHeaders(reply, outcome.admission);
    if (!outcome.ok) throw outcome.error;
    return reply.send(outcome.value);
  }

  const baseUrl = (request: FastifyRequest) => options.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const serviceInfo = (request: FastifyRequest) => ({
    service: `${docs.serviceName} hotel affiliate API`,
    version: '1.0.0',
    openapi: `${baseUrl(request)}/openapi.json`,
    operations: HTTP_OPERATIONS.map((op) => `${op.method} ${op.path}`),
    mcp: `${baseUrl(request)}/mcp`,
    credit: `Book on ${docs.serviceName}: https://${docs.mainSite}/`,
  });

  for (const prefix of PREFIXES) {
    for (const operation of HTTP_OPERATIONS) {
      app.route({
        method: operation.method,
        url: `${prefix}${operation.routePath}`,
        config: { operation },
        handler: (request, reply) => handleOperation(operation, request, reply),
      });
    }
    app.get(`${prefix}/openapi.json`, async (request) => openApiDocument(baseUrl(request), docs));
    app.get(prefix === '' ? '/' : prefix, async (request) => serviceInfo(request));
  }
  registerMcpRoutes(app, PREFIXES, {
    services,
    gate,
    signupUrl: docs.signupUrl,
    settings: { serviceName: docs.serviceName, mainSite: docs.mainSite },
    logger: options.logger,
    onCall: metrics ? (tool, outcome) => metrics.toolCalls.inc({ tool, outcome }) : undefined,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return reply
        .code(405)
        .send(errorBody('invalid_params', `method ${request.method} is not allowed on ${path}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}`));
    }
    return reply.code(404).send(errorBody('not_found', `no such path: ${path}; the operations are listed at /openapi.json`));
  });

  app.setErrorHandler(async (error, request, reply) => {
    let problem = error instanceof ServiceError ? error : fromFrameworkError(error as { code?: string; message: string });
    // A call refused by the framework (an oversized body) is still a call of the operation.
    if (request.routeOptions.config.operation && !request.admitted) {
      const refusal = await gate
        .identify(request.headers.authorization, request.ip)
        .then(({ caller }) => {
          request.admitted = true;
          return countRefusedCall(gate, reply, caller, docs.signupUrl);
        })
        .catch(() => null);
      problem = refusal ?? problem;
    }
    if (problem) {
      if (problem.code === 'upstream_unavailable') request.log.warn({ err: problem.cause ?? problem }, problem.message);
      return sendServiceError(reply, problem);
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send(errorBody('upstream_unavailable', `an unexpected error occurred; quote request id ${request.id} when reporting it`));
  });

  return app;
}
