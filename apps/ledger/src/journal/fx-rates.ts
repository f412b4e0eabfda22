import { Injectable } from '@nestjs/common';
import { Decimal, formatAmount } from '@platform/money';
import { queryRows, type SqlExecutor } from '@platform/persistence';

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
  async record(tx: SqlExecutor, currency: string, usdPerUnit: string, effectiveAt: string): Promise<void> {
    await tx.query('INSERT INTO ledger.fx_rates (currency, usd_per_unit, effective_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [currency, usdPerUnit, effectiveAt]);
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
    const rows = await queryRows<{ usd_per_unit: string }>(
      tx,
      `(SELECT usd_per_unit::text AS usd_per_unit, 0 AS rank FROM ledger.fx_rates WHERE currency = $1 AND effective_at <= $2 ORDER BY effective_at DESC LIMIT 1)
       UNION ALL
       (SELECT usd_per_unit::text, 1 FROM ledger.fx_rates WHERE currency = $1 ORDER BY effective_at LIMIT 1)
       ORDER BY rank LIMIT 1`,
      [currency, at.toISOString()],
    );
    // Thrown, the event is retried: the rate may still be on its way.
    if (!rows[0]) throw new Error(`no FX rate known for ${currency}`);
    return new Decimal(rows[0].usd_per_unit);
  }
}
