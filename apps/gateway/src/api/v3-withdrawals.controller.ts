import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GetWithdrawal,
  ListWithdrawals,
  PaginationMetaSchema,
  RequestWithdrawal,
  RequestWithdrawalBodySchema,
  WithdrawalSchema,
  type Withdrawal,
  Errors,
  WithdrawalListQuerySchema,
  ResourceIdSchema as WithdrawalIdSchema,
  WITHDRAWAL_SCENARIOS,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { idempotencyKeyOf, requestDigest, requestFingerprint, sandboxScenario } from './v3-headers';

/** USDT (TRC20) withdrawals from the API wallet. */
@Controller('api/v3/withdrawals')
@UseGuards(V3AuthGuard)
export class V3WithdrawalsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(201)
  @ApiRoute({
    summary: 'Request a USDT withdrawal; the amount is reserved (live: sent by an operator; sandbox: by X-CAV-Sandbox-Scenario)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    sandboxScenarios: WITHDRAWAL_SCENARIOS,
    body: RequestWithdrawalBodySchema,
    responses: { 201: { description: 'The withdrawal; a repeat with the same Idempotency-Key returns the original body', schema: WithdrawalSchema } },
    errors: [
      Errors.RequestSchemaInvalid,
      Errors.WithdrawalBurnAddressRefused,
      Errors.IdempotencyScenarioMismatch,
      Errors.WithdrawalBelowMinimum,
      Errors.BalanceInsufficient,
      Errors.WithdrawalAboveDailyLimit,
      Errors.WithdrawalBlockedNegativeBalance,
      Errors.IdempotencyConflict,
    ],
  })
  async request(
    @Body() body: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Withdrawal> {
    const idempotencyKey = idempotencyKeyOf(request);
    const scenario = sandboxScenario(request, caller.environment, WITHDRAWAL_SCENARIOS);
    const withdrawal = parseOrReject(RequestWithdrawalBodySchema, body);
    const result = await this.rpc.request(
      RequestWithdrawal,
      { body: withdrawal, fingerprint: requestFingerprint(request, scenario), scenario, request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
    if (result.scenario) void reply.header('X-CAV-Sandbox-Scenario', result.scenario);
    return result.withdrawal;
  }

  @Get()
  @ApiRoute({
    summary: 'Withdrawals of the caller, newest first',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    query: WithdrawalListQuerySchema,
    responses: { 200: { description: 'A page of withdrawals', schema: z.object({ data: z.array(WithdrawalSchema), meta: PaginationMetaSchema }) } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const { page, per_page, status } = parseOrReject(WithdrawalListQuerySchema, query);
    return this.rpc.request(ListWithdrawals, { page, per_page, status: status ?? null }, { caller, correlationId: request.correlationId });
  }

  @Get(':id')
  @ApiRoute({
    summary: 'One withdrawal of the caller',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The withdrawal', schema: WithdrawalSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  get(@Param('id') id: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(GetWithdrawal, { id: parseOrReject(WithdrawalIdSchema, id) }, { caller, correlationId: request.correlationId });
  }
}
