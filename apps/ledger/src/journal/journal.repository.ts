import { Injectable } from '@nestjs/common';
import type { Owner } from '@platform/contracts';
import { ownerParams, queryRows, type SqlExecutor } from '@platform/persistence';
import type { AccountKey } from './postings';

/** One account's running total, with the owner, environment and currency that name it. */
export interface AccountBalanceRow {
  owner: string;
  environment: string;
  currency: string;
  wallet: string;
  part: string;
  balance: string;
}

/** A transaction's row, as the journal writes it once per kind and reference. */
export interface TransactionRow {
  id: string;
  kind: string;
  reference: string;
  merchantCode: string | null;
  environment: 'sandbox' | 'live';
  occurredAt: Date;
  description: string | null;
  fx: Record<string, string> | null;
}

/**
 * All SQL over the journal: transactions, their postings and the accounts' running totals.
 * A merchant's entries are read by their owner; the trial balance reads the whole journal.
 */
@Injectable()
export class JournalRepository {
  /** Inserts the transaction unless one of its kind and reference exists; false then. */
  async insertTransaction(tx: SqlExecutor, row: TransactionRow): Promise<boolean> {
    const inserted = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO ledger.transactions (id, kind, reference, merchant_code, environment, occurred_at, description, fx)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (kind, reference) DO NOTHING RETURNING id`,
      [
        row.id,
        row.kind,
        row.reference,
        row.merchantCode,
        row.environment,
        row.occurredAt.toISOString(),
        row.description,
        row.fx ? JSON.stringify(row.fx) : null,
      ],
    );
    return inserted.length === 1;
  }

  async transactionId(tx: SqlExecutor, kind: string, reference: string): Promise<string | undefined> {
    const rows = await queryRows<{ id: string }>(tx, 'SELECT id FROM ledger.transactions WHERE kind = $1 AND reference = $2', [kind, reference]);
    return rows[0]?.id;
  }

  /** One posting of a transaction, and the account's running total moved by it. */
  async addPosting(tx: SqlExecutor, transactionId: string, accountId: string, currency: string, amount: string): Promise<void> {
    await tx.query('INSERT INTO ledger.postings (transaction_id, account_id, currency, amount) VALUES ($1, $2, $3, $4)', [
      transactionId,
      accountId,
      currency,
      amount,
    ]);
    await tx.query('UPDATE ledger.accounts SET balance = balance + $2 WHERE id = $1', [accountId, amount]);
  }

  /** The account's id, the account opened first when it does not exist yet. */
  async accountId(tx: SqlExecutor, key: AccountKey): Promise<string> {
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

  /** Locks the accounts in id order until the transaction ends; their running totals by id. */
  async lockAccounts(tx: SqlExecutor, ids: string[]): Promise<Map<string, string>> {
    const rows = await queryRows<{ id: string; balance: string }>(
      tx,
      'SELECT id::text AS id, balance::text AS balance FROM ledger.accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.balance]));
  }

  /** Every account of these merchants, both environments and every currency: the caller picks its own. */
  async balancesOfMerchants(tx: SqlExecutor, merchantCodes: string[]): Promise<AccountBalanceRow[]> {
    return queryRows<AccountBalanceRow>(
      tx,
      'SELECT owner, environment, currency, wallet, part, balance::text AS balance FROM ledger.accounts WHERE owner = ANY($1::text[])',
      [merchantCodes],
    );
  }

  /** The owner's side of a transaction: what its merchant account was moved by, and in which currency. */
  async ownerPosting(
    tx: SqlExecutor,
    owner: Owner,
    kind: string,
    reference: string,
  ): Promise<{ transaction_id: string; amount: string; currency: string } | undefined> {
    const rows = await queryRows<{ transaction_id: string; amount: string; currency: string }>(
      tx,
      `SELECT t.id AS transaction_id, p.amount::text AS amount, a.currency FROM ledger.transactions t
         JOIN ledger.postings p ON p.transaction_id = t.id JOIN ledger.accounts a ON a.id = p.account_id
        WHERE t.kind = $3 AND t.reference = $4 AND a.owner = $1 AND a.environment = $2`,
      [...ownerParams(owner), kind, reference],
    );
    return rows[0];
  }

  /** The whole journal's checks for the trial balance (an operator's report across merchants). */
  async trialBalanceForOperator(tx: SqlExecutor) {
    const [unbalanced, mismatched, totals, counts] = await Promise.all([
      queryRows<{ transaction_id: string }>(tx, 'SELECT transaction_id FROM ledger.postings GROUP BY transaction_id, currency HAVING sum(amount) <> 0'),
      queryRows<{ account: string }>(
        tx,
        `SELECT a.owner || '/' || a.environment || '/' || a.wallet || '/' || a.part || '/' || a.currency AS account
           FROM ledger.accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger.postings GROUP BY account_id) p ON p.account_id = a.id
          WHERE a.balance <> COALESCE(p.total, 0)`,
      ),
      queryRows<{ currency_code: string; sum: string }>(
        tx,
        'SELECT currency AS currency_code, sum(amount)::numeric(20, 2)::text AS sum FROM ledger.postings GROUP BY currency ORDER BY currency',
      ),
      queryRows<{ transactions: number; postings: number }>(
        tx,
        'SELECT (SELECT count(*) FROM ledger.transactions)::int AS transactions, (SELECT count(*) FROM ledger.postings)::int AS postings',
      ),
    ]);
    return { unbalanced, mismatched, totals, counts: counts[0]! };
  }
}
