import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rate codes may have four letters (USDT). */
export class FxRateCodes1763700000300 implements MigrationInterface {
  name = 'FxRateCodes1763700000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE ledger.fx_rates ALTER COLUMN currency TYPE varchar(4)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM ledger.fx_rates WHERE length(currency) > 3`);
    await runner.query('ALTER TABLE ledger.fx_rates ALTER COLUMN currency TYPE char(3)');
  }
}
