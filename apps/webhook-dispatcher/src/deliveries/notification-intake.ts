import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderFailed, OrderSucceeded, PaymentFailed, PaymentPaid, PaymentRefunded, type Environment } from '@platform/contracts';
import { EventConsumer, type ReceivedEvent } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { MerchantSettings, Clock } from '@platform/service-kit';
import { DeliveryRepository } from './delivery.repository';

interface Notification {
  scheme: 'v3' | 'v4';
  merchantCode: string;
  environment: Environment;
  paymentCode: string | null;
  /** The payment's own address (v3), or null for the environment's panel address. */
  ownUrl: string | null;
  body: unknown;
}

/**
 * Turns notification events into deliveries, once per event (inbox and a unique event
 * id). The target is the payment's webhook_url or the environment's panel address; with
 * neither, nothing is sent. The body is serialised here, once: every attempt sends these bytes.
 */
@Injectable()
export class NotificationIntake implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly settings: MerchantSettings,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const v3 = (event: ReceivedEvent<{ merchant_code: string; webhook_url: string | null; body: { environment: Environment; payment: { code: string } } }>, tx: SqlExecutor) =>
      this.accept(tx, event, {
        scheme: 'v3',
        merchantCode: event.payload.merchant_code,
        environment: event.payload.body.environment,
        paymentCode: event.payload.body.payment.code,
        ownUrl: event.payload.webhook_url,
        body: event.payload.body,
      });
    this.events.on(PaymentPaid, v3);
    this.events.on(PaymentFailed, v3);
    this.events.on(PaymentRefunded, v3);
    for (const contract of [OrderSucceeded, OrderFailed]) {
      this.events.on(contract, (event, tx) => {
        // `environment` only routes the event; the spec's body does not carry it.
        const { environment, ...body } = event.payload;
        return this.accept(tx, event, { scheme: 'v4', merchantCode: event.payload.merchant.code, environment, paymentCode: null, ownUrl: null, body });
      });
    }
  }

  private async accept(tx: SqlExecutor, event: ReceivedEvent<unknown>, notification: Notification): Promise<void> {
    const merchant = await this.settings.current({ merchantCode: notification.merchantCode, environment: notification.environment });
    // Thrown, the event is retried: the merchant's settings may still be on their way.
    if (!merchant) throw new Error(`no settings for ${notification.merchantCode}/${notification.environment}`);
    const url = notification.ownUrl ?? merchant.webhook_url;
    if (!url) return;
    await this.deliveries.insert(tx, {
      id: randomUUID(),
      event_id: event.eventId,
      event_type: event.eventType,
      scheme: notification.scheme,
      merchant_code: notification.merchantCode,
      environment: notification.environment,
      payment_code: notification.paymentCode,
      url,
      body: JSON.stringify(notification.body),
      created_at: this.clock.now(),
    });
  }
}
