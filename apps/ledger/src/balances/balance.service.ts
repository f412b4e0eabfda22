import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, WALLETS, type Caller, type MerchantEnvironment, Errors } from '@platform/contracts';
import { Decimal } from '@platform/money';
import { MerchantSettings } from '@platform/service-kit';
import { Journal } from '../journal/journal';

type Part = 'available' | 'pending_settlement' | 'reserved';

/**
 * The spec's balances, read from the journal's running totals. Live sums the link, API
 * and shop wallets; a sandbox key reads its virtual API wallet, which never waits for
 * settlement.
 */
@Injectable()
export class BalanceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly journal: Journal,
    private readonly settings: MerchantSettings,
  ) {}

  async balance(caller: Caller) {
    const { merchant, parts } = await this.read(caller);
    const live = caller.environment === 'live';
    return {
      currency_code: merchant.base_currency,
      available_amount: this.sum(parts, 'available', live ? WALLETS : ['api']),
      pending_settlement_amount: live ? this.sum(parts, 'pending_settlement', WALLETS) : '0.00',
      environment: caller.environment,
    };
  }

  async withdrawable(caller: Caller) {
    const { merchant, parts } = await this.read(caller);
    const live = caller.environment === 'live';
    return {
      currency_code: merchant.base_currency,
      withdrawable_amount: this.sum(parts, 'available', live ? WALLETS : ['api']),
      can_withdraw: parts.every((part) => part.balance.gte(0)),
      environment: caller.environment,
    };
  }

  async wallets(merchantCode: string, environment: 'sandbox' | 'live') {
    const merchant = await this.settings.current({ merchantCode, environment });
    if (!merchant) throw new ApiError(Errors.ResourceNotFound, 'No such merchant environment');
    const parts = await this.journal.merchantBalances(this.dataSource, { merchantCode, environment }, merchant.base_currency);
    const of = (wallet: string, part: Part) => parts.find((row) => row.wallet === wallet && row.part === part)?.balance.toFixed(2) ?? '0.00';
    return {
      merchant_code: merchantCode,
      environment,
      currency_code: merchant.base_currency,
      wallets: WALLETS.map((wallet) => ({
        wallet,
        available: of(wallet, 'available'),
        pending_settlement: of(wallet, 'pending_settlement'),
        reserved: of(wallet, 'reserved'),
      })),
    };
  }

  private async read(caller: Caller): Promise<{ merchant: MerchantEnvironment; parts: { wallet: string; part: string; balance: Decimal }[] }> {
    const merchant = await this.settings.current(caller);
    if (!merchant) throw new ApiError(Errors.AuthCredentialsInvalid);
    return { merchant, parts: await this.journal.merchantBalances(this.dataSource, caller, merchant.base_currency) };
  }

  private sum(parts: { wallet: string; part: string; balance: Decimal }[], part: Part, wallets: readonly string[]): string {
    return parts
      .filter((row) => row.part === part && wallets.includes(row.wallet))
      .reduce((total, row) => total.plus(row.balance), new Decimal(0))
      .toFixed(2);
  }
}
