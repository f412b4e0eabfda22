import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refund or void reserves exactly what its payment was booked at: from pending
 * settlement while the payment has not settled (its settlement is held), from available
 * afterwards. At most one live reservation per payment.
 */
export class ReversalReservations1763700000200 implements MigrationInterface {
  name = 'ReversalReservations1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ledger.reservations
      ADD COLUMN source_part text NOT NULL DEFAULT 'available' CHECK (source_part IN ('available', 'pending_settlement')),
      ADD COLUMN payment_reference text`);
    await runner.query(`CREATE UNIQUE INDEX reservations_one_per_payment ON ledger.reservations (payment_reference)
      WHERE payment_reference IS NOT NULL AND status IN ('reserved', 'consumed')`);
    await runner.query('ALTER TABLE ledger.settlements ADD COLUMN held_by text');
    await runner.query('DROP INDEX ledger.settlements_due');
    await runner.query('CREATE INDEX settlements_due ON ledger.settlements (due_at) WHERE settled_at IS NULL AND held_by IS NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX ledger.settlements_due');
    await runner.query('CREATE INDEX settlements_due ON ledger.settlements (due_at) WHERE settled_at IS NULL');
    await runner.query('ALTER TABLE ledger.settlements DROP COLUMN held_by');
    await runner.query('DROP INDEX ledger.reservations_one_per_payment');
    await runner.query('ALTER TABLE ledger.reservations DROP COLUMN payment_reference, DROP COLUMN source_part');
  }
}
