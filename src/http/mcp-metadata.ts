// How /mcp tells clients what its bearer token is. The service takes API keys issued at sign-up,
// not OAuth tokens, and MCP makes authorization optional for HTTP servers; but stock MCP clients
// meet any 401 by starting OAuth. So a refused key is answered as RFC 6750 and RFC 9728 say a
// protected resource that issues no tokens itself should answer:
//   - the 401's WWW-Authenticate says why in `error_description` and points at the resource's
//     metadata (`resource_metadata`), which clients read before anything else;
//   - that metadata (served at /.well-known/oauth-protected-resource/mcp, and for /v1/mcp) names
//     the resource, says a bearer token goes in the Authorization header, lists no
//     authorization server (there is none to get a token from), and links the docs, where
//     keys are explained.
// A client that reads it learns no OAuth flow exists; the SDK without an OAuth provider shows
// the 401's message as is.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

export interface McpMetadataSettings {
  serviceName: string;
  signupUrl: string;
  publicUrl: (request: FastifyRequest) => string;
}

/** RFC 6750 allows only printable ASCII without `"` and `\` in error_description. */
function quotable(text: string): string {
  return text.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?');
}

/** The challenge of a 401 on `${prefix}/mcp`. */
export function mcpChallenge(baseUrl: string, prefix: string, message: string, signupUrl: string): string {
  const description = quotable(`${message}; API keys are issued at ${signupUrl}`);
  return `Bearer error="invalid_token", error_description="${description}", resource_metadata="${baseUrl}${PROTECTED_RESOURCE_PATH}${prefix}/mcp"`;
}

export function protectedResourceMetadata(baseUrl: string, prefix: string, s: McpMetadataSettings): Record<string, unknown> {
  return {
    resource: `${baseUrl}${prefix}/mcp`,
    resource_name: `${s.serviceName} hotel affiliate MCP server`,
    bearer_methods_supported: ['header'],
    resource_documentation: `${baseUrl}/docs`,
    resource_policy_uri: s.signupUrl,
  };
}

export function registerMcpMetadataRoutes(app: FastifyInstance, prefixes: readonly string[], s: McpMetadataSettings): void {
  // The bare path too: clients that find no path-specific document try it (RFC 9728 §3.1).
  app.get(PROTECTED_RESOURCE_PATH, async (request) => protectedResourceMetadata(s.publicUrl(request), '', s));
  for (const prefix of prefixes) {
    app.get(`${PROTECTED_RESOURCE_PATH}${prefix}/mcp`, async (request) => protectedResourceMetadata(s.publicUrl(request), prefix, s));
  }
}
