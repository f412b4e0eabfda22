import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who approved a live reversal (issue 22's four eyes): from its currency's limit, another
 * operator must complete it. Reversals approved before this change are marked as such, so
 * that any operator may complete them.
 */
export class ReversalApprovals1764100000000 implements MigrationInterface {
  name = 'ReversalApprovals1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payments.reversals ADD COLUMN approved_by text`);
    await runner.query(`UPDATE payments.reversals SET approved_by = 'approved-before-four-eyes' WHERE status = 'awaiting_provider_manual'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payments.reversals DROP COLUMN approved_by`);
  }
}
