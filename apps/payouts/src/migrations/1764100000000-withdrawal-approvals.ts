import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who approved a requested withdrawal (issue 22's four eyes): from its currency's limit, another operator must send it. */
export class WithdrawalApprovals1764100000000 implements MigrationInterface {
  name = 'WithdrawalApprovals1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payouts.withdrawals ADD COLUMN approved_by text, ADD COLUMN approved_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE payouts.withdrawals DROP COLUMN approved_by, DROP COLUMN approved_at`);
  }
}
