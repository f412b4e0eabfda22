import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, IdempotencyKeyUseQueries, IdempotencyKeyUseSchema, type IdempotencyKeyUse, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { IdempotencyKeySchema } from './v3-headers';

/** The path's key obeys the same rule as the Idempotency-Key header. */
const KeyParamSchema = z.object({ key: IdempotencyKeySchema.shape['idempotency-key'] });

/**
 * The merchant's Idempotency-Keys made visible (ADR 0034): each service keeps the keys of its
 * own operations, so every owner is asked at once and the answers are merged. A key serves one
 * request per operation, so the answer is a list of uses (usually one), oldest first.
 */
@Controller('api/v3/idempotency-keys')
@UseGuards(V3AuthGuard)
export class V3IdempotencyKeysController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':key')
  @ApiRoute({
    summary:
      'Whether and how the caller (merchant and environment of the signing key) used an Idempotency-Key: per operation, the first request (method, path, body SHA-256, scenario), its state, the status of its first answer and the resource; percent-encode the key in the path',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: {
      200: {
        description: 'Every use of the key, oldest first (one per operation it was used for)',
        schema: z.object({ data: z.array(IdempotencyKeyUseSchema) }),
      },
    },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  async inspect(@Param('key') key: string, @AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest): Promise<{ data: IdempotencyKeyUse[] }> {
    const checked = parseOrReject(KeyParamSchema, { key }).key;
    const meta = { caller, correlationId: request.correlationId };
    const answers = await Promise.all(Object.values(IdempotencyKeyUseQueries).map((query) => this.rpc.request(query, { key: checked }, meta)));
    const data = answers.flatMap((answer) => answer.uses).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.operation.localeCompare(b.operation));
    if (data.length === 0) throw new ApiError(Errors.ResourceNotFound, 'This Idempotency-Key was not used by this merchant in this environment');
    return { data };
  }
}
