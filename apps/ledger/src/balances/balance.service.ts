import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, WALLETS, type Caller, type MerchantEnvironment, type Owner, Errors } from '@platform/contracts';
import { BatchedCalls } from '@platform/persistence';
import { Decimal } from '@platform/money';
import { MerchantSettings } from '@platform/service-kit';
import { Journal } from '../journal/journal';

type Part = 'available' | 'pending_settlement' | 'reserved';
type WalletPart = { wallet: string; part: string; balance: Decimal };

const partsKey = (merchantCode: string, environment: string, currency: string) => `${merchantCode}\u0000${environment}\u0000${currency}`;

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

  /** Balances are read outside any transaction: the reads of one turn are one statement. */
  private readonly parts = new BatchedCalls<{ owner: Owner; currency: string }, WalletPart[]>(
    async (keys) => {
      const accounts = await this.journal.balancesOfMerchants(this.dataSource, [...new Set(keys.map((key) => key.owner.merchantCode))]);
      const found = new Map<string, WalletPart[]>();
      for (const account of accounts) {
        const key = partsKey(account.owner, account.environment, account.currency);
        let parts = found.get(key);
        if (!parts) found.set(key, (parts = []));
        parts.push({ wallet: account.wallet, part: account.part, balance: account.balance });
      }
      return found;
    },
    (key) => partsKey(key.owner.merchantCode, key.owner.environment, key.currency),
  );

  /** Every part of every wallet of a merchant environment, in one currency. */
  private async partsOf(owner: Owner, currency: string): Promise<WalletPart[]> {
    return (await this.parts.call({ owner, currency })) ?? [];
  }

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
    const parts = await this.partsOf({ merchantCode, environment }, merchant.base_currency);
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

  private async read(caller: Caller): Promise<{ merchant: MerchantEnvironment; parts: WalletPart[] }> {
    const merchant = await this.settings.current(caller);
    if (!merchant) throw new ApiError(Errors.AuthCredentialsInvalid);
    return { merchant, parts: await this.partsOf(caller, merchant.base_currency) };
  }

  private sum(parts: WalletPart[], part: Part, wallets: readonly string[]): string {
    return parts
      .filter((row) => row.part === part && wallets.includes(row.wallet))
      .reduce((total, row) => total.plus(row.balance), new Decimal(0))
      .toFixed(2);
  }
}
