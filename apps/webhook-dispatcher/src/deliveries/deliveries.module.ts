import { Module } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { DeliveryQueryService } from './delivery-query.service';
import { DeliveryRepository } from './delivery.repository';
import { DispatcherService } from './dispatcher.service';
import { NotificationIntake } from './notification-intake';
import { SandboxCopies } from './sandbox-copies';
import { WebhookSender } from './webhook-sender';
import { WebhooksHandlers } from './webhooks.handlers';

@Module({
  providers: [
    { provide: WebhookSender, inject: [CONFIG], useFactory: (config: Config) => new WebhookSender({ allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK }) },
    DeliveryRepository,
    NotificationIntake,
    SandboxCopies,
    DispatcherService,
    DeliveryQueryService,
    WebhooksHandlers,
  ],
})
/** Signed webhook deliveries: intake from events, the dispatcher, and the merchant's delivery API. */
export class DeliveriesModule {}
