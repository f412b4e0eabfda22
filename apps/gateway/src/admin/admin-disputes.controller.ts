import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdvanceDispute,
  DISPUTE_STATUSES,
  ENVIRONMENTS,
  OperatorListDisputes,
  RecordDispute,
  RecordDisputeBodySchema,
  type RequestOf,
  Errors,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { idempotencyKeyOf, requestFingerprint } from '../api/v3-headers';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { PagingQuerySchema } from '../validation/paging';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import type { WithoutOperator } from '@platform/contracts';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const QueueQuerySchema = PagingQuerySchema.extend({ environment: z.enum(ENVIRONMENTS).optional(), status: z.enum(DISPUTE_STATUSES).optional() }).strict();
const DisputeIdSchema = z.string().uuid('must be a UUID');
const ResolveBodySchema = z.object({ outcome: z.enum(['won', 'lost']) }).strict();
const EmptyBodySchema = z.object({}).strict();

/** Disputes from the banks: recorded (the balance is debited), reviewed, defended and resolved by operators; audited. */
@Controller('admin/v1/disputes')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminDisputesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @OperatorRoute({
    summary: 'Disputes of every merchant',
    responses: { 200: { description: 'A page of disputes with merchant_code' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown, @Req() request: FastifyRequest) {
    const { page, per_page, environment, status } = parseOrReject(QueueQuerySchema, query);
    return this.rpc.request(OperatorListDisputes, { page, per_page, environment, status: status ?? null }, { correlationId: request.correlationId });
  }

  @Post()
  @HttpCode(201)
  @OperatorRoute({
    // Recording debits the merchant's wallet at once: money, not support work.
    may: 'money',
    summary: 'Record a dispute a bank raised; its amount is debited from the API wallet at once',
    body: RecordDisputeBodySchema,
    responses: { 201: { description: 'The dispute' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ReversalPaymentNotPaid, Errors.IdempotencyConflict],
  })
  async record(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const idempotencyKey = idempotencyKeyOf(request);
    const fields = parseOrReject(RecordDisputeBodySchema, body);
    const { created, ...dispute } = await this.rpc.request(
      RecordDispute,
      { ...fields, idempotency_key: idempotencyKey, fingerprint: requestFingerprint(request, null), operator: request.operator! },
      { correlationId: request.correlationId },
    );
    void reply.status(created ? 201 : 200);
    return dispute;
  }

  @Post(':id/under-review')
  @HttpCode(200)
  @OperatorRoute({
    may: 'disputes',
    summary: 'Move an open dispute to under_review',
    responses: { 200: { description: 'The dispute' } },
    errors: [Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  underReview(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    return this.advance(request, { id: parseOrReject(DisputeIdSchema, id), action: 'under_review' });
  }

  @Post(':id/evidence-submitted')
  @HttpCode(200)
  @OperatorRoute({
    may: 'disputes',
    summary: "Mark the platform's defence as submitted to the bank (evidence_submitted_at)",
    responses: { 200: { description: 'The dispute' } },
    errors: [Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  evidenceSubmitted(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    parseOrReject(EmptyBodySchema, body ?? {});
    return this.advance(request, { id: parseOrReject(DisputeIdSchema, id), action: 'evidence_submitted' });
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @OperatorRoute({
    may: 'money',
    summary: 'Resolve won (the amount is credited back) or lost',
    body: ResolveBodySchema,
    responses: { 200: { description: 'The dispute' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  resolve(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { outcome } = parseOrReject(ResolveBodySchema, body);
    return this.advance(request, { id: parseOrReject(DisputeIdSchema, id), action: 'resolve', outcome });
  }

  /** The step as the authenticated operator's: disputes announces the audit entry in the transaction of the change (ADR 0039). */
  private async advance(request: FastifyRequest, step: WithoutOperator<RequestOf<typeof AdvanceDispute>>) {
    const result = await this.rpc.request(AdvanceDispute, { ...step, operator: request.operator! } as RequestOf<typeof AdvanceDispute>, {
      correlationId: request.correlationId,
    });
    return result.after;
  }
}
