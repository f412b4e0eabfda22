import { Injectable, Optional } from '@nestjs/common';
import type { Caller, Owner, Withdrawal } from '@platform/contracts';
import { ownerParams, queryRows, type OperatorFilter, type OwnedFilter, type SqlExecutor } from '@platform/persistence';
import { BusinessCounters, type OwedReservationStep } from '@platform/service-kit';
import { WITHDRAWAL_MOVES, withdrawalChange, type WithdrawalUpdate } from './withdrawal-transitions';

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
  approved_by?: string | null;
}

const COLUMNS = `id, merchant_code, environment, status, amount::text AS amount, currency, address, usdt_amount::text AS usdt_amount, tx_hash,
  rejection_reason, requested_at, processed_at, created_at, ledger_step, approved_by`;

type ListFilter = { status: string | null };

/**
 * SQL over withdrawals and their idempotency keys. Every method over a merchant's withdrawal
 * takes its owner; the operator's reads across merchants are the `...ForOperator` methods.
 */
@Injectable()
export class WithdrawalRepository {
  constructor(@Optional() private readonly counters?: BusinessCounters) {}

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
    this.counters?.created(tx, 'withdrawal', row.status, row.environment);
  }

  async find(tx: SqlExecutor, owner: Owner, id: string, lock = false): Promise<WithdrawalRow | undefined> {
    const rows = await queryRows<WithdrawalRow>(
      tx,
      `SELECT ${COLUMNS} FROM payouts.withdrawals WHERE merchant_code = $1 AND environment = $2 AND id = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [...ownerParams(owner), id],
    );
    return rows[0];
  }

  /** Records the first operator's approval of a requested withdrawal; false when it is no longer requested or already approved. */
  async approve(tx: SqlExecutor, id: string, operator: string, now: Date): Promise<boolean> {
    const rows = await queryRows(
      tx,
      `UPDATE payouts.withdrawals SET approved_by = $2, approved_at = $3 WHERE id = $1 AND status = 'requested' AND approved_by IS NULL RETURNING id`,
      [id, operator, now.toISOString()],
    );
    return rows.length === 1;
  }

  /** A withdrawal by id whoever owns it: the operator's decisions. */
  async findForOperator(tx: SqlExecutor, id: string, lock = false): Promise<WithdrawalRow | undefined> {
    const rows = await queryRows<WithdrawalRow>(tx, `SELECT ${COLUMNS} FROM payouts.withdrawals WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** Takes one named move; false (nothing changed) when the withdrawal is not in a state the move leaves. */
  async transition(tx: SqlExecutor, owner: Owner, id: string, update: WithdrawalUpdate, now: Date): Promise<boolean> {
    const change = withdrawalChange(update);
    const rows = await queryRows(
      tx,
      `UPDATE payouts.withdrawals SET status = $4, tx_hash = $5, rejection_reason = $6, processed_at = $7, ledger_step = NULL
        WHERE merchant_code = $1 AND environment = $2 AND id = $3 AND status = ANY($8::text[]) RETURNING id`,
      [...ownerParams(owner), id, change.status, change.tx_hash, change.rejection_reason, now.toISOString(), WITHDRAWAL_MOVES[update.move].from],
    );
    if (rows.length === 1) this.counters?.entered(tx, 'withdrawal', change.status, owner.environment);
    return rows.length === 1;
  }

  /** The ledger step a committed withdrawal still owes (set in the creating transaction). */
  async setLedgerStep(tx: SqlExecutor, owner: Owner, id: string, step: LedgerStep | null): Promise<void> {
    await tx.query('UPDATE payouts.withdrawals SET ledger_step = $4 WHERE merchant_code = $1 AND environment = $2 AND id = $3', [
      ...ownerParams(owner),
      id,
      step,
    ]);
  }

  /** Withdrawals whose ledger step was not done after their commit (the process stopped in between), a page after `after`. */
  async owingLedgerStep(tx: SqlExecutor, olderThan: Date, after?: OwedReservationStep): Promise<OwedReservationStep[]> {
    return queryRows(
      tx,
      `SELECT id, merchant_code, environment, ledger_step, created_at::text AS owed_since FROM payouts.withdrawals
        WHERE ledger_step IS NOT NULL AND created_at <= $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2, $3::uuid))
        ORDER BY created_at, id LIMIT 200`,
      [olderThan.toISOString(), after?.owed_since ?? null, after?.id ?? null],
    );
  }

  async list(tx: SqlExecutor, filter: OwnedFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
    return this.page(tx, [...ownerParams(filter.owner), filter.status], limit, offset);
  }

  /** Every merchant's withdrawals, optionally of one environment. */
  async listForOperator(tx: SqlExecutor, filter: OperatorFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
    return this.page(tx, [null, filter.environment ?? null, filter.status], limit, offset);
  }

  private async page(tx: SqlExecutor, params: (string | null)[], limit: number, offset: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
    const where = `($1::text IS NULL OR merchant_code = $1) AND ($2::text IS NULL OR environment = $2) AND ($3::text IS NULL OR status = $3)`;
    const [rows, count] = await Promise.all([
      queryRows<WithdrawalRow>(tx, `SELECT ${COLUMNS} FROM payouts.withdrawals WHERE ${where} ORDER BY requested_at DESC, id LIMIT $4 OFFSET $5`, [
        ...params,
        limit,
        offset,
      ]),
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
