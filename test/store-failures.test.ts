// A database that fails under a key change or a report is a dependency down (503 with
// upstream_unavailable), never an unexpected 500; the service's own refusals pass unchanged.
import { describe, expect, it } from 'vitest';
import { failingAsUnavailable, ServiceError } from '../src/errors.js';
import type { AccountStores } from '../src/keys/account-stores.js';
import { KeyManagement } from '../src/keys/key-management.js';
import type { KeyStore } from '../src/keys/key-store.js';

const timeout = () => Promise.reject(new Error('Query read timeout: no answer within 2000 ms'));

describe('a store that fails', () => {
  it('reaches callers as 503, its own ServiceErrors unchanged, and a store that answers as it answers', async () => {
    const store = {
      read: timeout,
      refuse: () => Promise.reject(new ServiceError('not_found', 'no such thing')),
      answer: async () => 42,
      sync: () => {
        throw new Error('SQLITE_IOERR');
      },
    };
    const wrapped = failingAsUnavailable(store, 'the thing cannot be read right now');
    await expect(wrapped.read()).rejects.toMatchObject({ code: 'upstream_unavailable', message: 'the thing cannot be read right now', retryAfterSeconds: 5 });
    await expect(wrapped.refuse()).rejects.toMatchObject({ code: 'not_found' });
    expect(await wrapped.answer()).toBe(42);
    expect(() => wrapped.sync()).toThrow(expect.objectContaining({ code: 'upstream_unavailable' }));
  });

  it('makes every key change of KeyManagement a 503 when the database does not answer', async () => {
    const keys = new Proxy({}, { get: () => timeout }) as unknown as KeyStore;
    const account = new Proxy({}, { get: () => new Proxy({}, { get: () => timeout }) }) as unknown as AccountStores;
    const management = new KeyManagement(keys, account);
    const owner = { affiliateCode: 'blog', tier: 'standard' as const };
    const actor = { name: 'key:key_x', address: null };
    for (const call of [
      () => management.keysOf('blog'),
      () => management.createPublishable(owner, { origins: ['https://blog.example'] }, actor),
      () => management.updateOwn(owner, 'key_x', { label: 'x' }, actor),
      () => management.revokeOwn(owner, 'key_x', actor),
      () => management.rollOwn(owner, 'key_x', 60, actor),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'upstream_unavailable' });
    }
  });
});
