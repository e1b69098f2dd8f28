// The admin API under /admin/v1, for the team that runs the programme (operator keys).
import type { FastifyInstance } from 'fastify';
import type { AccountRouteOptions } from './account-routes.js';

export function registerAdminRoutes(_app: FastifyInstance, _options: AccountRouteOptions): void {
  // Built in the next step.
}
