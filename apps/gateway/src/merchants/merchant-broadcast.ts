import { Injectable } from '@nestjs/common';
import { ENVIRONMENTS, MerchantEnvironmentChanged, merchantEnvironmentKey } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { MerchantRepository } from './merchant.repository';
import { Clock } from '@platform/service-kit';

/**
 * Puts the current state of a merchant's environments on the compacted reference topic,
 * through the outbox, in the transaction that changed it: every service's local copy
 * converges on what the gateway committed, and never on what it rolled back.
 */
@Injectable()
export class MerchantBroadcast {
  private readonly outbox = new OutboxWriter(DATABASE.schema);

  constructor(
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
  ) {}

  async publish(tx: SqlExecutor, merchantCode: string): Promise<void> {
    const merchant = await this.merchants.findMerchant(tx, merchantCode);
    if (!merchant) return;
    const version = await this.merchants.nextBroadcastVersion(tx, merchantCode);
    for (const environment of ENVIRONMENTS) {
      const settings = await this.merchants.findSettings(tx, merchantCode, environment);
      if (!settings) continue;
      const { ip_allowlist: _allowlist, ...shared } = settings;
      const keys = await this.merchants.workingKeys(tx, merchantCode, environment, this.clock.now());
      // Sign with the key the merchant has confirmed by using it; a rotated key hands over to the newest when it stops.
      const signing = keys.find((candidate) => candidate.first_used_at) ?? keys[0];
      const newest = keys[0];
      await this.outbox.append(tx, {
        event: MerchantEnvironmentChanged,
        key: merchantEnvironmentKey(merchantCode, environment),
        payload: {
          ...shared,
          account_number: merchant.account_number,
          name: merchant.name,
          base_currency: merchant.base_currency,
          status: merchant.status,
          signing_key: signing
            ? {
                api_key: signing.api_key,
                key_version: signing.key_version,
                sealed_secret: signing.secret_sealed,
                expires_at: signing.expires_at ? new Date(signing.expires_at).toISOString() : null,
              }
            : null,
          next_signing_key:
            newest && newest !== signing ? { api_key: newest.api_key, key_version: newest.key_version, sealed_secret: newest.secret_sealed } : null,
          version,
        },
      });
    }
  }
}
