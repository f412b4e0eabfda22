import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The expiry sweep (every 10 s, every replica) looks for created payments past expires_at. With
 * no index it read the whole table, every payment ever made, and so cost more each day. The
 * partial index holds only the created ones, by expiry, so a sweep reads what is due.
 *
 * Built CONCURRENTLY, outside a transaction, so that a large table keeps taking payments while it
 * builds; an interrupted build leaves an invalid index, which the next run drops first. Undone
 * inside a transaction (TypeORM reverts every migration in one), where a plain DROP is brief.
 */
export class PaymentsExpiryDue1764100000100 implements MigrationInterface {
  name = 'PaymentsExpiryDue1764100000100';
  transaction = false;

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX CONCURRENTLY IF EXISTS payments.payments_expiry_due');
    await runner.query(`CREATE INDEX CONCURRENTLY payments_expiry_due ON payments.payments (expires_at) WHERE status = 'created'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS payments.payments_expiry_due');
  }
}
