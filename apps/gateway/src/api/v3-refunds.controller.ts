import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GetReversal,
  ListReversals,
  PaginationMetaSchema,
  RequestReversal,
  RequestReversalBodySchema,
  ReversalSchema,
  type Reversal,
  Errors,
  ReversalListQuerySchema,
  ResourceIdSchema as ReversalIdSchema,
  REFUND_SCENARIOS,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { idempotencyKeyOf, requestDigest, requestFingerprint, sandboxScenario } from './v3-headers';

/** Refunds and voids of paid payments, and their tracking. */
@Controller('api/v3/refunds')
@UseGuards(V3AuthGuard)
export class V3RefundsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(202)
  @ApiRoute({
    summary: 'Request a refund or void of a paid payment (live: reviewed by an operator; sandbox: by X-CAV-Sandbox-Scenario)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    sandboxScenarios: REFUND_SCENARIOS,
    body: RequestReversalBodySchema,
    responses: { 202: { description: 'The reversal; a repeat with the same Idempotency-Key returns the original body', schema: ReversalSchema } },
    errors: [
      Errors.RequestSchemaInvalid,
      Errors.ResourceNotFound,
      Errors.IdempotencyScenarioMismatch,
      Errors.IdempotencyConflict,
      Errors.ReversalPaymentNotPaid,
      Errors.ReversalAlreadyExists,
      Errors.BalanceInsufficient,
    ],
  })
  async request(
    @Body() body: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Reversal> {
    const idempotencyKey = idempotencyKeyOf(request);
    const scenario = sandboxScenario(request, caller.environment, REFUND_SCENARIOS);
    const reversal = parseOrReject(RequestReversalBodySchema, body);
    const result = await this.rpc.request(
      RequestReversal,
      { body: reversal, fingerprint: requestFingerprint(request, scenario), scenario, request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
    if (result.scenario) void reply.header('X-CAV-Sandbox-Scenario', result.scenario);
    return result.reversal;
  }

  @Get()
  @ApiRoute({
    summary: 'Reversals of the caller, newest first',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    query: ReversalListQuerySchema,
    responses: { 200: { description: 'A page of reversals', schema: z.object({ data: z.array(ReversalSchema), meta: PaginationMetaSchema }) } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const { page, per_page, status, operation_type } = parseOrReject(ReversalListQuerySchema, query);
    return this.rpc.request(
      ListReversals,
      { page, per_page, status: status ?? null, operation_type: operation_type ?? null },
      { caller, correlationId: request.correlationId },
    );
  }

  @Get(':id')
  @ApiRoute({
    summary: 'One reversal of the caller',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The reversal', schema: ReversalSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  get(@Param('id') id: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(GetReversal, { id: parseOrReject(ReversalIdSchema, id) }, { caller, correlationId: request.correlationId });
  }
}
