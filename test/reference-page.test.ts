// The API reference page at /docs in a real browser (Debian's Chromium, driven by
// playwright-core): it loads with no console error and no failed request (everything it
// needs is served by the service), lists the six operations, and a "Try it out" search made
// through the page's own form answers hotels. Screenshots of the run are kept in artifacts/ (the page, and the try-it answer).
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './support/test-service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestService;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`the browser test needs Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  }
  t = await startTestService(null, { DEMO_CATALOG: 'true', DEMO_HOTELS: '5000' });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // No sandbox as root; nothing of Chromium's own that would call out to the internet.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the reference page', () => {
  it('loads with no error, lists the six operations, and a try-it search answers hotels', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('request', (request) => {
      if (!request.url().startsWith(t.baseUrl) && !request.url().startsWith('data:')) problems.push(`request elsewhere: ${request.url()}`);
    });

    const loaded = await page.goto(`${t.baseUrl}/docs`);
    expect(loaded?.status()).toBe(200);
    await page.waitForSelector('.opblock-summary');
    const summaries = await page.locator('.opblock-summary-description').allTextContents();
    expect(summaries).toEqual(expect.arrayContaining(['Hotels in a place', 'One hotel by name', 'One hotel in full', 'Make service URLs credit you', 'Places and hotels as people type', 'What your calls did']));
    // The guide above the operations, in sections.
    await expect.poll(() => page.locator('.information-container h2').allTextContents()).toEqual(expect.arrayContaining(['Keys and allowances', 'Usage reports: compare your placements', 'Calling from a browser: publishable keys and the widget']));

    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/docs-page.png' });

    const search = page.locator('#operations-hotels-searchHotels');
    await search.locator('.opblock-summary').click();
    await search.locator('tr[data-param-name="destination"] input').fill('Lisbon');
    await search.locator('tr[data-param-name="limit"] input').fill('3');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().startsWith(`${t.baseUrl}/hotels/search?`)),
      search.locator('button.execute').click(),
    ]);
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { destination: string; hotels: unknown[] };
    expect(body.destination).toMatch(/^Lisbon/);
    expect(body.hotels).toHaveLength(3);
    // The page shows the answer it got.
    await expect.poll(() => search.locator('.live-responses-table tr.response .response-col_status').first().textContent()).toContain('200');
    await expect.poll(() => search.locator('.live-responses-table .microlight').first().textContent()).toContain('"hotels"');

    await search.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/docs-try-it.png' });
    expect(problems).toEqual([]);
  }, 90_000);

  it('is linked from the service root', async () => {
    expect((await t.request('/')).body.docs).toBe(`${t.baseUrl}/docs`);
  });
});
