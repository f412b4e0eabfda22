import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { Decimal } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import { BusinessCounters } from '@platform/service-kit';
import { JournalRepository, type AccountBalanceRow } from './journal.repository';
import { assertBalanced, type AccountKey, type Posting } from './postings';

export interface TransactionInput {
  /** With `reference`, what makes a transaction happen once: replaying it books nothing. */
  kind: string;
  reference: string;
  merchantCode: string | null;
  environment: 'sandbox' | 'live';
  occurredAt: Date;
  description?: string;
  /** The conversion applied, kept on the entry: original amount and currency, rate. */
  fx?: Record<string, string>;
  postings: Posting[];
}

export type AccountBalance = Omit<AccountBalanceRow, 'balance'> & { balance: Decimal };

/**
 * Writes balanced, append-only transactions. Accounts are locked in id order, so two
 * transactions over the same accounts wait for each other instead of deadlocking.
 */
@Injectable()
export class Journal {
  constructor(
    private readonly entries: JournalRepository = new JournalRepository(),
    @Optional() private readonly counters?: BusinessCounters,
  ) {}

  /** Posts the transaction, or finds the one already posted for its kind and reference. */
  async post(tx: SqlExecutor, input: TransactionInput): Promise<{ id: string; created: boolean }> {
    assertBalanced(input.postings);
    const id = randomUUID();
    const row = {
      id,
      kind: input.kind,
      reference: input.reference,
      merchantCode: input.merchantCode,
      environment: input.environment,
      occurredAt: input.occurredAt,
      description: input.description ?? null,
      fx: input.fx ?? null,
    };
    if (!(await this.entries.insertTransaction(tx, row))) return { id: (await this.entries.transactionId(tx, input.kind, input.reference))!, created: false };
    const withIds = await Promise.all(input.postings.map(async (posting) => ({ ...posting, accountId: await this.entries.accountId(tx, posting.account) })));
    withIds.sort((a, b) => Number(a.accountId) - Number(b.accountId));
    for (const posting of withIds) await this.entries.addPosting(tx, id, posting.accountId, posting.account.currency, posting.amount.toFixed(2));
    this.counters?.posted(tx, input.kind, input.environment);
    return { id, created: true };
  }

  /**
   * Locks the accounts in id order (the order posting uses) until the transaction ends and
   * returns their running totals: check first, then post, with nobody in between.
   */
  async lockBalances(tx: SqlExecutor, keys: AccountKey[]): Promise<Decimal[]> {
    const ids = await Promise.all(keys.map((key) => this.entries.accountId(tx, key)));
    const byId = await this.entries.lockAccounts(tx, ids);
    return ids.map((id) => new Decimal(byId.get(id)!));
  }

  /** Every account of these merchants, both environments and every currency (BalanceService reads them batched). */
  async balancesOfMerchants(tx: SqlExecutor, merchantCodes: string[]): Promise<AccountBalance[]> {
    const rows = await this.entries.balancesOfMerchants(tx, merchantCodes);
    return rows.map((row) => ({ ...row, balance: new Decimal(row.balance) }));
  }
}
