import type { DataSource } from 'typeorm';
import { sealSecret } from '@platform/signing';
import { masterKey } from '@platform/service-kit';
import type { Config } from '../config';
import type { MerchantRepository } from '../merchants/merchant.repository';
import { CredentialDirectory } from './credential-directory';

const API_KEY = 'ck_sbx_directory';
const config = {} as Config;

/** A repository whose reads answer when the test says, counting how often the key was read. */
function repository(secret = 'sk_first') {
  const pending: Array<() => void> = [];
  const state = { keyReads: 0, secret, hold: false };
  const answer = <T>(value: () => T): Promise<T> => (state.hold ? new Promise<T>((resolve) => pending.push(() => resolve(value()))) : Promise.resolve(value()));
  const merchants = {
    findApiKey: () => {
      state.keyReads += 1;
      const sealed = sealSecret(state.secret, masterKey(config), API_KEY);
      return answer(() => ({
        api_key: API_KEY,
        merchant_code: 'MRC-100001',
        environment: 'sandbox',
        key_version: 1,
        secret_sealed: sealed,
        expires_at: null,
        first_used_at: new Date(),
      }));
    },
    findMerchant: () => answer(() => ({ merchant_code: 'MRC-100001', account_number: '100001', status: 'active', broadcast_version: 1 })),
    findSettings: () => answer(() => ({ direct_api_enabled: true, ip_allowlist: [] })),
  } as unknown as MerchantRepository;
  const release = async () => {
    while (pending.length) {
      pending.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { merchants, state, release };
}

describe('CredentialDirectory', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('reads an expired key once however many requests ask for it while it loads', async () => {
    const { merchants, state, release } = repository();
    const directory = new CredentialDirectory({} as DataSource, merchants, config);
    await directory.find(API_KEY);
    jest.advanceTimersByTime(5_000);
    state.hold = true;
    const answers = Promise.all(Array.from({ length: 40 }, () => directory.find(API_KEY)));
    await release();
    expect((await answers).every((credential) => credential?.secret === 'sk_first')).toBe(true);
    expect(state.keyReads).toBe(2);
  });

  it('reads a key again before it expires while the cached one still answers, so a steady caller never waits on a miss', async () => {
    const { merchants, state, release } = repository();
    const directory = new CredentialDirectory({} as DataSource, merchants, config);
    await directory.find(API_KEY);
    jest.advanceTimersByTime(4_500);
    state.secret = 'sk_rotated';
    state.hold = true;
    // Near expiry: answered at once from the cache, and one read starts behind it.
    expect((await Promise.all([directory.find(API_KEY), directory.find(API_KEY)])).map((credential) => credential?.secret)).toEqual(['sk_first', 'sk_first']);
    expect(state.keyReads).toBe(2);
    await release();
    jest.advanceTimersByTime(1_000);
    state.hold = false;
    // Past the first load's five seconds, the refreshed entry answers without a read.
    expect((await directory.find(API_KEY))?.secret).toBe('sk_rotated');
    expect(state.keyReads).toBe(2);
  });

  it('never answers from the cache past five seconds after the read it holds began', async () => {
    const { merchants, state } = repository();
    const directory = new CredentialDirectory({} as DataSource, merchants, config);
    await directory.find(API_KEY);
    jest.advanceTimersByTime(5_000);
    state.secret = 'sk_rotated';
    expect((await directory.find(API_KEY))?.secret).toBe('sk_rotated');
  });

  it('does not keep what a read in flight when the key was forgotten brought back', async () => {
    const { merchants, state, release } = repository();
    const directory = new CredentialDirectory({} as DataSource, merchants, config);
    state.hold = true;
    const stale = directory.find(API_KEY);
    directory.forget([API_KEY]);
    state.secret = 'sk_rotated';
    const fresh = directory.find(API_KEY);
    await release();
    await stale;
    expect((await fresh)?.secret).toBe('sk_rotated');
    state.hold = false;
    expect((await directory.find(API_KEY))?.secret).toBe('sk_rotated');
    expect(state.keyReads).toBe(2);
  });

  it('lets a failed read reach the request that waited on it, and the next request reads again', async () => {
    const { merchants, state } = repository();
    const failing = { ...merchants, findApiKey: () => Promise.reject(new Error('connection lost')) } as unknown as MerchantRepository;
    const directory = new CredentialDirectory({} as DataSource, failing, config);
    await expect(directory.find(API_KEY)).rejects.toThrow('connection lost');
    (failing as unknown as { findApiKey: unknown }).findApiKey = merchants.findApiKey;
    expect((await directory.find(API_KEY))?.secret).toBe('sk_first');
    expect(state.keyReads).toBe(1);
  });
});
