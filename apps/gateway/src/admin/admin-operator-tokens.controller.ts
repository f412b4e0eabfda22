import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Errors } from '@platform/contracts';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import { OPERATOR_ROLES } from '@platform/contracts';
import { OperatorTokensService } from './operator-access/operator-tokens.service';

const IssueTokenSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9._-]{2,63}$/, 'must be 3 to 64 lowercase letters, digits, dots, dashes or underscores'),
    role: z.enum(OPERATOR_ROLES),
    expires_in_days: z.number().int().min(1).max(365).default(90),
  })
  .strict();

const TokenSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** Operator tokens for automation and people (issue 22): issued, listed and revoked by admins, each change audited. */
@Controller('admin/v1/operator-tokens')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminOperatorTokensController {
  constructor(private readonly tokens: OperatorTokensService) {}

  @Post()
  @HttpCode(201)
  @OperatorRoute({
    may: 'operators',
    summary: 'Issue a named operator token with a role; the token is in this answer only',
    body: IssueTokenSchema,
    responses: { 201: { description: 'The token, shown this once', schema: TokenSchema.extend({ token: z.string() }) } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceStateConflict],
  })
  issue(@Body() body: unknown, @Req() request: FastifyRequest) {
    const input = parseOrReject(IssueTokenSchema, body);
    return this.tokens.issue(
      { name: input.name, role: input.role, expiresInDays: input.expires_in_days },
      { actor: request.operator!, correlationId: request.correlationId },
    );
  }

  @Get()
  @OperatorRoute({
    may: 'operators',
    summary: 'List the operator tokens, newest first (never the tokens themselves)',
    responses: { 200: { description: '{data}', schema: z.object({ data: z.array(TokenSchema) }) } },
  })
  async list() {
    return { data: await this.tokens.list() };
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @OperatorRoute({
    may: 'operators',
    summary: 'Revoke an operator token: calls with it are refused from the next one on',
    responses: { 200: { description: 'The revoked token', schema: TokenSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  revoke(@Param('id') id: string, @Req() request: FastifyRequest) {
    const tokenId = parseOrReject(z.string().uuid('must be the id of an operator token'), id);
    return this.tokens.revoke(tokenId, { actor: request.operator!, correlationId: request.correlationId });
  }
}
