// A serving thread's catalog index: the main thread reads or builds each index and hands it
// over in shared memory; this thread decodes its own from it and switches, as the main one does.
import type { Logger } from 'pino';
import type { Gazetteer } from '../places/gazetteer.js';
import type { CatalogIndex } from '../search/catalog-index.js';
import type { IndexInUse } from '../search/live-index.js';
import { indexFromRegions } from '../search/shared-index.js';
import type { IndexMessage } from './messages.js';

export class FollowerIndex implements IndexInUse {
  private index: CatalogIndex | null = null;
  private gazetteer: Gazetteer | null = null;
  /** An index handed over before the gazetteer to decode it with was open. */
  private waiting: IndexMessage | null;

  constructor(
    first: IndexMessage | null,
    private readonly logger: Logger,
  ) {
    this.waiting = first;
  }

  get current(): CatalogIndex | null {
    return this.index;
  }

  /** Decodes with this thread's gazetteer (the same data as the main thread's). */
  attach(gazetteer: Gazetteer): this {
    this.gazetteer = gazetteer;
    return this;
  }

  /** Takes the index handed over meanwhile, if any. */
  async start(): Promise<void> {
    if (this.waiting) this.take(this.waiting);
    this.waiting = null;
  }

  /** Switches to an index the main thread switched to. Never throws: the one in use stays on a failure. */
  take(message: IndexMessage): void {
    if (!this.gazetteer) {
      this.waiting = message;
      return;
    }
    const started = performance.now();
    try {
      this.index = indexFromRegions(message.regions, this.gazetteer);
      this.logger.debug({ generation: message.generation, ms: Math.round(performance.now() - started) }, 'serving thread switched catalog index');
    } catch (error) {
      this.logger.error({ err: error, generation: message.generation }, 'serving thread could not decode the catalog index; keeping the one in use');
    }
  }

  /** The main thread watches the catalog; nothing to do here. */
  async refresh(): Promise<void> {}

  stop(): void {}

  async settled(): Promise<void> {}
}
