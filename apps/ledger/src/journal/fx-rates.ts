import { Injectable } from '@nestjs/common';
import { Decimal, formatAmount } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import { FxRateRepository } from './fx-rate.repository';

export interface Conversion {
  amount: Decimal;
  /** What the entry records about the conversion; absent when no conversion was needed. */
  fx?: Record<string, string>;
}

/**
 * The operator's rates as they were over time (USD per unit), from the rates topic. A
 * payment is converted at the rates in force when it was paid; before the first known
 * rate of a currency, the earliest one is used.
 */
@Injectable()
export class FxRates {
  constructor(private readonly repository: FxRateRepository = new FxRateRepository()) {}

  async record(tx: SqlExecutor, currency: string, usdPerUnit: string, effectiveAt: string): Promise<void> {
    await this.repository.record(tx, currency, usdPerUnit, effectiveAt);
  }

  async convert(tx: SqlExecutor, amount: Decimal, from: string, to: string, at: Date): Promise<Conversion> {
    if (from === to) return { amount };
    const [fromRate, toRate] = await Promise.all([this.rateAt(tx, from, at), this.rateAt(tx, to, at)]);
    const rate = fromRate.div(toRate);
    return {
      amount: new Decimal(formatAmount(amount.mul(rate))),
      fx: { original_amount: amount.toFixed(2), original_currency: from, rate: rate.toSignificantDigits(12).toString(), rates_at: at.toISOString() },
    };
  }

  private async rateAt(tx: SqlExecutor, currency: string, at: Date): Promise<Decimal> {
    if (currency === 'USD') return new Decimal(1);
    const rate = await this.repository.rateAt(tx, currency, at);
    // Thrown, the event is retried: the rate may still be on its way.
    if (!rate) throw new Error(`no FX rate known for ${currency}`);
    return new Decimal(rate);
  }
}
