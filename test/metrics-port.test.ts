// METRICS_PORT: /metrics on a port of its own, and only there. The public port answers it 404,
// the metrics port answers nothing else, and it sums every serving thread as /metrics does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, waitFor, type ServiceProcess } from './support/service-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'metrics-port-test-'));
let s: ServiceProcess;
let metricsUrl: string;

beforeAll(async () => {
  s = await startServiceProcess({ DATA_DIR: dataDir, DEMO_HOTELS: '2000', HTTP_THREADS: '2', METRICS_PORT: '0', SHUTDOWN_DELAY_SECONDS: '0' });
  await waitFor(() => s.logs.some((l) => l.msg === 'serving threads listening'), 'the second thread to listen', 30_000);
  const said = s.logs.find((l) => l.msg === 'metrics listening on a port of their own');
  expect(said).toBeDefined();
  metricsUrl = `http://127.0.0.1:${said!.port as number}`;
}, 60_000);

afterAll(async () => {
  s?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('metrics on a port of their own', () => {
  it('are served there, for every thread, and not on the public port', async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(`${s.baseUrl}/hotels/search?destination=Lisbon&limit=1`)).status).toBe(200);
    const metrics = await fetch(`${metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toMatch(/^hotel_affiliate_calls_total\{operation="searchHotels",status="200"\} 6$/m);
    expect(text).toMatch(/^hotel_affiliate_http_threads 2$/m);

    const publicMetrics = await fetch(`${s.baseUrl}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(((await publicMetrics.json()) as { error: { code: string } }).error.code).toBe('not_found');
    // The metrics port answers nothing but /metrics.
    for (const path of ['/hotels/search?destination=Lisbon', '/healthz', '/']) expect((await fetch(`${metricsUrl}${path}`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
