import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Decimal } from '@platform/money';
import { queryRows } from '@platform/persistence';

/**
 * Proves the books from the journal alone: every transaction sums to zero per currency,
 * every account's running total equals the sum of its postings, and so every currency
 * sums to zero over the whole journal.
 */
@Injectable()
export class TrialBalance {
  constructor(private readonly dataSource: DataSource) {}

  async run() {
    const [unbalanced, mismatched, totals, counts] = await Promise.all([
      queryRows<{ transaction_id: string }>(this.dataSource, 'SELECT transaction_id FROM ledger.postings GROUP BY transaction_id, currency HAVING sum(amount) <> 0'),
      queryRows<{ account: string }>(
        this.dataSource,
        `SELECT a.owner || '/' || a.environment || '/' || a.wallet || '/' || a.part || '/' || a.currency AS account
           FROM ledger.accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger.postings GROUP BY account_id) p ON p.account_id = a.id
          WHERE a.balance <> COALESCE(p.total, 0)`,
      ),
      queryRows<{ currency_code: string; sum: string }>(this.dataSource, 'SELECT currency AS currency_code, sum(amount)::numeric(20, 2)::text AS sum FROM ledger.postings GROUP BY currency ORDER BY currency'),
      queryRows<{ transactions: number; postings: number }>(
        this.dataSource,
        'SELECT (SELECT count(*) FROM ledger.transactions)::int AS transactions, (SELECT count(*) FROM ledger.postings)::int AS postings',
      ),
    ]);
    return {
      balanced: unbalanced.length === 0 && mismatched.length === 0 && totals.every((row) => new Decimal(row.sum).isZero()),
      transactions: counts[0]!.transactions,
      postings: counts[0]!.postings,
      unbalanced_transactions: unbalanced.map((row) => row.transaction_id),
      mismatched_accounts: mismatched.map((row) => row.account),
      totals: totals.map((row) => ({ currency_code: row.currency_code.trim(), sum: row.sum })),
    };
  }
}
