// The affiliate's console at /console: its page, its session and the JSON it reads and changes.
import type { FastifyInstance } from 'fastify';
import type { AccountRouteOptions } from './account-routes.js';

export function registerConsoleRoutes(_app: FastifyInstance, _options: AccountRouteOptions): void {
  // Built in the next step.
}
