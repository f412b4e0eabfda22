import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An attempt remembers its processor, what finishing it needs (never card data) and a live bank's 3-D Secure page. */
export class AttemptProcessor1763700000700 implements MigrationInterface {
  name = 'AttemptProcessor1763700000700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.attempts RENAME COLUMN three_ds_scenario TO processor_state');
    await runner.query('ALTER TABLE payments.attempts ADD COLUMN processor text, ADD COLUMN bank_page text');
    await runner.query(`UPDATE payments.attempts SET processor = 'sandbox' WHERE processor_state IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.attempts DROP COLUMN processor, DROP COLUMN bank_page');
    await runner.query('ALTER TABLE payments.attempts RENAME COLUMN processor_state TO three_ds_scenario');
  }
}
