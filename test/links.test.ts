// POST /links through HTTP: service URLs made to carry the code, in order, with per-URL errors.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { jsonBody, startTestService, type TestService } from './support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService(FIXTURE_HOTELS);
});
afterAll(async () => t.close());

const post = (body: unknown, query = '') => t.request(`/links${query}`, jsonBody(body));

describe('links', () => {
  it('returns one entry per URL in input order, keeping path, query and fragment, as https', async () => {
    const urls = [
      'http://www.stays.example/hotel/pt/lisbon/pestana-palace?checkin=2026-12-01&adults=2#rooms',
      'https://travel.stays.example/search?q=lisbon%20beach&page=2',
      'https://stays.example/',
      'https://WWW.Stays.Example/deals',
      'https://www.travel.stays.example/guides',
    ];
    const r = await post({ urls }, '?sub_id=post_7');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      links: [
        {
          input: urls[0],
          url: 'https://www.stays.example/hotel/pt/lisbon/pestana-palace?checkin=2026-12-01&adults=2&utm_content=post_7#rooms',
          error: null,
        },
        { input: urls[1], url: 'https://travel.stays.example/search?q=lisbon%20beach&page=2&utm_content=post_7', error: null },
        { input: urls[2], url: 'https://stays.example/?utm_content=post_7', error: null },
        { input: urls[3], url: 'https://www.stays.example/deals?utm_content=post_7', error: null },
        { input: urls[4], url: 'https://www.travel.stays.example/guides?utm_content=post_7', error: null },
      ],
    });
  });

  it('writes each address as the URL standard\'s own setters of query and scheme would, odd addresses included', async () => {
    const urls = [
      'http://www.stays.example/a/../b/./c?x=1#top',
      'https://www.stays.example/caf\u00e9 menu?q=na\u00efve plan&quote="x"&apos=\'y\'#frag ment',
      'https://www.stays.example?',
      'https://www.stays.example/x?#',
      'https://www.stays.example/x?&&a=%zz&b=%41&utm_content=old&=empty#\u00e9',
      'HTTP://travel.stays.example:80/p?a+b=c+d&<tag>=`1`',
      'https://www.stays.example/%7Euser/?q=%3Cscript%3E&q2=^|{}',
      'https://www.stays.example/y#',
      'https://www.stays.example/z?b=1#',
    ];
    const r = await post({ urls }, '?sub_id=odd-1');
    expect(r.status).toBe(200);
    const expected = urls.map((input) => {
      // The standard's own way: the parser, then the setters of search and protocol.
      const url = new URL(input);
      const kept = url.search.slice(1).split('&').filter((pair) => pair !== '' && decodeURIComponent(pair.split('=')[0].replace(/\+/g, ' ')) !== 'utm_content');
      url.search = `?${[...kept, 'utm_content=odd-1'].join('&')}`;
      url.protocol = 'https:';
      return url.href;
    });
    expect(r.body.links.map((link: { url: string }) => link.url)).toEqual(expected);
  });

  it('replaces an earlier utm_content with sub_id, and keeps it without one', async () => {
    const url = 'https://www.stays.example/x?utm_content=old&a=1';
    expect((await post({ urls: [url] }, '?sub_id=new')).body.links[0].url).toBe('https://www.stays.example/x?a=1&utm_content=new');
    expect((await post({ urls: [url] })).body.links[0].url).toBe(url);
  });

  it('refuses other hosts, look-alikes and tricks with not_service_url, and bad URLs with invalid_url', async () => {
    const refused: [string, string][] = [
      ['https://stays.example.evil.com/', 'not_service_url'],
      ['https://evil-stays.example/', 'not_service_url'],
      ['https://www.stays.example@evil.com/', 'not_service_url'],
      ['https://user:pw@www.stays.example/', 'not_service_url'],
      ['https://192.0.2.1/hotel/x', 'not_service_url'],
      ['https://[2001:db8::1]/', 'not_service_url'],
      ['ftp://www.stays.example/file', 'not_service_url'],
      ['javascript:alert(1)', 'not_service_url'],
      ['https://www.stays.example:8443/', 'not_service_url'],
      ['https://www.stays.example./', 'not_service_url'],
      ['https://shop.stays.example/', 'not_service_url'],
      ['not a url', 'invalid_url'],
      ['/hotel/pt/lisbon/pestana-palace', 'invalid_url'],
      ['https://', 'invalid_url'],
    ];
    const r = await post({ urls: refused.slice(0, 10).map(([u]) => u) });
    const r2 = await post({ urls: refused.slice(10).map(([u]) => u) });
    const entries = [...r.body.links, ...r2.body.links];
    expect(entries.map((e: { input: string; url: unknown; error: { code: string } }) => [e.input, e.url, e.error.code])).toEqual(
      refused.map(([u, code]) => [u, null, code]),
    );
    expect(entries.every((e: { error: { message: string } }) => e.error.message.length > 10)).toBe(true);
  });

  it('refuses a URL carrying another partner\'s code with other_partner_code', async () => {
    const r = await post({ urls: ['https://www.stays.example/x?aff=someone-else', 'https://www.stays.example/y?aff='] });
    expect(r.body.links[0]).toEqual({
      input: 'https://www.stays.example/x?aff=someone-else',
      url: null,
      error: {
        code: 'other_partner_code',
        message: "the URL already carries another partner's code (aff=someone-else); a link credits one partner only",
      },
    });
    expect(r.body.links[1].url).toBe('https://www.stays.example/y');
  });

  it('costs one request per URL of a valid body', async () => {
    const before = Number((await post({ urls: ['https://stays.example/'] })).headers.get('x-ratelimit-remaining'));
    const r = await post({ urls: ['https://stays.example/a', 'https://stays.example/b', 'https://stays.example/c'] });
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(before - 3);
    const bad = await post({ urls: [] });
    expect(Number(bad.headers.get('x-ratelimit-remaining'))).toBe(before - 4);
  });

  describe('body rules', () => {
    const cases: [string, RequestInit, string][] = [
      ['no urls', jsonBody({}), 'urls is required; it must be an array of 1 to 10 items, each a string of at most 2048 characters'],
      ['empty urls', jsonBody({ urls: [] }), 'urls must be an array of 1 to 10 items, each a string of at most 2048 characters (got [])'],
      [
        'eleven urls',
        jsonBody({ urls: Array(11).fill('https://stays.example/') }),
        expect.stringMatching(/^urls must be an array of 1 to 10 items, each a string of at most 2048 characters \(got \[/) as unknown as string,
      ],
      ['a number', jsonBody({ urls: ['https://stays.example/', 5] }), 'urls[1] must be a string of at most 2048 characters (got 5)'],
      [
        'a long url',
        jsonBody({ urls: [`https://stays.example/${'a'.repeat(2040)}`] }),
        expect.stringMatching(/^urls\[0\] must be a string of at most 2048 characters \(got "https/) as unknown as string,
      ],
      ['another field', jsonBody({ urls: ['https://stays.example/'], extra: 1 }), 'unknown field "extra" (allowed: urls)'],
      ['an array', jsonBody(['https://stays.example/']), 'body must be a JSON object {"urls": [...]} with 1 to 10 URL strings (got ["https://stays.example/"])'],
      ['broken JSON', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"urls": [' }, expect.stringMatching(/^the body is not valid JSON/) as unknown as string],
      ['no body', { method: 'POST', headers: { 'content-type': 'application/json' } }, 'the body is empty; send {"urls": ["https://…"]}'],
      ['not JSON', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'https://stays.example/' }, 'the body must be JSON sent with Content-Type: application/json (got "text/plain")'],
      ['too big', jsonBody({ urls: ['https://stays.example/'], pad: 'x'.repeat(70_000) }), 'the body must be at most 65536 bytes (64 KiB)'],
      [
        'bytes that are not UTF-8',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat([Buffer.from('{"urls":["https://stays.example/'), Buffer.from([0xff]), Buffer.from('"]}')]) },
        'the body is not valid UTF-8; JSON must be sent in UTF-8',
      ],
      [
        'another charset',
        { method: 'POST', headers: { 'content-type': 'application/json; charset=UTF-16' }, body: JSON.stringify({ urls: ['https://stays.example/'] }) },
        'the body must be JSON in UTF-8 (got charset="utf-16"); send Content-Type: application/json',
      ],
      [
        'a compressed body',
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(JSON.stringify({ urls: ['https://stays.example/'] })) },
        'the body must be sent uncompressed (got Content-Encoding: "gzip"); request bodies are not inflated',
      ],
    ];
    it.each(cases)('%s is 400', async (_name, init, message) => {
      const r = await t.request('/links', init);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: { code: 'invalid_params', message } });
      expect(r.headers.get('x-ratelimit-remaining')).not.toBeNull();
    });

    it('refuses a bad sub_id', async () => {
      const r = await post({ urls: ['https://stays.example/'] }, '?sub_id=%2F');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('sub_id must be 1 to 200 letters, digits, underscores or hyphens (got "/")');
    });
  });
});
