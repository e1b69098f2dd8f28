// npm run bench:instructions [-- --data-dir DIR] [--answers N] [--scenario TEXT]: the service's instructions per
// answer of each operation, counted by valgrind's callgrind. The load figures of npm run bench
// move by a third from one run to the next on this shared virtual machine (the hypervisor lends
// the cores to others); a count of instructions does not, to about 3% (the collector and the JIT
// run when they run), so a change of a few percent can be seen, in user space only: the kernel's
// part (socket writes, SQLite's locks) is not counted, and load figures still say what users get.
//
// Instructions are not time either: a 20-hotel search answer written by JSON.stringify takes about
// as many instructions as by fast-json-stringify, yet a quarter less time (README, "Measured
// 2026-11-25, evening"). Use both: this to see a change, the load phase to see what it is worth.
//
// The service runs under valgrind with instrumentation off (start-up at several times its speed),
// is warmed up with WARM_UP answers of each operation, and is counted over the next `answers`,
// 10 calls at a time from this process. Without a data directory, a demo catalog of 20,000 hotels
// is made in a temporary one first (DIR may also be the bench's --data-dir). Needs valgrind (Debian's package) on the PATH.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SeededRandom } from '../src/catalog/random.js';
import { sqliteFile } from '../src/storage/sqlite.js';
import { typedInPart } from './typing.js';
import { createPartnerKey, freePort, mcpSearchTemplate, startService, untilReady } from './load.js';

const DIST = new URL('..', import.meta.url).pathname;
const WARM_UP = 3000;
const AT_ONCE = 10;

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, answers: { type: 'string', default: '1000' }, scenario: { type: 'string', default: '' } },
});
const answers = Number(values.answers);

try {
  execFileSync('valgrind', ['--version']);
} catch {
  console.error('valgrind is not installed (Debian: apt-get install valgrind); nothing counted.');
  process.exit(1);
}

const made = values['data-dir'] === undefined;
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'instructions-'));
// One serving thread: callgrind counts the process, and a second thread would share the calls.
const env = { DATA_DIR: dataDir, DEMO_HOTELS: '20000', CATALOG_POLL_SECONDS: '0', LIMIT_PARTNER_PER_DAY: '100000000', HTTP_THREADS: '1' };
// The catalog and its saved indexes, made by the service itself (or found saved) at a start
// outside valgrind: building a million hotels' indexes under it would take many minutes.
const setUp = await startService(env, await freePort());
const key = await createPartnerKey(env);
const mcp2025 = await mcpSearchTemplate(setUp.base, key, null);
const mcp2026 = await mcpSearchTemplate(setUp.base, key, '2026-07-28');
await setUp.stop();
const db = new Database(sqliteFile(dataDir), { readonly: true });
// 1,000 popular hotels, sent in turn: the warm-up opens each three times, so all are kept in
// memory (HOT_HOTELS keeps a hotel opened again) and their answers are counted apart.
const ids = db.prepare('SELECT id FROM hotels ORDER BY id LIMIT 1000').pluck().all() as string[];
// Ids drawn per call from the whole catalog, as traffic draws them: nearly all read from the store.
const allIds = db.prepare('SELECT id FROM hotels').pluck().all() as string[];
const cities = db.prepare('SELECT DISTINCT city FROM hotels ORDER BY city LIMIT 300').pluck().all() as string[];
const points = db.prepare('SELECT latitude, longitude FROM hotels ORDER BY id LIMIT 2000').raw().all() as [number, number][];
const names = db.prepare('SELECT name FROM hotels ORDER BY id LIMIT 2000').pluck().all() as string[];
db.close();
// Suggestions as a search box sends them (half city names, half hotel names, typed in part), each
// text sent once: the service remembers suggestions, and a text sent again would count the memory.
const random = new SeededRandom(48);
const idDraws = new SeededRandom(49);
const typedTexts = [...new Set(Array.from({ length: 4 * (WARM_UP + answers) }, () => typedInPart(random, random.next() < 0.5 ? random.pick(cities) : random.pick(names))))];

type Call = (base: string, n: number) => Promise<Response>;
const headers = { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' };
const get = (path: string) => (base: string) => fetch(`${base}${path}`, { headers });
const q = encodeURIComponent;
const mcpCall =
  (template: Awaited<ReturnType<typeof mcpSearchTemplate>>): Call =>
  (base, n) =>
    fetch(`${base}/mcp`, { method: 'POST', headers: { ...template.headers, 'accept-encoding': 'identity' }, body: template.body(cities[n % cities.length]) });
const scenarios: [string, Call][] = [
  ['hotel by id, 1,000 popular hotels', (base, n) => get(`/hotels/${ids[n % ids.length]}`)(base)],
  ['hotel by id, drawn from the whole catalog', (base) => get(`/hotels/${allIds[idDraws.int(0, allIds.length - 1)]}`)(base)],
  // As most HTTP clients call (browsers, fetch, axios, requests): compression accepted.
  ['hotel by id, 1,000 popular hotels, gzip accepted', (base, n) => fetch(`${base}/hotels/${ids[n % ids.length]}`, { headers: { ...headers, 'accept-encoding': 'gzip, br' } })],
  ['destination search, 20 hotels', (base, n) => get(`/hotels/search?destination=${q(cities[n % cities.length])}&limit=20`)(base)],
  ['point search, 5 km, 20 hotels', (base, n) => get(`/hotels/search?lat=${points[n % points.length][0]}&lng=${points[n % points.length][1]}&radius_km=5&limit=20`)(base)],
  // One letter dropped inside the name.
  ['find, one letter dropped', (base, n) => get(`/hotels/find?name=${q(names[n % names.length].replace(/(\w{2})\w/, '$1'))}`)(base)],
  ['suggest, city or hotel name typed in part, each text once', (base, n) => get(`/suggest?q=${q(typedTexts[n % typedTexts.length])}`)(base)],
  [
    'POST /links, 10 URLs',
    (base, n) =>
      fetch(`${base}/links`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: Array.from({ length: 10 }, (_, k) => `https://www.stays.example/${ids[(n + k) % ids.length]}`) }),
      }),
  ],
  // The same search as an MCP client sends it (the HTTP search of MCP's load scenario answers 10 hotels).
  ['MCP tools/call search_hotels, 2025 protocol', mcpCall(mcp2025)],
  ['MCP tools/call search_hotels, 2026-07-28 protocol', mcpCall(mcp2026)],
  ['destination search, 10 hotels (as MCP searches)', (base, n) => get(`/hotels/search?destination=${q(cities[n % cities.length])}`)(base)],
];

async function drive(base: string, call: Call, count: number): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) {
        const response = await call(base, next++);
        await response.arrayBuffer();
        if (!response.ok) failed++;
      }
    }),
  );
  return failed;
}

// callgrind_control finds the process by a file named after the user and the HOST variable.
const control = (command: string[], pid: number) =>
  execFileSync('callgrind_control', [...command, String(pid)], { env: { ...process.env, USER: process.env.USER ?? 'root', HOST: '127.0.0.1' }, stdio: 'ignore' });

console.log(`Instructions per answer (callgrind), ${answers} answers after ${WARM_UP} of warm-up, ${AT_ONCE} at a time, catalog in ${dataDir}`);
for (const [what, call] of scenarios.filter(([name]) => name.includes(values.scenario))) {
  const out = mkdtempSync(join(tmpdir(), 'callgrind-'));
  const port = await freePort();
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${out}/out.%p`, process.execPath, `${DIST}src/main.js`],
    { env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), USER: process.env.USER ?? 'root' }, stdio: 'ignore' },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await untilReady(base, child, 250);
    await drive(base, call, WARM_UP);
    control(['-i', 'on'], child.pid!);
    const failed = await drive(base, call, answers);
    control(['-i', 'off'], child.pid!);
    control(['-d'], child.pid!);
    let total = 0;
    for (const file of readdirSync(out)) {
      for (const match of readFileSync(join(out, file), 'utf8').matchAll(/^(?:summary|totals): (\d+)/gm)) total = Math.max(total, Number(match[1]));
    }
    console.log(`  ${what}: ${Math.round(total / answers).toLocaleString('en-US')}${failed ? ` (${failed} answers not 2xx)` : ''}`);
  } finally {
    child.kill('SIGKILL');
    rmSync(out, { recursive: true, force: true });
  }
}
if (made) rmSync(dataDir, { recursive: true, force: true });
