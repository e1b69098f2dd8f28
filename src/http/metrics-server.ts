// GET /metrics on a port of its own (METRICS_PORT), so that the port the load balancer publishes
// does not serve it: Prometheus reaches it on the instance's own address, the internet does not.
// It serves that one path: anything else is 404.
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';

export interface MetricsSource {
  contentType: string;
  text(): Promise<string>;
}

/** Listens on host:port; rejects with the listen error (a port taken, say). */
export async function startMetricsServer(host: string, port: number, metrics: MetricsSource, logger: Logger): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served on this port.\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be gathered');
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be gathered; the log says why.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The process exits when the service has stopped, whether or not this port is still open.
  server.unref();
  const address = server.address();
  logger.info({ port: typeof address === 'object' && address ? address.port : port }, 'metrics listening on a port of their own');
  return server;
}
