import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keys of refund/void requests until ADR 0019; the later migration that moves them restores this table on the way down. */
export const REVERSAL_IDEMPOTENCY_KEYS_TABLE = `CREATE TABLE payments.reversal_idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`;

/**
 * Refunds and voids. At most one reversal per payment is open or completed (a partial
 * unique index); a rejected or cancelled one leaves room for a new request. Payments get
 * the public ids the payment.refunded body names.
 */
export class Reversals1763700000300 implements MigrationInterface {
  name = 'Reversals1763700000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payments.payments
      ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid(),
      ADD COLUMN order_public_id uuid NOT NULL DEFAULT gen_random_uuid()`);
    await runner.query(`CREATE TABLE payments.reversals (
      id uuid PRIMARY KEY,
      payment_id bigint NOT NULL REFERENCES payments.payments (id),
      merchant_code text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      operation text NOT NULL CHECK (operation IN ('refund', 'void')),
      status text NOT NULL CHECK (status IN ('requested', 'processing', 'completed', 'rejected', 'failed', 'awaiting_provider_manual', 'cancelled')),
      amount numeric(18, 2) NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL,
      reason varchar(500) NOT NULL,
      provider_reference varchar(100),
      provider_refunded_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz
    )`);
    await runner.query(`CREATE UNIQUE INDEX reversals_one_per_payment ON payments.reversals (payment_id)
      WHERE status IN ('requested', 'processing', 'awaiting_provider_manual', 'completed')`);
    await runner.query('CREATE INDEX reversals_by_merchant ON payments.reversals (merchant_code, environment, created_at DESC)');
    await runner.query(
      `CREATE INDEX reversals_review_queue ON payments.reversals (environment, created_at) WHERE status IN ('requested', 'awaiting_provider_manual')`,
    );
    await runner.query(REVERSAL_IDEMPOTENCY_KEYS_TABLE);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payments.reversal_idempotency_keys, payments.reversals');
    await runner.query('ALTER TABLE payments.payments DROP COLUMN order_public_id, DROP COLUMN public_id');
  }
}
