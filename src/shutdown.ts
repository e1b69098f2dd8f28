// Stopping the way orchestrators expect: on SIGTERM the instance first reports unready and
// keeps answering for SHUTDOWN_DELAY_SECONDS (load balancers take a few probes to notice), then
// stops accepting connections, answers every call it has received (each answer closing its
// connection), closes keep-alive connections that stayed idle for a second, and exits; connections still busy after
// SHUTDOWN_TIMEOUT_SECONDS are closed. SIGINT (Ctrl-C at a terminal) skips the delay; a second
// signal exits at once.
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import type { Service } from './service.js';

export function drainOnSignals(service: Service, config: Pick<Config, 'SHUTDOWN_DELAY_SECONDS' | 'SHUTDOWN_TIMEOUT_SECONDS'>): void {
  const { logger } = service;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting for calls in flight');
      process.exit(1);
    }
    stopping = true;
    service.beginDrain();
    const delaySeconds = signal === 'SIGTERM' ? config.SHUTDOWN_DELAY_SECONDS : 0;
    logger.info({ signal, delaySeconds, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'draining: readiness reports unready');
    await sleep(delaySeconds * 1000);

    closeIdleConnectionsAfterGrace(service.http.server);
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      logger.warn('calls still in flight at the shutdown timeout: closing their connections');
      service.http.server.closeAllConnections();
      service.threads?.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    try {
      await service.close();
    } catch (error) {
      logger.error({ err: error }, 'failure while shutting down');
      process.exitCode = 1;
    }
    clearTimeout(deadline);
    logger.info({ timedOut }, 'stopped');
    exitAfterLog(logger, Number(process.exitCode ?? (timedOut ? 1 : 0)));
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

/** How long a connection with no request under way is left open once the listener closes. */
export const IDLE_GRACE_MS = 1000;

/**
 * When the listener closes, Node.js (and Fastify) close the connections that have no request
 * under way at once. Under load some of those have a request already on its way (a client that
 * reconnected after the last Connection: close answer), which the client then sees reset. Closing
 * them after a grace instead lets those requests be answered, with Connection: close; a client
 * that keeps a connection idle through the grace finds it closed.
 */
export function closeIdleConnectionsAfterGrace(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => void setTimeout(closeIdle, IDLE_GRACE_MS).unref();
}

/** Longest wait for the log to be written before exiting anyway. */
const LOG_END_MS = 1000;

/**
 * Exits once the log has written every line. pino writes stdout asynchronously: one write in
 * flight on libuv's threads, later lines waiting. Exiting at once wrote the waiting lines
 * ("stopped") synchronously, and the lines in flight could land after them or not at all (seen
 * in CI: the last line read was an access line). Ending the destination writes them in order.
 */
export function exitAfterLog(logger: Logger, code: number): void {
  const exit = () => process.exit(code);
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    | { end?: () => void; once?: (event: string, listener: () => void) => void }
    | undefined;
  if (typeof destination?.end !== 'function' || typeof destination.once !== 'function') return exit();
  setTimeout(exit, LOG_END_MS);
  destination.once('close', exit);
  destination.end();
}
