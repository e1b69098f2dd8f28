// Whose address a keyless call counts against: the socket's, or the client's named in
// X-Forwarded-For only when the socket is a trusted proxy; IPv6 clients per /64.
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_HOTELS } from './support/fixture-hotels.js';
import { startTestService, type TestService } from './support/test-service.js';

const started: TestService[] = [];
afterAll(async () => {
  for (const t of started) await t.close();
});

async function statuses(t: TestService, forwardedFor: string[]) {
  const result: number[] = [];
  for (const xff of forwardedFor) {
    result.push((await t.request('/hotels/find?name=Pestana', { headers: { 'x-forwarded-for': xff } })).status);
  }
  return result;
}

describe('behind a trusted proxy', () => {
  it('counts each forwarded client separately, IPv4 per address and IPv6 per /64', async () => {
    const t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '2', TRUSTED_PROXIES: '127.0.0.1' });
    started.push(t);
    expect(await statuses(t, ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2'])).toEqual([200, 200, 429, 200]);
    expect(await statuses(t, ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b', '2001:db8:1:2::c', '2001:db8:1:3::a'])).toEqual([
      200, 200, 429, 200,
    ]);
    // A client's own X-Forwarded-For entries before the proxy's are not believed: the proxy appends the address it saw.
    expect(await statuses(t, ['198.51.100.7, 203.0.113.9', '198.51.100.8, 203.0.113.9', '198.51.100.9, 203.0.113.9'])).toEqual([
      200, 200, 429,
    ]);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For and counts the socket address', async () => {
    const t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '2' });
    started.push(t);
    expect(await statuses(t, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 429]);
  });
});
