import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreateSandboxDispute,
  DisputeSchema,
  EvidenceBodySchema,
  GetDispute,
  ListDisputes,
  PaginationMetaSchema,
  SandboxDisputeBodySchema,
  SubmitEvidence,
  Errors,
  DisputeListQuerySchema,
  ResourceIdSchema as DisputeIdSchema,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { idempotencyKeyOf, requestDigest, requestFingerprint } from './v3-headers';

/** Disputes raised by the banks, and the merchant's written evidence. */
@Controller('api/v3')
@UseGuards(V3AuthGuard)
export class V3DisputesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('disputes')
  @ApiRoute({
    summary: 'Disputes of the caller, newest first',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    query: DisputeListQuerySchema,
    responses: { 200: { description: 'A page of disputes', schema: z.object({ data: z.array(DisputeSchema), meta: PaginationMetaSchema }) } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const { page, per_page, status } = parseOrReject(DisputeListQuerySchema, query);
    return this.rpc.request(ListDisputes, { page, per_page, status: status ?? null }, { caller, correlationId: request.correlationId });
  }

  @Get('disputes/:id')
  @ApiRoute({
    summary: 'One dispute of the caller',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The dispute', schema: DisputeSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  get(@Param('id') id: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(GetDispute, { id: parseOrReject(DisputeIdSchema, id) }, { caller, correlationId: request.correlationId });
  }

  @Post('disputes/:id/evidence')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Submit the evidence note before evidence_due_at; a new Idempotency-Key replaces the earlier note, an identical repeat returns the original body',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    body: EvidenceBodySchema,
    responses: { 200: { description: 'The dispute, status unchanged', schema: DisputeSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict, Errors.IdempotencyConflict],
  })
  evidence(@Param('id') id: string, @Body() body: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const disputeId = parseOrReject(DisputeIdSchema, id);
    const idempotencyKey = idempotencyKeyOf(request);
    const evidence = parseOrReject(EvidenceBodySchema, body);
    return this.rpc.request(
      SubmitEvidence,
      { id: disputeId, body: evidence, fingerprint: requestFingerprint(request, null), request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
  }

  @Post('sandbox/disputes')
  @HttpCode(201)
  @ApiRoute({
    summary: 'Sandbox only: open a dispute on a paid sandbox payment in the scenario state (open, won, lost)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    body: SandboxDisputeBodySchema,
    responses: { 201: { description: 'The dispute; an identical repeat returns the same dispute', schema: DisputeSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.AuthCredentialsInvalid, Errors.IdempotencyConflict, Errors.ReversalPaymentNotPaid],
  })
  sandbox(@Body() body: unknown, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    const idempotencyKey = idempotencyKeyOf(request);
    const dispute = parseOrReject(SandboxDisputeBodySchema, body);
    return this.rpc.request(
      CreateSandboxDispute,
      { body: dispute, fingerprint: requestFingerprint(request, null), request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
  }
}
