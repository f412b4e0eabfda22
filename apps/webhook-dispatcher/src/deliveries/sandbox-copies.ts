import { Inject, Injectable } from '@nestjs/common';
import { SandboxWebhookCopyV1, type MerchantEnvironment } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { CONFIG, Clock, masterKey } from '@platform/service-kit';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { signedHeaders, type SignedPart } from './webhook-signer';

const outbox = new OutboxWriter(DATABASE.schema);

/**
 * Every sandbox notification is also written, signed as its first attempt is, to the sandbox
 * copies topic (through the outbox, in the intake's transaction), whether or not the
 * environment has a webhook address: `card-platform listen` sessions forward it to a
 * developer's local server (ADR 0032). Live notifications never are.
 */
@Injectable()
export class SandboxCopies {
  private readonly masterKey: Buffer;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly clock: Clock,
  ) {
    this.masterKey = masterKey(config);
  }

  async append(tx: SqlExecutor, notification: SignedPart & { merchant_code: string }, merchant: MerchantEnvironment): Promise<void> {
    if (notification.environment !== 'sandbox') return;
    const headers = signedHeaders(notification, merchant, this.masterKey, this.clock.now());
    if (!headers) return;
    await outbox.append(tx, {
      event: SandboxWebhookCopyV1,
      key: notification.merchant_code,
      payload: {
        merchant_code: notification.merchant_code,
        scheme: notification.scheme,
        event_id: notification.event_id,
        event_type: notification.event_type,
        headers,
        body: notification.body,
      },
    });
  }
}
