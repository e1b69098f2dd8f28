// A plain tools/call over HTTP, answered without the SDK's per-request machinery. The SDK serves
// each stateless POST by building a server and a transport for it, and under load that cost four
// to five times the call itself (an MCP search used 832 us of CPU against 198 us over HTTP). A
// plain call, the one agents make most, is answered here exactly as the SDK answers it (one JSON
// body, the same result; for the 2026-07-28 revision with the result's resultType and the
// server's identity stamped as its codec stamps them); anything else (another method, a batch, an
// unknown tool, odd headers, a per-request _meta beyond the revision's envelope, a revision this
// does not know) is left to the SDK.
import {
  classifyInboundRequest,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isJsonContentType,
  isSpecType,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { FastifyRequest } from 'fastify';
import type { ToolDefinition } from '../mcp/tools.js';
import { TOOLS } from '../mcp/tools.js';

/** The first revision of the 2026 era; revisions are ISO dates, so they compare as text. */
export const FIRST_MODERN_REVISION = '2026-07-28';
const ENVELOPE_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY]);

export interface PlainToolCall {
  id: string | number;
  tool: ToolDefinition;
  args: Record<string, unknown>;
  /** Whether the call is of the 2026 era, whose results the codec stamps. */
  modern: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const ONE_HEADER = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

/** The call a request makes, when it is a plain tools/call of one of the tools; else null. */
export function plainToolCall(request: FastifyRequest, body: unknown): PlainToolCall | null {
  const { headers } = request;
  const accept = ONE_HEADER(headers.accept);
  // The SDK's transports refuse (406, 415) what does not accept both answers or is not JSON.
  if (request.method !== 'POST' || !accept?.includes('application/json') || !accept.includes('text/event-stream')) return null;
  if (!isJsonContentType(ONE_HEADER(headers['content-type']) ?? null)) return null;
  // The 2025 revisions the SDK lists, or the one 2026 revision it serves.
  const version = ONE_HEADER(headers['mcp-protocol-version']);
  if (version !== undefined && version !== FIRST_MODERN_REVISION && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  if (headers['mcp-session-id'] !== undefined) return null;
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call' || Object.keys(body).length !== 4) return null;
  const { id, params } = body;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return null;
  if (!isPlainObject(params) || Object.keys(params).some((k) => k !== 'name' && k !== 'arguments' && k !== '_meta')) return null;
  const tool = TOOLS.find((t) => t.name === params.name);
  const args = params.arguments ?? {};
  // The SDK drops "__proto__" keys as it reads arguments (JSON.parse keeps them as own keys): left to it.
  if (!tool || !isPlainObject(args) || Object.hasOwn(args, '__proto__')) return null;
  const modern = version === FIRST_MODERN_REVISION;
  if (modern ? !modernCall(headers, params, version, tool.name) : headers['mcp-method'] !== undefined || headers['mcp-name'] !== undefined || params._meta !== undefined) {
    return null;
  }
  // The SDK's own reading of the era, so the two never disagree.
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: version,
    mcpMethodHeader: ONE_HEADER(headers['mcp-method']),
    mcpNameHeader: ONE_HEADER(headers['mcp-name']),
    body,
  });
  return route.kind === (modern ? 'modern' : 'legacy') ? { id, tool, args, modern } : null;
}

/**
 * A 2026-era call the SDK would serve without a question: the standard headers it requires,
 * naming the body's method and tool as written (no encoded name), and the revision's envelope,
 * exactly its three keys: the header's revision, a client's identity as the spec reads it, and
 * no capabilities declared.
 */
function modernCall(headers: FastifyRequest['headers'], params: Record<string, unknown>, version: string, name: string): boolean {
  if (headers['mcp-method'] !== 'tools/call' || headers['mcp-name'] !== name) return false;
  const meta = params._meta;
  if (!isPlainObject(meta) || Object.keys(meta).length !== ENVELOPE_KEYS.size || !Object.keys(meta).every((k) => ENVELOPE_KEYS.has(k))) return false;
  // Declared capabilities are read by the 2026 schema, which this does not replicate: a client that
  // declares any goes to the SDK.
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  if (!isPlainObject(capabilities) || Object.keys(capabilities).length > 0) return false;
  return meta[PROTOCOL_VERSION_META_KEY] === version && isSpecType.Implementation(meta[CLIENT_INFO_META_KEY]);
}
