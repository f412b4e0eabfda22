import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every card attempt on a payment page: waiting on the 3-D Secure screen, failed, paid,
 * or abandoned when the customer typed another card. Only BIN, last four and the scheme
 * of the card are kept.
 */
export class PaymentAttempts1763700000200 implements MigrationInterface {
  name = 'PaymentAttempts1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payments.attempts (
      id bigserial PRIMARY KEY,
      payment_id bigint NOT NULL REFERENCES payments.payments (id),
      status text NOT NULL CHECK (status IN ('three_ds', 'failed', 'paid', 'abandoned')),
      three_ds_scenario text,
      three_ds_expires_at timestamptz,
      card jsonb NOT NULL,
      reason_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
    await runner.query('CREATE INDEX attempts_by_payment ON payments.attempts (payment_id, id DESC)');
    // At most one attempt of a payment waits on the 3-D Secure screen.
    await runner.query(`CREATE UNIQUE INDEX attempts_one_open ON payments.attempts (payment_id) WHERE status = 'three_ds'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payments.attempts');
  }
}
