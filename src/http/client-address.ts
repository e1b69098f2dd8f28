// The address a keyless call counts against: the connection's, or the client a trusted proxy
// names in X-Forwarded-For. Read from the raw request, so that requests Fastify answers outside
// its routes (a path it cannot decode) count against the same client as every other call.
// A forwarded value that is not an IP address ("unknown", a host name, garbage a client slipped
// in) would otherwise be a fresh allowance per value; it counts as the proxy's own address.
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const IPV6_WITH_PORT = /^\[([0-9A-Fa-f:.%\w]+)\]:\d{1,5}$/;

export type ClientAddress = (request: FastifyRequest) => string;

export function clientAddressReader(trustedProxies: readonly string[]): ClientAddress {
  const trust = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : () => false;
  return (request) => {
    const socket = request.raw.socket.remoteAddress ?? '';
    const named = proxyAddr(request.raw, trust);
    if (isIP(named)) return named;
    // Some proxies forward the client's port too ("203.0.113.7:51234", "[2001:db8::1]:443").
    const withoutPort = IPV4_WITH_PORT.exec(named)?.[1] ?? IPV6_WITH_PORT.exec(named)?.[1];
    return withoutPort && isIP(withoutPort) ? withoutPort : socket;
  };
}
