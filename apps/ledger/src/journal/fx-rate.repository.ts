import { Injectable } from '@nestjs/common';
import { queryRows, type SqlExecutor } from '@platform/persistence';

/** SQL over the operator's rates as they were over time (USD per unit); not a merchant's records. */
@Injectable()
export class FxRateRepository {
  async record(tx: SqlExecutor, currency: string, usdPerUnit: string, effectiveAt: string): Promise<void> {
    await tx.query('INSERT INTO ledger.fx_rates (currency, usd_per_unit, effective_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      currency,
      usdPerUnit,
      effectiveAt,
    ]);
  }

  /** The rate in force at `at`; before the first known rate, the earliest one; undefined when none is known. */
  async rateAt(tx: SqlExecutor, currency: string, at: Date): Promise<string | undefined> {
    const rows = await queryRows<{ usd_per_unit: string }>(
      tx,
      `(SELECT usd_per_unit::text AS usd_per_unit, 0 AS rank FROM ledger.fx_rates WHERE currency = $1 AND effective_at <= $2 ORDER BY effective_at DESC LIMIT 1)
       UNION ALL
       (SELECT usd_per_unit::text, 1 FROM ledger.fx_rates WHERE currency = $1 ORDER BY effective_at LIMIT 1)
       ORDER BY rank LIMIT 1`,
      [currency, at.toISOString()],
    );
    return rows[0]?.usd_per_unit;
  }
}
