import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ConsoleGetEnvironment,
  ConsoleIssueApiKey,
  ConsoleRevokeApiKey,
  ConsoleUpdateSettings,
  type ConsoleEnvironment,
  type Environment,
} from '@platform/contracts';
import { RpcServer, type CommandContext } from '@platform/messaging';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { MerchantsService, type OperatorAction } from '../merchants/merchants.service';
import { parseOrReject } from '../validation/parse-or-reject';
import { consoleApiKey, consoleSettings, consoleSettingsPatchSchema, merchantUserActor } from './merchant-console';

/**
 * The merchant panel's calls (ADR 0035) on gateway.commands.v1: the same MerchantsService
 * operations as the operator API, limited to the merchant and environment the panel names,
 * audited as the merchant user with the command's correlation id. The panel authenticates its
 * users and checks their role; only its principal may write the topic (docs/kafka-acls.md).
 */
@Injectable()
export class MerchantConsoleHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly merchants: MerchantsService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(ConsoleGetEnvironment, (request) => this.environment(request.merchant_code, request.environment));

    this.rpc.handle(ConsoleUpdateSettings, async (request, context) => {
      const patch = parseOrReject(consoleSettingsPatchSchema(request.environment, this.config.WEBHOOK_ALLOW_LOOPBACK), request.patch);
      const updated = await this.merchants.patchSettings(request.merchant_code, request.environment, patch, action(request.actor, context));
      return consoleSettings(updated);
    });

    this.rpc.handle(ConsoleIssueApiKey, (request, context) =>
      this.merchants.issueApiKey(request.merchant_code, request.environment, action(request.actor, context)),
    );

    this.rpc.handle(ConsoleRevokeApiKey, async (request, context) => {
      const revoked = await this.merchants.revokeApiKey(request.merchant_code, request.api_key, action(request.actor, context), request.environment);
      return { api_key: revoked.api_key, revoked_at: revoked.revoked_at };
    });
  }

  private async environment(merchantCode: string, environment: Environment): Promise<ConsoleEnvironment> {
    const merchant = await this.merchants.getMerchant(merchantCode);
    const now = this.clock.now();
    return {
      merchant: { merchant_code: merchant.merchant_code, name: merchant.name, base_currency: merchant.base_currency, status: merchant.status },
      settings: consoleSettings(merchant.environments[environment]),
      api_keys: merchant.api_keys.filter((key) => key.environment === environment).map((key) => consoleApiKey(key, now)),
    };
  }
}

function action(actor: { user_id: string; email: string }, context: CommandContext): OperatorAction {
  return { actor: merchantUserActor(actor), correlationId: context.correlationId };
}
