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

const TTL_MS = 5000;

/**
 * Every authenticated request reads its key: keep it in memory for a few seconds
 * rather than going to Postgres and decrypting each time. Local changes evict at once.
 */
@Injectable()
export class CredentialDirectory {
  private readonly cache = new Map<string, { credential: Credential | null; loadedAt: number }>();
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
    if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached.credential;
    const credential = await this.load(apiKey);
    if (this.cache.size > 50000) this.cache.clear();
    this.cache.set(apiKey, { credential, loadedAt: Date.now() });
    return credential;
  }

  forget(apiKeys: string[]): void {
    for (const key of apiKeys) this.cache.delete(key);
  }

  forgetMerchant(merchantCode: string): void {
    for (const [key, entry] of this.cache) if (entry.credential?.merchantCode === merchantCode) this.cache.delete(key);
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
