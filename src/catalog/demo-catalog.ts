// Filling an empty store with the demo catalog, through the store's one replace path.
import type { Logger } from 'pino';
import type { Gazetteer } from '../places/gazetteer.js';
import { DEMO_SOURCE, generateDemoHotels } from './demo.js';
import type { CatalogStore, CatalogVersion } from './store.js';

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

export async function importDemoCatalog(store: CatalogStore, gazetteer: Gazetteer, count: number): Promise<CatalogVersion> {
  return store.replaceCatalog(asAsync(generateDemoHotels(gazetteer, count)), DEMO_SOURCE);
}

/** Builds the demo catalog when the store has none yet; returns whether it did. */
export async function ensureCatalog(store: CatalogStore, gazetteer: Gazetteer, count: number, logger: Logger): Promise<boolean> {
  if (await store.current()) return false;
  const started = performance.now();
  logger.info({ hotels: count }, 'the catalog is empty: building the demo catalog of invented hotels');
  const version = await importDemoCatalog(store, gazetteer, count);
  logger.info(
    { hotels: version.hotelCount, generation: version.generation, ms: Math.round(performance.now() - started) },
    'demo catalog built (invented hotels around real cities; import a feed to replace it)',
  );
  return true;
}
