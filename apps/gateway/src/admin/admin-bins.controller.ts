import { Body, Controller, Param, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BinRecordSchema, UpsertBin, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import { EnvironmentParamSchema } from './admin-schemas';

const BinBodySchema = BinRecordSchema.strict();
const BinParamSchema = z.string().regex(/^\d{6}$/, 'must be exactly six digits');

/** The operator's BIN table: which issuer a BIN belongs to and whether it pays directly or on the hosted page. */
@Controller('admin/v1/bins')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminBinsController {
  constructor(private readonly rpc: RpcClient) {}

  @Put(':environment/:bin')
  @OperatorRoute({
    may: 'platform',
    summary: 'Create or replace a BIN of the sandbox or live BIN table',
    body: BinBodySchema,
    responses: { 200: { description: 'The BIN as stored' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  async upsert(@Param('environment') environment: string, @Param('bin') bin: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<unknown> {
    const env = parseOrReject(EnvironmentParamSchema, environment);
    const binNumber = parseOrReject(BinParamSchema, bin);
    const record = parseOrReject(BinBodySchema, body);
    const result = await this.rpc.request(
      UpsertBin,
      { environment: env, bin: binNumber, record, operator: request.operator! },
      { correlationId: request.correlationId },
    );
    return result.after;
  }
}
