import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreateOrder,
  CreateOrderBodySchema,
  GetOrder,
  OrderBodySchema,
  orderBody,
  SandboxResultBodySchema,
  SetSandboxOrderResult,
  type OrderBody,
  Errors,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { sealSecret } from '@platform/signing';
import { CONFIG, cardDataKey, cardSealContext } from '@platform/service-kit';
import type { Config } from '../config';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V4AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';

const ORDER_CALL_TIMEOUT_MS = 30000;
const OrderAnswer = z.object({ data: OrderBodySchema });

@Controller('api/v4')
@UseGuards(V4AuthGuard)
export class V4OrdersController {
  private readonly cardKey: Buffer;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(CONFIG) config: Config,
  ) {
    this.cardKey = cardDataKey(config);
  }

  @Post('orders')
  @ApiRoute({
    summary: 'Create an order: direct with card (3-D Secure follows) or hosted with bin',
    tag: 'Direct API v4',
    security: 'v4Signature',
    body: CreateOrderBodySchema,
    responses: {
      201: { description: 'The new order', schema: OrderAnswer },
      200: { description: 'A repeat with the same content: the order as it stands', schema: OrderAnswer },
    },
    errors: [
      Errors.RequestSchemaInvalid,
      Errors.AccountNotReady,
      Errors.AccountCardPaymentsOff,
      Errors.OrderAmountRefused,
      Errors.BinUnknown,
      Errors.BinNoChannel,
      Errors.CardDetailsInvalid,
      Errors.OrderDuplicateConflict,
    ],
  })
  async create(
    @Body() body: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ data: OrderBody }> {
    const order = parseOrReject(CreateOrderBodySchema, body);
    // The card leaves the edge only sealed for orders-v4, bound to this order.
    const card = order.card
      ? { sealed: sealSecret(JSON.stringify(order.card), this.cardKey, cardSealContext(caller.merchantCode, caller.environment, order.merchant_order_id)) }
      : undefined;
    const result = await this.rpc.request(
      CreateOrder,
      { merchant_order_id: order.merchant_order_id, amount: order.amount, bin: order.bin, card },
      { caller, correlationId: request.correlationId, timeoutMs: ORDER_CALL_TIMEOUT_MS },
    );
    void reply.status(result.created ? 201 : 200);
    return { data: orderBody(result.order) };
  }

  @Get('orders/:merchantOrderId')
  @ApiRoute({
    summary: 'Read an order by merchant_order_id',
    tag: 'Direct API v4',
    security: 'v4Signature',
    responses: { 200: { description: 'The order', schema: OrderAnswer } },
    errors: [Errors.OrderNotFound],
  })
  async read(
    @Param('merchantOrderId') merchantOrderId: string,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
  ): Promise<{ data: OrderBody }> {
    // Any id is a lookup: one no order can have is "no order for the value", 404 0055402 (the spec), from orders-v4.
    const order = await this.rpc.request(GetOrder, { merchant_order_id: merchantOrderId }, { caller, correlationId: request.correlationId });
    return { data: orderBody(order) };
  }

  @Post('sandbox/orders/:merchantOrderId/result')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Sandbox only: close a pending or hosted order as paid or failed',
    tag: 'Direct API v4',
    security: 'v4Signature',
    body: SandboxResultBodySchema,
    responses: { 200: { description: 'The order after the result', schema: OrderAnswer } },
    errors: [Errors.RequestSchemaInvalid, Errors.OrderNotFound, Errors.OrderStateConflict],
  })
  async sandboxResult(
    @Param('merchantOrderId') merchantOrderId: string,
    @Body() body: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
  ): Promise<{ data: OrderBody }> {
    const { result } = parseOrReject(SandboxResultBodySchema, body);
    const order = await this.rpc.request(
      SetSandboxOrderResult,
      { merchant_order_id: merchantOrderId, result },
      { caller, correlationId: request.correlationId },
    );
    return { data: orderBody(order) };
  }
}
