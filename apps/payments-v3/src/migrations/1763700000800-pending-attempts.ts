import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A live attempt the bank has not answered in time is `pending`: the payment waits for the
 * bank's answer (looked up) instead of taking another card that could be charged twice.
 */
export class PendingAttempts1763700000800 implements MigrationInterface {
  name = 'PendingAttempts1763700000800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.attempts DROP CONSTRAINT IF EXISTS attempts_status_check');
    await runner.query(
      `ALTER TABLE payments.attempts ADD CONSTRAINT attempts_status_check CHECK (status IN ('three_ds', 'pending', 'failed', 'paid', 'abandoned'))`,
    );
    await runner.query('DROP INDEX payments.attempts_one_open');
    await runner.query(`CREATE UNIQUE INDEX attempts_one_open ON payments.attempts (payment_id) WHERE status IN ('three_ds', 'pending')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX payments.attempts_one_open');
    await runner.query(`CREATE UNIQUE INDEX attempts_one_open ON payments.attempts (payment_id) WHERE status = 'three_ds'`);
    await runner.query('ALTER TABLE payments.attempts DROP CONSTRAINT attempts_status_check');
    await runner.query(`ALTER TABLE payments.attempts ADD CONSTRAINT attempts_status_check CHECK (status IN ('three_ds', 'failed', 'paid', 'abandoned'))`);
  }
}
