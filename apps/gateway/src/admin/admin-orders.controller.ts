import { Body, Controller, HttpCode, Param, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ConfirmOrderLate, orderBody, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const OrderCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an order code');
const EmptyBodySchema = z.object({}).strict();

/** Direct API orders: the bank's late confirmation, recorded by an operator (audited). */
@Controller('admin/v1/orders')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(':orderCode/bank-confirmation')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: "Record the bank's late confirmation: a failed or pending order becomes paid and checkout.order.succeeded follows",
    responses: { 200: { description: 'The order, paid' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  async confirm(@Param('orderCode') orderCode: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    const code = parseOrReject(OrderCodeSchema, orderCode);
    // orders-v4 announces the audit entry with the change (ADR 0039).
    const result = await this.rpc.request(ConfirmOrderLate, { order_code: code, operator: request.operator! }, { correlationId: request.correlationId });
    return orderBody(result.after);
  }
}
