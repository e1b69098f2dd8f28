// The HTTP service on PORT, with the embedded database under DATA_DIR (started by main.ts).
import { configurationFailure, ConfigError, loadConfig, type Config } from './config.js';
import { createService, type Service } from './service.js';
import { drainOnSignals } from './shutdown.js';

/** Listens on HOST:PORT; an address that cannot be used stops the start naming the setting. */
async function listen(service: Service, config: Config): Promise<void> {
  try {
    await service.http.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await service.close().catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw configurationFailure('PORT', `cannot listen on port ${config.PORT}`, error);
    throw configurationFailure('HOST', `cannot listen on ${config.HOST}`, error);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await createService(config);
  await listen(service, config);
  drainOnSignals(service, config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
