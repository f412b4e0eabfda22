import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DecideReversal, ENVIRONMENTS, OperatorListReversals, REVERSAL_STATUSES, type RequestOf, text, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { PagingQuerySchema } from '../validation/paging';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import type { WithoutOperator } from '@platform/contracts';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const QueueQuerySchema = PagingQuerySchema.extend({
  environment: z.enum(ENVIRONMENTS).optional(),
  status: z.enum(REVERSAL_STATUSES).optional(),
  operation_type: z.enum(['refund', 'void']).optional(),
}).strict();
const ReversalIdSchema = z.string().uuid('must be a UUID');
const CompleteBodySchema = z.object({ provider_reference: text({ min: 1, max: 100 }) }).strict();
const EmptyBodySchema = z.object({}).strict();

/** The operators' review of refunds and voids: the queue, and every decision audited. */
@Controller('admin/v1/reversals')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminReversalsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @OperatorRoute({
    summary: 'Reversals of every merchant (default: the review queue, status requested)',
    responses: { 200: { description: 'A page of reversals with merchant_code' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  queue(@Query() query: unknown, @Req() request: FastifyRequest) {
    const { page, per_page, environment, status, operation_type } = parseOrReject(QueueQuerySchema, query);
    return this.rpc.request(
      OperatorListReversals,
      { page, per_page, environment, status: status ?? 'requested', operation_type: operation_type ?? null },
      { correlationId: request.correlationId },
    );
  }

  @Post(':id/approve')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Approve: the amount is reserved, the refund awaits the provider',
    responses: { 200: { description: 'The reversal' } },
    errors: [Errors.ResourceNotFound, Errors.ResourceStateConflict, Errors.BalanceInsufficient],
  })
  approve(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    return this.decide(request, { id: parseOrReject(ReversalIdSchema, id), action: 'approve' });
  }

  @Post(':id/complete')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary:
      "Record the provider's refund reference: completed, the ledger is debited, payment.refunded is sent for a refund. From the four-eyes amount of its currency, not by the operator who approved it",
    body: CompleteBodySchema,
    responses: { 200: { description: 'The reversal' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict, Errors.SecondOperatorRequired],
  })
  complete(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { provider_reference } = parseOrReject(CompleteBodySchema, body);
    return this.decide(request, { id: parseOrReject(ReversalIdSchema, id), action: 'complete', provider_reference });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Reject before completion; a reservation is released',
    responses: { 200: { description: 'The reversal' } },
    errors: [Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  reject(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    return this.decide(request, { id: parseOrReject(ReversalIdSchema, id), action: 'reject' });
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Cancel before completion; a reservation is released',
    responses: { 200: { description: 'The reversal' } },
    errors: [Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  cancel(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    return this.decide(request, { id: parseOrReject(ReversalIdSchema, id), action: 'cancel' });
  }

  /**
   * The decision as the authenticated operator's: payments-v3 applies the four-eyes rule to it
   * and announces the audit entry in the transaction of the change (ADR 0039).
   */
  private async decide(request: FastifyRequest, decision: WithoutOperator<RequestOf<typeof DecideReversal>>) {
    const result = await this.rpc.request(DecideReversal, { ...decision, operator: request.operator! } as RequestOf<typeof DecideReversal>, {
      correlationId: request.correlationId,
    });
    return result.after;
  }
}
