import { Controller, Get, Param, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BinInfoSchema, BinLookup, type BinInfo, Errors } from '@platform/contracts';
import { ApiRoute } from '../openapi/api-route.decorator';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V4AuthGuard } from '../auth/guards';
import { parseOrReject } from '../validation/parse-or-reject';

const BinQuerySchema = z.object({ amount: z.string({ required_error: 'is required' }) });

@Controller('api/v4/bins')
@UseGuards(V4AuthGuard)
export class V4BinsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':bin')
  @ApiRoute({
    summary: 'Look up a BIN: payment_mode says whether to collect the card (direct) or use the hosted page',
    tag: 'Direct API v4',
    security: 'v4Signature',
    query: BinQuerySchema,
    responses: { 200: { description: 'BIN information', schema: z.object({ data: BinInfoSchema }) } },
    errors: [Errors.RequestSchemaInvalid, Errors.BinMalformed, Errors.OrderAmountRefused, Errors.BinUnknown, Errors.BinNoChannel],
  })
  async lookup(
    @Param('bin') bin: string,
    @Query() query: unknown,
    @AuthCaller() caller: AuthenticatedCaller,
    @Req() request: FastifyRequest,
  ): Promise<{ data: BinInfo }> {
    const { amount } = parseOrReject(BinQuerySchema, query);
    const data = await this.rpc.request(BinLookup, { bin, amount }, { caller, correlationId: request.correlationId });
    return { data };
  }
}
