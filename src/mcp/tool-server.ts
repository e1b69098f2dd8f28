// An MCP server of the tools, on the official SDK's low-level Server: it publishes the
// operations' own JSON schemas and leaves reading the arguments to the runner, so that a refused
// input is read by the same validator as over HTTP and counted like any other call. The runner
// decides how a call is made: in the service it runs the operation, over stdio it calls the
// HTTP service.
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import type { ErrorCode } from '../errors.js';
import { TOOL_LIST, TOOLS, type ToolDefinition } from './tools.js';

/** The caller's allowance after a call, as the X-RateLimit-* headers give it over HTTP. */
export interface Allowance {
  limit: number;
  remaining: number;
  /** Unix time, in whole seconds, when the window resets. */
  reset: number;
}

export interface ToolFailure {
  code: ErrorCode;
  message: string;
  retryAfterSeconds?: number;
}

export type ToolOutcome = { allowance: Allowance | null } & ({ ok: true; value: object } | { ok: false; error: ToolFailure });

export type ToolRunner = (tool: ToolDefinition, args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolOutcome>;

export interface ToolServerSettings {
  serviceName: string;
  mainSite: string;
}

/** Where results carry the allowance and, on failure, the error code (MCP `_meta` keys). */
export const ALLOWANCE_META = 'hotel-affiliate/allowance';
export const ERROR_META = 'hotel-affiliate/error';

function instructions(s: ToolServerSettings): string {
  return (
    `Hotels of ${s.serviceName} (${s.mainSite}). Use search_hotels for hotels in a place or near a point, find_hotel ` +
    'when a person names a hotel, get_hotel for one hotel in full, create_links to credit other addresses of the ' +
    'site to you. With a key, every hotel url carries your affiliate code: show urls unchanged. Search only when a person ' +
    `asks; link to photos, never copy them; wherever hotels appear, credit "Book on ${s.serviceName}" linked to ` +
    `https://${s.mainSite}/. Each call costs from your allowance like an HTTP call of the same operation.`
  );
}

function failureText(error: ToolFailure): string {
  const retry =
    error.retryAfterSeconds === undefined || (error.code !== 'rate_limited' && error.code !== 'upstream_unavailable')
      ? ''
      : `${/[.!?]$/.test(error.message) ? '' : '.'} Retry in ${error.retryAfterSeconds} seconds, not sooner.`;
  return `${error.code}: ${error.message}${retry}`;
}

/** The credit line every tool result carries (display rule 3). */
export function creditLine(settings: ToolServerSettings): string {
  return `Book on ${settings.serviceName}: https://${settings.mainSite}/`;
}

/** A tool call's result: the structured answer and a short text, or an error the agent reads. */
export function callResult(tool: ToolDefinition, outcome: ToolOutcome, credit: string): CallToolResult {
  const _meta = outcome.allowance ? { [ALLOWANCE_META]: outcome.allowance } : {};
  if (!outcome.ok) {
    const { code, retryAfterSeconds } = outcome.error;
    return {
      isError: true,
      content: [{ type: 'text', text: failureText(outcome.error) }],
      _meta: { ..._meta, [ERROR_META]: { code, ...(retryAfterSeconds === undefined ? {} : { retry_after_seconds: retryAfterSeconds }) } },
    };
  }
  return {
    content: [{ type: 'text', text: `${tool.summarize(outcome.value)}\n\n${credit}` }],
    structuredContent: outcome.value as Record<string, unknown>,
    _meta,
  };
}

/** Who the server is, as MCP's handshake (and the 2026 revision's every result) says it. */
export function serverIdentity(settings: ToolServerSettings): { name: string; title: string; version: string } {
  return { name: 'hotel-affiliate', title: `${settings.serviceName} hotels`, version: '1.0.0' };
}

export function createToolServer(runTool: ToolRunner, settings: ToolServerSettings): Server {
  const server = new Server(
    serverIdentity(settings),
    { capabilities: { tools: {} }, instructions: instructions(settings) },
  );
  const credit = creditLine(settings);
  server.setRequestHandler('tools/list', async () => ({ tools: TOOL_LIST }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const index = TOOLS.findIndex((t) => t.name === request.params.name);
    if (index < 0) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(request.params.name)}; the tools are ${TOOLS.map((t) => t.name).join(', ')}`,
      );
    }
    const tool = TOOLS[index];
    const outcome = await runTool(tool, request.params.arguments ?? {}, ctx.mcpReq.signal);
    return server.projectCallToolResult(callResult(tool, outcome, credit), TOOL_LIST[index].outputSchema);
  });
  return server;
}
