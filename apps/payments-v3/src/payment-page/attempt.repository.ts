import { Injectable } from '@nestjs/common';
import type { ThreeDsScenario } from '@platform/card-processing';
import { queryRows, type SqlExecutor } from '@platform/persistence';

export interface AttemptCard {
  bin: string;
  last_four: string;
  network: string | null;
}

export interface AttemptRow {
  id: string;
  status: 'three_ds' | 'failed' | 'paid' | 'abandoned';
  three_ds_scenario: ThreeDsScenario | null;
  three_ds_expires_at: Date | null;
  card: AttemptCard;
}

const COLUMNS = 'id::text AS id, status, three_ds_scenario, three_ds_expires_at, card';

/** The card attempts of a payment page; callers hold the payment's row lock. */
@Injectable()
export class AttemptRepository {
  /** The attempt waiting on the 3-D Secure screen, if any (its window may have passed). */
  async findWaiting(tx: SqlExecutor, paymentId: string): Promise<AttemptRow | undefined> {
    const rows = await queryRows<AttemptRow>(tx, `SELECT ${COLUMNS} FROM payments.attempts WHERE payment_id = $1 AND status = 'three_ds'`, [paymentId]);
    return rows[0];
  }

  async startThreeDs(tx: SqlExecutor, paymentId: string, card: AttemptCard, scenario: ThreeDsScenario, expiresAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO payments.attempts (payment_id, status, three_ds_scenario, three_ds_expires_at, card) VALUES ($1, 'three_ds', $2, $3, $4)`,
      [paymentId, scenario, expiresAt.toISOString(), JSON.stringify(card)],
    );
  }

  async recordDeclined(tx: SqlExecutor, paymentId: string, card: AttemptCard, reasonCode: string, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO payments.attempts (payment_id, status, card, reason_code, finished_at) VALUES ($1, 'failed', $2, $3, $4)`,
      [paymentId, JSON.stringify(card), reasonCode, now.toISOString()],
    );
  }

  async finish(tx: SqlExecutor, attemptId: string, status: 'failed' | 'paid' | 'abandoned', reasonCode: string | null, now: Date): Promise<void> {
    await tx.query(`UPDATE payments.attempts SET status = $2, reason_code = $3, finished_at = $4 WHERE id = $1`, [attemptId, status, reasonCode, now.toISOString()]);
  }
}
