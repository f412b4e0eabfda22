import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger step a committed reversal still owes (confirm or consume its reservation):
 * done right after the commit, and repeated by a sweep if that was lost.
 */
export class ReversalLedgerStep1763700000500 implements MigrationInterface {
  name = 'ReversalLedgerStep1763700000500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payments.reversals ADD COLUMN ledger_step text CHECK (ledger_step IN ('confirm', 'consume'))`);
    await runner.query('CREATE INDEX reversals_ledger_step ON payments.reversals (updated_at) WHERE ledger_step IS NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX payments.reversals_ledger_step');
    await runner.query('ALTER TABLE payments.reversals DROP COLUMN ledger_step');
  }
}
