// Islands, lakes and sights from a GeoNames dump: `hotel-affiliate gazetteer load` on a small
// dump that mixes feature classes as allCountries.txt does, then a service on that data
// directory answering destinations only those features name.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotelRecord } from '../src/catalog/hotel.js';
import { runCli } from './support/cli.js';
import { startTestService, type TestService } from './support/test-service.js';

const FIXTURE = 'test/fixtures/geonames-features';
const dumpArgs = ['--cities', `${FIXTURE}/places.txt`, '--alternate-names', `${FIXTURE}/alternate-names.txt`, '--admin1', `${FIXTURE}/admin1.txt`];

function hotel(id: string, city: string, country_code: string, latitude: number, longitude: number): HotelRecord {
  return {
    id, name: `Hotel ${id}`, city, country_code, latitude, longitude,
    stars: 4, rating: 8, review_count: 10, address: `${id} 1`, description: `Test hotel ${id}.`,
    photo_url: null, photos: [], amenities: [],
  };
}

const HOTELS = [
  hotel('manacor', 'Manacor', 'ES', 39.5696, 3.2096), // 20 km from the middle of Mallorca
  hotel('valencia', 'Valencia', 'ES', 39.4698, -0.3774), // on the mainland, 290 km away
  hotel('bellagio', 'Bellagio', 'IT', 45.9872, 9.2618), // on Lake Como
  hotel('como', 'Como', 'IT', 45.8082, 9.0832), // the town at the lake's end, 25 km from its middle
  hotel('rialto', 'Venice', 'IT', 45.4375, 12.334), // 150 m from the Rialto Bridge
  hotel('mestre', 'Mestre', 'IT', 45.4906, 12.2381), // across the lagoon
  hotel('palermo', 'Palermo', 'IT', 38.1166, 13.3636),
  hotel('lake-como-nj', 'Lake Como', 'US', 40.1598, -74.0282),
];

type Card = { id: string; distance_km: number | null };
const ids = (body: { hotels: Card[] }) => body.hotels.map((h) => h.id).sort();

describe('islands, areas, lakes and sights from a GeoNames dump', () => {
  let dataDir: string;
  let t: TestService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-features-'));
    const loaded = await runCli(dataDir, ['gazetteer', 'load', ...dumpArgs]);
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    // Kept: Mallorca, both lakes Como, the Philippine island, the Rialto Bridge and Sicily (which
    // the service leaves to the region of its name). Not: the hotel and the airport (classes
    // never read), the mountain (too little known for a mountain), the point (a code not read).
    expect(loaded.stdout).toMatch(/^Loaded 9 cities with \d+ alternate names, 6 other destinations \(islands, areas, lakes, sights\) and 7 regions into .*gazetteer\.json\. Restart servers to use it\.\n$/);
    t = await startTestService(HOTELS, {}, { dataDir });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = (query: string) => t.request(`/v1/hotels/search?${query.includes('=') ? query : `destination=${encodeURIComponent(query)}`}`);

  it('finds an island by its names, with the hotels within its reach', async () => {
    const island = await search('Mallorca');
    expect(island.status).toBe(200);
    expect(island.body.destination).toBe('Mallorca, Balearic Islands, Spain');
    expect(ids(island.body)).toEqual(['manacor']);
    // The bundled Natural Earth island answers for the dump's: inside its bounds, no distance.
    expect(island.body.hotels[0].distance_km).toBeNull();
    expect((await search('Majorca')).body.destination).toBe('Mallorca, Balearic Islands, Spain');
    expect((await search('Майорка')).body.destination).toBe('Mallorca, Balearic Islands, Spain');
    expect((await search('Mallorca, Spain')).body.destination).toBe('Mallorca, Balearic Islands, Spain');
    // An area, as a region, has no centre to order hotels by distance from.
    expect((await search('destination=Mallorca&sort=distance')).status).toBe(400);
    expect((await search('destination=Sicily&sort=distance')).status).toBe(400);
  });

  it('reads a typo as a well-known feature, never as a little-known one', async () => {
    expect((await search('Malorca')).body.destination).toBe('Mallorca, Balearic Islands, Spain');
    // Lake Como is well known: a bundled area, read through a typo too.
    expect((await search('Lake Comoo')).body.destination).toBe('Lake Como, Lombardy, Italy');
    // The Philippine island of the dump is little known: no typo of it is read.
    expect((await search('Valenzia island')).status).toBe(404);
  });

  it('takes the well-known feature of a shared name, and a town over a little-known one', async () => {
    // The Italian lake, not the New Jersey borough nor the Florida lake of the same name.
    const lake = await search('Lake Como');
    expect(lake.body.destination).toBe('Lake Como, Lombardy, Italy');
    expect(ids(lake.body)).toEqual(['bellagio']);
    expect((await search('Lago di Como')).body.destination).toBe('Lake Como, Lombardy, Italy');
    // In the United States the borough is likelier than a lake few people know.
    const american = await search('Lake Como, United States');
    expect(american.body.destination).toBe('Lake Como, New Jersey, United States');
    expect(ids(american.body)).toEqual(['lake-como-nj']);
    // A little-known island named like a big city: the city.
    const city = await search('Valencia');
    expect(city.body.destination).toBe('Valencia, Spain');
    expect(ids(city.body)).toEqual(['valencia']);
    expect((await search('Valencia, Philippines')).body.destination).toBe('Valencia, Philippines');
  });

  it('labels a sight by the town it stands in and searches close around it', async () => {
    const bridge = await search('Rialto Bridge');
    expect(bridge.body.destination).toBe('Rialto Bridge, Venice, Italy');
    expect(ids(bridge.body)).toEqual(['rialto']);
    expect(bridge.body.hotels[0].distance_km).toBeLessThan(0.5);
    expect((await search('ponte di rialto')).body.destination).toBe('Rialto Bridge, Venice, Italy');
  });

  it('leaves hotels, airports, ordinary spots and little-known mountains out', async () => {
    for (const name of ['Hotel Danieli', 'Albergo Danieli', 'Aeroporto di Venezia-Tessera', 'Flughafen Venedig', 'Monte Bisbino', 'Punta della Dogana']) {
      const answer = await search(name);
      expect(answer.status, name).toBe(404);
    }
    // The airport is still the bundled one.
    expect((await search('VCE')).body.destination).toBe('Venice Marco Polo Airport (VCE), Venice, Italy');
  });

  it('gives features place ids, and leaves an island named as its region to the region', async () => {
    const island = await search('place_id=geonames%3A9200001');
    expect(island.status).toBe(200);
    expect(island.body.destination).toBe('Mallorca, Balearic Islands, Spain');
    expect(ids(island.body)).toEqual(['manacor']);
    expect((await search('place_id=geonames%3A9200005')).status).toBe(404);
    expect((await search('place_id=geonames%3A9200007')).status).toBe(404);
    const region = await search('Sicily');
    expect(region.body.destination).toBe('Sicily, Italy');
    expect(region.body.hotels.map((h: Card) => h.distance_km)).toEqual([null]);
  });

  it('refuses a broken feature row with its file and line, leaving the loaded gazetteer as it was', async () => {
    const file = join(dataDir, 'gazetteer.json');
    const before = readFileSync(file, 'utf8');
    const lines = readFileSync(`${FIXTURE}/places.txt`, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('9200002\t'));
    lines[at] = lines[at].replace('\t9.26667\t', '\teast\t');
    const broken = join(dataDir, 'broken-places.txt');
    writeFileSync(broken, lines.join('\n'));
    const refused = await runCli(dataDir, ['gazetteer', 'load', '--cities', broken, '--alternate-names', `${FIXTURE}/alternate-names.txt`]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Cannot load the gazetteer: ${broken} line ${at + 1}: longitude is not a number (got "east"). The gazetteer in use was not changed.\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
