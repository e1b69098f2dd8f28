// A serving thread (see serving-threads.ts): builds its own service from the main thread's
// configuration, with the main thread's counts, index and metrics, and answers on its port.
import { parentPort, workerData } from 'node:worker_threads';
import type { Consumption, CounterStore } from '../limits/counter-store.js';
import { createLogger, createService, type Service } from '../service.js';
import { closeIdleConnectionsAfterGrace, exitAfterLog } from '../shutdown.js';
import { FollowerIndex } from './follower-index.js';
import type { FromThread, ThreadStart, ToThread } from './messages.js';
import { PendingReplies } from './pending-replies.js';

const start = workerData as ThreadStart;
const mainThread = parentPort!;
const logger = createLogger(start.config).child({ thread: 'serving' });
const counted = new PendingReplies<Consumption>();
const metricsTexts = new PendingReplies<string>();
const follower = new FollowerIndex(start.index, logger);
let service: Service | null = null;
let draining = start.draining;
let stopping = false;

function tell(message: FromThread): void {
  mainThread.postMessage(message);
}

/** The main thread's counts: a draw is checked and counted there, one at a time for the process. */
const counters: CounterStore = {
  consume: (draw) => counted.ask((id) => tell({ type: 'count', id, draw })),
  sharedStoreUp: () => null,
  close: async () => {},
};

mainThread.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'counted':
      if (message.consumption) counted.answer(message.id, message.consumption);
      else counted.fail(message.id, new Error(message.error ?? 'not counted'));
      return;
    case 'metrics-text':
      if (message.text !== undefined) metricsTexts.answer(message.id, message.text);
      else metricsTexts.fail(message.id, new Error(message.error ?? 'no metrics'));
      return;
    case 'metrics-json':
      void (service ? service.metrics.registry.getMetricsAsJSON() : Promise.resolve([])).then((metrics) =>
        tell({ type: 'metrics-json', id: message.id, metrics }),
      );
      return;
    case 'index':
      follower.take(message);
      return;
    case 'drain':
      draining = true;
      service?.beginDrain();
      return;
    case 'close':
      void stop();
      return;
    case 'close-connections':
      service?.http.server.closeAllConnections();
      return;
  }
});

/** Stops listening, answers what was received, adds its usage, closes its database connections, and ends. */
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  let code = 0;
  if (service) {
    service.beginDrain();
    closeIdleConnectionsAfterGrace(service.http.server);
    try {
      await service.close();
    } catch (error) {
      logger.error({ err: error }, 'failure while a serving thread shut down');
      code = 1;
    }
  }
  mainThread.close();
  exitAfterLog(logger, code);
}

async function main(): Promise<void> {
  try {
    service = await createService(start.config, {
      logger,
      thread: { number: start.number, counters, metricsText: () => metricsTexts.ask((id) => tell({ type: 'metrics', id })), index: (gazetteer) => follower.attach(gazetteer) },
    });
    if (draining) service.beginDrain();
    await service.http.listen({ port: start.port, host: start.config.HOST, reusePort: true } as { port: number; host: string });
  } catch (error) {
    tell({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
    await service?.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopping) return;
  tell({ type: 'listening' });
}

void main();
