import { Injectable, Optional } from '@nestjs/common';
import type { Dispute, Owner } from '@platform/contracts';
import { ownerParams, queryRows, type OperatorFilter, type OwnedFilter, type SqlExecutor } from '@platform/persistence';
import { BusinessCounters } from '@platform/service-kit';
import { DISPUTE_MOVES, disputeChange, type DisputeUpdate } from './dispute-transitions';

export interface DisputeRow {
  id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  service: 'api' | 'link';
  payment_code: string | null;
  amount: string;
  currency: string;
  status: Dispute['status'];
  reason: Dispute['reason'];
  reason_note: string | null;
  occurred_on: string;
  evidence_due_at: Date | null;
  evidence_submitted_at: Date | null;
  merchant_evidence_note: string | null;
  merchant_evidence_submitted_at: Date | null;
  resolved_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, merchant_code, environment, service, payment_code, amount::text AS amount, currency, status, reason, reason_note,
  to_char(occurred_on, 'YYYY-MM-DD') AS occurred_on, evidence_due_at, evidence_submitted_at, merchant_evidence_note,
  merchant_evidence_submitted_at, resolved_at, created_at`;

type ListFilter = { status: string | null };

/**
 * SQL over disputes and their idempotency keys. Every method over a merchant's dispute takes
 * its owner; the operator's reads across merchants are the `...ForOperator` methods.
 */
@Injectable()
export class DisputeRepository {
  constructor(@Optional() private readonly counters?: BusinessCounters) {}

  async insert(tx: SqlExecutor, row: Omit<DisputeRow, 'evidence_submitted_at' | 'merchant_evidence_note' | 'merchant_evidence_submitted_at'>): Promise<void> {
    await tx.query(
      `INSERT INTO disputes.disputes (id, merchant_code, environment, service, payment_code, amount, currency, status, reason, reason_note, occurred_on,
         evidence_due_at, resolved_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        row.id,
        row.merchant_code,
        row.environment,
        row.service,
        row.payment_code,
        row.amount,
        row.currency,
        row.status,
        row.reason,
        row.reason_note,
        row.occurred_on,
        row.evidence_due_at?.toISOString() ?? null,
        row.resolved_at?.toISOString() ?? null,
        row.created_at.toISOString(),
      ],
    );
    this.counters?.created(tx, 'dispute', row.status, row.environment);
  }

  async find(tx: SqlExecutor, owner: Owner, id: string, lock = false): Promise<DisputeRow | undefined> {
    const rows = await queryRows<DisputeRow>(
      tx,
      `SELECT ${COLUMNS} FROM disputes.disputes WHERE merchant_code = $1 AND environment = $2 AND id = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [...ownerParams(owner), id],
    );
    return rows[0];
  }

  /** A dispute by id whoever owns it: the operator's moves. */
  async findForOperator(tx: SqlExecutor, id: string, lock = false): Promise<DisputeRow | undefined> {
    const rows = await queryRows<DisputeRow>(tx, `SELECT ${COLUMNS} FROM disputes.disputes WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** The merchant's evidence note; not a move: the status stays. */
  async setEvidence(tx: SqlExecutor, owner: Owner, id: string, note: string, now: Date): Promise<void> {
    await tx.query(
      'UPDATE disputes.disputes SET merchant_evidence_note = $4, merchant_evidence_submitted_at = $5 WHERE merchant_code = $1 AND environment = $2 AND id = $3',
      [...ownerParams(owner), id, note, now.toISOString()],
    );
  }

  /** Takes one named move; false (nothing changed) when the dispute is not in a state the move leaves. */
  async transition(tx: SqlExecutor, owner: Owner, id: string, update: DisputeUpdate): Promise<boolean> {
    const change = disputeChange(update);
    const rows = await queryRows(
      tx,
      `UPDATE disputes.disputes SET status = COALESCE($4, status), evidence_submitted_at = COALESCE($5, evidence_submitted_at), resolved_at = COALESCE($6, resolved_at)
        WHERE merchant_code = $1 AND environment = $2 AND id = $3 AND status = ANY($7::text[]) RETURNING id`,
      [
        ...ownerParams(owner),
        id,
        change.status,
        change.evidence_submitted_at?.toISOString() ?? null,
        change.resolved_at?.toISOString() ?? null,
        DISPUTE_MOVES[update.move].from,
      ],
    );
    if (rows.length === 1 && change.status) this.counters?.entered(tx, 'dispute', change.status, owner.environment);
    return rows.length === 1;
  }

  async list(tx: SqlExecutor, filter: OwnedFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: DisputeRow[]; total: number }> {
    return this.page(tx, [...ownerParams(filter.owner), filter.status], limit, offset);
  }

  /** Every merchant's disputes, optionally of one environment. */
  async listForOperator(tx: SqlExecutor, filter: OperatorFilter<ListFilter>, limit: number, offset: number): Promise<{ rows: DisputeRow[]; total: number }> {
    return this.page(tx, [null, filter.environment ?? null, filter.status], limit, offset);
  }

  private async page(tx: SqlExecutor, params: (string | null)[], limit: number, offset: number): Promise<{ rows: DisputeRow[]; total: number }> {
    const where = `($1::text IS NULL OR merchant_code = $1) AND ($2::text IS NULL OR environment = $2) AND ($3::text IS NULL OR status = $3)`;
    const [rows, count] = await Promise.all([
      queryRows<DisputeRow>(tx, `SELECT ${COLUMNS} FROM disputes.disputes WHERE ${where} ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`, [
        ...params,
        limit,
        offset,
      ]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM disputes.disputes WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }
}

export function toDispute(row: DisputeRow): Dispute {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    service: row.service,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    reason_note: row.reason_note,
    occurred_on: row.occurred_on,
    evidence_due_at: iso(row.evidence_due_at),
    evidence_submitted_at: iso(row.evidence_submitted_at),
    merchant_evidence_note: row.merchant_evidence_note,
    merchant_evidence_submitted_at: iso(row.merchant_evidence_submitted_at),
    resolved_at: iso(row.resolved_at),
    created_at: new Date(row.created_at).toISOString(),
    payment_code: row.payment_code,
    environment: row.environment,
  };
}
