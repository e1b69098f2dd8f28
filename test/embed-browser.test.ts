// The iframe form in a real browser (Debian's Chromium through playwright-core): blog pages on
// loopback ports frame /embed/… of the service. On the key's origin the frame shows the widget,
// sized to its content, and a visitor searches in it; on another origin the browser refuses to
// show it (frame-ancestors); a WordPress post that discovered it over oEmbed (its markup as
// WordPress writes it for a discovered provider, and WordPress's own wp-embed.js) shows and sizes
// the sandboxed frame, where a credited link stands in for the widget and opens in the whole
// window. Screenshots land in artifacts/.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WP_EMBED = '/usr/share/wordpress/wp-includes/js/wp-embed.js';


let t: TestService;
let browser: Browser;
let blog: Server;
let allowedOrigin: string;
let otherOrigin: string;
let blogKey: string;

/** A blog post around a frame, under a policy such as a careful blog sets: its own scripts and the service's frames. */
function post(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Three days in Lisbon</title>
<style>body { font: 17px/1.6 Georgia, serif; max-width: 760px; margin: 24px auto; color: #222; } iframe { display: block; }</style></head>
<body><main><h1>Three days in Lisbon</h1><p>We stayed near the river. Where to stay:</p>
${body}
<p>Next time: Porto.</p></main></body></html>`;
}

function frameTag(path: string, extra = ''): string {
  return `<iframe src="${t.baseUrl}${path}" width="640" height="620" title="Hotels in Lisbon" loading="lazy" style="border:0;max-width:100%"${extra}></iframe>`;
}

/** The markup WordPress 6 writes for a discovered (untrusted) oEmbed provider's rich html (wp_filter_oembed_result). */
function wordpressMarkup(path: string, secret: string): string {
  return `<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">
<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="https://www.stays.example/">Hotel on Example Stays</a></blockquote><iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; clip: rect(1px, 1px, 1px, 1px);" frameborder="0" src="${t.baseUrl}${path}#?secret=${secret}" data-secret="${secret}" width="400" height="420" title="Hotel on Example Stays"></iframe>
</div></figure>
<script src="/wp-embed.js"></script>`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`the browser test needs Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '1000' });
  blog = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://blog');
    const search = `/embed/search?key=${blogKey}&sub_id=iframe-post&limit=4`;
    const pages: Record<string, string> = {
      '/post.html': post(`${frameTag(search)}\n<script async src="${t.baseUrl}/embed/resize.js"></script>`),
      // A page that sends no referrer: the service cannot tell where it is framed, the browser can.
      '/quiet.html': post(frameTag(search, ' referrerpolicy="no-referrer"')),
      '/hotel.html': post(
        `${frameTag(`/embed/hotel?key=${blogKey}&hotel_id=hotel/pt/lisbon/pestana-palace&sub_id=hotel-post&lang=de&currency=EUR`, ' title="Pestana Palace"')}\n<script async src="${t.baseUrl}/embed/resize.js"></script>`,
      ),
      '/wordpress.html': post(wordpressMarkup(`/embed/hotel?key=${blogKey}&hotel_id=hotel/pt/lisbon/pestana-palace&sub_id=wp-post`, 'Wq3kT9sZ1x')),
    };
    if (url.pathname === '/wp-embed.js' && existsSync(WP_EMBED)) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(WP_EMBED));
      return;
    }
    const page = pages[url.pathname];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'self' ${t.baseUrl}; frame-src ${t.baseUrl}; style-src 'unsafe-inline'`,
    });
    response.end(page);
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  const port = (blog.address() as AddressInfo).port;
  allowedOrigin = `http://127.0.0.1:${port}`;
  otherOrigin = `http://localhost:${port}`;
  blogKey = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'lisbon-blog', label: null, publishable: { origins: [allowedOrigin], visitorLimit: 100 } })).secret;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync('artifacts', { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => blog?.close(resolve));
  await t?.close();
});

/** A blog post in a fresh browser, with the service's answers to its frame and every problem the page or its frames report. */
async function openPost(origin: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1000 } });
  const page = await context.newPage();
  const served: Array<{ url: string; status: number }> = [];
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(t.baseUrl)) served.push({ url: response.url(), status: response.status() });
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  expect((await page.goto(`${origin}${path}`))?.status()).toBe(200);
  return { page, context, served, problems };
}

/** The frame of the service's embed page, once its document is the service's. */
async function embedFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${t.baseUrl}/embed/`)), { timeout: 10_000 }).toBe(true);
  return page.frames().find((f) => f.url().startsWith(`${t.baseUrl}/embed/`))!;
}

const frameHeight = (page: Page) => page.locator('iframe').evaluate((el: any) => Math.round(el.getBoundingClientRect().height as number));

/** axe-core run inside the frame (evaluated by the browser's debugger, which the frame's policy does not restrict). */
async function seriousViolations(frame: Frame): Promise<string[]> {
  if (!(await frame.evaluate('typeof axe !== "undefined"'))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ' (' + v.impact + ', ' + v.nodes.length + ')'))`);
}

describe("the frame on a page of the key's origin", () => {
  it('shows the widget, sized to its content by the optional script, with nothing asked of the API before the visitor acts', async () => {
    const { page, context, served, problems } = await openPost(allowedOrigin, '/post.html');
    const frame = await embedFrame(page);
    // Not waitForFunction: its polling calls eval() in the page, which the frame's CSP refuses
    // (a failure whenever the element was not defined at the first look).
    await frame.evaluate("customElements.whenDefined('stays-search').then(() => true)");
    await frame.locator('input[role="combobox"]').waitFor();
    expect(served.find((s) => s.url.includes('/embed/search'))?.status).toBe(200);
    // Sized to the page in the frame (its box and room for the suggestions), not the 620 px it was given.
    await expect.poll(() => frameHeight(page)).toBeLessThan(600);
    expect(await frameHeight(page)).toBeGreaterThanOrEqual(420);
    expect(await frame.evaluate('document.documentElement.lang')).toBe('en');
    expect(served.filter((s) => /\/(suggest|hotels)/.test(s.url))).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-allowed-origin.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the visitor searches in it and gets credited cards, counted as the key\'s; the frame grows to show them', async () => {
    const { page, context, problems } = await openPost(allowedOrigin, '/post.html');
    const frame = await embedFrame(page);
    const input = frame.locator('input[role="combobox"]');
    await input.click();
    await page.keyboard.type('Lisb', { delay: 40 });
    const option = frame.locator('[role="option"]').first();
    await option.waitFor();
    // The suggestions fit in the frame as sized before any result: nothing is cut off.
    const listBottom = await frame.locator('[role="listbox"]').evaluate((el: any) => el.getBoundingClientRect().bottom as number);
    expect(listBottom).toBeLessThanOrEqual(await frameHeight(page));
    await page.screenshot({ path: 'artifacts/embed-suggestions.png' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const cards = frame.locator('a.card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    for (const href of await cards.evaluateAll((links: any[]) => links.map((a) => a.href as string))) {
      expect(href).toMatch(/^https:\/\/www\.stays\.example\/hotel\/pt\/lisbon\/[a-z0-9-]+\?aff=lisbon-blog&utm_content=iframe-post&lang=en$/);
    }
    expect(await frame.locator('.credit a').textContent()).toBe('Book on Example Stays');
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(620);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-search-results.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("one hotel, in the address's language: the card comes with its credited link, and the frame fits it", async () => {
    const { page, context, problems } = await openPost(allowedOrigin, '/hotel.html');
    const frame = await embedFrame(page);
    expect(await frame.evaluate('document.documentElement.lang')).toBe('de');
    const link = frame.locator('a[href^="https://www.stays.example/hotel/"]:visible').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog&utm_content=hotel-post&lang=de&currency=EUR');
    await expect.poll(async () => Math.abs((await frameHeight(page)) - Math.ceil(await frame.evaluate('document.documentElement.getBoundingClientRect().height')))).toBeLessThanOrEqual(1);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-hotel.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violation inside the frame, with the suggestions open too (axe-core)', async () => {
    const { page, context } = await openPost(allowedOrigin, '/post.html');
    const frame = await embedFrame(page);
    await frame.locator('input[role="combobox"]').waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    // The frame is named on the host page, and its page says its language and title.
    expect(await page.locator('iframe').getAttribute('title')).toBe('Hotels in Lisbon');
    expect(await frame.title()).toBe('Hotel search · Example Stays');
    expect(await frame.locator('main').count()).toBe(1);
    await frame.locator('input[role="combobox"]').click();
    await page.keyboard.type('Lisb', { delay: 30 });
    await frame.locator('[role="option"]').first().waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await context.close();
  });
});

describe('the address opened in a tab', () => {
  it('says it is made to be embedded, gives its code, and previews the search without the key', async () => {
    const { page, context, problems } = await openPost(t.baseUrl, `/embed/search?key=${blogKey}&destination=Lisbon&sub_id=iframe-post`);
    expect(await page.locator('h1').textContent()).toBe('Hotels in Lisbon · Example Stays: made to be embedded');
    expect(await page.locator('pre code').textContent()).toContain(`<iframe src="${t.baseUrl}/embed/search?key=${blogKey}&amp;destination=Lisbon&amp;sub_id=iframe-post"`);
    const preview = page.locator('.preview stays-search');
    await preview.getByRole('button', { name: 'Show hotels in Lisbon' }).click();
    await preview.locator('a.card').first().waitFor();
    // Outside the key's sites the preview is keyless: no affiliate code on its links.
    for (const href of await preview.locator('a.card').evaluateAll((links: any[]) => links.map((a) => a.href as string))) expect(href).not.toContain('aff=');
    if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))`);
    expect(violations).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-opened-in-tab.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the frame on a page of another origin', () => {
  it('is refused by the browser (frame-ancestors): the service answered, the widget never loaded', async () => {
    const { page, context, served } = await openPost(otherOrigin, '/quiet.html');
    await expect.poll(() => served.some((s) => s.url.includes('/embed/search'))).toBe(true);
    expect(served.find((s) => s.url.includes('/embed/search'))?.status).toBe(200);
    await page.waitForTimeout(500);
    // The frame holds the browser's error page, not the service's document.
    expect(page.frames().filter((f) => f.url().startsWith(`${t.baseUrl}/embed/`))).toEqual([]);
    expect(served.filter((s) => s.url.includes('/widget/'))).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-refused-by-browser.png', fullPage: true });
    await context.close();
  });

  it("tells the blogger in the frame that the key is not enabled there, when the page's address reaches the service", async () => {
    const { page, context, served } = await openPost(otherOrigin, '/post.html');
    const frame = await embedFrame(page);
    expect(served.find((s) => s.url.includes('/embed/search'))?.status).toBe(403);
    expect(await frame.locator('h1').textContent()).toBe('This hotel search is not enabled on this site');
    expect(await frame.locator('p').textContent()).toContain(`key is not enabled on ${otherOrigin}; it works on ${allowedOrigin}.`);
    expect(await frame.evaluate("customElements.get('stays-search') === undefined")).toBe(true);
    expect(served.filter((s) => s.url.includes('/widget/'))).toEqual([]);
    await page.screenshot({ path: 'artifacts/embed-not-enabled.png', fullPage: true });
    await context.close();
  });
});

describe('a WordPress post that discovered the frame over oEmbed', () => {
  it.skipIf(!existsSync(WP_EMBED))("is shown and sized by WordPress's wp-embed.js; sandboxed, it shows its credited link, which opens the booking site's page in the window", async () => {
    const { page, context, served, problems } = await openPost(allowedOrigin, '/wordpress.html');
    const frame = await embedFrame(page);
    const iframe = page.locator('iframe');
    // WordPress keeps the frame clipped, with its blockquote shown, until the frame reports its height.
    await expect.poll(() => iframe.getAttribute('style')).toBeNull();
    await expect.poll(() => page.locator('blockquote').isVisible()).toBe(false);
    // Sized to what the frame reports, within WordPress's 200 to 1000 px.
    const reported = async () => Math.min(1000, Math.max(200, Math.ceil(await frame.evaluate('document.documentElement.getBoundingClientRect().height'))));
    await expect.poll(async () => Number(await iframe.getAttribute('height')) === (await reported())).toBe(true);
    expect(await frame.evaluate('self.origin')).toBe('null');

    // A sandbox without allow-popups opens no tab: the link goes through /embed/go in the whole window.
    await context.route('https://www.stays.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Example Stays</title>' }));
    const hotelPage = 'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog&utm_content=wp-post&lang=en';
    // Sandboxed, the frame's calls could not be the key's: its credited link stands in for the widget.
    expect(await frame.locator('stays-hotel, stays-search').count()).toBe(0);
    expect(served.filter((s) => /\/hotels\//.test(s.url))).toEqual([]);
    const link = frame.locator('#stays-link a');
    expect(await link.isVisible()).toBe(true);
    expect(await link.textContent()).toBe('See this hotel · Book on Example Stays');
    expect(await link.getAttribute('href')).toBe(hotelPage);
    await page.screenshot({ path: 'artifacts/embed-wordpress.png', fullPage: true });
    await link.click();
    await page.waitForURL('https://www.stays.example/**');
    expect(page.url()).toBe(hotelPage);
    expect(problems.filter((p) => !p.includes('Blocked opening'))).toEqual([]);
    await context.close();
  });
});
