// The hotel table keeps a city's hotels in neighbouring rows, best-rated first, so that a page
// of a destination search reads a few neighbouring bytes of each column (docs/performance.md).
// What a search answers does not depend on it: the other search tests hold that. Each row knows
// where the store keeps its hotel, and a detail read goes there, checked against the id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoHotels } from '../src/catalog/demo.js';
import { importFeedFile } from '../src/catalog/import.js';
import { loadConfig } from '../src/config.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { loadCatalogIndex } from '../src/search/catalog-index.js';
import { openStorage } from '../src/storage/storage.js';
import { writeFeed } from './support/test-service.js';

const NO_FILTERS = { minStars: null, minRating: null };

describe('the rows of a catalog index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'row-order-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("hold each city's hotels side by side, best-rated first, each row whole and where the store keeps it", async () => {
    const gazetteer = builtInGazetteer();
    const storage = await openStorage(loadConfig({ DATA_DIR: dir }));
    try {
      const hotels = [...generateDemoHotels(gazetteer, 5_000)];
      const version = await importFeedFile(storage.catalog, gazetteer, await writeFeed(dir, hotels));
      const index = await loadCatalogIndex(storage.catalog, version, gazetteer);
      const t = index.table;

      // Every row is one hotel of the feed, its fields together.
      const byId = new Map(hotels.map((h) => [h.id, h]));
      for (let i = 0; i < index.size; i += 97) {
        const hotel = byId.get(t.idOf(i))!;
        expect([t.nameOf(i), t.cityOf(i), t.lat[i], t.lng[i], t.ratingOf(i)]).toEqual([hotel.name, hotel.city, hotel.latitude, hotel.longitude, hotel.rating ?? null]);
      }

      const cities = [...index.townsWithHotels()].filter(([, count]) => count >= 3);
      expect(cities.length).toBeGreaterThan(20);
      for (const [city, count] of cities) {
        const rows = index.inPlace(city, NO_FILTERS, 'rating', count).hits.map((hit) => hit.index);
        expect(rows).toHaveLength(count);
        // Best-rated first is row after row.
        expect(rows.map((row) => row - rows[0])).toEqual(rows.map((_, k) => k));
      }

      // Where the store keeps each hotel: read there, and a wrong or stale place reads by the id.
      for (let i = 0; i < index.size; i += 211) {
        const id = t.idOf(i);
        const at = index.storeRowOf(id)!;
        expect(at).toBeTypeOf('number');
        expect((await storage.catalog.getHotel(id, at))?.id).toBe(id);
        const elsewhere = index.storeRowOf(t.idOf((i + 1) % index.size))!;
        expect((await storage.catalog.getHotel(id, elsewhere))?.id).toBe(id);
        expect(await storage.catalog.getHotel(`${id}-none`, at)).toBeNull();
      }
      expect(index.storeRowOf('hotel/zz/nowhere/none')).toBeUndefined();
    } finally {
      await storage.close();
    }
  }, 60_000);
});
