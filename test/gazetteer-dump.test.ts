// The gazetteer from a GeoNames dump: `hotel-affiliate gazetteer load` on a small fixture dump,
// then a service on that data directory resolving names only the dump knows.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { runCli } from './support/cli.js';
import { startTestService, type TestService } from './support/test-service.js';

const FIXTURE = 'test/fixtures/geonames';
const dumpArgs = ['--cities', `${FIXTURE}/cities.txt`, '--alternate-names', `${FIXTURE}/alternate-names.txt`, '--admin1', `${FIXTURE}/admin1.txt`];

function germanHotel(id: string, name: string, city: string, latitude: number, longitude: number): HotelRecord {
  return {
    id, name, city, country_code: 'DE', latitude, longitude,
    stars: 4, rating: 8, review_count: 10, address: `${name} 1`, description: `Test hotel ${name}.`,
    photo_url: null, photos: [], amenities: [],
  };
}

const HOTELS = [
  germanHotel('koeln-1', 'Domblick', 'Köln', 50.94, 6.96),
  germanHotel('koeln-2', 'Rheinufer', 'Cologne', 50.93, 6.97),
  germanHotel('muenchen-1', 'Isartor', 'München', 48.135, 11.58),
  germanHotel('hamburg-1', 'Alster', 'Hamburg', 53.57, 10.0),
];

describe('gazetteer loaded from a GeoNames dump', () => {
  let dataDir: string;
  let t: TestService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-gazetteer-'));
    const loaded = await runCli(dataDir, ['gazetteer', 'load', ...dumpArgs]);
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    // Köln: Cologne, Koln, Colonia Agrippina (links and postal codes are not names);
    // München: Munich, Monaco di Baviera (its IATA code is left to the airport); their
    // ASCII spellings (Koeln, Muenchen) are names too but not counted as alternates.
    // The mountain is no city, and nothing says it is well known: not kept either.
    expect(loaded.stdout).toMatch(
      /^Loaded 5 cities with 5 alternate names, 0 other destinations \(islands, areas, lakes, sights\) and 5 regions into .*gazetteer\.json\. Restart servers to use it\.\n$/,
    );
    t = await startTestService(HOTELS, {}, { dataDir });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = (destination: string) => t.request(`/v1/hotels/search?destination=${encodeURIComponent(destination)}`);

  it('resolves names only the dump has, labelled with the dump\'s region names', async () => {
    const latin = await search('Colonia Agrippina');
    expect(latin.status).toBe(200);
    expect(latin.body.destination).toBe('Köln, Nordrhein-Westfalen, Germany');
    expect(latin.body.hotels.map((h: { id: string }) => h.id).sort()).toEqual(['koeln-1', 'koeln-2']);
    const italian = await search('monaco di baviera');
    expect(italian.body.destination).toBe('München, Bayern, Germany');
    expect(italian.body.total).toBe(1);
    expect((await search('Koeln')).body.destination).toBe('Köln, Nordrhein-Westfalen, Germany');
    expect((await search('Koln, Nordrhein-Westfalen')).body.destination).toBe('Köln, Nordrhein-Westfalen, Germany');
  });

  it('replaces the bundled cities: a city not in the dump is unknown, countries and airports stay', async () => {
    const paris = await search('Lyon');
    expect(paris.status).toBe(404);
    expect(paris.body.error.code).toBe('not_found');
    // The dump's mountain is not kept as a destination of the dump ("0 other destinations"
    // above); the bundled areas, which stay, know it as a peak: the answer is that area.
    const peak = await t.request(`/v1/suggest?q=Zugspitze&only=places`);
    expect(peak.body.places.map((p: { kind: string; place_id: string }) => [p.kind, p.place_id.split(':')[0]])).toEqual([['area', 'area']]);
    expect((await search('Germany')).body.total).toBe(4);
    expect((await search('MUC')).body.destination).toBe('Munich Airport (MUC), Munich, Germany');
  });

  it('refuses a broken dump with its file and line, leaving the loaded gazetteer as it was', async () => {
    const file = join(dataDir, 'gazetteer.json');
    const before = readFileSync(file, 'utf8');
    const broken = join(dataDir, 'broken-cities.txt');
    const lines = readFileSync(`${FIXTURE}/cities.txt`, 'utf8').split('\n');
    lines[1] = lines[1].replace('48.13743', 'north');
    writeFileSync(broken, lines.join('\n'));
    const refused = await runCli(dataDir, ['gazetteer', 'load', '--cities', broken]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Cannot load the gazetteer: ${broken} line 2: latitude is not a number (got "north"). The gazetteer in use was not changed.\n`,
    );
    const missing = await runCli(dataDir, ['gazetteer', 'load', '--cities', join(dataDir, 'nope.txt')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    expect(readFileSync(file, 'utf8')).toBe(before);
    const usage = await runCli(dataDir, ['gazetteer', 'load']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('gazetteer load needs --cities FILE');
  });

  it('goes back to the bundled gazetteer on reset', async () => {
    const other = mkdtempSync(join(tmpdir(), 'hotel-affiliate-gazetteer-'));
    try {
      expect((await runCli(other, ['gazetteer', 'load', '--cities', `${FIXTURE}/cities.txt`])).code).toBe(0);
      statSync(join(other, 'gazetteer.json'));
      const reset = await runCli(other, ['gazetteer', 'reset']);
      expect(reset.stdout).toBe('Removed the loaded gazetteer; restart servers to use the bundled one.\n');
      expect(() => statSync(join(other, 'gazetteer.json'))).toThrow();
      const bundled = await startTestService(HOTELS.slice(0, 1), {}, { dataDir: other });
      try {
        const lyon = await bundled.request('/v1/hotels/search?destination=Lyon');
        expect(lyon.status).toBe(200);
        expect(lyon.body.destination).toBe('Lyon, Auvergne-Rhône-Alpes, France');
      } finally {
        await bundled.close();
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
