import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdjustWallet,
  GetWalletBalances,
  ListParkedEvents,
  PaginationMetaSchema,
  ParkedEventSchema,
  ParkedEventsQuerySchema,
  ReplayParkedEvent,
  TrialBalance,
  WALLETS,
  StorableWireAmountSchema,
  WalletBalancesSchema,
  text,
  Errors,
  IdempotencyKeyTextSchema,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import { EnvironmentParamSchema } from './admin-schemas';

const AdjustmentBodySchema = z
  .object({
    wallet: z.enum(WALLETS),
    direction: z.enum(['credit', 'debit']),
    amount: StorableWireAmountSchema,
    reason: text({ min: 3, max: 500 }),
  })
  .strict();
const MerchantCodeSchema = z.string().regex(/^MRC-\d{6}$/, 'must be MRC- and six digits');

/** The books: a merchant's wallets, hand corrections (audited) and the trial balance. */
@Controller('admin/v1')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminLedgerController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('ledger/parked-events')
  @OperatorRoute({
    summary: 'Money events the ledger could not apply and parked instead of blocking: read why, fix, replay; a page at a time, or one by event_id',
    query: ParkedEventsQuerySchema,
    responses: {
      200: { description: 'Parked events not yet replayed, oldest first', schema: z.object({ data: z.array(ParkedEventSchema), meta: PaginationMetaSchema }) },
    },
    errors: [Errors.RequestSchemaInvalid],
  })
  parked(@Query() query: unknown, @Req() request: FastifyRequest) {
    return this.rpc.request(ListParkedEvents, parseOrReject(ParkedEventsQuerySchema, query), { correlationId: request.correlationId });
  }

  @Post('ledger/parked-events/:id/replay')
  @OperatorRoute({
    may: 'money',
    summary: 'Apply a parked money event again, exactly once, after its cause was fixed (audited)',
    responses: { 200: { description: 'Whether the event changed the books now (false: it had been applied before)' } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  async replay(@Param('id') id: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.rpc.request(
      ReplayParkedEvent,
      { id: parseOrReject(z.string().regex(/^\d{1,18}$/, 'must be the number of a parked event'), id), operator: request.operator! },
      { correlationId: request.correlationId },
    );
    void reply.status(200);
    return result;
  }

  @Get('merchants/:merchantCode/environments/:environment/wallets')
  @OperatorRoute({
    summary: "Every part of a merchant environment's wallets",
    responses: { 200: { description: 'Available, pending settlement and reserved per wallet', schema: WalletBalancesSchema } },
    errors: [Errors.ResourceNotFound],
  })
  wallets(@Param('merchantCode') merchantCode: string, @Param('environment') environment: string, @Req() request: FastifyRequest) {
    return this.rpc.request(
      GetWalletBalances,
      { merchant_code: parseOrReject(MerchantCodeSchema, merchantCode), environment: parseOrReject(EnvironmentParamSchema, environment) },
      { correlationId: request.correlationId },
    );
  }

  @Post('merchants/:merchantCode/environments/:environment/wallet-adjustments')
  @OperatorRoute({
    may: 'money',
    summary: "Credit or debit a wallet's available part by hand, with a reason (Idempotency-Key required)",
    body: AdjustmentBodySchema,
    responses: { 201: { description: 'The journal transaction', schema: z.object({ transaction_id: z.string().uuid(), created: z.boolean() }) } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  async adjust(@Param('merchantCode') merchantCode: string, @Param('environment') environment: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const code = parseOrReject(MerchantCodeSchema, merchantCode);
    const env = parseOrReject(EnvironmentParamSchema, environment);
    const idempotencyKey = parseOrReject(IdempotencyKeyTextSchema, request.headers['idempotency-key']);
    const adjustment = parseOrReject(AdjustmentBodySchema, body);
    // The ledger announces the audit entry with the booking (ADR 0039).
    return this.rpc.request(
      AdjustWallet,
      { ...adjustment, merchant_code: code, environment: env, idempotency_key: idempotencyKey, actor: request.operator! },
      { correlationId: request.correlationId },
    );
  }

  @Get('ledger/trial-balance')
  @OperatorRoute({
    summary: 'Proves the books: balanced transactions, running totals equal to their postings',
    responses: { 200: { description: 'The trial balance' } },
  })
  trialBalance(@Req() request: FastifyRequest) {
    return this.rpc.request(TrialBalance, {}, { correlationId: request.correlationId });
  }
}
