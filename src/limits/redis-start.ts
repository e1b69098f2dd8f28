// Redis at start: the client the shared allowance counters use, set to fail fast (a call is then
// counted locally) and to keep reconnecting. A start waits a moment for it; one that is down does
// not stop the start, and its warning says why; credentials it refuses do.
import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config.js';
import { backstopMs } from '../within.js';
import type { ServiceMetrics } from '../metrics.js';
import type { CounterStore } from './counter-store.js';
import { RedisCounters } from './redis-counters.js';
import { SharedCountersWithFallback } from './shared-counters.js';

/** How long a starting instance waits for Redis before it begins on local counts. */
const REDIS_START_WAIT_MS = 2000;

/** Allowance counters in Redis, shared by every instance, with this process's as the fallback. */
export async function openSharedCounters(url: string, config: Config, logger: Logger, metrics: ServiceMetrics, local: CounterStore): Promise<CounterStore> {
  // Loaded only when configured: the client is a tenth of a second of a start on a slow day.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // Fail fast while disconnected (the call is then counted locally) and keep reconnecting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // The counters wait REDIS_TIMEOUT_MS themselves (within.ts, not misled by a busy event loop);
    // this only ends commands a hung Redis never answers, so they do not pile up.
    commandTimeout: backstopMs(config.REDIS_TIMEOUT_MS),
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // Reported once per outage by the counters; ioredis would otherwise print every retry. The
  // first error at start says why Redis is not there.
  let firstError: (Error & { code?: string }) | undefined;
  redis.on('error', (error: Error) => (firstError ??= error));
  // Start on shared counts when Redis is there; a Redis that is down does not stop the start.
  // (Not events.once: it rejects at the first 'error', a refused connection, and the start with it.)
  let timer: NodeJS.Timeout | undefined;
  let ready: (() => void) | undefined;
  await new Promise<void>((resolve) => {
    ready = resolve;
    redis.once('ready', resolve);
    timer = setTimeout(resolve, REDIS_START_WAIT_MS);
  });
  clearTimeout(timer);
  redis.off('ready', ready!);
  if (redis.status !== 'ready') {
    // Credentials Redis refuses will not mend themselves: a setting to fix, not an outage to wait out.
    if (firstError && /^(WRONGPASS|NOAUTH|NOPERM)\b/.test(firstError.message)) {
      redis.disconnect();
      throw new ConfigError(`configuration: REDIS_URL: Redis refused the credentials (${firstError.message}); fix the user name and password in REDIS_URL`);
    }
    logger.warn({ reason: firstError?.message ?? `no answer within ${REDIS_START_WAIT_MS} ms` }, 'Redis not reachable at start: counting calls on this instance until it is');
  }
  return new SharedCountersWithFallback(new RedisCounters(redis, config.REDIS_KEY_PREFIX), local, logger, metrics, config.REDIS_TIMEOUT_MS);
}
