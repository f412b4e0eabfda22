import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  OperatorCreateMerchant,
  OperatorGetMerchant,
  OperatorListAuditLog,
  OperatorListMerchants,
  OperatorPatchSettings,
  OperatorRevokeApiKey,
  OperatorSetMerchantStatus,
} from '@platform/contracts';
import { RpcServer, type CommandContext } from '@platform/messaging';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { settingsPatchSchema } from '../admin/admin-schemas';
import { consoleApiKey, consoleSettings } from '../merchant-console/merchant-console';
import { parseOrReject } from '../validation/parse-or-reject';
import { AuditService } from './audit.service';
import { MerchantsService } from './merchants.service';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/**
 * The operator console’s calls on gateway.operator-commands.v1 (ADR 0039): the merchants and the audit
 * log the gateway owns, with the same services as the operator API. The console has checked the
 * operator's role; every change is audited as the operator it names, with the change.
 */
@Injectable()
export class OperatorConsoleHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly merchants: MerchantsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(OperatorListAuditLog, async ({ page, per_page, ...filter }) => {
      const result = await this.audit.list(filter, page, per_page);
      return { ...result, data: result.data.map((record) => ({ ...record, id: String(record.id), occurred_at: iso(record.occurred_at) })) };
    });

    this.rpc.handle(OperatorListMerchants, async ({ page, per_page, search, status }) => {
      const result = await this.merchants.listMerchants({ search, status }, page, per_page);
      return {
        ...result,
        data: result.data.map((merchant) => ({
          merchant_code: merchant.merchant_code,
          account_number: merchant.account_number,
          name: merchant.name,
          base_currency: merchant.base_currency,
          status: merchant.status,
          created_at: iso(merchant.created_at),
        })),
      };
    });

    this.rpc.handle(OperatorSetMerchantStatus, async (request, context) => {
      const merchant = await this.merchants.setStatus(request.merchant_code, request.status, by(request.operator, context));
      return { merchant_code: merchant.merchant_code, status: request.status };
    });

    this.rpc.handle(OperatorGetMerchant, async ({ merchant_code }) => {
      const merchant = await this.merchants.getMerchant(merchant_code);
      return {
        merchant: {
          merchant_code: merchant.merchant_code,
          account_number: merchant.account_number,
          name: merchant.name,
          base_currency: merchant.base_currency,
          status: merchant.status,
          created_at: iso(merchant.created_at),
        },
        environments: { sandbox: consoleSettings(merchant.environments.sandbox), live: consoleSettings(merchant.environments.live) },
        api_keys: merchant.api_keys.map((key) => ({ ...consoleApiKey(key, this.clock.now()), environment: key.environment })),
      };
    });

    this.rpc.handle(OperatorRevokeApiKey, async (request, context) => {
      const revoked = await this.merchants.revokeApiKey(request.merchant_code, request.api_key, by(request.operator, context), request.environment);
      return { api_key: revoked.api_key, revoked_at: revoked.revoked_at };
    });

    this.rpc.handle(OperatorPatchSettings, async (request, context) => {
      const patch = parseOrReject(settingsPatchSchema(request.environment, this.config.WEBHOOK_ALLOW_LOOPBACK), request.patch);
      return consoleSettings(await this.merchants.patchSettings(request.merchant_code, request.environment, patch, by(request.operator, context)));
    });

    this.rpc.handle(OperatorCreateMerchant, async (request, context) => {
      const merchant = await this.merchants.createMerchant({ name: request.name, base_currency: request.base_currency }, by(request.operator, context));
      return { merchant_code: merchant.merchant_code, name: merchant.name, base_currency: merchant.base_currency };
    });
  }
}

function by(operator: string, context: CommandContext) {
  return { actor: operator, correlationId: context.correlationId };
}
