// The HTTP service on PORT, with the embedded database under DATA_DIR (started by main.ts).
import { createServer, type AddressInfo } from 'node:net';
import { checkProductionServer, configurationFailure, ConfigError, loadConfig, type Config } from './config.js';
import { createService, type Service } from './service.js';
import { drainOnSignals } from './shutdown.js';
import { reportHeapRoom } from './heap-room.js';
import { startMetricsServer } from './http/metrics-server.js';

/**
 * Binds HOST:PORT alone for a moment and gives the port bound (PORT may be 0). Listeners that
 * share a port (SO_REUSEPORT) would otherwise share it with another instance started on the
 * same port by mistake, silently, instead of failing.
 */
async function claimPort(host: string, port: number): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, resolve);
  });
  const bound = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return bound;
}

/** Listens on HOST:PORT; an address that cannot be used stops the start naming the setting. */
async function listen(service: Service, config: Config): Promise<void> {
  try {
    if (service.threads) {
      // Every serving thread listens on the port too (SO_REUSEPORT): the kernel spreads connections.
      const port = await claimPort(config.HOST, config.PORT);
      await service.http.listen({ port, host: config.HOST, reusePort: true } as { port: number; host: string });
    } else {
      await service.http.listen({ port: config.PORT, host: config.HOST });
    }
  } catch (error) {
    await service.close().catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw configurationFailure('PORT', `cannot listen on port ${config.PORT}`, error);
    throw configurationFailure('HOST', `cannot listen on ${config.HOST}`, error);
  }
}

/** /metrics on a port of its own, when METRICS_PORT says so; a port that cannot be used stops the start. */
async function listenForMetrics(service: Service, config: Config): Promise<void> {
  if (config.METRICS_PORT === undefined) return;
  try {
    const { contentType } = service.metrics.registry;
    await startMetricsServer(config.HOST, config.METRICS_PORT, { contentType, text: () => service.metricsText() }, service.logger);
  } catch (error) {
    await service.close().catch(() => undefined);
    throw configurationFailure('METRICS_PORT', `cannot listen on port ${config.METRICS_PORT}`, error);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  checkProductionServer(config);
  const service = await createService(config);
  await listen(service, config);
  await listenForMetrics(service, config);
  drainOnSignals(service, config);
  reportHeapRoom(service.logger);
  const address = service.http.server.address();
  if (service.threads && address && typeof address === 'object') await service.threads.start(address.port);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
