import { Body, Controller, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreatePayment,
  CreatePaymentBodySchema,
  GetPayment,
  PAYMENT_CODE,
  PaymentBodySchema,
  paymentBody,
  type PaymentBody,
  Errors,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { OwnTextRules } from '../edge/text-safety';
import { parseOrReject } from '../validation/parse-or-reject';
import { headerOf, idempotencyKeyOf, requestDigest, requestFingerprint } from './v3-headers';

const PaymentCodeSchema = z.string().regex(PAYMENT_CODE, 'must be 4 to 16 lowercase characters');

/** Hosted payments, v3: create (Idempotency-Key required) and read by code. */
@Controller('api/v3/payments')
@UseGuards(V3AuthGuard)
export class V3PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @OwnTextRules('return_url')
  @ApiRoute({
    summary: 'Create a hosted payment; send the customer to payment_url',
    tag: 'Payments API v3',
    security: 'v3Signature',
    idempotencyKey: true,
    body: CreatePaymentBodySchema,
    responses: {
      201: { description: 'The new payment', schema: PaymentBodySchema },
      200: { description: 'A repeat with the same Idempotency-Key: the original payment', schema: PaymentBodySchema },
    },
    errors: [
      Errors.RequestSchemaInvalid,
      Errors.AccountNotReady,
      Errors.AccountCardPaymentsOff,
      Errors.PaymentAmountOutsideLimits,
      Errors.PaymentReferenceReused,
      Errors.PaymentReturnUrlInvalid,
      Errors.IdempotencyConflict,
      Errors.IdempotencyScenarioMismatch,
    ],
  })
  async create(
    @Body() body: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PaymentBody> {
    const idempotencyKey = idempotencyKeyOf(request);
    const payment = parseOrReject(CreatePaymentBodySchema, body);
    const scenario = headerOf(request, 'x-cav-sandbox-scenario') ?? null;
    const fingerprint = requestFingerprint(request, scenario);
    const result = await this.rpc.request(
      CreatePayment,
      { body: payment, fingerprint, scenario, request_digest: requestDigest(request) },
      { caller, correlationId: request.correlationId, idempotencyKey },
    );
    void reply.status(result.created ? 201 : 200);
    return paymentBody(result.payment);
  }

  @Get(':code')
  @ApiRoute({
    summary: 'Read a payment of the caller by its code',
    tag: 'Payments API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The payment', schema: PaymentBodySchema } },
    errors: [Errors.ResourceNotFound],
  })
  async read(@Param('code') code: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest): Promise<PaymentBody> {
    const payment = await this.rpc.request(GetPayment, { code: parseOrReject(PaymentCodeSchema, code) }, { caller, correlationId: request.correlationId });
    return paymentBody(payment);
  }
}
