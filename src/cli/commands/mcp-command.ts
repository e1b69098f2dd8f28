// hotel-affiliate mcp: the MCP server over stdio, for agents that start their tools as local
// processes. Its tools call the HTTP service with the caller's key, so that every call counts
// against the same allowance as the caller's HTTP and Streamable HTTP calls.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Config } from '../../config.js';
import { remoteRunner } from '../../mcp/remote-runner.js';
import { createToolServer } from '../../mcp/tool-server.js';

/** How long a tool call waits for the service before it answers upstream_unavailable. */
const SERVICE_TIMEOUT_MS = 15_000;

export function serviceAddress(config: Config): string {
  return config.HOTEL_AFFILIATE_URL ?? config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`;
}

/** Serves until stdin closes; stdout carries the protocol only, so notes go to stderr. */
export async function mcpCommand(config: Config): Promise<number> {
  const baseUrl = serviceAddress(config);
  const runner = remoteRunner({ baseUrl, apiKey: config.HOTEL_AFFILIATE_KEY ?? null, timeoutMs: SERVICE_TIMEOUT_MS });
  const settings = { serviceName: config.SERVICE_NAME, mainSite: config.MAIN_SITE };
  serveStdio(() => createToolServer(runner, settings), {
    onerror: (error) => console.error(`hotel-affiliate mcp: ${error.message}`),
  });
  console.error(`hotel-affiliate mcp: serving over stdio, calling ${baseUrl} ${config.HOTEL_AFFILIATE_KEY ? 'with a key' : 'without a key'}`);
  return -1;
}
