import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Errors, ListPanelAudit, PagingQuerySchema, PanelInviteUser, text } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { MerchantsService } from '../merchants/merchants.service';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import { InviteMerchantUserSchema, InvitedMerchantUserSchema } from './admin-schemas';

/**
 * Merchant users live in the merchant panel (ADR 0035): the gateway checks the merchant and asks
 * the panel to invite the address. The panel mails the one-time link (neither answer carries it)
 * and announces the operator's invitation for the audit log from the transaction that makes the
 * user (ADR 0039). The panel's audit log (what the merchant's users did there, each with the
 * user) is read through the panel too. Without a panel answering, a call ends as
 * any unanswered command does: 503 1000009 after the RPC timeout.
 */
const PanelAuditQuerySchema = PagingQuerySchema.extend({ action: text({ min: 1, max: 100 }).optional() }).strict();

@Controller('admin/v1/merchants')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminMerchantUsersController {
  constructor(
    private readonly merchants: MerchantsService,
    private readonly rpc: RpcClient,
  ) {}

  @Post(':merchantCode/users')
  @HttpCode(201)
  @OperatorRoute({
    may: 'merchant_users',
    summary: 'Invite a user to the merchant panel; the panel mails them a one-time link',
    body: InviteMerchantUserSchema,
    responses: { 201: { description: 'The invited user', schema: InvitedMerchantUserSchema } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound, Errors.ResourceStateConflict],
  })
  async invite(@Param('merchantCode') merchantCode: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { email, role } = parseOrReject(InviteMerchantUserSchema, body);
    const merchant = await this.merchants.findMerchant(merchantCode);
    const invited = await this.rpc.request(
      PanelInviteUser,
      { merchant_code: merchant.merchant_code, email, role, invited_by: request.operator ?? 'operator' },
      { correlationId: request.correlationId },
    );
    return invited;
  }

  @Get(':merchantCode/panel-audit-log')
  @OperatorRoute({
    summary: "Read what the merchant's users did in the merchant panel, newest first, each with the user",
    query: PanelAuditQuerySchema,
    responses: { 200: { description: '{data, meta}', schema: ListPanelAudit.reply } },
    errors: [Errors.RequestSchemaInvalid, Errors.ResourceNotFound],
  })
  async panelAudit(@Param('merchantCode') merchantCode: string, @Query() query: unknown, @Req() request: FastifyRequest) {
    const { page, per_page, action } = parseOrReject(PanelAuditQuerySchema, query);
    const merchant = await this.merchants.findMerchant(merchantCode);
    return this.rpc.request(
      ListPanelAudit,
      { merchant_code: merchant.merchant_code, action: action ?? null, page, per_page },
      { correlationId: request.correlationId },
    );
  }
}
