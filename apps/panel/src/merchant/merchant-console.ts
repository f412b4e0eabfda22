import { Injectable } from '@nestjs/common';
import {
  GetBalance,
  GetWithdrawableBalance,
  type Caller,
  ConsoleGetEnvironment,
  ConsoleIssueApiKey,
  ConsoleRevokeApiKey,
  ConsoleUpdateSettings,
  type ConsoleEnvironment,
  type ConsoleSettings,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { SignedIn } from '../auth/auth.service';

/** The gateway's merchant, keys and settings, asked over Kafka for the signed-in user's merchant and environment. */
@Injectable()
export class MerchantConsole {
  constructor(private readonly rpc: RpcClient) {}

  environment(current: SignedIn, correlationId: string): Promise<ConsoleEnvironment> {
    return this.rpc.request(ConsoleGetEnvironment, this.scope(current), { correlationId });
  }

  updateSettings(current: SignedIn, patch: Record<string, unknown>, correlationId: string): Promise<ConsoleSettings> {
    return this.rpc.request(ConsoleUpdateSettings, { ...this.scope(current), actor: this.actor(current), patch }, { correlationId });
  }

  issueKey(current: SignedIn, correlationId: string) {
    return this.rpc.request(ConsoleIssueApiKey, { ...this.scope(current), actor: this.actor(current) }, { correlationId });
  }

  revokeKey(current: SignedIn, apiKey: string, correlationId: string) {
    return this.rpc.request(ConsoleRevokeApiKey, { ...this.scope(current), actor: this.actor(current), api_key: apiKey }, { correlationId });
  }

  /** The balance and the withdrawable balance, as GET /api/v3/balance and /balance/withdrawable answer them. */
  async balances(current: SignedIn, correlationId: string) {
    const meta = { caller: this.caller(current), correlationId };
    const [balance, withdrawable] = await Promise.all([this.rpc.request(GetBalance, {}, meta), this.rpc.request(GetWithdrawableBalance, {}, meta)]);
    return { balance, withdrawable };
  }

  private caller(current: SignedIn): Caller {
    return { merchantCode: current.user.merchant_code, environment: current.session.environment };
  }

  private scope(current: SignedIn) {
    return { merchant_code: current.user.merchant_code, environment: current.session.environment };
  }

  private actor(current: SignedIn) {
    return { user_id: current.user.id, email: current.user.email };
  }
}
