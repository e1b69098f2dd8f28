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

describe('an IPv4 client behind a trusted proxy, however its address is written', () => {
  it('is one allowance, apart from unrelated clients written the same way', async () => {
    const t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '3', TRUSTED_PROXIES: '127.0.0.1' });
    started.push(t);
    // 5.6.7.8 three ways: dotted, IPv4-mapped in hex, IPv4-compatible; the fourth is over its limit.
    expect(await statuses(t, ['5.6.7.8', '::ffff:506:708', '::5.6.7.8', '0:0:0:0:0:ffff:5.6.7.8'])).toEqual([200, 200, 200, 429]);
    // Other IPv4 clients written as IPv6 are not lumped into one /64 with it, or with each other.
    expect(await statuses(t, ['::ffff:9.9.9.9', '0:0:0:0:0:ffff:9.9.9.10', '::9.9.9.11', '::ffff:909:90c'])).toEqual([200, 200, 200, 200]);
  });

  it('counts a forwarded value that is not an IP address as the proxy itself, not as a fresh allowance', async () => {
    const t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '3', TRUSTED_PROXIES: '127.0.0.1' });
    started.push(t);
    expect(await statuses(t, ['unknown', 'not-an-ip-1', 'garbage, x', '::ffff:zz'])).toEqual([200, 200, 200, 429]);
    // The proxy's own address is that bucket; a forwarded client with a port is the client.
    expect(await statuses(t, ['203.0.113.50:4711', '203.0.113.50', '203.0.113.50:80', '203.0.113.50'])).toEqual([200, 200, 200, 429]);
    expect(await statuses(t, ['[2001:db8:9::1]:443', '2001:db8:9::2', '[2001:db8:9::3]:80', '2001:db8:9::4'])).toEqual([200, 200, 200, 429]);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For and counts the socket address', async () => {
    const t = await startTestService(FIXTURE_HOTELS, { LIMIT_KEYLESS_PER_HOUR: '2' });
    started.push(t);
    expect(await statuses(t, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 429]);
  });
});
