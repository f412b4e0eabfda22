import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Decimal } from '@platform/money';
import { queryRows, type SqlExecutor } from '@platform/persistence';
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

/**
 * Writes balanced, append-only transactions. Accounts are locked in id order, so two
 * transactions over the same accounts wait for each other instead of deadlocking.
 */
@Injectable()
export class Journal {
  /** Posts the transaction, or finds the one already posted for its kind and reference. */
  async post(tx: SqlExecutor, input: TransactionInput): Promise<{ id: string; created: boolean }> {
    assertBalanced(input.postings);
    const id = randomUUID();
    const inserted = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO ledger.transactions (id, kind, reference, merchant_code, environment, occurred_at, description, fx)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (kind, reference) DO NOTHING RETURNING id`,
      [id, input.kind, input.reference, input.merchantCode, input.environment, input.occurredAt.toISOString(), input.description ?? null, input.fx ? JSON.stringify(input.fx) : null],
    );
    if (inserted.length === 0) {
      const existing = await queryRows<{ id: string }>(tx, 'SELECT id FROM ledger.transactions WHERE kind = $1 AND reference = $2', [input.kind, input.reference]);
      return { id: existing[0]!.id, created: false };
    }
    const withIds = await Promise.all(input.postings.map(async (posting) => ({ ...posting, accountId: await this.accountId(tx, posting.account) })));
    withIds.sort((a, b) => Number(a.accountId) - Number(b.accountId));
    for (const posting of withIds) {
      await tx.query('INSERT INTO ledger.postings (transaction_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)', [id, posting.accountId, posting.account.currency, posting.amount.toFixed(2)]);
      await tx.query('UPDATE ledger.accounts SET balance = balance + $2 WHERE id = $1', [posting.accountId, posting.amount.toFixed(2)]);
    }
    return { id, created: true };
  }

  /**
   * Locks the accounts in id order (the order posting uses) until the transaction ends and
   * returns their running totals: check first, then post, with nobody in between.
   */
  async lockBalances(tx: SqlExecutor, keys: AccountKey[]): Promise<Decimal[]> {
    const ids = await Promise.all(keys.map((key) => this.accountId(tx, key)));
    const rows = await queryRows<{ id: string; balance: string }>(
      tx,
      'SELECT id::text AS id, balance::text AS balance FROM ledger.accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, new Decimal(row.balance)]));
    return ids.map((id) => byId.get(id)!);
  }

  /** Every part of every wallet of a merchant environment, in one currency. */
  async merchantBalances(tx: SqlExecutor, merchantCode: string, environment: string, currency: string): Promise<{ wallet: string; part: string; balance: Decimal }[]> {
    const rows = await queryRows<{ wallet: string; part: string; balance: string }>(
      tx,
      'SELECT wallet, part, balance::text AS balance FROM ledger.accounts WHERE owner = $1 AND environment = $2 AND currency = $3',
      [merchantCode, environment, currency],
    );
    return rows.map((row) => ({ wallet: row.wallet, part: row.part, balance: new Decimal(row.balance) }));
  }

  private async accountId(tx: SqlExecutor, key: AccountKey): Promise<string> {
    const params = [key.owner, key.environment, key.wallet, key.part, key.currency];
    const found = await queryRows<{ id: string }>(
      tx,
      'SELECT id::text AS id FROM ledger.accounts WHERE owner = $1 AND environment = $2 AND wallet = $3 AND part = $4 AND currency = $5',
      params,
    );
    if (found[0]) return found[0].id;
    await tx.query('INSERT INTO ledger.accounts (owner, environment, wallet, part, currency) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', params);
    return this.accountId(tx, key);
  }
}
