import { Body, Controller, Param, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RATED_CURRENCIES, SetFxRate, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const RateBodySchema = z.object({ usd_per_unit: z.string() }).strict();
const CurrencySchema = z.enum(RATED_CURRENCIES);

/** FX rates used to check payment limits in the account's base currency. */
@Controller('admin/v1/fx-rates')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminFxRatesController {
  constructor(private readonly rpc: RpcClient) {}

  @Put(':currency')
  @OperatorRoute({
    may: 'rates',
    summary: 'Set the rate of a currency in USD per unit',
    body: RateBodySchema,
    responses: { 200: { description: 'The rate as stored' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  async set(@Param('currency') currency: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<unknown> {
    const code = parseOrReject(CurrencySchema, currency);
    const { usd_per_unit } = parseOrReject(RateBodySchema, body);
    const result = await this.rpc.request(
      SetFxRate,
      { currency_code: code, usd_per_unit, operator: request.operator! },
      { correlationId: request.correlationId },
    );
    return result.after;
  }
}
