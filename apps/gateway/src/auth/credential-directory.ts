import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Environment } from '@platform/contracts';
import { openSecret } from '@platform/signing';
import { CONFIG, masterKey } from '@platform/service-kit';
import type { Config } from '../config';
import { MerchantRepository } from '../merchants/merchant.repository';
import { IpAllowlist } from './ip-allowlist';

/** Everything authentication needs about an API key, with the secret opened in memory only. */
export interface Credential {
  apiKey: string;
  merchantCode: string;
  accountNumber: string;
  environment: Environment;
  keyVersion: number;
  secret: string;
  expiresAt: Date | null;
  /** The key has authenticated a request before (the merchant uses it). */
  firstUsed: boolean;
  merchantActive: boolean;
  settingsVersion: number;
  directApiEnabled: boolean;
  allowlist: IpAllowlist;
}

/** How long a key read answers (ADR 0015: other replicas see a revocation within it). */
const TTL_MS = 5000;
/** A key asked for this close to its expiry is read again behind the answer, so steady traffic never meets a miss. */
const REFRESH_AHEAD_MS = 1000;

interface Entry {
  credential: Credential | null;
  /** When the read that brought it began: its age bounds how stale an answer can be. */
  readAt: number;
}

/**
 * Every authenticated request reads its key: keep it in memory for a few seconds
 * rather than going to Postgres and decrypting each time. Local changes evict at once.
 *
 * One read of a key at a time: when an entry expired, every request that came before the new read
 * answered made three queries of its own, and under load those queued for the pool and for new
 * connections (up to 43 reads at once at 493 payments/s, and stalls of 200–450 ms at some expiries:
 * docs/benchmarks.md, twenty-ninth sitting).
 */
@Injectable()
export class CredentialDirectory {
  private readonly cache = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<Credential | null>>();
  private readonly masterKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    @Inject(CONFIG) config: Config,
  ) {
    this.masterKey = masterKey(config);
  }

  async find(apiKey: string): Promise<Credential | null> {
    const cached = this.cache.get(apiKey);
    const age = cached ? Date.now() - cached.readAt : Infinity;
    if (cached && age < TTL_MS) {
      // A failed refresh leaves the entry to expire; the request that then reads sees the error.
      if (age >= TTL_MS - REFRESH_AHEAD_MS) this.readOnce(apiKey).catch(() => undefined);
      return cached.credential;
    }
    return this.readOnce(apiKey);
  }

  forget(apiKeys: string[]): void {
    for (const key of apiKeys) {
      this.cache.delete(key);
      this.reading.delete(key);
    }
  }

  forgetMerchant(merchantCode: string): void {
    for (const [key, entry] of this.cache) if (entry.credential?.merchantCode === merchantCode) this.cache.delete(key);
    // A read in flight names no merchant until it answers; any of them may be this one's.
    this.reading.clear();
  }

  /** The read of the key under way, or a new one; a forget() while it runs keeps its answer out of the cache. */
  private readOnce(apiKey: string): Promise<Credential | null> {
    const inFlight = this.reading.get(apiKey);
    if (inFlight) return inFlight;
    const readAt = Date.now();
    const read: Promise<Credential | null> = this.load(apiKey).then(
      (credential) => {
        if (this.reading.get(apiKey) === read) {
          this.reading.delete(apiKey);
          if (this.cache.size > 50000) this.cache.clear();
          this.cache.set(apiKey, { credential, readAt });
        }
        return credential;
      },
      (error: unknown) => {
        if (this.reading.get(apiKey) === read) this.reading.delete(apiKey);
        throw error;
      },
    );
    this.reading.set(apiKey, read);
    return read;
  }

  private async load(apiKey: string): Promise<Credential | null> {
    if (apiKey.length > 128) return null;
    const key = await this.merchants.findApiKey(this.dataSource, apiKey);
    if (!key) return null;
    const [merchant, settings] = await Promise.all([
      this.merchants.findMerchant(this.dataSource, key.merchant_code),
      this.merchants.findSettings(this.dataSource, key.merchant_code, key.environment),
    ]);
    if (!merchant || !settings) return null;
    return {
      apiKey,
      merchantCode: merchant.merchant_code,
      accountNumber: merchant.account_number,
      environment: key.environment,
      keyVersion: key.key_version,
      secret: openSecret(key.secret_sealed, this.masterKey, apiKey),
      expiresAt: key.expires_at,
      firstUsed: key.first_used_at !== null && key.first_used_at !== undefined,
      merchantActive: merchant.status === 'active',
      settingsVersion: merchant.broadcast_version,
      directApiEnabled: settings.direct_api_enabled,
      allowlist: new IpAllowlist(settings.ip_allowlist),
    };
  }
}
