// The services the property tests throw generated requests at, each test file starting its own:
// the fuzzing service (allowances that do not run out, and the keys the generators use) and
// what the tests share to reach a service: sending a generated request, new keys, fresh
// caller addresses.
import { FIXTURE_HOTELS } from './fixture-hotels.js';
import { rawRequest } from './raw-http.js';
import { wireBytes, type GeneratedRequest, type KeySecrets } from './request-model.js';
import { startTestService, type TestService } from './test-service.js';

// Keyless addresses and a partner key have plenty, a standard key 3 (used up before the run):
// generated requests meet 200s, 4xx of every kind and 429s (of the used-up key); running
// allowances down is property 5's business. X-Forwarded-For is believed from the loopback, so
// generated addresses are callers of their own.
const FUZZ_ENV = {
  TRUSTED_PROXIES: '127.0.0.1',
  LIMIT_KEYLESS_PER_HOUR: '1000000',
  LIMIT_STANDARD_PER_DAY: '3',
  LIMIT_PARTNER_PER_DAY: '1000000',
};

export const portOf = (t: TestService) => Number(new URL(t.baseUrl).port);
let keyCounter = 0;
export async function newKey(t: TestService, tier: 'standard' | 'partner'): Promise<string> {
  return (await t.service.keys.create({ tier, affiliateCode: `prop-${tier}-${++keyCounter}`, label: null })).secret;
}

export interface FuzzService {
  service: TestService;
  port: number;
  /** A partner key, a standard key whose allowance is used up, a revoked key. */
  keys: KeySecrets;
}

/** Starts the fuzzing service, with its keys. */
export async function startFuzzService(): Promise<FuzzService> {
  const fuzz = await startTestService(FIXTURE_HOTELS, FUZZ_ENV);
  try {
    const partner = await newKey(fuzz, 'partner');
    const exhausted = await newKey(fuzz, 'standard');
    for (let i = 0; i < 3; i++) await fuzz.request('/hotels/find?name=Pestana', { headers: { authorization: `Bearer ${exhausted}` } });
    const revokedKey = await fuzz.service.keys.create({ tier: 'standard', affiliateCode: 'prop-revoked', label: null });
    await fuzz.service.keys.revoke(revokedKey.record.id);
    return { service: fuzz, port: portOf(fuzz), keys: { partner, exhausted, revoked: revokedKey.secret } };
  } catch (error) {
    await fuzz.close();
    throw error;
  }
}

/** Sends a generated request on a raw socket, exactly as it is. */
export const send = (port: number, request: GeneratedRequest) => rawRequest(port, wireBytes(request, port), { head: request.method === 'HEAD' });

let addressCounter = 0;
/** An address no request has come from yet (X-Forwarded-For), so a caller of its own. */
export const freshAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
