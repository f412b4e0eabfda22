import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderFailedV1, OrderSucceededV1, PaymentFailedV1, PaymentPaidV1, PaymentRefundedV1, type Environment } from '@platform/contracts';
import { EventConsumer, type ReceivedEvent } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { MerchantSettings, Clock } from '@platform/service-kit';
import { DeliveryRepository } from './delivery.repository';
import { SandboxCopies } from './sandbox-copies';
import { orderWebhook, paymentWebhook, refundWebhook, type WebhookMessage } from './webhook-bodies';

interface Notification {
  scheme: 'v3' | 'v4';
  merchantCode: string;
  environment: Environment;
  paymentCode: string | null;
  /** The payment's own address (v3), or null for the environment's panel address. */
  ownUrl: string | null;
  message: WebhookMessage<unknown>;
}

/** A v3 notification goes to the payment's own address, or the panel's. */
function v3(
  payment: { merchant_code: string; environment: Environment; payment_code: string; webhook_url: string | null },
  message: WebhookMessage<unknown>,
): Notification {
  return {
    scheme: 'v3',
    merchantCode: payment.merchant_code,
    environment: payment.environment,
    paymentCode: payment.payment_code,
    ownUrl: payment.webhook_url,
    message,
  };
}

/**
 * Turns notification events into deliveries, once per event (inbox and a unique event
 * id). The target is the payment's webhook_url or the environment's panel address; with
 * neither, nothing is sent (a sandbox notification is still copied for listen sessions). The body is serialised here, once: every attempt sends these bytes.
 */
@Injectable()
export class NotificationIntake implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly settings: MerchantSettings,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
    private readonly sandboxCopies: SandboxCopies,
  ) {}

  onModuleInit(): void {
    this.events.on(PaymentPaidV1, (event, tx) => this.accept(tx, event, v3(event.payload, paymentWebhook('payment.paid', event, event.payload))));
    this.events.on(PaymentFailedV1, (event, tx) => this.accept(tx, event, v3(event.payload, paymentWebhook('payment.failed', event, event.payload))));
    this.events.on(PaymentRefundedV1, (event, tx) => this.accept(tx, event, v3(event.payload, refundWebhook(event, event.payload))));
    for (const contract of [OrderSucceededV1, OrderFailedV1]) {
      this.events.on(contract, (event, tx) =>
        this.accept(tx, event, {
          scheme: 'v4',
          merchantCode: event.payload.merchant_code,
          environment: event.payload.environment,
          paymentCode: null,
          ownUrl: null,
          message: orderWebhook(event, event.payload),
        }),
      );
    }
  }

  private async accept(tx: SqlExecutor, event: ReceivedEvent<unknown>, notification: Notification): Promise<void> {
    const merchant = await this.settings.current({ merchantCode: notification.merchantCode, environment: notification.environment });
    // Thrown, the event is retried: the merchant's settings may still be on their way.
    if (!merchant) throw new Error(`no settings for ${notification.merchantCode}/${notification.environment}`);
    const signed = {
      event_id: event.eventId,
      event_type: notification.message.eventType,
      scheme: notification.scheme,
      merchant_code: notification.merchantCode,
      environment: notification.environment,
      body: JSON.stringify(notification.message.body),
    };
    await this.sandboxCopies.append(tx, signed, merchant);
    const url = notification.ownUrl ?? merchant.webhook_url;
    if (!url) return;
    await this.deliveries.insert(tx, { ...signed, id: randomUUID(), payment_code: notification.paymentCode, url, created_at: this.clock.now() });
  }
}
