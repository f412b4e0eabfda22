import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndex } from '@platform/persistence';

/**
 * The expiry sweep (every 10 s, every replica) looks for created payments past expires_at. With
 * no index it read the whole table, every payment ever made, and so cost more each day. The
 * partial index holds only the created ones, by expiry, so a sweep reads what is due. Built
 * without blocking writes, so that a large table keeps taking payments meanwhile.
 */
export class PaymentsExpiryDue1764100000100 implements MigrationInterface {
  name = 'PaymentsExpiryDue1764100000100';
  transaction = false;

  async up(runner: QueryRunner): Promise<void> {
    await createIndexConcurrently(runner, 'payments', 'payments_expiry_due', 'payments', `(expires_at) WHERE status = 'created'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropIndex(runner, 'payments', 'payments_expiry_due');
  }
}
