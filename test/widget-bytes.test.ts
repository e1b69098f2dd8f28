// Hashes that hold: pages pin the widget's script with its Subresource Integrity hash, so a
// released version's bytes never change: not with the service's configuration (SERVICE_NAME,
// which v2 once had written in at start), not with a rebuild. Each version is served as its
// constant here says, by a service with another name than the default; the deployment's name
// reaches the widget as a fetched setting instead. A change to widget/src or widget/messages
// fails this test: it is a new version (docs/widget.md, "Releasing a version").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_WIDGET, currentWidgetIntegrity, WIDGET_VERSIONS, widgetFile } from '../src/http/widget-files.js';
import { startTestService, type TestService } from './support/test-service.js';

/** sha384 of each released file, as pages pin it. */
const RELEASED: Record<(typeof WIDGET_VERSIONS)[number], string> = {
  // v1 and v2 as a service under the default SERVICE_NAME ("Example Stays") served them: until v3,
  // the name was written over a placeholder at start. Frozen so (widget/frozen/) on 2026-11-28.
  'v1.js': 'sha384-zu1XiRWqppVsHqbfMDz3Cv7jQjuEU5fbOaK0ScLR1L+mu4hELIZ3kBPcoHSBQL7A',
  'v2.js': 'sha384-sDFEHlKVaQ0zrDS0vjdAT0ADuX13z+R6V6oPN/7HNncLquDqbZI7JocmB6LpjwtI',
  // v3 as built from the source on 2026-11-28, frozen with its catalogs on 2026-11-29 when v4 came.
  'v3.js': 'sha384-1bCScadXU+FCotI4SIbbQ4+rlN7YI+T1YhHv+iVsBAMywKFm2NDF0nLEHSq2mYcZ',
  'v4.js': 'sha384-g9SA+/LFMgfBlIgyVggvR89dVMcpvkoUiB7CgFf0e+69d5h9zXuCLZH5HktoL60v',
};

/** A name with everything an escape could get wrong. */
const SERVICE_NAME = 'Estadias «Lusas» & "Co" </script> ${x} \\u0041';
const integrity = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

let t: TestService;
beforeAll(async () => {
  t = await startTestService(null, { SERVICE_NAME });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the widget\'s released scripts', () => {
  for (const version of WIDGET_VERSIONS) {
    it(`${version} is served byte for byte as released, immutable, whatever the service is called`, async () => {
      const response = await fetch(`${t.baseUrl}/widget/${version}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const served = Buffer.from(await response.arrayBuffer());
      expect(integrity(served)).toBe(RELEASED[version]);
      // The same bytes as the built file read with no name at all.
      expect(widgetFile(version)?.integrity).toBe(RELEASED[version]);
      expect(served.toString('utf8')).not.toContain('Estadias');
      expect(served.toString('utf8')).not.toContain('%%STAYS_SITE_NAME%%');
    });
  }

  it('v1, v2 and v3 are the frozen files, v4 is the current one', () => {
    for (const version of ['v1.js', 'v2.js', 'v3.js'] as const) {
      expect(integrity(readFileSync(new URL(`../widget/frozen/${version}`, import.meta.url)))).toBe(RELEASED[version]);
    }
    expect(CURRENT_WIDGET).toBe('v4.js');
    expect(currentWidgetIntegrity()).toBe(RELEASED['v4.js']);
  });

  it('the deployment\'s name is a setting the widget fetches, not part of its script', async () => {
    const response = await fetch(`${t.baseUrl}/widget/settings.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.json()).toEqual({ service_name: SERVICE_NAME });
  });

  for (const version of ['v3', 'v4']) it(`${version}'s catalogs are immutable files whose integrity ${version}.js carries; an unknown one is 404`, async () => {
    const script = readFileSync(new URL(`../dist/widget/${version}.js`, import.meta.url), 'utf8');
    const languages = [...script.matchAll(/"?([a-zA-Z-]+)"?:"(sha256-[A-Za-z0-9+/=]+)"/g)].map((m) => [m[1], m[2]]);
    expect(languages.length).toBeGreaterThanOrEqual(27);
    for (const [lang, hash] of languages) {
      const response = await fetch(`${t.baseUrl}/widget/${version}/messages/${lang}.json`);
      expect(response.status, lang).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const body = Buffer.from(await response.arrayBuffer());
      expect(`sha256-${createHash('sha256').update(body).digest('base64')}`, lang).toBe(hash);
      expect(body.toString('utf8')).not.toContain('Estadias');
    }
    const unknown = await fetch(`${t.baseUrl}/widget/${version}/messages/xx.json`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
