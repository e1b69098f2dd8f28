// npm start: the HTTP service on PORT, with the embedded database under DATA_DIR.
import { ConfigError, loadConfig } from './config.js';
import { createService } from './service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await createService(config);
  await service.http.listen({ port: config.PORT, host: config.HOST });
  const stop = async (signal: string) => {
    service.logger.info({ signal }, 'shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
