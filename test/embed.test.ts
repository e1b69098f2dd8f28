// The widget's iframe form and oEmbed over HTTP, as a blog platform and a browser meet them:
// /embed/search and /embed/hotel (the key's origins alone may frame them, strict policy, the
// discovery link), what they refuse and why, and /oembed (JSON "rich", sizes, foreign addresses,
// formats). The browser's side is in embed-browser.test.ts.
import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';


let t: TestService;
const logLines: string[] = [];
let blogKey: string;
let blogKeyId: string;
let revokedKey: string;
let secretKey: string;

const ORIGINS = ['https://blog.example', 'https://*.blog.example', 'http://localhost:4000'];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '1000' }, { logger });
  const made = await t.service.keys.create({ tier: 'standard', affiliateCode: 'lisbon-blog', label: null, publishable: { origins: ORIGINS, visitorLimit: 100 } });
  blogKey = made.secret;
  blogKeyId = made.record.id;
  const revoked = await t.service.keys.create({ tier: 'standard', affiliateCode: 'gone-blog', label: null, publishable: { origins: ORIGINS, visitorLimit: 100 } });
  revokedKey = revoked.secret;
  await t.service.keys.revoke(revoked.record.id);
  secretKey = (await t.service.keys.create({ tier: 'standard', affiliateCode: 'server-side', label: null })).secret;
  // Starting the service builds the gazetteer: seconds, more on a busy machine.
}, 120_000);
afterAll(async () => t?.close());

/** A frame's load of an embed page, as a browser makes it (Sec-Fetch-Dest: iframe), with other headers as given. */
async function frameLoad(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate', ...headers } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A Content-Security-Policy as its directives. */
function directives(csp: string | null): Record<string, string[]> {
  const parsed: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed[name] = values;
  }
  return parsed;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /embed/search', () => {
  it("holds the widget with the address's settings, framed only by the key's origins (wildcard included), under a strict policy", async () => {
    const page = await frameLoad(`/embed/search?key=${blogKey}&destination=Lisbon&sub_id=sidebar&limit=4&lang=de&currency=eur`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(ORIGINS);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src'].slice(0, 2)).toEqual(["'self'", t.baseUrl]);
    expect(csp['connect-src']).toEqual(["'self'", t.baseUrl]);
    expect(csp['img-src']).toEqual(["'self'", t.baseUrl, 'https:']);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    // The inline style and script are allowed by their hashes alone, nothing else inline.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1];
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1];
    expect(csp['style-src']).toEqual([sha256(style)]);
    expect(csp['script-src'].slice(2)).toEqual([sha256(script)]);
    // Framing is the policy's to allow: X-Frame-Options would forbid it everywhere.
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('vary')).toMatch(/Sec-Fetch-Dest/);

    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<title>Hotels in Lisbon · Example Stays</title>');
    expect(page.body).toContain('<main class="search">');
    expect(page.body).toContain(`<stays-search key="${blogKey}" destination="Lisbon" sub-id="sidebar" limit="4" currency="EUR"></stays-search>`);
    // What a sandboxed frame shows instead (its calls could not be the key's): a credited link.
    expect(page.body).toContain(
      '<p id="stays-link" class="fallback" hidden><a href="https://www.stays.example/?aff=lisbon-blog&amp;utm_content=sidebar&amp;lang=de&amp;currency=EUR" target="_blank" rel="sponsored noopener">' +
        'Hotels in Lisbon · Book on Example Stays</a></p>',
    );
    // The widget the page loads is the file the service serves, pinned by its hash.
    const widget = /<script type="module" src="(\/widget\/v\d+\.js)" integrity="(sha384-[^"]+)" crossorigin="anonymous"><\/script>/.exec(page.body)!;
    const served = Buffer.from(await (await fetch(`${t.baseUrl}${widget[1]}`)).arrayBuffer());
    expect(widget[2]).toBe(`sha384-${createHash('sha384').update(served).digest('base64')}`);
  });

  it('carries the oEmbed discovery link, whose answer frames the same page', async () => {
    // Pasted into WordPress, the address is fetched as a plain GET (no Sec-Fetch-Dest) to find the link.
    const response = await fetch(`${t.baseUrl}/embed/search?destination=Lisbon&key=${blogKey}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    const canonical = `${t.baseUrl}/embed/search?key=${blogKey}&destination=Lisbon`;
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)" title="Hotels in Lisbon · Example Stays">/.exec(body)!;
    const href = link[1].replaceAll('&amp;', '&');
    expect(href).toBe(`${t.baseUrl}/oembed?url=${encodeURIComponent(canonical)}&format=json`);
    const answer = await t.request(href.slice(t.baseUrl.length));
    expect(answer.status).toBe(200);
    expect(answer.body.html).toContain(` src="${canonical.replaceAll('&', '&amp;')}" width="640" height="620"`);
  });

  it("takes the reader's language from lang, else their browser's (Accept-Language), else English, right to left where it is written so", async () => {
    const arabic = await frameLoad(`/embed/search?key=${blogKey}&lang=ar`);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    const german = await frameLoad(`/embed/search?key=${blogKey}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.headers.get('vary')).toMatch(/Accept-Language/);
    expect((await frameLoad(`/embed/search?key=${blogKey}`)).body).toContain('<html lang="en" dir="ltr">');
  });

  it('answers 304 to a frame that has the page already, and the page again once the key changes', async () => {
    const path = `/embed/search?key=${blogKey}&destination=Porto`;
    const first = await frameLoad(path);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    expect((await frameLoad(path, { 'if-none-match': tag })).status).toBe(304);
    await t.service.keys.setOrigins(blogKeyId, [...ORIGINS, 'https://second.example']);
    try {
      const changed = await frameLoad(path, { 'if-none-match': tag });
      expect(changed.status).toBe(200);
      expect(directives(changed.headers.get('content-security-policy'))['frame-ancestors']).toEqual([...ORIGINS, 'https://second.example']);
    } finally {
      await t.service.keys.setOrigins(blogKeyId, ORIGINS);
    }
  });

  it('opened in a tab (Sec-Fetch-Dest: document): says it is made to be embedded, gives its code and previews it without the key', async () => {
    const response = await fetch(`${t.baseUrl}/embed/search?key=${blogKey}&destination=Lisbon&sub_id=sidebar`, { headers: { 'sec-fetch-dest': 'document' } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('made to be embedded');
    expect(body).toContain('<code>https://blog.example</code>, <code>https://*.blog.example</code>');
    // The preview searches keyless: the key works only inside its sites' frames.
    expect(body).toMatch(/<div class="preview"><stays-search destination="Lisbon"><\/stays-search><\/div>/);
    expect(body).toContain(
      `&lt;iframe src=&quot;${t.baseUrl}/embed/search?key=${blogKey}&amp;amp;destination=Lisbon&amp;amp;sub_id=sidebar&quot; width=&quot;640&quot; height=&quot;620&quot;`,
    );
    expect(body).toContain('type="application/json+oembed"');
    expect(directives(response.headers.get('content-security-policy'))['frame-ancestors']).toEqual(ORIGINS);
  });

  it("framed by a site the key does not list, says so in the frame rather than leave it empty; a subdomain the key's wildcard takes is served", async () => {
    const elsewhere = await frameLoad(`/embed/search?key=${blogKey}`, { referer: 'https://evil.example/a-post' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toContain("This hotel search's key is not enabled on https://evil.example; it works on https://blog.example, https://*.blog.example, http://localhost:4000.");
    expect(elsewhere.body).not.toContain('<script');
    expect(elsewhere.body).not.toContain(blogKey);
    expect(directives(elsewhere.headers.get('content-security-policy'))['frame-ancestors']).toEqual(['*']);

    const subdomain = await frameLoad(`/embed/search?key=${blogKey}`, { referer: 'https://www.blog.example/a-post' });
    expect(subdomain.status).toBe(200);
    expect(subdomain.body).toContain('<stays-search');
  });
});

describe('GET /embed/hotel', () => {
  it('holds <stays-hotel> for the hotel, with a credited link to its page until the widget shows its card', async () => {
    const page = await frameLoad(`/embed/hotel?key=${blogKey}&hotel_id=hotel/pt/lisbon/pestana-palace&sub_id=hotel-post&lang=pt-br&currency=BRL`);
    expect(page.status).toBe(200);
    expect(directives(page.headers.get('content-security-policy'))['frame-ancestors']).toEqual(ORIGINS);
    expect(page.body).toContain('<html lang="pt-BR" dir="ltr">');
    expect(page.body).toContain('<title>Hotel on Example Stays</title>');
    expect(page.body).toContain(
      `<stays-hotel key="${blogKey}" hotel-id="hotel/pt/lisbon/pestana-palace" sub-id="hotel-post" currency="BRL"><p class="fallback">` +
        '<a href="https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog&amp;utm_content=hotel-post&amp;lang=pt-BR&amp;currency=BRL" target="_blank" rel="sponsored noopener">' +
        'See this hotel · Book on Example Stays</a></p></stays-hotel>',
    );
  });

  it('reads nothing of the catalog as the frame loads (display rule 2): a hotel id is not looked up', async () => {
    const page = await frameLoad(`/embed/hotel?key=${blogKey}&hotel_id=hotel/xx/nowhere/no-such-hotel`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('hotel-id="hotel/xx/nowhere/no-such-hotel"');
  });
});

describe('what the embed pages refuse', () => {
  it('a secret key: 400 saying never to put one in a URL or a page, never repeated, and left out of the log', async () => {
    for (const key of [secretKey, 'live_op_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', secretKey.toUpperCase().replace('LIVE_', 'Live_')]) {
      for (const path of [`/embed/search?key=${key}&destination=Lisbon`, `/embed/hotel?hotel_id=hotel/pt/lisbon/pestana-palace&key=${key}`]) {
        const page = await frameLoad(path);
        expect(page.status).toBe(400);
        expect(page.body).toContain('must never be put in a URL or a web page');
        expect(page.body).not.toContain(key);
        expect(page.headers.get('referrer-policy')).toBe('no-referrer');
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.some((line) => line.includes('/embed/search'))).toBe(true);
    expect(logLines.filter((line) => line.includes(secretKey) || line.includes(secretKey.toUpperCase().slice(5)))).toEqual([]);
  });

  it('an unknown or revoked key: 401 with the challenge; no key or a key that is no key: 400', async () => {
    const unknown = await frameLoad(`/embed/search?key=live_pk_${'x'.repeat(43)}`);
    const revoked = await frameLoad(`/embed/hotel?key=${revokedKey}&hotel_id=hotel/pt/lisbon/pestana-palace`);
    for (const page of [unknown, revoked]) {
      expect(page.status).toBe(401);
      expect(page.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(page.body).toContain('key is not valid: unknown, revoked or mistyped');
      expect(page.body).not.toContain('<stays-');
    }
    const cases: Array<[string, string]> = [
      ['/embed/search', 'Key is required'],
      ['/embed/search?destination=Lisbon&key=', 'Key is required'],
      ['/embed/search?key=pk_test_123', 'Key must be a publishable key'],
      [`/embed/search?key=${blogKey}&key=${blogKey}`, 'Send key once'],
    ];
    for (const [path, message] of cases) {
      const page = await frameLoad(path);
      expect([path, page.status]).toEqual([path, 400]);
      expect(page.body).toContain(message);
    }
  });

  it('bad parameters: 400 pages saying which and why', async () => {
    const hotel = 'hotel_id=hotel/pt/lisbon/pestana-palace';
    const cases: Array<[string, string]> = [
      ['/embed/search?limit=0', 'Limit must be a whole number from 1 to 20'],
      ['/embed/search?limit=21', 'Limit must be a whole number from 1 to 20'],
      ['/embed/search?limit=six', 'Limit must be a whole number from 1 to 20'],
      ['/embed/search?sub_id=side%20bar', 'Sub_id must be 1 to 200 letters'],
      ['/embed/search?lang=xx-nothing', 'Lang must be a BCP 47 language tag'],
      ['/embed/search?currency=EURO', 'did you mean EUR?'],
      ['/embed/search?subid=sidebar', '/embed/search takes key, destination, sub_id, limit, lang, currency; not &quot;subid&quot;'],
      [`/embed/search?destination=${'a'.repeat(201)}`, 'Destination must be a place name of at most 200 characters'],
      ['/embed/search?destination=Lisbon&destination=Porto', 'Send destination once'],
      ['/embed/hotel?', 'Hotel_id is required'],
      ['/embed/hotel?hotel_id=/hotel/pt/', "Hotel_id must be a hotel's id"],
      [`/embed/hotel?${hotel}&limit=4`, '/embed/hotel takes key, hotel_id, sub_id, lang, currency; not &quot;limit&quot;'],
      [`/embed/search?${hotel}`, 'not &quot;hotel_id&quot;'],
    ];
    for (const [path, message] of cases) {
      const page = await frameLoad(`${path}${path.includes('?') ? '&' : '?'}key=${blogKey}`);
      expect([path, page.status]).toEqual([path, 400]);
      expect(page.body).toContain(message);
      expect(page.body).not.toContain('<stays-');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('GET /embed/resize.js and /embed/go', () => {
  it('serves the optional resize script to any page', async () => {
    const response = await fetch(`${t.baseUrl}/embed/resize.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toContain("data.type !== 'stays-embed-height'");
  });

  it('sends a reader on to a page of the booking sites, and nowhere else', async () => {
    const go = (url: string) => fetch(`${t.baseUrl}/embed/go?url=${encodeURIComponent(url)}`, { redirect: 'manual' });
    const hotel = 'https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog&utm_content=sidebar';
    const sent = await go(hotel);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(hotel);
    expect((await go('https://travel.stays.example/')).status).toBe(303);
    for (const elsewhere of ['https://evil.example/', 'http://www.stays.example/', 'https://www.stays.example.evil.example/', 'javascript:alert(1)', 'https://x@www.stays.example/']) {
      expect([elsewhere, (await go(elsewhere)).status]).toEqual([elsewhere, 400]);
    }
  });
});

describe('GET /oembed', () => {
  const oembed = (url: string, extra = '') => t.request(`/oembed?url=${encodeURIComponent(url)}${extra}`);

  it('answers oEmbed 1.0 JSON of type rich: the iframe, lazily loaded and titled, its size, the provider', async () => {
    // As pasted: parameters in any order, the fragment WordPress adds.
    const pasted = `${t.baseUrl}/embed/search?sub_id=sidebar&destination=Lisbon&key=${blogKey}#?secret=abc123`;
    const answer = await oembed(pasted, '&format=json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const canonical = `${t.baseUrl}/embed/search?key=${blogKey}&amp;destination=Lisbon&amp;sub_id=sidebar`;
    expect(answer.body).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'Example Stays',
      provider_url: `${t.baseUrl}/`,
      title: 'Hotels in Lisbon · Example Stays',
      html:
        '<blockquote hidden><a href="https://www.stays.example/?aff=lisbon-blog&amp;utm_content=sidebar">Hotels in Lisbon · Example Stays</a></blockquote>' +
        `<iframe frameborder="0" src="${canonical}" width="640" height="620" title="Hotels in Lisbon · Example Stays" loading="lazy" style="border:0;max-width:100%"></iframe>` +
        `<script async src="${t.baseUrl}/embed/resize.js"></script>`,
      width: 640,
      height: 620,
    });
  });

  it('fits maxwidth and maxheight; one hotel is smaller', async () => {
    const search = await oembed(`${t.baseUrl}/embed/search?key=${blogKey}`, '&maxwidth=480&maxheight=300');
    expect([search.body.width, search.body.height]).toEqual([480, 300]);
    expect(search.body.html).toContain('width="480" height="300"');
    expect(search.body.title).toBe('Hotel search · Example Stays');
    const roomy = await oembed(`${t.baseUrl}/embed/search?key=${blogKey}`, '&maxwidth=2000&maxheight=2000');
    expect([roomy.body.width, roomy.body.height]).toEqual([640, 620]);
    const hotel = await oembed(`${t.baseUrl}/embed/hotel?key=${blogKey}&hotel_id=hotel/pt/lisbon/pestana-palace`);
    expect([hotel.status, hotel.body.width, hotel.body.height, hotel.body.title]).toEqual([200, 400, 420, 'Hotel on Example Stays']);
    expect(hotel.body.html).toContain('<a href="https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=lisbon-blog">');
    for (const bad of ['&maxwidth=0', '&maxheight=tall', '&maxwidth=-5', '&maxwidth=1&maxwidth=2']) {
      expect([bad, (await oembed(`${t.baseUrl}/embed/search?key=${blogKey}`, bad)).status]).toEqual([bad, 400]);
    }
  });

  it("404 for an address that is not one of this service's embed pages", async () => {
    const secure = t.baseUrl.replace('http:', 'https:');
    for (const url of [
      `https://evil.example/embed/search?key=${blogKey}`,
      `${secure}/embed/search?key=${blogKey}`,
      `${t.baseUrl}/widget?key=${blogKey}`,
      `${t.baseUrl}/embed/other?key=${blogKey}`,
      `${t.baseUrl}/embed/search/more?key=${blogKey}`,
      'not an address',
    ]) {
      const answer = await oembed(url);
      expect([url, answer.status, answer.body.error?.code]).toEqual([url, 404, 'not_found']);
    }
  });

  it('501 for format=xml (JSON only), 400 without url', async () => {
    const xml = await oembed(`${t.baseUrl}/embed/search?key=${blogKey}`, '&format=xml');
    expect(xml.status).toBe(501);
    expect(xml.body.error.message).toContain('JSON only');
    expect((await t.request('/oembed')).status).toBe(400);
    expect((await t.request('/oembed?url=')).status).toBe(400);
  });

  it('the key in the address: a secret one 400 (never echoed), unknown or revoked 401, none 400; bad parameters 400', async () => {
    const secret = await oembed(`${t.baseUrl}/embed/search?key=${secretKey}`);
    expect(secret.status).toBe(400);
    expect(secret.body.error.message).toContain('must never be put in a URL or a web page');
    expect(JSON.stringify(secret.body)).not.toContain(secretKey);
    const unknown = await oembed(`${t.baseUrl}/embed/search?key=live_pk_${'y'.repeat(43)}`);
    expect([unknown.status, unknown.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
    expect((await oembed(`${t.baseUrl}/embed/hotel?key=${revokedKey}&hotel_id=hotel/pt/lisbon/pestana-palace`)).status).toBe(401);
    expect((await oembed(`${t.baseUrl}/embed/search?destination=Lisbon`)).status).toBe(400);
    const bad = await oembed(`${t.baseUrl}/embed/search?key=${blogKey}&limit=99`);
    expect([bad.status, bad.body.error.message]).toEqual([400, 'limit must be a whole number from 1 to 20']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.filter((line) => line.includes(secretKey))).toEqual([]);
  });
});

describe("the API, called by the widget in a key's frame", () => {
  /** A call as the widget in the frame makes it: same-origin (no Origin header), the frame's address as Referer. */
  const fromFrame = (path: string, referer: string, headers: Record<string, string> = {}) =>
    t.request(`${path}&key=${blogKey}`, { headers: { referer, ...headers } });

  it("is the key's (its code on the links, a visitor's allowance) when the Referer is that key's embed page", async () => {
    const answer = await fromFrame('/hotels/search?destination=Lisbon&limit=2&sub_id=sidebar', `${t.baseUrl}/embed/search?key=${blogKey}&sub_id=sidebar`);
    expect(answer.status).toBe(200);
    expect(answer.body.hotels[0].url).toContain('?aff=lisbon-blog&utm_content=sidebar');
    expect(answer.headers.get('ratelimit-policy')).toMatch(/^"visitor";q=100;w=3600, "standard"/);
    // A frame sandboxed by WordPress (opaque origin) sends Origin: null and the same Referer.
    const sandboxed = await fromFrame('/hotels/search?destination=Lisbon&limit=1', `${t.baseUrl}/embed/hotel?key=${blogKey}&hotel_id=x`, { origin: 'null' });
    expect(sandboxed.status).toBe(200);
  });

  it("is refused from another page of the service, another key's frame, or another origin's page of the same address", async () => {
    const refusals: Array<[string, Record<string, string>]> = [
      [`${t.baseUrl}/widget?key=${blogKey}`, {}],
      [`${t.baseUrl}/embed/search?key=${revokedKey}`, {}],
      [`${t.baseUrl}/embed/search`, {}],
      [`https://evil.example/embed/search?key=${blogKey}`, {}],
      // A page elsewhere that names the frame's address as its referrer still sends its own Origin.
      [`${t.baseUrl}/embed/search?key=${blogKey}`, { origin: 'https://evil.example' }],
    ];
    for (const [referer, headers] of refusals) {
      const answer = await fromFrame('/hotels/search?destination=Lisbon&limit=1', referer, headers);
      expect([referer, answer.status]).toEqual([referer, 401]);
      expect(answer.body.error.message).toContain('this publishable key is not enabled on');
    }
  });
});
