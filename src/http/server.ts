// The HTTP service: the operations at / and under /v1, the OpenAPI document, CORS, and
// one pipeline every operation call goes through: identify, read, admit, run.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Credentials, RequestGate } from '../access/gate.js';
import type { Caller } from '../keys/caller.js';
import { meteredCall, rateLimited } from '../access/metered-call.js';
import { operationSteps, type CallListener } from '../operations/operation-call.js';
import { failingAsUnavailable, ServiceError } from '../errors.js';
import { OutageLog } from '../outage-log.js';
import { quoteReceived } from '../validation/rules.js';
import type { ServiceMetrics } from '../metrics.js';
import type { CatalogServices } from '../operations/services.js';
import { AccessLog } from './access-log.js';
import { clientAddressReader } from './client-address.js';
import { answerClientError, answerRequestsNodeTakes } from './client-errors.js';
import { errorBody, fromFrameworkError, sendServiceError } from './error-response.js';
import { registerCompression, varyUncompressed } from './compression.js';
import { addVary } from './vary.js';
import { prefersCsv } from './usage-csv.js';
import { conditionalGet, DOCUMENT_CACHE_CONTROL } from './conditional-get.js';
import { baseUrlReader, REQUEST_DOCUMENT_CACHE_CONTROL } from './public-address.js';
import { namesLanguage, negotiateLanguage } from '../locale/languages.js';
import { registerHealthRoutes, type HealthChecks } from './health.js';
import { LIMIT_HEADERS, setLimitHeaders } from './limit-headers.js';
import { registerMcpRoutes } from './mcp-route.js';
import { REFERENCE_PATH, registerReferencePage } from './reference-page.js';
import { openApiDocument, type OpenApiSettings } from './openapi.js';
import { registerWidgetRoutes, WIDGET_PATH } from './widget-routes.js';
import { registerEmbedRoutes } from './embed-routes.js';
import { BODY_LIMIT_BYTES, HTTP_OPERATIONS, type HttpOperation } from './operations.js';
import { rawRequestOf } from './http-operation.js';
import { CREATED_STATUS } from './key-http.js';
import type { AccountServices } from './account-routes.js';
import { registerAdminRoutes } from './admin-routes.js';
import { registerConsoleRoutes } from './console-routes.js';
import { operationCalled, PREFIXES, unroutedAnswer } from './paths.js';
import { parseQueryString, type ParsedQuery } from './query-string.js';

export interface HttpAppOptions {
  services: CatalogServices;
  gate: RequestGate;
  logger: Logger;
  /** Prometheus metrics, served at /metrics when given. */
  metrics?: ServiceMetrics;
  /** The text /metrics serves, when it is more than `metrics` (every serving thread's); by default `metrics`'. */
  metricsText?: () => Promise<string>;
  /** False when /metrics has a port of its own (METRICS_PORT): then this app does not serve it. */
  metricsRoute?: boolean;
  docs: OpenApiSettings;
  /** Base address for the OpenAPI servers; by default the address the request came to. */
  publicBaseUrl?: string;
  /** Addresses of proxies whose X-Forwarded-For is believed. */
  trustedProxies?: string[];
  /** Liveness and readiness at /healthz and /readyz, when given. */
  health?: HealthChecks;
  /** Told how every call of an operation went (over HTTP and MCP). */
  onCall?: CallListener;
  /** The affiliates' accounts: the console (/console) and the admin API (/admin/v1) are served when given. */
  accounts?: AccountServices;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: HttpOperation;
  }
  interface FastifyRequest {
    /** Set once the call has been counted, so an error after that is not counted again. */
    admitted: boolean;
    /** Who called, once the key (or its absence) was read: for the access log. */
    caller: Caller | null;
  }
}

/**
 * What a call presents to say who calls. A publishable key may come as the `key` query parameter
 * (a browser's GET then needs no CORS preflight); it is taken out of the query here, so the
 * operations' schemas never see it.
 */
function credentialsOf(request: FastifyRequest, serviceOrigin: () => string | null): Credentials {
  const query = request.query as ParsedQuery | undefined;
  const queryKey = query?.key;
  if (queryKey !== undefined) delete query!.key;
  return { authorization: request.headers.authorization, queryKey, origin: request.headers.origin, referer: request.headers.referer, publishableAccepted: true, serviceOrigin };
}

/** Response headers a browser caller may read (CORS), as one value: the plugin would join a list at every answer. */
const EXPOSED_HEADERS = [...LIMIT_HEADERS, 'Retry-After', 'X-Request-Id', 'WWW-Authenticate', 'Mcp-Session-Id'].join(', ');

export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const { services, gate, docs } = options;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    logController: new AccessLog(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustedProxies && options.trustedProxies.length > 0 ? options.trustedProxies : false,
    // While draining, calls that still arrive on open connections are answered (with
    // Connection: close), not refused: they were sent before the load balancer knew.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => void refuseBeforeRouting(error, request, reply),
    clientErrorHandler: (error, socket) => answerClientError(options.logger as FastifyBaseLogger, error, socket),
    // Node.js would answer a missing Host itself, with an empty body; the onRequest hook does.
    http: { requireHostHeader: false } as object,
  });
  answerRequestsNodeTakes(app.server, options.logger as FastifyBaseLogger);
  const outages = new OutageLog();
  app.decorateRequest('admitted', false);
  app.decorateRequest('caller', null);
  const clientAddress = clientAddressReader(options.trustedProxies ?? []);

  // Bodies arrive raw; the operation reads them, so a bad body is an answer of the operation
  // (counted, with limit headers) rather than a framework error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    // An OPTIONS request that is not a preflight is answered 204 too, not 400 in plain text.
    strictPreflight: false,
    // Browser MCP clients send the protocol's own headers too.
    allowedHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 86_400,
  });

  await registerCompression(app);
  // Awaited plugins load before the routes below are added: a route added before an awaited
  // register would keep Fastify's default error handler instead of the one set at the end.
  await registerReferencePage(app, `${docs.serviceName} hotel affiliate API`);
  const baseUrl = baseUrlReader(options.publicBaseUrl);
  /** The service's origin as a request addresses it (for the widget's calls from its embed pages), or null when its Host cannot be one. */
  const ownOrigin = (request: FastifyRequest): string | null => {
    try {
      return new URL(baseUrl(request)).origin;
    } catch {
      return null;
    }
  };
  // Written from the request's own host when no public address is set: kept by the client only,
  // and varying with the headers a trusted proxy's host and scheme come in.
  const documentCaching = options.publicBaseUrl ? DOCUMENT_CACHE_CONTROL : REQUEST_DOCUMENT_CACHE_CONTROL;
  const forwardedVary = !options.publicBaseUrl && (options.trustedProxies?.length ?? 0) > 0;
  const widget = registerWidgetRoutes(app, { serviceName: docs.serviceName, publicUrl: baseUrl, logger: options.logger });
  if (options.accounts) registerEmbedRoutes(app, { keys: options.accounts.keys, publicUrl: baseUrl, serviceName: docs.serviceName, links: services.links, logger: options.logger });
  const documented: OpenApiSettings = { ...docs, widgetIntegrity: widget.integrity };

  // Hooks in callback form: an async hook costs a promise and a microtask turn on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    varyUncompressed(reply, payload);
    // Draining: every answer closes its connection, so clients reconnect to another instance.
    if (options.health?.draining()) reply.header('Connection', 'close');
    done(null, payload);
  });

  // A request no route takes is a 404 or 405 before anything else is read (a body-carrying
  // method without a Content-Type would otherwise be refused for that instead). An HTTP/1.1
  // request without a Host header is not valid HTTP/1.1 (RFC 9112): refused like unreadable
  // bytes, at no cost.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      reply.code(400).header('Connection', 'close').send(errorBody('invalid_params', 'an HTTP/1.1 request must carry a Host header'));
    } else if (request.is404) answerUnrouted(request, reply);
    else done();
  });

  const { metrics } = options;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const operation = request.routeOptions.config.operation;
      if (operation) {
        const labels = { operation: operation.operation.id, status: String(reply.statusCode) };
        metrics.calls.inc(labels);
        metrics.callDuration.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });
    const metricsText = options.metricsText ?? (() => metrics.registry.metrics());
    if (options.metricsRoute !== false) app.get('/metrics', async (_request, reply) => reply.header('Content-Type', metrics.registry.contentType).send(await metricsText()));
  }

  async function handleOperation(route: HttpOperation, request: FastifyRequest, reply: FastifyReply) {
    const identification = await gate.identify(credentialsOf(request, () => ownOrigin(request)), clientAddress(request));
    request.caller = identification.caller;
    if (identification.caller.visitor) addVary(reply, 'Origin');
    const { operation } = route;
    const localized = 'lang' in route.query.properties;
    let input: { lang?: string } | undefined;
    const read = () => {
      input = route.read(rawRequestOf(request));
      // Without lang, the traveller's browser says which language it reads (the widget's calls, a
      // page's): the best of the service's languages for it, for names and links alike.
      const accepted = request.headers['accept-language'];
      if (localized && input!.lang === undefined && accepted) input!.lang = negotiateLanguage(accepted) ?? undefined;
      return input;
    };
    const steps = operationSteps(operation, services, read, {
      listener: options.onCall,
      sentSubId: () => (request.query as ParsedQuery | undefined)?.sub_id,
      address: clientAddress(request),
    });
    const outcome = await meteredCall(gate, identification, steps, docs.signupUrl);
    request.admitted = true;
    setLimitHeaders(reply, outcome.admission);
    if (!outcome.ok) throw outcome.error;
    // Errors are in English whatever the language; an answer's names and links follow it.
    if (localized) {
      addVary(reply, 'Accept-Language');
      // The language the answer's names are in: the traveller's where the service has it, else English.
      if (route.namesPlaces) reply.header('Content-Language', namesLanguage(input?.lang));
    }
    if (route.csv) {
      // The same answer as CSV when asked for (a usage report); either way it depends on Accept.
      addVary(reply, 'Accept');
      if (prefersCsv(request.headers.accept)) return reply.type('text/csv; charset=utf-8').send(route.csv(outcome.value));
    }
    if (CREATED_STATUS.has(operation.id)) reply.code(201);
    return reply.send(outcome.value);
  }

  const serviceInfo = (request: FastifyRequest) => ({
    service: `${docs.serviceName} hotel affiliate API`,
    version: '1.0.0',
    openapi: `${baseUrl(request)}/openapi.json`,
    docs: `${baseUrl(request)}${REFERENCE_PATH}`,
    operations: HTTP_OPERATIONS.map((op) => `${op.method} ${op.path}`),
    mcp: `${baseUrl(request)}/mcp`,
    widget: `${baseUrl(request)}${WIDGET_PATH}`,
    credit: `Book on ${docs.serviceName}: https://${docs.mainSite}/`,
  });

  for (const prefix of PREFIXES) {
    for (const operation of HTTP_OPERATIONS) {
      app.route({
        method: operation.method,
        url: `${prefix}${operation.routePath}`,
        config: { operation },
        // Routes whose answers caches may keep: an ETag and 304s, tagging the JSON before compression.
        ...(operation.cacheControl ? { onSend: conditionalGet(operation.cacheControl) } : {}),
        // No response schema: answers are written by JSON.stringify, in the order operations build
        // them (the schema's). On Node 26 it writes a 20-hotel search in 12-13 us against 21-24 us
        // for fast-json-stringify from the schema, whose string escaping was a fifth of a search
        // under load. The answers hold their schema's fields and no others (test/answer-bytes.test.ts).
        handler: (request, reply) => handleOperation(operation, request, reply),
      });
    }
    app.get(`${prefix}/openapi.json`, { onSend: conditionalGet(documentCaching) }, async (request, reply) => {
      if (forwardedVary) for (const header of ['X-Forwarded-Host', 'X-Forwarded-Proto']) addVary(reply, header);
      return openApiDocument(baseUrl(request), documented);
    });
    app.get(prefix === '' ? '/' : prefix, async (request) => serviceInfo(request));
  }
  registerMcpRoutes(app, PREFIXES, {
    services,
    gate,
    signupUrl: docs.signupUrl,
    settings: { serviceName: docs.serviceName, mainSite: docs.mainSite },
    logger: options.logger,
    outages,
    clientAddress,
    publicUrl: baseUrl,
    onOperationCall: options.onCall,
    onCall: metrics
      ? (tool, outcome, seconds) => {
          metrics.toolCalls.inc({ tool, outcome });
          metrics.toolCallDuration.observe({ tool, outcome }, seconds);
        }
      : undefined,
  });
  if (options.health) registerHealthRoutes(app, options.health);
  if (options.accounts) {
    // Their own reads of keys, sessions and operators: a database down is 503, never a 500.
    const down = 'the database does not answer right now; try again shortly';
    const { account } = options.accounts;
    const accountOptions = {
      ...options.accounts,
      keys: failingAsUnavailable(options.accounts.keys, down),
      account: {
        operators: failingAsUnavailable(account.operators, down),
        audit: failingAsUnavailable(account.audit, down),
        sessions: failingAsUnavailable(account.sessions, down),
      },
      gate,
      clientAddress,
      publicUrl: baseUrl,
      serviceName: docs.serviceName,
      limitOf: (tier: 'standard' | 'partner') => (tier === 'partner' ? docs.partnerPerDay : docs.standardPerDay),
    };
    registerConsoleRoutes(app, accountOptions);
    registerAdminRoutes(app, accountOptions);
  }

  function answerUnrouted(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0];
    const answer = unroutedAnswer(request.method, path);
    if (answer.allow) reply.header('Allow', answer.allow);
    return reply.code(answer.status).send(errorBody(answer.code, answer.message));
  }
  app.setNotFoundHandler(async (request, reply) => answerUnrouted(request, reply));

  /**
   * A call of an operation refused before it could run (a body the framework refused, a path
   * the router could not decode) is still a call: counted at 1 with the limit headers, or 429.
   */
  async function refusedCall(request: FastifyRequest, reply: FastifyReply, problem: ServiceError): Promise<ServiceError> {
    request.admitted = true;
    const { caller, rejection } = await gate.identify(credentialsOf(request, () => ownOrigin(request)), clientAddress(request));
    request.caller = caller;
    const admission = await gate.admit(caller, 1);
    setLimitHeaders(reply, admission);
    // As in a metered call: a refused key is said first, then the allowance, then the input.
    if (rejection) return rejection;
    return admission.allowed ? problem : rateLimited(caller, admission, 1, docs.signupUrl);
  }

  /** The router's own refusals (a malformed percent-escape in the path), in the service's error body. */
  async function refuseBeforeRouting(error: { code?: string; message: string }, request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0];
    let problem =
      error.code === 'FST_ERR_BAD_URL'
        ? new ServiceError('invalid_params', `the path ${quoteReceived(path)} has a malformed percent-escape`)
        : (fromFrameworkError(error) ?? new ServiceError('invalid_params', `the path ${quoteReceived(path)} could not be read`));
    // Answered outside the route's hooks: the headers every answer carries are set here.
    reply.header('X-Request-Id', request.id);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    try {
      if (operationCalled(request.method, path)) problem = await refusedCall(request, reply, problem);
    } catch (failure) {
      request.log.error({ err: failure }, 'a refused call could not be counted');
    }
    return sendServiceError(reply, problem);
  }

  app.setErrorHandler(async (error, request, reply) => {
    let problem = error instanceof ServiceError ? error : fromFrameworkError(error as { code?: string; message: string });
    if (problem && request.routeOptions.config.operation && !request.admitted) {
      problem = await refusedCall(request, reply, problem).catch(() => problem);
    }
    if (problem) {
      if (problem.code === 'upstream_unavailable') outages.warn(request.log as Logger, problem.cause ?? problem, problem.message);
      return sendServiceError(reply, problem);
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send(errorBody('upstream_unavailable', `an unexpected error occurred; quote request id ${request.id} when reporting it`));
  });

  return app;
}
