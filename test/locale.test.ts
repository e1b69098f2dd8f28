// The traveller's language and currency (issue 34), through HTTP and MCP: lang and currency on
// every operation, checked against real lists; Accept-Language negotiated when lang is not sent,
// with Content-Language and Vary; every link carrying both; names in the language where the
// bundled data has them, judged against that data (CLDR through Intl, iso3166-2-db, the city
// names file), never against the service's own output; English otherwise.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { connectMcp } from './support/mcp-clients.js';
import { startTestService, type TestService } from './support/test-service.js';

const require = createRequire(import.meta.url);
const cityNames = JSON.parse(readFileSync(new URL('../src/places/data/city-names.json', import.meta.url), 'utf8')).names as Record<string, Record<string, string>>;
const regions = require('iso3166-2-db/data/iso3166-2.json') as Record<string, { regions: { admin: string; names: Record<string, string> }[] }>;
const countryIn = (language: string, code: string) => new Intl.DisplayNames([language], { type: 'region' }).of(code);
const regionIn = (language: string, country: string, admin: string) => regions[country].regions.find((r) => r.admin === admin)!.names[language];

const LISBON = '2267057';
const LANGUAGES = ['de', 'fr', 'es', 'pt-BR', 'ja', 'zh-Hant'];

let t: TestService;
let key: string;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '100000' });
  key = (await t.service.keys.create({ tier: 'partner', affiliateCode: 'reisen', label: null })).secret;
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers: { authorization: `Bearer ${key}`, ...headers } });

describe('names in the traveller\'s language', () => {
  it.each(LANGUAGES)('%s: a country, a city and its country, as CLDR and the city names file give them', async (lang) => {
    const country = await get(`/hotels/search?destination=Portugal&limit=1&lang=${lang}`);
    expect(country.status).toBe(200);
    expect(country.body.destination).toBe(countryIn(lang, 'PT'));
    expect(country.headers.get('content-language')).toBe(lang);

    const city = await get(`/hotels/search?destination=Lisbon&limit=1&lang=${lang}`);
    const own = cityNames[LISBON]?.[lang] ?? (lang === 'pt-BR' ? cityNames[LISBON]?.pt : undefined) ?? 'Lisbon';
    expect(city.body.destination).toBe(`${own}, ${countryIn(lang, 'PT')}`);
  });

  it('names a city GeoNames names not in the language by the names it is typed by there, and without an administrative word', async () => {
    // city-names.json has no zh-Hans or ja name for Vienna; city-aliases.json has 维也纳 and ウィーン.
    for (const [lang, label] of [
      ['zh-Hans', `维也纳, ${countryIn('zh-Hans', 'AT')}`],
      ['ja', `ウィーン, ${countryIn('ja', 'AT')}`],
    ]) {
      const r = await get(`/hotels/search?destination=Vienna&limit=1&lang=${lang}`);
      expect([lang, r.body.destination]).toEqual([lang, label]);
    }
    // GeoNames writes Rome 罗马市 in zh-Hans; the name without 市 is shown.
    const rome = await get('/hotels/search?destination=Rome&limit=1&lang=zh-Hans');
    expect(rome.body.destination).toMatch(/^罗马, /);
  });

  it('names a region where iso3166-2-db has it in that language, and in English where it has none (never a guess)', async () => {
    for (const lang of ['de', 'fr', 'es']) {
      const r = await get(`/hotels/search?destination=Bavaria&limit=1&lang=${lang}`);
      expect(r.body.destination).toBe(`${regionIn(lang, 'DE', '02')}, ${countryIn(lang, 'DE')}`);
    }
    // No Japanese names of regions are bundled: the region stays English, the country is Japanese.
    const ja = await get('/hotels/search?destination=Bavaria&limit=1&lang=ja');
    expect(ja.body.destination).toBe(`Bavaria, ${countryIn('ja', 'DE')}`);
    expect(ja.headers.get('content-language')).toBe('ja');
  });

  it('names places the same way in suggestions, alternatives, find\'s city and a hotel\'s city', async () => {
    const lissabon = cityNames[LISBON].de;
    const suggested = await get('/suggest?q=Lisb&lang=de&only=places');
    expect(suggested.body.places[0]).toMatchObject({ place_id: `geonames:${LISBON}`, name: lissabon, label: `${lissabon}, ${countryIn('de', 'PT')}` });
    const found = await get('/hotels/find?name=Pestana%20Palace&city=Lisbon&lang=de');
    expect(found.body.city).toBe(`${lissabon}, ${countryIn('de', 'PT')}`);
    const hotel = await get('/hotels/hotel/pt/lisbon/pestana-palace?lang=de');
    expect(hotel.body.city).toBe(lissabon);
    const hotels = await get('/suggest?q=Pestana%20Pal&lang=de&only=hotels');
    expect(hotels.body.hotels[0].city).toBe(lissabon);
    // Portland, Oregon beside Maine: each alternative's country in German.
    const portland = await get('/hotels/search?destination=Portland&lang=de');
    for (const alternative of portland.body.alternatives ?? []) expect(alternative.label).toContain(countryIn('de', alternative.country_code));
  });

  it('answers in English, with its links as they were, when no language is asked for', async () => {
    const r = await get('/hotels/search?destination=Lisbon&limit=1');
    expect(r.body.destination).toBe('Lisbon, Portugal');
    expect(r.headers.get('content-language')).toBe('en');
    expect(r.body.hotels[0].url).toBe('https://www.stays.example/hotel/pt/lisbon/pestana-palace?aff=reisen');
  });
});

describe('Accept-Language, when lang is not sent', () => {
  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['de-AT', 'de'],
    ['zh-TW,zh;q=0.9', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['xx-YY, ja;q=0.5', 'ja'],
    ['de;q=0, es;q=0.4', 'es'],
    ['*', 'en'],
    ['tlh', 'en'],
  ])('%s answers in %s', async (header, expected) => {
    const r = await get('/hotels/search?destination=Portugal&limit=1', { 'accept-language': header });
    expect(r.headers.get('content-language')).toBe(expected);
    expect(r.headers.get('vary')).toContain('Accept-Language');
    expect(r.body.destination).toBe(countryIn(expected, 'PT'));
  });

  it('gives way to lang, and goes into the links as the traveller\'s language', async () => {
    const both = await get('/hotels/search?destination=Portugal&limit=1&lang=es', { 'accept-language': 'de' });
    expect(both.headers.get('content-language')).toBe('es');
    const header = await get('/hotels/search?destination=Portugal&limit=1', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(new URL(header.body.hotels[0].url).searchParams.get('lang')).toBe('de');
  });
});

describe('links in the traveller\'s language and currency', () => {
  const langAndCurrency = (url: string) => {
    const q = new URL(url).searchParams;
    return [q.get('aff'), q.get('lang'), q.get('currency')];
  };
  const expected = ['reisen', 'pt-BR', 'BRL'];

  it('carry lang and currency on every url of every operation, in their canonical forms', async () => {
    const query = 'lang=pt-br&currency=brl';
    expect(langAndCurrency((await get(`/hotels/search?destination=Lisbon&${query}`)).body.hotels[0].url)).toEqual(expected);
    expect(langAndCurrency((await get(`/hotels/find?name=Pestana%20Palace&${query}`)).body.hotel.url)).toEqual(expected);
    expect(langAndCurrency((await get(`/hotels/hotel/pt/lisbon/pestana-palace?${query}`)).body.url)).toEqual(expected);
    expect(langAndCurrency((await get(`/suggest?q=Pestana%20Pal&${query}`)).body.hotels[0].url)).toEqual(expected);
    const links = await t.request(`/links?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: ['https://www.stays.example/hotel/pt/lisbon/pestana-palace'] }),
    });
    expect(langAndCurrency(links.body.links[0].url)).toEqual(expected);
  });

  it('POST /links: a URL keeps its own lang and currency unless the call sends others', async () => {
    const post = (query: string) =>
      t.request(`/links${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: ['https://www.stays.example/hotel/pt/lisbon/pestana-palace?lang=fr&currency=CHF&checkin=2027-05-01'] }),
      });
    const kept = await post('');
    expect(langAndCurrency(kept.body.links[0].url)).toEqual(['reisen', 'fr', 'CHF']);
    const replaced = await post('?lang=de&currency=EUR');
    expect(langAndCurrency(replaced.body.links[0].url)).toEqual(['reisen', 'de', 'EUR']);
    expect(new URL(replaced.body.links[0].url).searchParams.getAll('lang')).toEqual(['de']);
    expect(new URL(replaced.body.links[0].url).searchParams.get('checkin')).toBe('2027-05-01');
  });
});

describe('bad lang and currency', () => {
  it.each([
    ['lang=pt_BR', 'lang must be a BCP 47 language tag such as de, pt-BR or zh-Hant (got "pt_BR"); did you mean pt-BR?'],
    ['lang=german', 'lang must be a BCP 47 language tag such as de, pt-BR or zh-Hant (got "german"); did you mean de?'],
    ['lang=*', 'lang must be a BCP 47 language tag such as de, pt-BR or zh-Hant (got "*")'],
    ['currency=EURO', 'currency must be an ISO 4217 code such as EUR, USD or BRL (got "EURO"); did you mean EUR?'],
    ['currency=euro', 'currency must be an ISO 4217 code such as EUR, USD or BRL (got "euro"); did you mean EUR?'],
    ['currency=japanese%20yen', 'currency must be an ISO 4217 code such as EUR, USD or BRL (got "japanese yen"); did you mean JPY?'],
    ['currency=XYZ', 'currency must be an ISO 4217 code such as EUR, USD or BRL (got "XYZ")'],
    ['currency=', 'currency must not be empty'],
  ])('?%s is 400 naming the parameter, in English', async (query, message) => {
    const r = await get(`/hotels/search?destination=Lisbon&${query}`, { 'accept-language': 'de' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_params');
    expect(r.body.error.message).toContain(message);
  });
});

describe('over MCP', () => {
  it('takes lang and currency as tool arguments, as HTTP takes them', async () => {
    const client = await connectMcp(t.baseUrl, 'http', { key });
    try {
      const result = await client.callTool({ name: 'search_hotels', arguments: { destination: 'Lisbon', limit: 1, lang: 'de', currency: 'EUR' } });
      const http = await get('/hotels/search?destination=Lisbon&limit=1&lang=de&currency=EUR');
      expect(result.structuredContent).toEqual(http.body);
      const tools = await client.listTools();
      const search = tools.tools.find((tool) => tool.name === 'search_hotels')!;
      expect(search.description).toContain('lang');
      expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['lang', 'currency']));
    } finally {
      await client.close();
    }
  });
});
