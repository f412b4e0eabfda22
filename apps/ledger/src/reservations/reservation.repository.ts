import { Injectable } from '@nestjs/common';
import type { Owner, Wallet } from '@platform/contracts';
import { ownerParams, queryRows, type SqlExecutor } from '@platform/persistence';

export interface ReservationRow {
  operation_id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  kind: 'refund' | 'withdrawal';
  wallet: Wallet;
  currency: string;
  amount: string;
  status: 'reserved' | 'released' | 'consumed';
  confirmed: boolean;
  source_part: 'available' | 'pending_settlement';
  payment_reference: string | null;
}

/** Where a page of unconfirmed reservations ends: the next page starts after it. */
export interface UnconfirmedPosition {
  confirm_by: string;
  operation_id: string;
}

export interface UnconfirmedReservation extends UnconfirmedPosition {
  merchant_code: string;
  environment: 'sandbox' | 'live';
  payment_reference: string | null;
}

const COLUMNS = 'operation_id, merchant_code, environment, kind, wallet, currency, amount::text AS amount, status, confirmed, source_part, payment_reference';

/**
 * All SQL over reservations. Every read or change of one takes its owner; an operation id
 * taken by another owner is only ever answered yes or no.
 */
@Injectable()
export class ReservationRepository {
  async insert(
    tx: SqlExecutor,
    owner: Owner,
    row: Pick<ReservationRow, 'operation_id' | 'kind' | 'wallet' | 'currency' | 'amount' | 'source_part' | 'payment_reference'> & { confirm_by: Date },
  ): Promise<ReservationRow> {
    const rows = await queryRows<ReservationRow>(
      tx,
      `INSERT INTO ledger.reservations (operation_id, merchant_code, environment, kind, wallet, currency, amount, status, confirm_by, source_part, payment_reference)
       VALUES ($3, $1, $2, $4, $5, $6, $7, 'reserved', $8, $9, $10) RETURNING ${COLUMNS}`,
      [
        ...ownerParams(owner),
        row.operation_id,
        row.kind,
        row.wallet,
        row.currency,
        row.amount,
        row.confirm_by.toISOString(),
        row.source_part,
        row.payment_reference,
      ],
    );
    return rows[0]!;
  }

  async find(tx: SqlExecutor, owner: Owner, operationId: string, lock = false): Promise<ReservationRow | undefined> {
    const rows = await queryRows<ReservationRow>(
      tx,
      `SELECT ${COLUMNS} FROM ledger.reservations WHERE merchant_code = $1 AND environment = $2 AND operation_id = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [...ownerParams(owner), operationId],
    );
    return rows[0];
  }

  /** Whether any owner has reserved under this operation id. */
  async isTaken(tx: SqlExecutor, operationId: string): Promise<boolean> {
    const rows = await queryRows(tx, 'SELECT 1 FROM ledger.reservations WHERE operation_id = $1', [operationId]);
    return rows.length > 0;
  }

  /**
   * Whether a payment's money is reserved or was consumed, whoever reserved it (a payment is
   * reversed at most once; the unique index `reservations_one_per_payment` spans owners too).
   */
  async paymentReferenceTaken(tx: SqlExecutor, paymentReference: string): Promise<boolean> {
    const rows = await queryRows(tx, `SELECT 1 FROM ledger.reservations WHERE payment_reference = $1 AND status IN ('reserved', 'consumed')`, [
      paymentReference,
    ]);
    return rows.length > 0;
  }

  async confirm(tx: SqlExecutor, owner: Owner, operationId: string): Promise<ReservationRow> {
    const rows = await queryRows<ReservationRow>(
      tx,
      `UPDATE ledger.reservations SET confirmed = true WHERE merchant_code = $1 AND environment = $2 AND operation_id = $3 RETURNING ${COLUMNS}`,
      [...ownerParams(owner), operationId],
    );
    return rows[0]!;
  }

  /** A reserved reservation is released or consumed, once. */
  async finish(tx: SqlExecutor, owner: Owner, operationId: string, to: 'released' | 'consumed', now: Date): Promise<ReservationRow> {
    const rows = await queryRows<ReservationRow>(
      tx,
      `UPDATE ledger.reservations SET status = $4, confirmed = true, finished_at = $5
        WHERE merchant_code = $1 AND environment = $2 AND operation_id = $3 AND status = 'reserved' RETURNING ${COLUMNS}`,
      [...ownerParams(owner), operationId, to, now.toISOString()],
    );
    return rows[0]!;
  }

  /** Reservations of every owner not confirmed in time (the owners' reconciliation sweeps, ADR 0012), a page after `after`. */
  async unconfirmed(tx: SqlExecutor, kind: 'refund' | 'withdrawal', dueBefore: Date, after?: UnconfirmedPosition): Promise<UnconfirmedReservation[]> {
    return queryRows(
      tx,
      `SELECT operation_id, merchant_code, environment, payment_reference, confirm_by::text AS confirm_by FROM ledger.reservations
        WHERE kind = $1 AND status = 'reserved' AND NOT confirmed AND confirm_by <= $2
          AND ($3::timestamptz IS NULL OR (confirm_by, operation_id) > ($3, $4::text))
        ORDER BY confirm_by, operation_id LIMIT 200`,
      [kind, dueBefore.toISOString(), after?.confirm_by ?? null, after?.operation_id ?? null],
    );
  }
}
