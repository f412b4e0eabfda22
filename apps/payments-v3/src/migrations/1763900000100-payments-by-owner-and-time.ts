import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant's list of payments (the panel's, ADR 0035) reads one merchant and environment
 * newest first: an index scan by (merchant_code, environment, created_at), `id` settling
 * payments created in the same microsecond.
 */
export class PaymentsByOwnerAndTime1763900000100 implements MigrationInterface {
  name = 'PaymentsByOwnerAndTime1763900000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX payments_owner_created ON payments.payments (merchant_code, environment, created_at, id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX payments.payments_owner_created');
  }
}
