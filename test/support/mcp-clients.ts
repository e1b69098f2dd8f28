// The official MCP SDK client, connected to a test service the three ways an agent can:
// Streamable HTTP (2025 protocol, as most clients speak it today), Streamable HTTP with the
// 2026-07-28 protocol, and stdio through `hotel-affiliate mcp` in its own process.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type McpWay = 'http' | 'http-2026' | 'stdio';
export const MCP_WAYS: McpWay[] = ['http', 'http-2026', 'stdio'];

export interface McpConnection {
  /** An API key for the calls; none for keyless. */
  key?: string;
  /** The MCP path of the service (/mcp or /v1/mcp). */
  path?: string;
  /** Over stdio, the service the tools call (by default the test service). */
  serviceUrl?: string;
  /** Over HTTP, the fetch the client sends its requests with (to look at them and their answers). */
  fetch?: typeof fetch;
}

export async function connectMcp(baseUrl: string, way: McpWay, options: McpConnection = {}): Promise<Client> {
  const client = new Client(
    { name: 'hotel-affiliate-tests', version: '1.0.0' },
    way === 'http-2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  if (way === 'stdio') {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp'],
        env: {
          ...getDefaultEnvironment(),
          HOTEL_AFFILIATE_URL: options.serviceUrl ?? baseUrl,
          ...(options.key ? { HOTEL_AFFILIATE_KEY: options.key } : {}),
        },
        stderr: 'ignore',
      }),
    );
  } else {
    const headers: Record<string, string> = options.key ? { authorization: `Bearer ${options.key}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}${options.path ?? '/mcp'}`), { requestInit: { headers }, ...(options.fetch ? { fetch: options.fetch } : {}) }));
  }
  return client;
}

/**
 * The JSON-RPC message of a raw Streamable HTTP answer, whichever form the server chose: one JSON
 * body, or an event stream with the message as its data (the transport allows both).
 */
export function rpcMessageOf(contentType: string | null, text: string): any {
  if (contentType?.startsWith('application/json')) return JSON.parse(text);
  const data = /^data: (.*)$/m.exec(text);
  if (!data) throw new Error(`no JSON-RPC message in ${JSON.stringify(text.slice(0, 200))}`);
  return JSON.parse(data[1]);
}
