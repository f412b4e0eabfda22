import { Injectable } from '@nestjs/common';
import { queryRows, type SqlExecutor } from '@platform/persistence';

export interface AttemptCard {
  bin: string;
  last_four: string;
  network: string | null;
}

export interface AttemptRow {
  id: string;
  status: 'three_ds' | 'pending' | 'failed' | 'paid' | 'abandoned';
  processor: string | null;
  processor_state: string | null;
  bank_page: string | null;
  three_ds_expires_at: Date | null;
  card: AttemptCard;
}

const COLUMNS = 'id::text AS id, status, processor, processor_state, bank_page, three_ds_expires_at, card';

/** The card attempts of a payment page; callers hold the payment's row lock. */
@Injectable()
export class AttemptRepository {
  /** The attempt waiting on the 3-D Secure screen, if any (its window may have passed). */
  async findWaiting(tx: SqlExecutor, paymentId: string): Promise<AttemptRow | undefined> {
    const rows = await queryRows<AttemptRow>(tx, `SELECT ${COLUMNS} FROM payments.attempts WHERE payment_id = $1 AND status = 'three_ds'`, [paymentId]);
    return rows[0];
  }

  /** The attempt's bank has not answered its auth: the attempt, and so its payment (a trigger keeps `awaiting_bank`), wait for the answer. */
  async markPending(tx: SqlExecutor, attemptId: string): Promise<void> {
    await tx.query(`UPDATE payments.attempts SET status = 'pending', bank_page = NULL WHERE id = $1`, [attemptId]);
  }

  /** Live attempts awaiting the bank, oldest first, locked for one replica at a time; with their payment's page token. */
  async claimPending(tx: SqlExecutor, limit: number): Promise<(AttemptRow & { payment_id: string; started_at: Date })[]> {
    return queryRows(
      tx,
      `SELECT ${COLUMNS}, payment_id::text AS payment_id, created_at AS started_at FROM payments.attempts
        WHERE status = 'pending' AND processor <> 'sandbox' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async startThreeDs(
    tx: SqlExecutor,
    paymentId: string,
    card: AttemptCard,
    challenge: { processor: string; processor_state: string; bank_page: string | null },
    expiresAt: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO payments.attempts (payment_id, status, processor, processor_state, bank_page, three_ds_expires_at, card) VALUES ($1, 'three_ds', $2, $3, $4, $5, $6)`,
      [paymentId, challenge.processor, challenge.processor_state, challenge.bank_page, expiresAt.toISOString(), JSON.stringify(card)],
    );
  }

  async count(tx: SqlExecutor, paymentId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(tx, 'SELECT count(*)::int AS n FROM payments.attempts WHERE payment_id = $1', [paymentId]);
    return rows[0]?.n ?? 0;
  }

  /** An attempt the processor answered at once: declined, or paid without a challenge. */
  async recordFinished(
    tx: SqlExecutor,
    paymentId: string,
    card: AttemptCard,
    outcome: { status: 'failed' | 'paid'; reasonCode: string | null },
    now: Date,
  ): Promise<void> {
    await tx.query(`INSERT INTO payments.attempts (payment_id, status, card, reason_code, finished_at) VALUES ($1, $2, $3, $4, $5)`, [
      paymentId,
      outcome.status,
      JSON.stringify(card),
      outcome.reasonCode,
      now.toISOString(),
    ]);
  }

  async finish(tx: SqlExecutor, attemptId: string, status: 'failed' | 'paid' | 'abandoned', reasonCode: string | null, now: Date): Promise<void> {
    await tx.query(`UPDATE payments.attempts SET status = $2, reason_code = $3, finished_at = $4, bank_page = NULL WHERE id = $1`, [
      attemptId,
      status,
      reasonCode,
      now.toISOString(),
    ]);
  }
}
