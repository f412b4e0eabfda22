import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger step a committed withdrawal still owes (confirm, consume or release its
 * reservation): done right after the commit, and repeated by a sweep if that was lost.
 */
export class LedgerFollowUp1763700000200 implements MigrationInterface {
  name = 'LedgerFollowUp1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payouts.withdrawals ADD COLUMN ledger_step text CHECK (ledger_step IN ('confirm', 'consume', 'release'))`);
    await runner.query(`UPDATE payouts.withdrawals SET ledger_step = 'confirm' WHERE status = 'requested' AND NOT reservation_confirmed`);
    await runner.query('DROP INDEX payouts.withdrawals_unconfirmed');
    await runner.query('ALTER TABLE payouts.withdrawals DROP COLUMN reservation_confirmed');
    await runner.query('CREATE INDEX withdrawals_ledger_step ON payouts.withdrawals (created_at) WHERE ledger_step IS NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX payouts.withdrawals_ledger_step');
    await runner.query('ALTER TABLE payouts.withdrawals ADD COLUMN reservation_confirmed boolean NOT NULL DEFAULT true');
    await runner.query(`UPDATE payouts.withdrawals SET reservation_confirmed = false WHERE ledger_step = 'confirm'`);
    await runner.query('ALTER TABLE payouts.withdrawals DROP COLUMN ledger_step');
    await runner.query(`CREATE INDEX withdrawals_unconfirmed ON payouts.withdrawals (created_at) WHERE status = 'requested' AND NOT reservation_confirmed`);
  }
}
