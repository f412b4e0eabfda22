import { AdminOperatorTokensController } from './admin/admin-operator-tokens.controller';
import { OperatorTokensService } from './admin/operator-access/operator-tokens.service';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi/openapi.controller';
import { DocsSiteController } from './docs-site/docs-site.controller';
import { OpenApiDocument } from './openapi/openapi-document';
import { AdminAuditController } from './admin/admin-audit.controller';
import { AdminBinsController } from './admin/admin-bins.controller';
import { AdminFxRatesController } from './admin/admin-fx-rates.controller';
import { AdminAuthGuard } from './admin/admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin/admin-read-audit.interceptor';
import { AuditService } from './merchants/audit.service';
import { MerchantBroadcast } from './merchants/merchant-broadcast';
import { AdminMerchantsController } from './admin/admin-merchants.controller';
import { AdminMerchantUsersController } from './admin/admin-merchant-users.controller';
import { V3ServiceStatusController } from './api/v3-service-status.controller';
import { V3BalanceController } from './api/v3-balance.controller';
import { V3WebhooksController } from './api/v3-webhooks.controller';
import { V3RefundsController } from './api/v3-refunds.controller';
import { V3WithdrawalsController } from './api/v3-withdrawals.controller';
import { V3DisputesController } from './api/v3-disputes.controller';
import { V3IdempotencyKeysController } from './api/v3-idempotency-keys.controller';
import { AdminDisputesController } from './admin/admin-disputes.controller';
import { AdminWithdrawalsController } from './admin/admin-withdrawals.controller';
import { AdminMaintenanceController } from './admin/admin-maintenance.controller';
import { AdminOrdersController } from './admin/admin-orders.controller';
import { AdminReversalsController } from './admin/admin-reversals.controller';
import { AdminLedgerController } from './admin/admin-ledger.controller';
import { V3PaymentsController } from './api/v3-payments.controller';
import { V4BinsController } from './api/v4-bins.controller';
import { V4OrdersController } from './api/v4-orders.controller';
import { CredentialDirectory } from './auth/credential-directory';
import { V3AuthGuard, V4AuthGuard } from './auth/guards';
import { RequestAuthenticator } from './auth/request-authenticator';
import { AuditRepository } from './merchants/audit.repository';
import { OperatorActionIntake } from './merchants/operator-action-intake';
import { MerchantRepository } from './merchants/merchant.repository';
import { MerchantsService } from './merchants/merchants.service';
import { MerchantConsoleHandlers } from './merchant-console/merchant-console.handlers';
import { OperatorConsoleHandlers } from './merchants/operator-console.handlers';
import { RateLimits } from './rate-limit/rate-limits';
import { SandboxListenController } from './sandbox-listen/sandbox-listen.controller';
import { SandboxWebhookHub } from './sandbox-listen/sandbox-webhook-hub';

@Module({
  imports: [DiscoveryModule],
  controllers: [
    OpenApiController,
    DocsSiteController,
    AdminMerchantsController,
    AdminMerchantUsersController,
    AdminBinsController,
    AdminFxRatesController,
    AdminAuditController,
    V4BinsController,
    V4OrdersController,
    V3PaymentsController,
    V3ServiceStatusController,
    V3BalanceController,
    V3WebhooksController,
    V3RefundsController,
    V3WithdrawalsController,
    V3DisputesController,
    V3IdempotencyKeysController,
    AdminLedgerController,
    AdminDisputesController,
    AdminReversalsController,
    AdminWithdrawalsController,
    AdminMaintenanceController,
    AdminOrdersController,
    AdminOperatorTokensController,
    SandboxListenController,
  ],
  providers: [
    MerchantRepository,
    AuditRepository,
    MerchantsService,
    MerchantConsoleHandlers,
    OperatorConsoleHandlers,
    CredentialDirectory,
    RequestAuthenticator,
    V4AuthGuard,
    V3AuthGuard,
    AdminAuthGuard,
    OperatorTokensService,
    RateLimits,
    MerchantBroadcast,
    AuditService,
    OperatorActionIntake,
    AdminReadAuditInterceptor,
    OpenApiDocument,
    SandboxWebhookHub,
  ],
})
export class GatewayModule {}
