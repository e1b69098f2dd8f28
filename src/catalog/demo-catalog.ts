// Filling an empty store with the demo catalog, through the store's one import path, in the
// same turn as feed imports: a feed imported while a server starts is never replaced by it.
import type { Logger } from 'pino';
import type { Gazetteer } from '../places/gazetteer.js';
import { DEMO_SOURCE, generateDemoHotels } from './demo.js';
import type { CatalogStore } from './store.js';

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/** Builds the demo catalog when the store has none yet; returns whether it did. */
export async function ensureCatalog(store: CatalogStore, gazetteer: Gazetteer, count: number, photoBase: string, logger: Logger): Promise<boolean> {
  if (await store.current()) return false;
  const started = performance.now();
  logger.info({ hotels: count }, 'the catalog is empty: building the demo catalog of invented hotels');
  const version = await store.fillEmptyCatalog(asAsync(generateDemoHotels(gazetteer, count, photoBase)), DEMO_SOURCE, {
    onWait: () => logger.info('a catalog import is under way: waiting for it before building the demo catalog'),
  });
  if (!version) {
    logger.info('a catalog was imported meanwhile: no demo catalog');
    return false;
  }
  logger.info(
    { hotels: version.hotelCount, generation: version.generation, ms: Math.round(performance.now() - started) },
    'demo catalog built (invented hotels around real cities; import a feed to replace it)',
  );
  return true;
}
