import type { MigrationInterface, QueryRunner } from 'typeorm';

/** USDT, the payout asset, gets an operator rate too (USD per USDT), seeded at par. */
export class UsdtRate1763700000400 implements MigrationInterface {
  name = 'UsdtRate1763700000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.fx_rates ALTER COLUMN currency_code TYPE varchar(4)');
    await runner.query(`INSERT INTO payments.fx_rates (currency_code, usd_per_unit) VALUES ('USDT', 1) ON CONFLICT DO NOTHING`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM payments.fx_rates WHERE currency_code = 'USDT'`);
    await runner.query('ALTER TABLE payments.fx_rates ALTER COLUMN currency_code TYPE char(3)');
  }
}
