import { Injectable } from '@nestjs/common';
import type { Caller, Dispute } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';

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


/** SQL over disputes and their idempotency keys; merchant reads are scoped to merchant and environment. */
@Injectable()
export class DisputeRepository {
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
  }

  async find(tx: SqlExecutor, id: string, owner?: Caller, lock = false): Promise<DisputeRow | undefined> {
    const rows = await queryRows<DisputeRow>(
      tx,
      `SELECT ${COLUMNS} FROM disputes.disputes WHERE id = $1 ${owner ? 'AND merchant_code = $2 AND environment = $3' : ''} ${lock ? 'FOR UPDATE' : ''}`,
      owner ? [id, owner.merchantCode, owner.environment] : [id],
    );
    return rows[0];
  }

  async setEvidence(tx: SqlExecutor, id: string, note: string, now: Date): Promise<void> {
    await tx.query('UPDATE disputes.disputes SET merchant_evidence_note = $2, merchant_evidence_submitted_at = $3 WHERE id = $1', [id, note, now.toISOString()]);
  }

  async advance(tx: SqlExecutor, id: string, change: { status?: Dispute['status']; evidence_submitted_at?: Date; resolved_at?: Date }): Promise<void> {
    await tx.query(
      `UPDATE disputes.disputes SET status = COALESCE($2, status), evidence_submitted_at = COALESCE($3, evidence_submitted_at), resolved_at = COALESCE($4, resolved_at) WHERE id = $1`,
      [id, change.status ?? null, change.evidence_submitted_at?.toISOString() ?? null, change.resolved_at?.toISOString() ?? null],
    );
  }

  async list(tx: SqlExecutor, filter: { owner?: Caller; environment?: string; status: string | null }, limit: number, offset: number): Promise<{ rows: DisputeRow[]; total: number }> {
    const where = `($1::text IS NULL OR merchant_code = $1) AND ($2::text IS NULL OR environment = $2) AND ($3::text IS NULL OR status = $3)`;
    const params = [filter.owner?.merchantCode ?? null, filter.owner?.environment ?? filter.environment ?? null, filter.status];
    const [rows, count] = await Promise.all([
      queryRows<DisputeRow>(tx, `SELECT ${COLUMNS} FROM disputes.disputes WHERE ${where} ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`, [...params, limit, offset]),
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
