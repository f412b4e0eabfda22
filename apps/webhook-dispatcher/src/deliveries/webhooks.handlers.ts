import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, GetWebhookDelivery, IdempotencyKeyUseQueries, ListWebhookDeliveries, RetryWebhookDelivery, Errors } from '@platform/contracts';
import { RpcServer, callerOf } from '@platform/messaging';
import { DeliveryQueryService } from './delivery-query.service';

@Injectable()
export class WebhooksHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly queries: DeliveryQueryService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(ListWebhookDeliveries, (request, context) => this.queries.list(callerOf(context), request));
    this.rpc.handle(GetWebhookDelivery, (request, context) => this.queries.get(callerOf(context), request.id, request.accept_language));
    this.rpc.handle(RetryWebhookDelivery, (request, context) => {
      if (!context.idempotencyKey)
        throw new ApiError(Errors.RequestSchemaInvalid, 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
      return this.queries.retry(callerOf(context), request.id, context.idempotencyKey, request.accept_language, request.request_digest);
    });
    this.rpc.handle(IdempotencyKeyUseQueries.webhooks, async (request, context) => ({ uses: await this.queries.keyUses(callerOf(context), request.key) }));
  }
}
