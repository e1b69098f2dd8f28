// Serving threads, seen from the main thread: HTTP_THREADS - 1 worker threads that answer on
// the same port (each listener with SO_REUSEPORT, the kernel spreading connections), so that
// one process answers on as many processors. Each thread builds its own service from the same
// configuration; what must be one per process stays here and the threads ask for it:
// - the allowance counts of an instance counting alone (exact: a thread never counts by itself);
// - the catalog index: read or built here, and handed over in shared memory (search/shared-index.ts);
// - /metrics: every thread's counters summed;
// - drain and stop: the main thread's signal handling tells the threads.
// A thread that dies is started again; calls it had under way are lost, as a crashed process's are.
import { Worker } from 'node:worker_threads';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { InProcessCounters } from '../limits/in-process-counters.js';
import type { ServiceMetrics } from '../metrics.js';
import type { GraphRegions } from '../snapshot/graph-file.js';
import type { FromThread, IndexMessage, ThreadStart, ToThread } from './messages.js';
import { PendingReplies } from './pending-replies.js';
import { threadEntry } from './thread-entry.js';

type ThreadMetrics = MetricObjectWithValues<MetricValue<string>>[];

const THREAD_ENTRY = threadEntry(import.meta.url, 'serving-thread');

/** How long after a thread died it is started again (a thread that dies at once does not spin). */
const RESTART_AFTER_MS = 1000;
/** How long a stopping thread has to answer what it has and close, beyond the shutdown timeout. */
const CLOSE_GRACE_MS = 2000;

class ServingThread {
  readonly metricsReplies = new PendingReplies<ThreadMetrics>();
  /** Settles when the thread has ended. */
  readonly ended: Promise<number>;

  constructor(readonly worker: Worker) {
    this.ended = new Promise((resolve) => worker.once('exit', resolve));
  }

  post(message: ToThread): void {
    this.worker.postMessage(message);
  }
}

export class ServingThreads {
  private readonly threads = new Set<ServingThread>();
  /** The threads listening now (not those starting or ended). */
  private readonly listening = new Set<ServingThread>();
  private latest: IndexMessage | null = null;
  private port = 0;
  private draining = false;
  private closing = false;

  constructor(
    /** Threads besides the main one. */
    private readonly count: number,
    private readonly config: Config,
    private readonly counters: InProcessCounters,
    private readonly metrics: ServiceMetrics,
    private readonly logger: Logger,
  ) {}

  /** How many of these threads listen now. */
  get listeningCount(): number {
    return this.listening.size;
  }

  /** Hands a new catalog index to the threads (and to those started later). */
  publish(generation: number, regions: GraphRegions): void {
    this.latest = { type: 'index', generation, regions };
    for (const thread of this.threads) thread.post(this.latest);
  }

  /** Starts the threads on `port`, where the main thread already listens; settles once each listens or has failed. */
  async start(port: number): Promise<void> {
    this.port = port;
    const started = performance.now();
    const listening = await Promise.all(Array.from({ length: this.count }, (_, k) => this.spawn(k + 1)));
    this.logger.info({ threads: 1 + listening.filter(Boolean).length, ms: Math.round(performance.now() - started) }, 'serving threads listening');
  }

  /** Starts serving thread `number` (from 1; one started again keeps its number): true once it listens, false when it could not start (logged). */
  private spawn(number: number): Promise<boolean> {
    const start: ThreadStart = { config: this.config, port: this.port, index: this.latest, draining: this.draining, number };
    const thread = new ServingThread(new Worker(THREAD_ENTRY.url, { ...THREAD_ENTRY.options, workerData: start }));
    this.threads.add(thread);
    return new Promise((resolve) => {
      thread.worker.on('message', (message: FromThread) => {
        if (message.type === 'listening') {
          this.listening.add(thread);
          resolve(true);
        } else if (message.type === 'start-failed') this.logger.error({ reason: message.message }, 'a serving thread could not start; the other threads answer');
        else this.answer(thread, message);
      });
      thread.worker.on('error', (error) => this.logger.error({ err: error }, 'a serving thread failed'));
      void thread.ended.then((code) => {
        this.threads.delete(thread);
        const wasListening = this.listening.delete(thread);
        thread.metricsReplies.failAll(new Error('the serving thread ended'));
        resolve(false);
        // One that never started would fail again: the others answer.
        if (this.closing || !wasListening) return;
        this.logger.error({ code }, 'a serving thread ended; starting another');
        setTimeout(() => void (this.closing || this.spawn(number)), RESTART_AFTER_MS).unref();
      });
    });
  }

  private answer(thread: ServingThread, message: FromThread): void {
    switch (message.type) {
      case 'count': {
        const { id, draw } = message;
        try {
          thread.post({ type: 'counted', id, consumption: this.counters.consumeNow(draw) });
        } catch (error) {
          thread.post({ type: 'counted', id, error: String(error) });
        }
        return;
      }
      case 'metrics':
        this.metricsText().then(
          (text) => thread.post({ type: 'metrics-text', id: message.id, text }),
          (error: unknown) => thread.post({ type: 'metrics-text', id: message.id, error: String(error) }),
        );
        return;
      case 'metrics-json':
        thread.metricsReplies.answer(message.id, message.metrics as ThreadMetrics);
        return;
    }
  }

  /** The process's metrics in Prometheus's text format: this thread's and every serving thread's, summed. */
  async metricsText(): Promise<string> {
    const asked = [...this.threads].map((thread) =>
      thread.metricsReplies.ask((id) => thread.post({ type: 'metrics-json', id })).catch(() => null),
    );
    const all = [await this.metrics.registry.getMetricsAsJSON(), ...(await Promise.all(asked))].filter((m): m is ThreadMetrics => m !== null);
    return AggregatorRegistry.aggregate(all).metrics();
  }

  /** Readiness reports unready on every thread, and their answers close their connections. */
  beginDrain(): void {
    this.draining = true;
    for (const thread of this.threads) thread.post({ type: 'drain' });
  }

  /** Closes the connections still busy on every thread (the shutdown timeout). */
  closeAllConnections(): void {
    for (const thread of this.threads) thread.post({ type: 'close-connections' });
  }

  /** Each thread stops listening, answers what it has, adds its usage, and ends. */
  async close(): Promise<void> {
    this.closing = true;
    const threads = [...this.threads];
    for (const thread of threads) thread.post({ type: 'close' });
    const limit = (this.config.SHUTDOWN_TIMEOUT_SECONDS * 1000) + CLOSE_GRACE_MS;
    await Promise.all(
      threads.map(async (thread) => {
        const timer = setTimeout(() => void thread.worker.terminate(), limit);
        await thread.ended;
        clearTimeout(timer);
      }),
    );
  }
}
