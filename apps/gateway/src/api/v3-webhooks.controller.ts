import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GetWebhookDelivery,
  ListWebhookDeliveries,
  PaginationMetaSchema,
  RetryWebhookDelivery,
  WebhookDeliveryDetailSchema,
  WebhookDeliverySchema,
  Errors,
  DeliveryListQuerySchema,
  ResourceIdSchema as DeliveryIdSchema,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { headerOf, idempotencyKeyOf, requestDigest } from './v3-headers';

/** The merchant's webhook deliveries: list, detail with the body sent, and the retry of a failed one. */
@Controller('api/v3/webhooks/deliveries')
@UseGuards(V3AuthGuard)
export class V3WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiRoute({
    summary: 'Webhook deliveries, newest first; last_error_message follows Accept-Language (tr or en)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    query: DeliveryListQuerySchema,
    responses: { 200: { description: 'A page of deliveries', schema: z.object({ data: z.array(WebhookDeliverySchema), meta: PaginationMetaSchema }) } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const { page, per_page, status } = parseOrReject(DeliveryListQuerySchema, query);
    return this.rpc.request(
      ListWebhookDeliveries,
      { page, per_page, status: status ?? null, accept_language: headerOf(request, 'accept-language') },
      { caller, correlationId: request.correlationId },
    );
  }

  @Get(':id')
  @ApiRoute({
    summary: 'One delivery with the address used and the JSON body sent',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The delivery', schema: WebhookDeliveryDetailSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  detail(@Param('id') id: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(
      GetWebhookDelivery,
      { id: parseOrReject(DeliveryIdSchema, id), accept_language: headerOf(request, 'accept-language') },
      { caller, correlationId: request.correlationId },
    );
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Re-queue a failed delivery (Idempotency-Key required; a repeat returns the first answer and queues nothing)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    responses: { 200: { description: 'The re-queued delivery', schema: WebhookDeliveryDetailSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict, Errors.IdempotencyConflict],
  })
  retry(@Param('id') id: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const deliveryId = parseOrReject(DeliveryIdSchema, id);
    const idempotencyKey = idempotencyKeyOf(request);
    return this.rpc.request(
      RetryWebhookDelivery,
      { id: deliveryId, accept_language: headerOf(request, 'accept-language'), request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
  }
}
