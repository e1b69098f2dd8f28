// The access log: one line per answer, with the request id the caller got, what was asked and
// how it went; never the caller's key.
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const lines: Record<string, unknown>[] = [];
let t: TestService;
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  t = await startTestService(FIXTURE_HOTELS, {}, { logger });
});
afterAll(async () => t.close());

it('writes one line per answer, with the request id, method, path, status and time', async () => {
  const secret = 'hsk_notARealKeyButShapedLikeNone';
  const calls = [
    await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon`),
    await fetch(`${t.baseUrl}/nowhere`),
    await fetch(`${t.baseUrl}/hotels/find?name=Pestana`, { headers: { authorization: `Bearer ${secret}` } }),
  ];
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const [i, response] of calls.entries()) {
    const id = response.headers.get('x-request-id');
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['answered']);
    expect(mine[0]).toMatchObject({
      method: 'GET',
      url: ['/hotels/search?destination=Lisbon', '/nowhere', '/hotels/find?name=Pestana'][i],
      status: response.status,
      ip: '127.0.0.1',
    });
    expect(typeof mine[0].ms).toBe('number');
  }
  expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  expect(JSON.stringify(lines)).not.toContain(secret);
});

it('leaves out a secret key sent in a URL (refused), and keeps a publishable one, which is public', async () => {
  const { secret } = await t.service.keys.create({ tier: 'standard', affiliateCode: 'careless', label: null });
  const refused = await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon&key=${secret}&limit=1`);
  expect(refused.status).toBe(401);
  const publishable = (
    await t.service.keys.create({ tier: 'standard', affiliateCode: 'blog', label: null, publishable: { origins: ['https://blog.example'], visitorLimit: 60 } })
  ).secret;
  const taken = await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon&key=${publishable}`, { headers: { origin: 'https://blog.example' } });
  expect(taken.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const urlOf = (response: Response) => lines.find((l) => l.reqId === response.headers.get('x-request-id'))!.url;
  expect(urlOf(refused)).toBe('/hotels/search?destination=Lisbon&key=live_(secret key left out)&limit=1');
  expect(urlOf(taken)).toBe(`/hotels/search?destination=Lisbon&key=${publishable}`);
  expect(JSON.stringify(lines)).not.toContain(secret);
});
