// The admin API under /admin/v1, for the team that runs the programme (operator keys): the
// operations of admin-operations.ts, its own OpenAPI document, and the service's error body for
// every refusal, unknown paths and wrong methods included. Every call is authenticated before
// its input is read; answers are never cached.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import type { AccountRouteOptions } from './account-routes.js';
import { AdminAuthenticator, challengeOf } from './admin-auth.js';
import { ADMIN_PREFIX, adminOpenApiDocument } from './admin-openapi.js';
import { ADMIN_OPERATIONS, type AdminOperation, type AdminServices } from './admin-operations.js';
import { errorBody, sendServiceError } from './error-response.js';
import { rawRequestOf } from './http-operation.js';
import type { ParsedQuery } from './query-string.js';
import { routeTakes } from './paths.js';

const NOT_CACHED = 'no-store';
const OTHER_METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;
const withHead = (method: string) => (method === 'GET' ? ['GET', 'HEAD'] : [method]);



export function registerAdminRoutes(app: FastifyInstance, options: AccountRouteOptions): void {
  // The service's clock (a test's clock in tests), which the counters' windows are kept on too.
  const now = () => options.usage?.now() ?? Date.now();
  const auth = new AdminAuthenticator(options.account.operators, options.counters, now);
  const services: AdminServices = {
    keys: options.keys,
    management: options.management,
    audit: options.account.audit,
    usage: options.usage,
    gate: options.gate,
    now,
  };

  async function failed(request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<FastifyReply> {
    if (error instanceof ServiceError) return sendServiceError(reply, error, challengeOf(error));
    request.log.error({ err: error }, 'unexpected failure in the admin API');
    return reply.code(500).send(errorBody('upstream_unavailable', `an unexpected error occurred; quote request id ${request.id} when reporting it`));
  }

  /** The operator calling, or a refusal thrown. */
  const operatorOf = (request: FastifyRequest) => {
    const query = request.query as ParsedQuery | undefined;
    return auth.authenticate(request.headers.authorization, query?.key !== undefined, options.clientAddress(request));
  };

  async function handle(operation: AdminOperation, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('Cache-Control', NOT_CACHED);
    try {
      const operator = await operatorOf(request);
      const input = operation.read(rawRequestOf(request));
      const value = await operation.run(services, input, { name: `operator:${operator.id}`, address: options.clientAddress(request) });
      return reply.code(operation.status).send(value);
    } catch (error) {
      return failed(request, reply, error);
    }
  }

  for (const operation of ADMIN_OPERATIONS) {
    app.route({ method: operation.method, url: `${ADMIN_PREFIX}${operation.routePath}`, handler: (request, reply) => handle(operation, request, reply) });
  }

  app.get(`${ADMIN_PREFIX}/openapi.json`, async (request, reply) => {
    reply.header('Cache-Control', NOT_CACHED);
    try {
      await operatorOf(request);
      return reply.send(adminOpenApiDocument(options.publicUrl(request), options.serviceName));
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  /** The methods a path under the prefix takes; none for a path the admin API does not have. */
  const allowedAt = (path: string): string[] => {
    if (path === '/openapi.json') return ['GET', 'HEAD'];
    return ADMIN_OPERATIONS.filter((op) => routeTakes(op.routePath, path)).flatMap((op) => withHead(op.method));
  };

  // Anything else under the prefix: the service's error body, as for its other paths, before any key is read.
  const unrouted = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', NOT_CACHED);
    const full = request.url.split('?')[0];
    const shown = full.length > 200 ? `${full.slice(0, 200)}…` : full;
    const bare = full.slice(ADMIN_PREFIX.length).replace(/(.)\/$/, '$1');
    const allowed = allowedAt(bare);
    if (allowed.length === 0) {
      return reply.code(404).send(errorBody('not_found', `no such path: ${shown}; the admin operations are listed at ${ADMIN_PREFIX}/openapi.json`));
    }
    reply.header('Allow', allowed.join(', '));
    return reply
      .code(405)
      .send(errorBody('invalid_params', `method ${request.method.slice(0, 40)} is not allowed on ${shown}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}`));
  };
  app.route({ method: [...OTHER_METHODS], url: `${ADMIN_PREFIX}/*`, handler: unrouted });
  app.route({ method: [...OTHER_METHODS], url: ADMIN_PREFIX, handler: unrouted });
}
