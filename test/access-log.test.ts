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

it("says who called (the key's id, never the key, and its tier) and how the call went, so that who spends an allowance is in the log", async () => {
  const { secret, record } = await t.service.keys.create({ tier: 'partner', affiliateCode: 'spender', label: null });
  const auth = { headers: { authorization: `Bearer ${secret}` } };
  const calls = [
    await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon&limit=1`, auth),
    await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon&limit=99`, auth),
    await fetch(`${t.baseUrl}/hotels/hotel/pt/lisbon/no-such-hotel`, auth),
    await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon&limit=1`),
    await fetch(`${t.baseUrl}/hotels/search?destination=Lisbon`, { headers: { authorization: `Bearer live_${'z'.repeat(43)}` } }),
    await fetch(`${t.baseUrl}/healthz`),
  ];
  await new Promise((resolve) => setTimeout(resolve, 50));
  const lineOf = (response: Response) => lines.find((l) => l.reqId === response.headers.get('x-request-id'))!;
  const said = calls.map((response) => {
    const { key_id, tier, outcome, status } = lineOf(response);
    return { key_id, tier, outcome, status };
  });
  expect(said).toEqual([
    { key_id: record.id, tier: 'partner', outcome: 'answered', status: 200 },
    { key_id: record.id, tier: 'partner', outcome: 'failed', status: 400 },
    { key_id: record.id, tier: 'partner', outcome: 'failed', status: 404 },
    { key_id: null, tier: 'keyless', outcome: 'answered', status: 200 },
    { key_id: null, tier: 'keyless', outcome: 'unauthorized', status: 401 },
    // Not a call of an operation: nobody is identified.
    { key_id: undefined, tier: undefined, outcome: undefined, status: 200 },
  ]);
  expect(JSON.stringify(lines)).not.toContain(secret);
});
