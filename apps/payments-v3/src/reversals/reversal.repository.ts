import { Injectable } from '@nestjs/common';
import type { Caller, Reversal } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';

/** What a reversal's reservation still needs from the ledger after the commit. */
export type LedgerStep = 'confirm' | 'consume' | 'release';

export interface ReversalRow {
  id: string;
  payment_id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  operation: 'refund' | 'void';
  status: Reversal['status'];
  amount: string;
  currency: string;
  reason: string;
  provider_reference: string | null;
  provider_refunded_at: Date | null;
  created_at: Date;
  updated_at: Date | null;
  payment_code: string;
  ledger_step?: LedgerStep | null;
}

const COLUMNS = `r.id, r.payment_id::text AS payment_id, r.merchant_code, r.environment, r.operation, r.status, r.amount::text AS amount, trim(r.currency) AS currency,
  r.reason, r.provider_reference, r.provider_refunded_at, r.created_at, r.updated_at, p.code AS payment_code, r.ledger_step`;
const FROM = 'payments.reversals r JOIN payments.payments p ON p.id = r.payment_id';

/** SQL over reversals and their idempotency keys; merchant reads are scoped to merchant and environment. */
@Injectable()
export class ReversalRepository {
  async openOrCompletedFor(tx: SqlExecutor, paymentId: string): Promise<ReversalRow | undefined> {
    const rows = await queryRows<ReversalRow>(
      tx,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.payment_id = $1 AND r.status IN ('requested', 'processing', 'awaiting_provider_manual', 'completed')`,
      [paymentId],
    );
    return rows[0];
  }

  async insert(tx: SqlExecutor, row: Omit<ReversalRow, 'payment_code' | 'updated_at'> & { updated_at: Date | null; ledger_step: LedgerStep | null }): Promise<void> {
    await tx.query(
      `INSERT INTO payments.reversals (id, payment_id, merchant_code, environment, operation, status, amount, currency, reason, provider_reference, provider_refunded_at, created_at, updated_at, ledger_step)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        row.id,
        row.payment_id,
        row.merchant_code,
        row.environment,
        row.operation,
        row.status,
        row.amount,
        row.currency,
        row.reason,
        row.provider_reference,
        row.provider_refunded_at?.toISOString() ?? null,
        row.created_at.toISOString(),
        row.updated_at?.toISOString() ?? null,
        row.ledger_step,
      ],
    );
  }

  async find(tx: SqlExecutor, id: string, owner?: Caller, lock = false): Promise<ReversalRow | undefined> {
    const rows = await queryRows<ReversalRow>(
      tx,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 ${owner ? 'AND r.merchant_code = $2 AND r.environment = $3' : ''} ${lock ? 'FOR UPDATE OF r' : ''}`,
      owner ? [id, owner.merchantCode, owner.environment] : [id],
    );
    return rows[0];
  }

  async update(
    tx: SqlExecutor,
    id: string,
    change: { status: Reversal['status']; provider_reference?: string; provider_refunded_at?: Date; ledger_step?: LedgerStep | null },
    now: Date,
  ): Promise<void> {
    await tx.query(
      `UPDATE payments.reversals SET status = $2, provider_reference = COALESCE($3, provider_reference), provider_refunded_at = COALESCE($4, provider_refunded_at),
         updated_at = $5, ledger_step = $6 WHERE id = $1`,
      [id, change.status, change.provider_reference ?? null, change.provider_refunded_at?.toISOString() ?? null, now.toISOString(), change.ledger_step ?? null],
    );
  }

  async clearLedgerStep(tx: SqlExecutor, id: string): Promise<void> {
    await tx.query('UPDATE payments.reversals SET ledger_step = NULL WHERE id = $1', [id]);
  }

  /** Reversals whose ledger step was not done after their commit (the process stopped in between). */
  async owingLedgerStep(tx: SqlExecutor, olderThan: Date): Promise<{ id: string; merchant_code: string; environment: 'sandbox' | 'live'; ledger_step: LedgerStep }[]> {
    return queryRows(
      tx,
      'SELECT id, merchant_code, environment, ledger_step FROM payments.reversals WHERE ledger_step IS NOT NULL AND updated_at <= $1 ORDER BY updated_at LIMIT 200',
      [olderThan.toISOString()],
    );
  }

  async list(
    tx: SqlExecutor,
    filter: { owner?: Caller; environment?: string; status: string | null; operation: string | null },
    limit: number,
    offset: number,
  ): Promise<{ rows: ReversalRow[]; total: number }> {
    const where = `($1::text IS NULL OR r.merchant_code = $1) AND ($2::text IS NULL OR r.environment = $2) AND ($3::text IS NULL OR r.status = $3) AND ($4::text IS NULL OR r.operation = $4)`;
    const params = [filter.owner?.merchantCode ?? null, filter.owner?.environment ?? filter.environment ?? null, filter.status, filter.operation];
    const [rows, count] = await Promise.all([
      queryRows<ReversalRow>(tx, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $5 OFFSET $6`, [...params, limit, offset]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM payments.reversals r WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

}

export function toReversal(row: ReversalRow): Reversal {
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    provider_reference: row.provider_reference,
    provider_refunded_at: row.provider_refunded_at ? new Date(row.provider_refunded_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    payment_code: row.payment_code,
    environment: row.environment,
  };
}
