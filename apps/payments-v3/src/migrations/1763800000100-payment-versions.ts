import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every payment carries `version` (ADR 0033): 1 when created, one more with each change the
 * merchant can see (paid, expired, a failed attempt), raised by the UPDATE that makes the change.
 *
 * Existing payments get the version their history gives: 1, plus one for each failed attempt
 * counted in `failure`, plus one if they left `created`. The column's default (1) fills the
 * table without rewriting it; only payments that changed are updated.
 */
export class PaymentVersions1763800000100 implements MigrationInterface {
  name = 'PaymentVersions1763800000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.payments ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)');
    await runner.query(
      `UPDATE payments.payments
          SET version = 1 + COALESCE((failure->>'attempt_count')::int, 0) + CASE WHEN status = 'created' THEN 0 ELSE 1 END
        WHERE status <> 'created' OR failure IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.payments DROP COLUMN version');
  }
}
