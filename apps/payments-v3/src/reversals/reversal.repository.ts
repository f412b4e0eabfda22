import { Injectable, Optional } from '@nestjs/common';
import type { Owner, Reversal } from '@platform/contracts';
import { ownerParams, queryRows, type OperatorFilter, type OwnedFilter, type SqlExecutor } from '@platform/persistence';
import { BusinessCounters, type OwedReservationStep } from '@platform/service-kit';
import { REVERSAL_MOVES, reversalChange, type LedgerStep, type ReversalUpdate } from './reversal-transitions';

export type { LedgerStep } from './reversal-transitions';

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
  approved_by?: string | null;
}

const COLUMNS = `r.id, r.payment_id::text AS payment_id, r.merchant_code, r.environment, r.operation, r.status, r.amount::text AS amount, trim(r.currency) AS currency,
  r.reason, r.provider_reference, r.provider_refunded_at, r.created_at, r.updated_at, p.code AS payment_code, r.ledger_step, r.approved_by`;
const FROM = 'payments.reversals r JOIN payments.payments p ON p.id = r.payment_id';

type ListFilter = { status: string | null; operation: string | null };

/**
 * SQL over reversals and their idempotency keys. Every method over a merchant's reversal takes
 * its owner; the operator's reads across merchants are the `...ForOperator` methods.
 */
@Injectable()
export class ReversalRepository {
  constructor(@Optional() private readonly counters?: BusinessCounters) {}

  async openOrCompletedFor(tx: SqlExecutor, owner: Owner, paymentId: string): Promise<ReversalRow | undefined> {
    const rows = await queryRows<ReversalRow>(
      tx,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.merchant_code = $1 AND r.environment = $2 AND r.payment_id = $3
          AND r.status IN ('requested', 'processing', 'awaiting_provider_manual', 'completed')`,
      [...ownerParams(owner), paymentId],
    );
    return rows[0];
  }

  async insert(
    tx: SqlExecutor,
    row: Omit<ReversalRow, 'payment_code' | 'updated_at'> & { updated_at: Date | null; ledger_step: LedgerStep | null },
  ): Promise<void> {
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
    this.counters?.created(tx, row.operation, row.status, row.environment);
  }

  async find(tx: SqlExecutor, owner: Owner, id: string, lock = false): Promise<ReversalRow | undefined> {
    const rows = await queryRows<ReversalRow>(
      tx,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE r.merchant_code = $1 AND r.environment = $2 AND r.id = $3 ${lock ? 'FOR UPDATE OF r' : ''}`,
      [...ownerParams(owner), id],
    );
    return rows[0];
  }

  /** A reversal by id whoever owns it: the operator's decisions. */
  async findForOperator(tx: SqlExecutor, id: string, lock = false): Promise<ReversalRow | undefined> {
    const rows = await queryRows<ReversalRow>(tx, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r' : ''}`, [id]);
    return rows[0];
  }

  /** Takes one named move; false (nothing changed) when the reversal is not in a state the move leaves. */
  async transition(tx: SqlExecutor, owner: Owner, id: string, update: ReversalUpdate, now: Date): Promise<boolean> {
    const change = reversalChange(update);
    const rows = await queryRows<Pick<ReversalRow, 'operation'>>(
      tx,
      `UPDATE payments.reversals SET status = $4, provider_reference = COALESCE($5, provider_reference), provider_refunded_at = COALESCE($6, provider_refunded_at),
         updated_at = $7, ledger_step = $8 WHERE merchant_code = $1 AND environment = $2 AND id = $3 AND status = ANY($9::text[]) RETURNING operation`,
      [
        ...ownerParams(owner),
        id,
        change.status,
        change.provider_reference,
        change.provider_refunded_at?.toISOString() ?? null,
        now.toISOString(),
        change.ledger_step,
        REVERSAL_MOVES[update.move].from,
      ],
    );
    if (rows[0]) this.counters?.entered(tx, rows[0].operation, change.status, owner.environment);
    return rows.length === 1;
  }

  /** The operator who approved a reversal: the four-eyes rule keeps them from completing it. */
  async recordApprover(tx: SqlExecutor, id: string, operator: string): Promise<void> {
    await tx.query(`UPDATE payments.reversals SET approved_by = $2 WHERE id = $1`, [id, operator]);
  }

  async clearLedgerStep(tx: SqlExecutor, owner: Owner, id: string): Promise<void> {
    await tx.query('UPDATE payments.reversals SET ledger_step = NULL WHERE merchant_code = $1 AND environment = $2 AND id = $3', [...ownerParams(owner), id]);
  }

  /** Reversals whose ledger step was not done after their commit (the process stopped in between), a page after `after`. */
  async owingLedgerStep(tx: SqlExecutor, olderThan: Date, after?: OwedReservationStep): Promise<OwedReservationStep[]> {
    return queryRows(
      tx,
      `SELECT id, merchant_code, environment, ledger_step, updated_at::text AS owed_since FROM payments.reversals
        WHERE ledger_step IS NOT NULL AND updated_at <= $1 AND ($2::timestamptz IS NULL OR (updated_at, id) > ($2, $3::uuid))
        ORDER BY updated_at, id LIMIT 200`,
      [olderThan.toISOString(), after?.owed_since ?? null, after?.id ?? null],
    );
  }

  async list(tx: SqlExecutor, filter: OwnedFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: ReversalRow[]; total: number }> {
    return this.page(tx, [...ownerParams(filter.owner), filter.status, filter.operation], limit, offset);
  }

  /** Every merchant's reversals, optionally of one environment. */
  async listForOperator(tx: SqlExecutor, filter: OperatorFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: ReversalRow[]; total: number }> {
    return this.page(tx, [null, filter.environment ?? null, filter.status, filter.operation], limit, offset);
  }

  private async page(tx: SqlExecutor, params: (string | null)[], limit: number, offset: number): Promise<{ rows: ReversalRow[]; total: number }> {
    const where = `($1::text IS NULL OR r.merchant_code = $1) AND ($2::text IS NULL OR r.environment = $2) AND ($3::text IS NULL OR r.status = $3) AND ($4::text IS NULL OR r.operation = $4)`;
    const [rows, count] = await Promise.all([
      queryRows<ReversalRow>(tx, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $5 OFFSET $6`, [
        ...params,
        limit,
        offset,
      ]),
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
