import { Injectable } from '@nestjs/common';
import type { Caller, Withdrawal } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';

/** What a withdrawal's reservation still needs from the ledger after the commit. */
export type LedgerStep = 'confirm' | 'consume' | 'release';

export interface WithdrawalRow {
  id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  status: Withdrawal['status'];
  amount: string;
  currency: string;
  address: string;
  usdt_amount: string;
  tx_hash: string | null;
  rejection_reason: string | null;
  requested_at: Date;
  processed_at: Date | null;
  created_at: Date;
  ledger_step?: LedgerStep | null;
}

const COLUMNS = `id, merchant_code, environment, status, amount::text AS amount, currency, address, usdt_amount::text AS usdt_amount, tx_hash,
  rejection_reason, requested_at, processed_at, created_at, ledger_step`;

/** SQL over withdrawals and their idempotency keys; merchant reads are scoped to merchant and environment. */
@Injectable()
export class WithdrawalRepository {
  /** Serialises a merchant environment's withdrawal requests (the daily limit is checked, then used). */
  async lockMerchant(tx: SqlExecutor, owner: Caller): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`withdrawals:${owner.merchantCode}:${owner.environment}`]);
  }

  /** What today's (UTC) withdrawals not rejected add up to. */
  async withdrawnToday(tx: SqlExecutor, owner: Caller, now: Date): Promise<string> {
    const rows = await queryRows<{ total: string }>(
      tx,
      `SELECT COALESCE(sum(amount), 0)::text AS total FROM payouts.withdrawals
        WHERE merchant_code = $1 AND environment = $2 AND status <> 'rejected' AND requested_at >= date_trunc('day', $3::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [owner.merchantCode, owner.environment, now.toISOString()],
    );
    return rows[0]!.total;
  }

  async insert(tx: SqlExecutor, row: WithdrawalRow & { usdt_rate: string; ledger_step: LedgerStep }): Promise<void> {
    await tx.query(
      `INSERT INTO payouts.withdrawals (id, merchant_code, environment, status, amount, currency, address, usdt_amount, usdt_rate, tx_hash, rejection_reason, requested_at, processed_at, created_at, ledger_step)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        row.id,
        row.merchant_code,
        row.environment,
        row.status,
        row.amount,
        row.currency,
        row.address,
        row.usdt_amount,
        row.usdt_rate,
        row.tx_hash,
        row.rejection_reason,
        row.requested_at.toISOString(),
        row.processed_at?.toISOString() ?? null,
        row.created_at.toISOString(),
        row.ledger_step,
      ],
    );
  }

  async find(tx: SqlExecutor, id: string, owner?: Caller, lock = false): Promise<WithdrawalRow | undefined> {
    const rows = await queryRows<WithdrawalRow>(
      tx,
      `SELECT ${COLUMNS} FROM payouts.withdrawals WHERE id = $1 ${owner ? 'AND merchant_code = $2 AND environment = $3' : ''} ${lock ? 'FOR UPDATE' : ''}`,
      owner ? [id, owner.merchantCode, owner.environment] : [id],
    );
    return rows[0];
  }

  async finish(tx: SqlExecutor, id: string, change: { status: 'sent' | 'rejected'; tx_hash?: string; rejection_reason?: string }, now: Date): Promise<void> {
    await tx.query('UPDATE payouts.withdrawals SET status = $2, tx_hash = $3, rejection_reason = $4, processed_at = $5, ledger_step = NULL WHERE id = $1', [
      id,
      change.status,
      change.tx_hash ?? null,
      change.rejection_reason ?? null,
      now.toISOString(),
    ]);
  }

  /** The ledger step a committed withdrawal still owes (set in the creating transaction). */
  async setLedgerStep(tx: SqlExecutor, id: string, step: LedgerStep | null): Promise<void> {
    await tx.query('UPDATE payouts.withdrawals SET ledger_step = $2 WHERE id = $1', [id, step]);
  }

  /** Withdrawals whose ledger step was not done after their commit (the process stopped in between). */
  async owingLedgerStep(tx: SqlExecutor, olderThan: Date): Promise<{ id: string; merchant_code: string; environment: 'sandbox' | 'live'; ledger_step: LedgerStep }[]> {
    return queryRows(
      tx,
      `SELECT id, merchant_code, environment, ledger_step FROM payouts.withdrawals WHERE ledger_step IS NOT NULL AND created_at <= $1 ORDER BY created_at LIMIT 200`,
      [olderThan.toISOString()],
    );
  }

  async list(tx: SqlExecutor, filter: { owner?: Caller; environment?: string; status: string | null }, limit: number, offset: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
    const where = `($1::text IS NULL OR merchant_code = $1) AND ($2::text IS NULL OR environment = $2) AND ($3::text IS NULL OR status = $3)`;
    const params = [filter.owner?.merchantCode ?? null, filter.owner?.environment ?? filter.environment ?? null, filter.status];
    const [rows, count] = await Promise.all([
      queryRows<WithdrawalRow>(tx, `SELECT ${COLUMNS} FROM payouts.withdrawals WHERE ${where} ORDER BY requested_at DESC, id LIMIT $4 OFFSET $5`, [...params, limit, offset]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM payouts.withdrawals WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    asset: 'USDT',
    network: 'TRC20',
    address: row.address,
    usdt_amount: row.usdt_amount,
    tx_hash: row.tx_hash,
    rejection_reason: row.rejection_reason,
    requested_at: new Date(row.requested_at).toISOString(),
    processed_at: iso(row.processed_at),
    created_at: new Date(row.created_at).toISOString(),
    environment: row.environment,
  };
}
