import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DecideWithdrawal, ENVIRONMENTS, OperatorListWithdrawals, WITHDRAWAL_STATUSES, type RequestOf, text, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { PagingQuerySchema } from '../validation/paging';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import type { WithoutOperator } from '@platform/contracts';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const QueueQuerySchema = PagingQuerySchema.extend({ environment: z.enum(ENVIRONMENTS).optional(), status: z.enum(WITHDRAWAL_STATUSES).optional() }).strict();
const WithdrawalIdSchema = z.string().uuid('must be a UUID');
const SendBodySchema = z.object({ tx_hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters') }).strict();
const RejectBodySchema = z.object({ reason: text({ min: 3, max: 500 }) }).strict();

/** The operators' sending of USDT withdrawals by hand: the queue, send with the hash, reject with a reason; audited. */
@Controller('admin/v1/withdrawals')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminWithdrawalsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @OperatorRoute({
    summary: 'Withdrawals of every merchant (default: requested)',
    responses: { 200: { description: 'A page of withdrawals with merchant_code' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  queue(@Query() query: unknown, @Req() request: FastifyRequest) {
    const { page, per_page, environment, status } = parseOrReject(QueueQuerySchema, query);
    return this.rpc.request(OperatorListWithdrawals, { page, per_page, environment, status: status ?? 'requested' }, { correlationId: request.correlationId });
  }

  @Post(':id/approve')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Approve a requested withdrawal: above the four-eyes amount of its currency, another operator then sends it',
    responses: { 200: { description: 'The withdrawal, with approved_by' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  approve(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(z.object({}).strict(), body ?? {});
    return this.decide(request, { id: parseOrReject(WithdrawalIdSchema, id), action: 'approve' });
  }

  @Post(':id/send')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary:
      'Record the USDT as sent with its chain transaction hash; the reservation is consumed. From the four-eyes amount of its currency, only after another operator approved it',
    body: SendBodySchema,
    responses: { 200: { description: 'The withdrawal' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict, Errors.SecondOperatorRequired],
  })
  send(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { tx_hash } = parseOrReject(SendBodySchema, body);
    return this.decide(request, { id: parseOrReject(WithdrawalIdSchema, id), action: 'send', tx_hash });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Reject with a reason; the amount returns to the balance',
    body: RejectBodySchema,
    responses: { 200: { description: 'The withdrawal' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  reject(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { reason } = parseOrReject(RejectBodySchema, body);
    return this.decide(request, { id: parseOrReject(WithdrawalIdSchema, id), action: 'reject', reason });
  }

  /**
   * The decision as the authenticated operator's: payouts applies the four-eyes rule to it and
   * announces the audit entry in the transaction of the change (ADR 0039).
   */
  private async decide(request: FastifyRequest, decision: WithoutOperator<RequestOf<typeof DecideWithdrawal>>) {
    const result = await this.rpc.request(DecideWithdrawal, { ...decision, operator: request.operator! } as RequestOf<typeof DecideWithdrawal>, {
      correlationId: request.correlationId,
    });
    return result.after;
  }
}
