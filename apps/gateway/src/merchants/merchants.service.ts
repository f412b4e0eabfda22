import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, ENVIRONMENTS, type Environment, Errors } from '@platform/contracts';
import { sealSecret } from '@platform/signing';
import { Clock, CONFIG, masterKey } from '@platform/service-kit';
import type { Config } from '../config';
import { CredentialDirectory } from '../auth/credential-directory';
import { AuditRepository } from './audit.repository';
import { defaultSettings, type EnvironmentSettings, type SettingsPatch } from './merchant-settings';
import { page, type Page } from '../validation/paging';
import { MerchantBroadcast } from './merchant-broadcast';
import { MerchantRepository, type ApiKeySummary, type MerchantListRow, type MerchantRow } from './merchant.repository';

export interface MerchantDetail extends MerchantListRow {
  environments: Record<Environment, EnvironmentSettings>;
  api_keys: ApiKeySummary[];
}

export interface OperatorAction {
  actor: string;
  correlationId: string;
}

export interface IssuedApiKey {
  api_key: string;
  api_secret: string;
  environment: Environment;
  key_version: number;
}

export type MerchantView = Omit<MerchantRow, 'status' | 'broadcast_version'>;

/** Merchant onboarding: accounts, API keys, environment settings; every change audited. */
@Injectable()
export class MerchantsService {
  private readonly masterKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly audit: AuditRepository,
    private readonly credentials: CredentialDirectory,
    private readonly broadcast: MerchantBroadcast,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.masterKey = masterKey(config);
  }

  async createMerchant(input: { name: string; base_currency: string }, by: OperatorAction): Promise<MerchantView> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const accountNumber = String(randomInt(100000, 1000000));
      const merchant: MerchantRow = {
        merchant_code: `MRC-${accountNumber}`,
        account_number: accountNumber,
        name: input.name,
        base_currency: input.base_currency,
        status: 'active',
        broadcast_version: 0,
      };
      const created = await this.dataSource.transaction(async (tx) => {
        if (!(await this.merchants.insertMerchant(tx, merchant))) return false;
        for (const environment of ENVIRONMENTS) {
          await this.merchants.insertSettings(tx, defaultSettings(merchant.merchant_code, environment));
        }
        await this.audit.append(tx, { ...byAudit(by), action: 'merchant.create', target: merchant.merchant_code, before: null, after: merchant });
        await this.broadcast.publish(tx, merchant.merchant_code);
        return true;
      });
      if (created) return view(merchant);
    }
    throw new ApiError(Errors.PlatformUnavailable, 'could not allocate an account number; retry');
  }

  /** `graceSeconds` (0 to KEY_ROTATION_GRACE_SECONDS) is how long the previous keys keep working; 0 revokes them now. */
  async issueApiKey(
    merchantCode: string,
    environment: Environment,
    by: OperatorAction,
    graceSeconds = this.config.KEY_ROTATION_GRACE_SECONDS,
  ): Promise<IssuedApiKey> {
    const issued = await this.dataSource.transaction(async (tx) => {
      const merchant = await this.merchants.findMerchant(tx, merchantCode, true);
      if (!merchant) throw new ApiError(Errors.ResourceNotFound, `merchant ${merchantCode} does not exist`);
      const keyVersion = ((await this.merchants.newestKey(tx, merchantCode, environment))?.key_version ?? 0) + 1;
      const graceEnds = new Date(this.clock.now().getTime() + Math.min(graceSeconds, this.config.KEY_ROTATION_GRACE_SECONDS) * 1000);
      const retiring = await this.merchants.expireKeys(tx, merchantCode, environment, graceEnds);
      const apiKey = `ck_${environment === 'live' ? 'live' : 'sbx'}_${randomBytes(18).toString('base64url')}`;
      const apiSecret = `sk_${randomBytes(32).toString('base64url')}`;
      await this.merchants.insertApiKey(tx, {
        api_key: apiKey,
        merchant_code: merchantCode,
        environment,
        key_version: keyVersion,
        secret_sealed: sealSecret(apiSecret, this.masterKey, apiKey),
      });
      await this.audit.append(tx, {
        ...byAudit(by),
        action: 'api_key.issue',
        target: `${merchantCode}/${environment}`,
        before: { retiring_keys: retiring, retiring_at: retiring.length > 0 ? graceEnds.toISOString() : null },
        after: { api_key: apiKey, key_version: keyVersion },
      });
      await this.broadcast.publish(tx, merchantCode);
      return { issued: { api_key: apiKey, api_secret: apiSecret, environment, key_version: keyVersion }, retiring };
    });
    this.credentials.forget(issued.retiring);
    return issued.issued;
  }

  /** A key's first successful request: signatures move to it (ADR 0015). Once per key. */
  async confirmFirstUse(apiKey: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const merchantCode = await this.merchants.markFirstUse(tx, apiKey);
      if (merchantCode) await this.broadcast.publish(tx, merchantCode);
    });
    this.credentials.forget([apiKey]);
  }

  /**
   * A leaked key stops working now, on this replica at once and on the others within their 5 s cache.
   * With `environment`, only a key of that environment is revoked (the merchant panel acts on one).
   */
  async revokeApiKey(
    merchantCode: string,
    apiKey: string,
    by: OperatorAction,
    environment?: Environment,
  ): Promise<{ api_key: string; environment: Environment; key_version: number; revoked_at: string }> {
    const now = this.clock.now();
    const revoked = await this.dataSource.transaction(async (tx) => {
      const key = await this.merchants.revokeKey(tx, merchantCode, apiKey, now, environment);
      if (!key) throw new ApiError(Errors.ResourceNotFound, 'No working API key with this value for this merchant');
      await this.audit.append(tx, {
        ...byAudit(by),
        action: 'api_key.revoke',
        target: `${merchantCode}/${key.environment}`,
        before: { api_key: apiKey, key_version: key.key_version },
        after: { revoked_at: now.toISOString() },
      });
      await this.broadcast.publish(tx, merchantCode);
      return key;
    });
    this.credentials.forget([apiKey]);
    return { api_key: apiKey, environment: revoked.environment, key_version: revoked.key_version, revoked_at: now.toISOString() };
  }

  async patchSettings(merchantCode: string, environment: Environment, patch: SettingsPatch, by: OperatorAction): Promise<EnvironmentSettings> {
    const updated = await this.dataSource.transaction(async (tx) => {
      const before = await this.merchants.findSettings(tx, merchantCode, environment, true);
      if (!before) throw new ApiError(Errors.ResourceNotFound, `merchant ${merchantCode} does not exist`);
      const after: EnvironmentSettings = { ...before, ...patch };
      await this.merchants.updateSettings(tx, after);
      await this.audit.append(tx, { ...byAudit(by), action: 'environment_settings.update', target: `${merchantCode}/${environment}`, before, after });
      await this.broadcast.publish(tx, merchantCode);
      return after;
    });
    this.credentials.forgetMerchant(merchantCode);
    return updated;
  }

  async listMerchants(filter: { search?: string; status?: 'active' | 'inactive' }, pageNumber: number, perPage: number): Promise<Page<MerchantListRow>> {
    const { rows, total } = await this.merchants.listMerchants(this.dataSource, filter, perPage, (pageNumber - 1) * perPage);
    return page(rows, total, pageNumber, perPage);
  }

  /** The merchant without its environments and keys; 1000011 when there is none. */
  async findMerchant(merchantCode: string): Promise<MerchantListRow> {
    const merchant = await this.merchants.findMerchantWithCreation(this.dataSource, merchantCode);
    if (!merchant) throw new ApiError(Errors.ResourceNotFound, `merchant ${merchantCode} does not exist`);
    return merchant;
  }

  async getMerchant(merchantCode: string): Promise<MerchantDetail> {
    const merchant = await this.findMerchant(merchantCode);
    const [sandbox, live, apiKeys] = await Promise.all([
      this.merchants.findSettings(this.dataSource, merchantCode, 'sandbox'),
      this.merchants.findSettings(this.dataSource, merchantCode, 'live'),
      this.merchants.listApiKeys(this.dataSource, merchantCode),
    ]);
    return { ...merchant, environments: { sandbox: sandbox!, live: live! }, api_keys: apiKeys };
  }

  /** An inactive merchant's keys stop working at once (0055502); activating restores them. */
  async setStatus(merchantCode: string, status: MerchantRow['status'], by: OperatorAction): Promise<MerchantDetail> {
    await this.dataSource.transaction(async (tx) => {
      const before = await this.merchants.findMerchant(tx, merchantCode, true);
      if (!before) throw new ApiError(Errors.ResourceNotFound, `merchant ${merchantCode} does not exist`);
      if (before.status === status) return;
      await this.merchants.setStatus(tx, merchantCode, status);
      await this.audit.append(tx, {
        ...byAudit(by),
        action: status === 'active' ? 'merchant.activate' : 'merchant.deactivate',
        target: merchantCode,
        before: { status: before.status },
        after: { status },
      });
      await this.broadcast.publish(tx, merchantCode);
    });
    this.credentials.forgetMerchant(merchantCode);
    return this.getMerchant(merchantCode);
  }
}

function byAudit(by: OperatorAction): { actor: string; correlationId: string } {
  return { actor: by.actor, correlationId: by.correlationId };
}

function view(merchant: MerchantRow): MerchantView {
  return {
    merchant_code: merchant.merchant_code,
    account_number: merchant.account_number,
    name: merchant.name,
    base_currency: merchant.base_currency,
  };
}
