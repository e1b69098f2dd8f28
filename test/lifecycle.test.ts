// The service as an orchestrator runs it, in its own process: liveness and readiness, and on
// SIGTERM a drain (unready first, every call received answered, exit when done or at the
// timeout). Calls are kept in flight by a fake places API on loopback that answers slowly.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeedFile } from '../src/catalog/import.js';
import { loadConfig } from '../src/config.js';
import { builtInGazetteer } from '../src/places/gazetteer.js';
import { openStorage } from '../src/storage/storage.js';
import { FIXTURE_HOTELS, LISBON_POINT } from './support/fixture-hotels.js';
import { writeFeed } from './support/test-service.js';
import { startServiceProcess, waitFor, type ServiceProcess } from './support/service-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'hotel-affiliate-lifecycle-'));
let places: Server;
let placesUrl: string;
let placeRequests = 0;

beforeAll(async () => {
  const storage = await openStorage(loadConfig({ DATA_DIR: dataDir }));
  await importFeedFile(storage.catalog, builtInGazetteer(), await writeFeed(dataDir, FIXTURE_HOTELS));
  await storage.close();
  // A place id "ChIJslow-<ms>" is answered after that many milliseconds, at the fixture's centre.
  places = createServer((req, res) => {
    placeRequests++;
    const delay = Number(/ChIJslow-(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ displayName: { text: 'Slow place' }, location: { latitude: LISBON_POINT.lat, longitude: LISBON_POINT.lng } }));
    }, delay);
  });
  await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve));
  placesUrl = `http://127.0.0.1:${(places.address() as AddressInfo).port}`;
});
afterAll(async () => {
  places.closeAllConnections();
  places.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `npm start`'s entry point on the test's data and fake places API, and waits until it listens. */
function startProcess(env: Record<string, string>): Promise<ServiceProcess> {
  return startServiceProcess({
    DATA_DIR: dataDir,
    DEMO_CATALOG: 'false',
    PLACES_API_KEY: 'test-key',
    PLACES_API_URL: placesUrl,
    PLACES_TIMEOUT_MS: '20000',
    PLACES_CACHE_SIZE: '0',
    LIMIT_KEYLESS_PER_HOUR: '100000',
    ...env,
  });
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A GET over the agent's connections (node:http, so keep-alive is in the test's hands). */
function get(agent: Agent, url: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('one instance from start to SIGTERM', () => {
  let s: ServiceProcess;
  beforeAll(async () => {
    s = await startProcess({ SHUTDOWN_DELAY_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '20' });
  });
  afterAll(() => void s.child.kill('SIGKILL'));

  it('answers liveness and readiness without costing an allowance or counting them as calls of the operations', async () => {
    const live = await fetch(`${s.baseUrl}/healthz`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${s.baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ready', catalog: { generation: expect.any(Number), hotels: FIXTURE_HOTELS.length }, database: 'ok', shared_counters: 'not configured' },
    ]);
    expect(ready.headers.get('x-ratelimit-limit')).toBeNull();
    const search = await fetch(`${s.baseUrl}/hotels/search?destination=Lisbon`);
    expect(search.headers.get('x-ratelimit-remaining')).toBe('99999');
    const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^hotel_affiliate_calls_total\{operation="searchHotels",status="200"\} 1$/m);
    expect(metrics).toMatch(/^hotel_affiliate_call_duration_seconds_count\{operation="searchHotels",status="200"\} 1$/m);
    expect(metrics).toMatch(/^hotel_affiliate_call_duration_seconds_bucket\{le="0.5",operation="searchHotels",status="200"\} 1$/m);
    expect(metrics).not.toMatch(/healthz|readyz/);
    expect(metrics).toMatch(/^hotel_affiliate_http_threads 1$/m);
    expect(metrics).toMatch(/^hotel_affiliate_thread_heap_bytes\{thread="main",state="committed"\} \d+$/m);
    // Without REDIS_URL there is no shared store whose outage could be reported.
    expect(metrics).not.toMatch(/hotel_affiliate_limiter_shared_store_up/);
  });

  it('on SIGTERM reports unready first, answers every call it received, then exits', async () => {
    // Keep-alive connections, as a load balancer or an affiliate's HTTP client holds them.
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const call = (path: string) => get(agent, `${s.baseUrl}${path}`);
    try {
      expect((await call('/hotels/search?destination=Lisbon')).status).toBe(200);
      const seenBefore = placeRequests;
      const inFlight = [1, 2, 3, 4, 5, 6].map((i) => call(`/hotels/search?place_id=ChIJslow-2500-${i}`));
      await waitFor(() => placeRequests === seenBefore + 6, 'the six calls to reach the places API');
      const signalled = performance.now();
      s.child.kill('SIGTERM');

      // At once unready, while still answering what load balancers keep sending during the delay.
      await waitFor(() => s.logs.some((l) => l.msg === 'draining: readiness reports unready'), 'the drain to begin');
      const ready = await call('/readyz');
      expect([ready.status, ready.body]).toEqual([503, { error: { code: 'upstream_unavailable', message: 'not ready: shutting down' } }]);
      const during = await call('/hotels/search?destination=Lisbon');
      expect(during.status).toBe(200);
      expect(during.headers.connection).toBe('close');

      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.every((a) => a.body.total > 0)).toBe(true);
      expect(await s.exited).toBe(0);
      // The delay, the slow calls, and little else.
      expect(performance.now() - signalled).toBeLessThan(8000);
      await expect(fetch(`${s.baseUrl}/healthz`)).rejects.toThrow();
      expect(s.logs.at(-1)).toMatchObject({ msg: 'stopped', timedOut: false });
    } finally {
      agent.destroy();
    }
  });
});

describe('on SIGTERM with calls that outlast the timeout', () => {
  it('closes connections still busy at the shutdown timeout and exits non-zero', async () => {
    const s = await startProcess({ SHUTDOWN_DELAY_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '0.5' });
    try {
      const seenBefore = placeRequests;
      const stuck = fetch(`${s.baseUrl}/hotels/search?place_id=ChIJslow-15000`).then(
        (r) => r.status,
        () => 'cut',
      );
      await waitFor(() => placeRequests === seenBefore + 1, 'the call to reach the places API');
      const signalled = performance.now();
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(1);
      expect(performance.now() - signalled).toBeLessThan(5000);
      expect(await stuck).toBe('cut');
      expect(s.logs.some((l) => l.msg === 'calls still in flight at the shutdown timeout: closing their connections')).toBe(true);
    } finally {
      s.child.kill('SIGKILL');
    }
  });
});

describe('on SIGTERM under load', () => {
  it('resets no call: busy connections are told to close, and an idle one is closed only after a grace in which its next call is answered', async () => {
    const s = await startProcess({ SHUTDOWN_DELAY_SECONDS: '0.3', SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const busy = new Agent({ keepAlive: true, maxSockets: 20 });
    const idle = new Agent({ keepAlive: true, maxSockets: 10 });
    const call = (agent: Agent) => get(agent, `${s.baseUrl}/hotels/search?destination=Lisbon&limit=1`).then((r) => `${r.status} ${r.headers.connection}`, (e: Error & { code?: string }) => e.code ?? e.message);
    try {
      // Ten clients keep a connection each and say nothing until the listener has closed.
      expect(await Promise.all(Array.from({ length: 10 }, () => call(idle)))).toEqual(Array(10).fill('200 keep-alive'));
      // Twenty call back to back, each until an answer tells it to close (then, as behind a load balancer, it goes elsewhere).
      const busyOutcomes: string[] = [];
      const client = async () => {
        for (;;) {
          const outcome = await call(busy);
          busyOutcomes.push(outcome);
          if (outcome !== '200 keep-alive') return;
        }
      };
      const clients = Array.from({ length: 20 }, client);
      await waitFor(() => busyOutcomes.length > 200, 'the load to be under way');
      s.child.kill('SIGTERM');
      await Promise.all(clients);
      expect(busyOutcomes.filter((o) => o !== '200 keep-alive')).toEqual(Array(20).fill('200 close'));
      // The listener closes after the delay; the idle clients then call on the connections they hold.
      await waitFor(() => s.logs.some((l) => l.msg === 'draining: readiness reports unready'), 'the drain to begin');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(fetch(`${s.baseUrl}/healthz`)).rejects.toThrow();
      expect(await Promise.all(Array.from({ length: 10 }, () => call(idle)))).toEqual(Array(10).fill('200 close'));
      expect(await s.exited).toBe(0);
    } finally {
      busy.destroy();
      idle.destroy();
      s.child.kill('SIGKILL');
    }
  });
});
