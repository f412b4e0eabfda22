import { Body, Controller, HttpCode, Param, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Errors, PanelInviteUser } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuditService } from '../merchants/audit.service';
import { MerchantsService } from '../merchants/merchants.service';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';
import { InviteMerchantUserSchema, InvitedMerchantUserSchema } from './admin-schemas';

/**
 * Merchant users live in the merchant panel (ADR 0035): the gateway checks the merchant, asks
 * the panel to invite the address and records the operator's call. The panel mails the one-time
 * link; neither answer carries it. Without a panel answering, the call ends as any unanswered
 * command does: 503 1000009 after the RPC timeout.
 */
@Controller('admin/v1/merchants')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminMerchantUsersController {
  constructor(
    private readonly merchants: MerchantsService,
    private readonly rpc: RpcClient,
    private readonly audit: AuditService,
  ) {}

  @Post(':merchantCode/users')
  @HttpCode(201)
  @OperatorRoute({
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
    await this.audit.recordOperatorChange(request, { action: 'merchant_user.invite', target: merchant.merchant_code, before: null, after: invited });
    return invited;
  }
}
