// The widget (v4) in its reader's language, in a real browser (Debian's Chromium through
// playwright-core): a blog page on another loopback port, under a strict Content-Security-Policy,
// in German (as WordPress writes it, lang="de-DE"), Traditional Chinese (lang="zh-TW"),
// Japanese, Russian, Arabic (right to left), and an English page whose widget says lang="fr".
// Every word of the widget comes from its language's catalog, fetched once and only on such a
// page; numbers, distances and plurals from Intl. Screenshots land in artifacts/ (they need the
// Noto fonts for CJK and Arabic: fonts-noto-cjk, fonts-noto-core).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhotoSvg } from '../src/catalog/demo-photos.js';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Message = string | Record<string, string>;
const catalog = (lang: string): Record<string, Message> => JSON.parse(readFileSync(new URL(`../widget/messages/${lang}.json`, import.meta.url), 'utf8'));

let t: TestService;
let browser: Browser;
let blog: Server;
let blogOrigin: string;
let pageKey: string;
/** Enter to the first card, per language, in ms. */
const firstCards: Record<string, number> = {};

/** Lisbon's hotels with photos the blog's own server draws (the demo catalog's pictures), one without. */
const hotels = () =>
  FIXTURE_HOTELS.map((hotel) =>
    hotel.id.startsWith('hotel/pt/lisbon/') && !hotel.id.endsWith('st-george-inn') ? { ...hotel, photo_url: `${blogOrigin}/photos/${hotel.id.slice('hotel/'.length)}/1.svg` } : hotel,
  );

function page(pageLang: string, widget: string): string {
  return `<!doctype html><html lang="${pageLang}"><head><meta charset="utf-8"><title>A travel blog</title>
<script type="module" src="${t.baseUrl}/widget/v4.js"></script></head>
<body><main><h1>Lisboa</h1>${widget}</main></body></html>`;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`the browser test needs Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  blog = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://blog');
    if (url.pathname.startsWith('/photos/')) {
      const svg = demoPhotoSvg(url.pathname.slice('/photos/'.length));
      response.writeHead(svg ? 200 : 404, { 'content-type': 'image/svg+xml' }).end(svg ?? '');
      return;
    }
    const lang = url.searchParams.get('lang') ?? 'en';
    const own = url.searchParams.get('widget-lang');
    const widget = `<stays-search key="${pageKey}" sub-id="reise" limit="4"${own ? ` lang="${own}"` : ''}></stays-search>`;
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${t.baseUrl}; connect-src ${t.baseUrl}; img-src ${t.baseUrl} ${blogOrigin}; style-src 'none'`,
    });
    response.end(page(lang, widget));
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogOrigin = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
  t = await startTestService(hotels());
  pageKey = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'lisbon-blog', label: null, publishable: { origins: [blogOrigin], visitorLimit: 100 } })).secret;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync('artifacts', { recursive: true });
}, 120_000);
afterAll(async () => {
  console.log(`first cards after Enter (ms): ${JSON.stringify(firstCards)}`);
  await browser?.close();
  await new Promise((resolve) => blog?.close(resolve));
  await t?.close();
});

const widget = (page: Page) => page.locator('stays-search');

/** Whether a text is the message with its values filled in: every literal piece of it, in order. */
function said(text: string | null, template: string): boolean {
  let from = 0;
  for (const piece of template.split(/\{\w+\}/).filter(Boolean)) {
    const at = (text ?? '').indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}
/** Text as read, without the marks that isolate a name in right-to-left text. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');
const form = (lang: string, message: Message, count: number) => (typeof message === 'string' ? message : (message[new Intl.PluralRules(lang).select(count)] ?? message.other));

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's policy does not govern.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ' (' + v.impact + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ') + ')'))`);
}

/** [catalog, the page's lang, the widget's own lang] */
const LANGUAGES: Array<[string, string, string | null]> = [
  ['de', 'de-DE', null],
  ['ja', 'ja', null],
  ['ar', 'ar', null],
  ['zh-Hant', 'zh-TW', null],
  ['ru', 'ru', null],
  ['fr', 'en', 'fr'],
];

/** What the widget shows, read in one go (each locator call is a round trip to the browser). */
interface Shown {
  lang: string | null;
  dir: string | null;
  label: string;
  submit: string;
  placeholder: string;
  form: string | null;
  status: string;
  cardsLabel: string | null;
  ctas: string[];
  credit: string;
  metas: string[];
  stars: string | null;
  hrefs: string[];
  photos: { loaded: number; all: number };
}
const shown = (page: Page): Promise<Shown> =>
  widget(page).evaluate((element: any) => {
    const root = element.shadowRoot;
    const text = (selector: string) => root.querySelector(selector)?.textContent ?? '';
    const all = (selector: string) => [...root.querySelectorAll(selector)] as any[];
    const box = root.querySelector('.box');
    const images = all('img.photo');
    return {
      lang: box.getAttribute('lang'),
      dir: box.getAttribute('dir'),
      label: text('label'),
      submit: text('button[type="submit"]'),
      placeholder: root.querySelector('input').placeholder,
      form: root.querySelector('form').getAttribute('aria-label'),
      status: text('[role="status"]'),
      cardsLabel: root.querySelector('.cards')?.getAttribute('aria-label') ?? null,
      ctas: all('.cta').map((e) => e.textContent),
      credit: text('.credit a'),
      metas: all('.card .meta').map((e) => e.textContent),
      stars: root.querySelector('.stars')?.getAttribute('aria-label') ?? null,
      hrefs: all('a.card').map((a) => a.href),
      photos: { loaded: images.filter((img) => img.complete && img.naturalWidth > 0).length, all: images.length },
    };
  });

describe('the widget in its reader\'s language', () => {
  for (const [lang, pageLang, own] of LANGUAGES) {
    it(`${lang} (page lang="${pageLang}"${own ? `, widget lang="${own}"` : ''}): every word from its catalog, cards and credit included`, async () => {
      const texts = catalog(lang);
      const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale: pageLang });
      const page = await context.newPage();
      const problems: string[] = [];
      const catalogs: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('request', (request) => {
        if (request.url().includes('/messages/')) catalogs.push(new URL(request.url()).pathname);
      });
      expect((await page.goto(`${blogOrigin}/?lang=${pageLang}${own ? `&widget-lang=${own}` : ''}`))?.status()).toBe(200);
      await expect.poll(() => widget(page).locator('label').textContent()).toBe(texts.label);
      // One catalog, its own, fetched (with the integrity the script carries) before anything is shown.
      expect(catalogs).toEqual([`/widget/v4/messages/${lang}.json`]);
      const before = await shown(page);
      expect([before.lang, before.dir]).toEqual([lang, texts['@dir'] ?? 'ltr']);
      expect([before.submit, before.placeholder, before.form]).toEqual([texts.submit, texts.placeholder, texts.form]);

      const input = widget(page).locator('input[role="combobox"]');
      await input.click();
      await page.keyboard.type('Lisb', { delay: 30 });
      const option = widget(page).locator('[role="option"]').first();
      await option.waitFor();
      // "6 Hotels", "ホテル6軒": the place's hotels in the reader's words.
      expect(said(await option.locator('.hint').textContent(), form(lang, texts.hotelCount, 6))).toBe(true);
      await page.keyboard.press('ArrowDown');
      const asked = Date.now();
      await page.keyboard.press('Enter');
      const cards = widget(page).locator('a.card');
      await cards.first().waitFor();
      firstCards[lang] = Date.now() - asked;
      // The photos, linked from their host, load: every one the cards show (they arrive one by one).
      await expect
        .poll(async () => {
          const { loaded, all } = (await shown(page)).photos;
          return all > 0 && loaded === all;
        })
        .toBe(true);
      const after = await shown(page);
      expect(after.hrefs).toHaveLength(4);
      // Six hotels in Lisbon, the best four shown, in the reader's words.
      expect(said(after.status, form(lang, texts.resultsBest, 6)), after.status).toBe(true);
      expect(plain(after.cardsLabel)).toMatch(new RegExp(`^${(texts.hotelsIn as string).replace('{place}', '.+')}$`));
      expect(new Set(after.ctas.map(plain))).toEqual(new Set([(texts.book as string).replace('{site}', 'Example Stays')]));
      expect(plain(after.credit)).toBe((texts.credit as string).replace('{site}', 'Example Stays'));
      // Distances from the centre and reviews counted, in the reader's words and digits.
      expect(after.metas.filter((text) => said(text, texts.fromCentre as string)), after.metas.join(' | ')).toHaveLength(4);
      expect(after.metas.some((text) => said(text, form(lang, texts.reviews, 2000))), after.metas.join(' | ')).toBe(true);
      expect(said(after.stars, form(lang, texts.stars, 5)), after.stars ?? '').toBe(true);
      // The links open the hotel's page in the page's language.
      for (const href of after.hrefs) expect(new URL(href).searchParams.get('lang')).toBe(own ?? pageLang);
      await page.screenshot({ path: `artifacts/widget-v4-${lang}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('English pages fetch no catalog; an unknown or broken lang reads English too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const catalogs: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/messages/')) catalogs.push(request.url());
    });
    for (const lang of ['en-GB', 'tlh', 'not a tag!']) {
      await page.goto(`${blogOrigin}/?lang=${encodeURIComponent(lang)}`);
      await expect.poll(() => widget(page).locator('label').textContent()).toBe('Where are you going?');
      expect(await widget(page).locator('.box').getAttribute('lang')).toBe('en');
    }
    expect(catalogs).toEqual([]);
    await context.close();
  });
});
