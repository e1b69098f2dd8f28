// The yardstick for hotel by id, destination and point search in the load phase: a plain Fastify
// server that reads from PostgreSQL, as a team would build this service without in-memory indexes.
// - A hotel: the same SELECT as the service's PostgreSQL store (a named, prepared statement, a
//   pool of 10), the row answered as JSON.
// - A destination: the hotels whose city is the text sent, best-rated first, from an index on
//   (generation, city, rating), as cards with their affiliate link, and the city's total, counted
//   once per city and remembered. It reads no place names (the service resolves the text against
//   its gazetteer and answers hotels of the place, not of a city string): it does less.
// - A point (lat, lng, radius_km): the nearest hotels within the radius, nearest first, from a
//   GiST index of earthdistance's ll_to_earth (PostgreSQL's contrib cube and earthdistance;
//   PostGIS is not installed here) read in distance order (KNN, cube's <->), as cards with their
//   distance and link. It does not count the hotels within the radius (the service answers that
//   total): counting them read every one, about 10 ms a query in a city, and held the server to
//   about 90 answers a second.
// Started by bench/load.ts as a child process with the database URL on stdin; prints the port it
// listens on once its index exists (made at the first run on a catalog, kept after).
import Fastify from 'fastify';
import pg from 'pg';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url } = JSON.parse(input) as { url: string };

const pool = new pg.Pool({ connectionString: url, max: 10 });
const HOTEL = `SELECT h.id, h.name, h.stars, h.rating, h.review_count, h.address, h.city, h.country_code, h.latitude,
                      h.longitude, h.description, h.photo_url, h.photos, h.amenities
               FROM hotels h JOIN catalog_state s ON s.singleton = 1 AND h.generation = s.generation
               WHERE h.id = $1`;

// The generation as a subquery, not a join: joined, PostgreSQL read all of a city's hotels and
// sorted them (14 ms for Lisbon's 899); so, the index hands the first 20 in order (1.8 ms).
const CURRENT = '(SELECT generation FROM catalog_state WHERE singleton = 1)';
const CARDS = `SELECT id, name, stars, rating, review_count, address, latitude, longitude, photo_url FROM hotels
               WHERE generation = ${CURRENT} AND city = $1 ORDER BY rating DESC NULLS LAST, id LIMIT $2`;
const COUNT = `SELECT count(*)::int AS total FROM hotels WHERE generation = ${CURRENT} AND city = $1`;
await pool.query('CREATE INDEX IF NOT EXISTS peer_hotels_city_rating ON hotels (generation, city, rating DESC NULLS LAST, id)');
const totals = new Map<string, number>();

// The extensions are the database's, one each: kept in public (on every bench schema's search path),
// so that a peer in the full bench's own schema finds them after a --peer-only run in another.
for (const extension of ['cube', 'earthdistance']) {
  const found = await pool.query('SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1', [extension]);
  const schema = found.rows[0]?.nspname as string | undefined;
  if (schema === undefined) await pool.query(`CREATE EXTENSION ${extension} WITH SCHEMA public`);
  else if (schema !== 'public') await pool.query(`ALTER EXTENSION ${extension} SET SCHEMA public`);
}
await pool.query('CREATE INDEX IF NOT EXISTS peer_hotels_earth ON hotels USING gist (ll_to_earth(latitude, longitude))');
// $1 lat, $2 lng, $3 radius in metres: the box the index reads, then the exact distance.
const NEAR = `generation = ${CURRENT} AND earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(latitude, longitude)
              AND earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3`;
const NEAREST = `SELECT id, name, stars, rating, review_count, address, latitude, longitude, photo_url,
                        earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) / 1000 AS distance_km
                 FROM hotels WHERE ${NEAR} ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) LIMIT $4`;

const app = Fastify({ logger: false });
app.get<{ Querystring: { destination?: string; limit?: string; lat?: string; lng?: string; radius_km?: string } }>('/hotels/search', async (request, reply) => {
  const limit = Math.min(50, Number(request.query.limit ?? 10) || 10);
  if (request.query.lat !== undefined) {
    const point = [Number(request.query.lat), Number(request.query.lng), Number(request.query.radius_km ?? 5) * 1000];
    const { rows } = await pool.query({ name: 'nearest', text: NEAREST, values: [...point, limit] });
    const hotels = rows.map((row: Record<string, unknown>) => ({ ...row, url: `https://www.stays.example/${row.id as string}?aff=bench` }));
    return { hotels };
  }
  const city = request.query.destination ?? '';
  const { rows } = await pool.query({ name: 'cards', text: CARDS, values: [city, limit] });
  let total = totals.get(city);
  if (total === undefined) {
    total = ((await pool.query({ name: 'count', text: COUNT, values: [city] })).rows[0] as { total: number }).total;
    totals.set(city, total);
  }
  if (total === 0) return reply.code(404).send({ error: 'not found' });
  const hotels = rows.map((row: Record<string, unknown>) => ({ ...row, distance_km: null, url: `https://www.stays.example/${row.id as string}?aff=bench` }));
  return { destination: { name: city }, total, hotels };
});
app.get<{ Params: { '*': string } }>('/hotels/*', async (request, reply) => {
  const { rows } = await pool.query({ name: 'hotel', text: HOTEL, values: [request.params['*']] });
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return { hotel: rows[0] };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
