import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Decimal } from '@platform/money';
import { JournalRepository } from './journal.repository';

/**
 * Proves the books from the journal alone: every transaction sums to zero per currency,
 * every account's running total equals the sum of its postings, and so every currency
 * sums to zero over the whole journal.
 */
@Injectable()
export class TrialBalance {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entries: JournalRepository = new JournalRepository(),
  ) {}

  async run() {
    const { unbalanced, mismatched, totals, counts } = await this.entries.trialBalanceForOperator(this.dataSource);
    return {
      balanced: unbalanced.length === 0 && mismatched.length === 0 && totals.every((row) => new Decimal(row.sum).isZero()),
      transactions: counts.transactions,
      postings: counts.postings,
      unbalanced_transactions: unbalanced.map((row) => row.transaction_id),
      mismatched_accounts: mismatched.map((row) => row.account),
      totals: totals.map((row) => ({ currency_code: row.currency_code.trim(), sum: row.sum })),
    };
  }
}
