// The address a keyless call counts against. Fastify names the client: the socket's address, or
// the one a trusted proxy forwarded. A forwarded value that is not an IP address ("unknown", a
// host name, garbage a client slipped in) would otherwise be a fresh allowance per value; it
// counts as the proxy's own address instead.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const IPV6_WITH_PORT = /^\[([0-9A-Fa-f:.%\w]+)\]:\d{1,5}$/;

export function clientAddress(request: FastifyRequest): string {
  const named = request.ip;
  if (isIP(named)) return named;
  // Some proxies forward the client's port too ("203.0.113.7:51234", "[2001:db8::1]:443").
  const withoutPort = IPV4_WITH_PORT.exec(named)?.[1] ?? IPV6_WITH_PORT.exec(named)?.[1];
  if (withoutPort && isIP(withoutPort)) return withoutPort;
  return request.socket.remoteAddress ?? named;
}
