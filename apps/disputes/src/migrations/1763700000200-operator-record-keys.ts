import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An operator's recording of a dispute carries an Idempotency-Key: a retry records and debits once. */
export class OperatorRecordKeys1763700000200 implements MigrationInterface {
  name = 'OperatorRecordKeys1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE disputes.idempotency_keys DROP CONSTRAINT IF EXISTS idempotency_keys_scope_check');
    await runner.query(
      `ALTER TABLE disputes.idempotency_keys ADD CONSTRAINT idempotency_keys_scope_check CHECK (scope IN ('evidence', 'sandbox_dispute', 'operator_record'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE disputes.idempotency_keys DROP CONSTRAINT idempotency_keys_scope_check');
    await runner.query(`ALTER TABLE disputes.idempotency_keys ADD CONSTRAINT idempotency_keys_scope_check CHECK (scope IN ('evidence', 'sandbox_dispute'))`);
  }
}
