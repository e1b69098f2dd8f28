// The widget (v4) says what is true of what it shows, in a real browser (Debian's Chromium through
// playwright-core), on a blog at another loopback port under a strict Content-Security-Policy:
// hotels near an airport are "nearest first", never "the best"; a refusal (429) leaves the hotels
// already shown, and tells the visitor when to try again on their own clock, in their language; a
// search of the visitor's own takes the preset's button away; one hotel (<stays-hotel>) is asked
// for only when it comes into view, with its credited link and the credit. The service runs under
// another name than the default: the credit follows it (GET /widget/settings.json; the script's
// bytes do not: test/widget-bytes.test.ts). The list layout (layout="list") shows compact rows,
// each a credited link with a thumbnail, in one column that fits a 320 px phone, left to right
// and right to left, and follows its attribute at run time. axe-core finds no serious or critical
// violation in any of these states.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhotoSvg } from '../src/catalog/demo-photos.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SERVICE_NAME = 'Estadias Lusas';
const DE = JSON.parse(readFileSync(new URL('../widget/messages/de.json', import.meta.url), 'utf8'));

let t: TestService;
let browser: Browser;
let blog: Server;
let blogOrigin: string;
let pageKey: string;
let stingyKey: string;

/** The blog's pages: the widget as each gives it. */
const pages = (): Record<string, { lang: string; body: string }> => ({
  '/search.html': { lang: 'en', body: `<stays-search key="${pageKey}" sub-id="sidebar" limit="4"></stays-search>` },
  '/preset.html': { lang: 'en', body: `<stays-search key="${pageKey}" sub-id="hero" destination="Lisbon" limit="4"></stays-search>` },
  '/stingy.html': { lang: 'de', body: `<stays-search key="${stingyKey}" sub-id="footer" limit="4"></stays-search>` },
  // The list layout, in English and in Arabic (right to left).
  '/list.html': { lang: 'en', body: `<stays-search key="${pageKey}" sub-id="sidebar" limit="4" layout="list"></stays-search>` },
  '/list-ar.html': { lang: 'ar', body: `<stays-search key="${pageKey}" sub-id="sidebar" limit="4" layout="list"></stays-search>` },
  // A review of one hotel, far down a long article; and a second, given by its page's address, in Portuguese.
  '/review.html': {
    lang: 'en',
    body:
      '<p>Our stay, day by day.</p><div style="height: 2600px"></div>' +
      `<stays-hotel key="${pageKey}" sub-id="review" hotel-id="hotel/pt/lisbon/pestana-palace"></stays-hotel>` +
      '<p>And a day trip north.</p><div style="height: 1600px"></div>' +
      `<stays-hotel key="${pageKey}" sub-id="review" lang="pt" hotel-id="https://www.stays.example/hotel/pt/porto/porto-ribeira"></stays-hotel>`,
  },
});

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`the browser test needs Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  blog = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://blog');
    if (url.pathname.startsWith('/photos/')) {
      const svg = demoPhotoSvg(url.pathname.slice('/photos/'.length));
      response.writeHead(svg ? 200 : 404, { 'content-type': 'image/svg+xml' }).end(svg ?? '');
      return;
    }
    if (url.pathname === '/favicon.ico') return void response.writeHead(204).end();
    const page = pages()[url.pathname];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // An inline style attribute in the article is the blog's own; the widget needs none.
      'content-security-policy': `default-src 'none'; script-src ${t.baseUrl}; connect-src ${t.baseUrl}; img-src ${t.baseUrl} ${blogOrigin}; style-src 'unsafe-inline'`,
    });
    response.end(`<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8"><title>A travel blog</title>
<script type="module" src="${t.baseUrl}/widget/v4.js"></script></head><body><main><h1>Lisbon</h1>${page.body}</main></body></html>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogOrigin = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
  const hotels = FIXTURE_HOTELS.map((hotel) => (hotel.photo_url ? { ...hotel, photo_url: `${blogOrigin}/photos/${hotel.id.slice('hotel/'.length)}/1.svg` } : hotel));
  t = await startTestService(hotels, { SERVICE_NAME, LIMIT_KEYLESS_PER_HOUR: '1000' });
  const publishable = (visitorLimit: number) => ({ origins: [blogOrigin], visitorLimit });
  pageKey = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'lisbon-blog', label: null, publishable: publishable(100) })).secret;
  stingyKey = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'stingy-blog', label: null, publishable: publishable(2) })).secret;
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

/** A page of the blog, with every call it makes to the service's API and every problem it reports. */
async function openBlog(path: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
  const page = await context.newPage();
  const calls: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === t.baseUrl && !url.pathname.startsWith('/widget/')) calls.push(`${url.pathname}${url.search}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 429/.test(message.text())) problems.push(message.text());
  });
  expect((await page.goto(`${blogOrigin}${path}`))?.status()).toBe(200);
  await page.waitForFunction("customElements.get('stays-search') !== undefined");
  return { page, calls, problems, close: () => context.close() };
}

const widget = (page: Page) => page.locator('stays-search');

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's policy does not govern.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ' (' + v.impact + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')'))`);
}

/** Kilometres as the cards show them, in order. */
const distances = (page: Page) =>
  widget(page)
    .locator('.card .meta')
    .filter({ hasText: /km away$/ })
    .allTextContents()
    .then((texts) => texts.map((text) => Number.parseFloat(text)));

describe('the widget says what is true of the hotels it shows', () => {
  it('near an airport: nearest first, never "the best", chosen from the suggestions or typed', async () => {
    const { page, problems, close } = await openBlog('/search.html');
    const input = widget(page).locator('input[role="combobox"]');
    await input.click();
    await page.keyboard.type('Lisbon airport', { delay: 20 });
    const airport = widget(page).locator('[role="option"]').filter({ hasText: /Airport$/ }).first();
    await airport.waitFor();
    await airport.click();
    await widget(page).locator('a.card').first().waitFor();
    const status = widget(page).locator('[role="status"]');
    expect(await status.textContent()).toMatch(/^6 hotels near Humberto Delgado Airport .*, nearest first: 4 shown\.$/);
    const chosen = await distances(page);
    expect(chosen).toHaveLength(4);
    expect(chosen).toEqual([...chosen].sort((a, b) => a - b));
    // The credit names the service as this deployment does, fetched beside the search.
    expect(await widget(page).locator('.credit a').textContent()).toBe(`Book on ${SERVICE_NAME}`);
    await page.screenshot({ path: 'artifacts/widget-v4-airport.png' });
    expect(await seriousViolations(page)).toEqual([]);

    // Typed and searched as text: the order is read from the answer.
    await input.fill('Lisbon airport');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toMatch(/^6 hotels near .*, nearest first: 4 shown\.$/);
    expect(await distances(page)).toEqual(chosen);

    // A city: the best-rated, and said so.
    await input.fill('Lisbon');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toMatch(/^6 hotels in Lisbon, Portugal, the best 4 shown\.$/);
    expect(problems).toEqual([]);
    await close();
  });

  it('a list the visitor closed stays closed when the suggestions asked for before Escape arrive after it', async () => {
    const { page, calls, problems, close } = await openBlog('/search.html');
    const input = widget(page).locator('input[role="combobox"]');
    await input.click();
    await page.keyboard.type('Lisb', { delay: 30 });
    await widget(page).locator('[role="option"]').first().waitFor();
    // The next suggestions come slowly: the visitor presses Escape while they are on their way.
    await page.route('**/suggest?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue().catch(() => undefined);
    });
    await page.keyboard.type('o');
    await expect.poll(() => calls.some((c) => c.startsWith('/suggest?q=Lisbo&'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await page.waitForTimeout(1_500);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await widget(page).locator('[role="listbox"]').isHidden()).toBe(true);
    expect(await input.inputValue()).toBe('Lisbo');
    expect(problems).toEqual([]);
    await close();
  });

  it('a destination read only by a guess: nothing found, and the guess offered as a button that searches it', async () => {
    const { page, calls, problems, close } = await openBlog('/search.html');
    const input = widget(page).locator('input[role="combobox"]');
    await input.click();
    await input.fill('Gardena Glacier');
    await page.keyboard.press('Enter');
    const status = widget(page).locator('[role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/Gardena Glacier/);
    const offered = widget(page).locator('[part="alternatives"] button');
    await offered.first().waitFor();
    expect(await offered.allTextContents()).toEqual(['Gardena, California, United States']);
    expect(await widget(page).locator('[part="alternatives"]').textContent()).toMatch(/^Did you mean/);
    await page.screenshot({ path: 'artifacts/widget-v4-guess.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await offered.first().click();
    await expect.poll(() => calls.some((c) => /place_id=geonames%3A\d+/.test(c))).toBe(true);
    await expect.poll(() => status.textContent()).toMatch(/Gardena, California, United States/);
    // The browser reports the 404 itself; the widget adds nothing.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await close();
  });

  it('a refusal (429) keeps the hotels shown, and says when to try again on the visitor\'s clock, in German', async () => {
    const timezoneId = 'America/Los_Angeles';
    const { page, close } = await openBlog('/stingy.html', { locale: 'de-DE', timezoneId });
    const retries: number[] = [];
    page.on('response', (response) => {
      if (response.status() === 429) retries.push(Number(response.headers()['retry-after']));
    });
    const input = widget(page).locator('input[role="combobox"]');
    await expect.poll(() => widget(page).locator('label').textContent()).toBe(DE.label);
    // The visitor's two calls an hour: suggestions (one call in ten), then the search.
    await input.click();
    await page.keyboard.type('Lisb', { delay: 30 });
    await widget(page).locator('[role="option"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const cards = widget(page).locator('a.card');
    await cards.first().waitFor();
    const status = widget(page).locator('[role="status"]');
    const said = await status.textContent();
    const hrefs = await cards.evaluateAll((links: any[]) => links.map((a) => a.href as string));

    await input.fill('Porto');
    const asked = Date.now();
    await page.keyboard.press('Enter');
    const alert = widget(page).locator('[role="alert"]');
    await expect.poll(() => alert.textContent()).toMatch(/^Sie haben in kurzer Zeit sehr oft gesucht\. Bitte versuchen Sie es in \d+ (Minuten|Sekunden|Minute) erneut \(ab .+\)\.$/);
    // The hotels already shown stay, under what was said of them.
    expect(await cards.evaluateAll((links: any[]) => links.map((a) => a.href as string))).toEqual(hrefs);
    expect(await status.textContent()).toBe(said);
    // The time, on the visitor's clock (Los Angeles) in German, not UTC's.
    expect(retries.length).toBeGreaterThan(0);
    // As the widget writes it: the weekday too when the time falls on another day than the call's there.
    const day = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(ms);
    const clock = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('de-DE', { hour: 'numeric', minute: '2-digit', timeZone, ...(day(ms, timeZone) === day(asked, timeZone) ? {} : { weekday: 'long' }) }).format(ms);
    const around = [-60_000, 0, 60_000].map((skew) => asked + retries[0] * 1000 + skew);
    const text = (await alert.textContent()) ?? '';
    expect(around.some((ms) => text.includes(`ab ${clock(ms, timezoneId)}`)), `${text} (expected about ${clock(around[1], timezoneId)})`).toBe(true);
    expect(around.some((ms) => text.includes(clock(ms, 'UTC')))).toBe(false);
    expect(text).not.toMatch(/key|Schlüssel|UTC/i);
    await page.screenshot({ path: 'artifacts/widget-v4-refusal-de.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('the preset\'s button asks nothing until pressed, and goes once the visitor has searched', async () => {
    const { page, calls, close } = await openBlog('/preset.html');
    const preset = widget(page).getByRole('button', { name: 'Show hotels in Lisbon' });
    await preset.waitFor();
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
    // A search of the visitor's own, elsewhere: the button goes.
    await widget(page).locator('input[role="combobox"]').fill('Porto');
    await page.keyboard.press('Enter');
    await widget(page).locator('a.card').first().waitFor();
    expect(await widget(page).locator('[role="status"]').textContent()).toMatch(/^2 hotels in Porto, Portugal\.$/);
    expect(await preset.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Pressed (from the keyboard), it searches once and goes, and the focus goes on to the search box.
    await page.reload();
    await preset.waitFor();
    await preset.focus();
    await page.keyboard.press('Enter');
    await widget(page).locator('a.card').first().waitFor();
    expect(await preset.count()).toBe(0);
    expect(await widget(page).evaluate((element: any) => element.shadowRoot.activeElement?.getAttribute('role'))).toBe('combobox');
    expect(calls.filter((call) => call.startsWith('/hotels/search'))).toHaveLength(2);
    await close();
  });
});

/** Searches a place typed into the widget, and waits for its hotels. */
async function searchTyped(page: Page, text: string): Promise<void> {
  const input = widget(page).locator('input[role="combobox"]');
  await input.fill(text);
  await input.press('Enter');
  await widget(page).locator('a.card').first().waitFor();
}

/** Whether the page scrolls sideways: the document or the widget wider than the screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(`(() => {
    const host = document.querySelector('stays-search');
    const box = host.shadowRoot.querySelector('.box');
    return document.documentElement.scrollWidth > innerWidth || host.getBoundingClientRect().right > innerWidth || box.scrollWidth > box.clientWidth;
  })()`);

/** Each hotel's row as laid out: its link, its box and its thumbnail's. */
const rows = (page: Page) =>
  widget(page)
    .locator('ul.cards > li > a.card')
    .evaluateAll((links: any[]) =>
      links.map((a) => {
        const box = a.getBoundingClientRect();
        const thumbnail = a.querySelector('.photo, .nophoto')!.getBoundingClientRect();
        const name = a.querySelector('.name')!.getBoundingClientRect();
        return {
          href: a.href as string,
          rel: a.getAttribute('rel') as string,
          cta: a.querySelector('.cta')!.textContent as string,
          // A photo loaded, or the stand-in of a hotel without one; 'pending' while a photo comes.
          photo: a.querySelector('.nophoto') ? 'stand-in' : a.querySelector('img.photo')?.complete && a.querySelector('img.photo').naturalWidth > 0 ? 'loaded' : 'pending',
          box: { left: box.left, top: box.top, width: box.width, height: box.height },
          thumbnail: { left: thumbnail.left, right: thumbnail.right, width: thumbnail.width, height: thumbnail.height },
          nameLeft: name.left,
        };
      }),
    );

describe('the list layout, layout="list"', () => {
  it('shows compact rows, each a credited link with its thumbnail, in one column; and follows its attribute', async () => {
    const { page, problems, close } = await openBlog('/list.html');
    await searchTyped(page, 'Lisbon');
    // A list of hotels, named for the place.
    const list = widget(page).locator('ul.cards');
    expect(await list.getAttribute('aria-label')).toBe('Hotels in Lisbon, Portugal');
    await expect.poll(async () => (await rows(page)).every((row) => row.photo !== 'pending')).toBe(true);
    const shown = await rows(page);
    expect(shown).toHaveLength(4);
    expect(shown.filter((row) => row.photo === 'loaded').length).toBeGreaterThan(0);
    for (const row of shown) {
      expect(row.href).toMatch(/^https:\/\/www\.stays\.example\/hotel\/pt\/lisbon\/[a-z0-9-]+\?aff=lisbon-blog&utm_content=sidebar&lang=en$/);
      expect(row.rel).toBe('sponsored noopener');
      expect(row.cta).toBe(`Book on ${SERVICE_NAME}\u00a0→`);
      // One column of rows: each under the last, the thumbnail at its start, small beside the row.
      expect(row.box.left).toBe(shown[0].box.left);
      expect(row.thumbnail.left).toBeCloseTo(row.box.left + 9, 0);
      expect(row.thumbnail.width).toBeLessThan(100);
      expect(row.thumbnail.height).toBeLessThan(100);
      expect(row.nameLeft).toBeGreaterThan(row.thumbnail.right);
      expect(row.box.height).toBeLessThan(140);
    }
    expect(shown[1].box.top).toBeGreaterThan(shown[0].box.top + shown[0].box.height - 1);
    // Each link is named by its hotel (the "Book on" words are shown, not read again on every row).
    const names = await widget(page).locator('a.card .name').allTextContents();
    expect(names).toHaveLength(4);
    for (const name of names) {
      const named = widget(page).getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) });
      expect(await named.count(), name).toBe(1);
    }
    expect(await widget(page).locator('.credit a').textContent()).toBe(`Book on ${SERVICE_NAME}`);
    await page.screenshot({ path: 'artifacts/widget-v4-list.png' });
    expect(await seriousViolations(page)).toEqual([]);

    // Changed at run time: cards side by side, then rows again.
    await widget(page).evaluate((element: any) => element.setAttribute('layout', 'cards'));
    await expect.poll(async () => (await rows(page))[1].box.top).toBe((await rows(page))[0].box.top);
    await widget(page).evaluate((element: any) => element.removeAttribute('layout'));
    expect((await rows(page))[1].box.top).toBe((await rows(page))[0].box.top);
    await widget(page).evaluate((element: any) => element.setAttribute('layout', 'list'));
    await expect.poll(async () => (await rows(page))[1].box.left).toBe((await rows(page))[0].box.left);
    expect(problems).toEqual([]);
    await close();
  });

  it('fits a 320 px phone without scrolling sideways, left to right and right to left', async () => {
    const phone = { viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 };
    const { page, problems, close } = await openBlog('/list.html', phone);
    await searchTyped(page, 'Lisbon');
    await expect.poll(async () => (await rows(page)).every((row) => row.photo !== 'pending')).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    const shown = await rows(page);
    for (const row of shown) expect(row.box.left + row.box.width).toBeLessThanOrEqual(320);
    await page.screenshot({ path: 'artifacts/widget-v4-list-320.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();

    // Arabic: the thumbnail at the row's right, its words from the Arabic catalog.
    const arabic = await openBlog('/list-ar.html', phone);
    await searchTyped(arabic.page, 'Lisbon');
    await expect.poll(async () => (await rows(arabic.page)).every((row) => row.photo !== 'pending')).toBe(true);
    expect(await scrollsSideways(arabic.page)).toBe(false);
    for (const row of await rows(arabic.page)) {
      expect(row.thumbnail.right).toBeCloseTo(row.box.left + row.box.width - 9, 0);
      expect(row.nameLeft).toBeLessThan(row.thumbnail.left);
      expect(row.href).toContain('aff=lisbon-blog');
    }
    expect(await widget(arabic.page).locator('.box').getAttribute('dir')).toBe('rtl');
    await arabic.page.screenshot({ path: 'artifacts/widget-v4-list-ar-320.png', fullPage: true });
    expect(await seriousViolations(arabic.page)).toEqual([]);
    expect(arabic.problems).toEqual([]);
    await arabic.close();
  });
});

describe('the widget set up wrong', () => {
  it('on an origin the key does not list: the visitor is told in their words, the blogger in the service\'s', async () => {
    const otherOrigin = blogOrigin.replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${otherOrigin}/stingy.html`);
    await widget(page).locator('input[role="combobox"]').fill('Lisb');
    const alert = widget(page).locator('[role="alert"]');
    await expect.poll(() => alert.textContent()).toContain(DE.notSetUp);
    expect(await alert.locator('small[lang="en"]').textContent()).toContain(`not enabled on ${otherOrigin}`);
    expect(await widget(page).locator('a.card').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('one hotel, <stays-hotel>', () => {
  it('is asked for only when it comes into view: its card, credited link and the credit', async () => {
    const { page, calls, problems, close } = await openBlog('/review.html');
    const hotel = page.locator('stays-hotel').first();
    await page.waitForTimeout(600);
    // Nothing asked while the reader is at the top of the article.
    expect(calls).toEqual([]);
    await hotel.scrollIntoViewIfNeeded();
    const card = hotel.locator('a.card');
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe('https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog&utm_content=review&lang=en');
    expect(await card.getAttribute('rel')).toBe('sponsored noopener');
    expect(await hotel.locator('.name').textContent()).toBe('Pestana Palace');
    expect(await hotel.locator('.stars').getAttribute('aria-label')).toBe('5 stars');
    expect(await hotel.locator('.score').textContent()).toBe('9.1/10');
    expect(await hotel.locator('.cta').textContent()).toBe(`Book on ${SERVICE_NAME}\u00a0→`);
    expect(await hotel.locator('.credit a').textContent()).toBe(`Book on ${SERVICE_NAME}`);
    expect(await hotel.locator('.credit a').getAttribute('href')).toBe('https://www.stays.example/?aff=lisbon-blog&utm_content=review&lang=en');
    // The photo is linked from its host, inside the credited link.
    await expect.poll(() => hotel.locator('a.card img.photo').evaluate((img: any) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(calls).toEqual(['/hotels/hotel/pt/lisbon/pestana-palace?sub_id=review&key=' + pageKey + '&lang=en']);
    // The second, given by its page's address and in Portuguese, comes when it does.
    const second = page.locator('stays-hotel').nth(1);
    await second.scrollIntoViewIfNeeded();
    await second.locator('a.card').waitFor();
    expect(await second.locator('.credit a').textContent()).toBe(`Reservar em ${SERVICE_NAME}`);
    expect(await second.locator('a.card').getAttribute('href')).toMatch(/\/hotel\/pt\/porto\/porto-ribeira\?aff=lisbon-blog&utm_content=review&lang=pt$/);
    expect(calls).toHaveLength(2);
    await hotel.screenshot({ path: 'artifacts/widget-v4-hotel.png' });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
