// The yardstick for hotel by id in the load phase: a plain Fastify server that reads each hotel
// from PostgreSQL, as a team would build this service without in-memory indexes. The same
// SELECT as the service's PostgreSQL store (a named, prepared statement, a pool of 10), the
// row answered as JSON. Started by bench/load.ts as a child process with the database URL on
// stdin; prints the port it listens on.
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

const app = Fastify({ logger: false });
app.get<{ Params: { '*': string } }>('/hotels/*', async (request, reply) => {
  const { rows } = await pool.query({ name: 'hotel', text: HOTEL, values: [request.params['*']] });
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return { hotel: rows[0] };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
