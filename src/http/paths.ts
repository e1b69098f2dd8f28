// What each path of the service answers, independent of the router: used where the router
// cannot help (a method it has no route for, a request line Node.js could not parse, a path
// with a malformed percent-escape) so those get the same 404 or 405 as any other request.
import type { ErrorCode } from '../errors.js';
import { DEMO_PHOTOS_PATH } from '../catalog/demo-photos.js';
import { WIDGET_MESSAGE_FOLDERS, WIDGET_VERSIONS } from './widget-files.js';
import { HTTP_OPERATIONS, type HttpOperation } from './operations.js';

export const PREFIXES = ['', '/v1'] as const;

/**
 * The service speaks MCP statelessly: every message is a POST answered on its own. GET (a
 * server-sent event stream) and DELETE (the end of a session) have nothing to serve, which the
 * transport specification answers with 405, given here like any other wrong method.
 */
export const MCP_METHODS = ['POST'] as const;

/** Paths that are not operations, with the methods they answer (GET routes answer HEAD too). */
const OTHER_PATHS: Record<string, readonly string[]> = {
  '/': ['GET', 'HEAD'],
  '/openapi.json': ['GET', 'HEAD'],
  '/mcp': MCP_METHODS,
};

/** Served at the root only: they describe this instance, not the versioned API. */
const INSTANCE_PATHS: Record<string, readonly string[]> = {
  '/healthz': ['GET', 'HEAD'],
  '/readyz': ['GET', 'HEAD'],
  '/metrics': ['GET', 'HEAD'],
  '/docs': ['GET', 'HEAD'],
  '/widget': ['GET', 'HEAD'],
  // Every released version of the widget's script.
  ...Object.fromEntries(WIDGET_VERSIONS.map((version) => [`/widget/${version}`, ['GET', 'HEAD']])),
  '/widget/settings.json': ['GET', 'HEAD'],
  '/embed/search': ['GET', 'HEAD'],
  '/embed/hotel': ['GET', 'HEAD'],
  '/embed/resize.js': ['GET', 'HEAD'],
  '/embed/go': ['GET', 'HEAD'],
  '/oembed': ['GET', 'HEAD'],
  '/widget/builder.js': ['GET', 'HEAD'],
  '/widget/builder.css': ['GET', 'HEAD'],
  '/console': ['GET', 'HEAD'],
  '/console/console.js': ['GET', 'HEAD'],
  '/console/console.css': ['GET', 'HEAD'],
  '/console/session': ['POST', 'DELETE'],
  '/console/api/me': ['GET', 'HEAD'],
  '/console/api/usage': ['GET', 'HEAD'],
  '/console/api/keys': ['GET', 'HEAD', 'POST'],
  '/.well-known/oauth-protected-resource': ['GET', 'HEAD'],
  '/.well-known/oauth-protected-resource/mcp': ['GET', 'HEAD'],
  '/.well-known/oauth-protected-resource/v1/mcp': ['GET', 'HEAD'],
};

const withHead = (method: string) => (method === 'GET' ? ['GET', 'HEAD'] : [method]);

/** One trailing slash is ignored, as the router ignores it ("/links/" is "/links", "/links//" is not). */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The path as the API reads it: without the /v1 prefix and a trailing slash. */
function apiPath(path: string): string {
  const trimmed = withoutTrailingSlash(path);
  // "/v1//" is not "/v1" (the router does not take it either), so it stays itself.
  return trimmed === '/v1' ? '/' : trimmed.startsWith('/v1/') && trimmed.length > 4 ? trimmed.slice(3) : trimmed;
}

/** Whether an operation's route takes a path: exact, a wildcard's remainder, or `:name` segments. */
export function routeTakes(routePath: string, bare: string): boolean {
  if (routePath === bare) return true;
  if (routePath.endsWith('/*')) return bare.startsWith(routePath.slice(0, -1)) && bare.length > routePath.length - 1;
  if (!routePath.includes('/:')) return false;
  const want = routePath.split('/');
  const got = bare.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** The operations a path names ("/v1/hotels/x" and "/hotels/x" are the same), one per method. */
function operationsAt(path: string): HttpOperation[] {
  const bare = apiPath(path);
  const exact = HTTP_OPERATIONS.filter((op) => op.routePath === bare);
  return exact.length > 0 ? exact : HTTP_OPERATIONS.filter((op) => routeTakes(op.routePath, bare));
}

/** The console's paths of one key: /console/api/keys/{id} and its /roll. */
function consoleKeyPath(path: string): readonly string[] | undefined {
  if (routeTakes('/console/api/keys/:id', withoutTrailingSlash(path))) return ['PATCH', 'DELETE'];
  if (routeTakes('/console/api/keys/:id/roll', withoutTrailingSlash(path))) return ['POST'];
  return undefined;
}

/** The methods a path answers; empty for a path the service does not have. */
export function allowedMethods(path: string): string[] {
  const operations = operationsAt(path);
  if (operations.length > 0) return operations.flatMap((op) => withHead(op.method));
  const instancePath = INSTANCE_PATHS[withoutTrailingSlash(path)] ?? (path.startsWith(`${DEMO_PHOTOS_PATH}/`) || WIDGET_MESSAGE_FOLDERS.some((folder) => path.startsWith(`/widget/${folder}/`)) ? ['GET', 'HEAD'] : consoleKeyPath(path));
  if (instancePath) return [...instancePath];
  return [...(OTHER_PATHS[apiPath(path)] ?? [])];
}

/** The operation a request calls, when its method and path name one. */
export function operationCalled(method: string, path: string): HttpOperation | undefined {
  return operationsAt(path).find((op) => withHead(op.method).includes(method));
}

/** The text of a 405 or 404 for a request no route answers. */
export function unroutedAnswer(method: string, path: string): { status: 404 | 405; code: ErrorCode; allow?: string; message: string } {
  const allowed = allowedMethods(path);
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  if (allowed.length === 0) return { status: 404, code: 'not_found', message: `no such path: ${shown}; the operations are listed at /openapi.json` };
  // A path the service has, with a method it takes, that no route answers: served elsewhere by
  // configuration (/metrics on METRICS_PORT).
  if (allowed.includes(method)) return { status: 404, code: 'not_found', message: `${shown} is not served on this port` };
  return {
    status: 405,
    code: 'invalid_params',
    allow: allowed.join(', '),
    message: `method ${method.slice(0, 40)} is not allowed on ${shown}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}`,
  };
}
