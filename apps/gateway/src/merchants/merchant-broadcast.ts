import { Injectable } from '@nestjs/common';
import { ENVIRONMENTS, MerchantEnvironmentChanged, merchantEnvironmentKey } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { MerchantRepository } from './merchant.repository';

/**
 * Puts the current state of a merchant's environments on the compacted reference topic,
 * through the outbox, in the transaction that changed it: every service's local copy
 * converges on what the gateway committed, and never on what it rolled back.
 */
@Injectable()
export class MerchantBroadcast {
  private readonly outbox = new OutboxWriter(DATABASE.schema);

  constructor(private readonly merchants: MerchantRepository) {}

  async publish(tx: SqlExecutor, merchantCode: string): Promise<void> {
    const merchant = await this.merchants.findMerchant(tx, merchantCode);
    if (!merchant) return;
    const version = await this.merchants.nextBroadcastVersion(tx, merchantCode);
    for (const environment of ENVIRONMENTS) {
      const settings = await this.merchants.findSettings(tx, merchantCode, environment);
      if (!settings) continue;
      const { ip_allowlist: _allowlist, ...shared } = settings;
      const key = await this.merchants.newestKey(tx, merchantCode, environment);
      await this.outbox.append(tx, {
        event: MerchantEnvironmentChanged,
        key: merchantEnvironmentKey(merchantCode, environment),
        payload: {
          ...shared,
          account_number: merchant.account_number,
          name: merchant.name,
          base_currency: merchant.base_currency,
          status: merchant.status,
          signing_key: key ? { api_key: key.api_key, key_version: key.key_version, sealed_secret: key.secret_sealed } : null,
          version,
        },
      });
    }
  }
}
