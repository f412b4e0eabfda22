import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How the simulated bank will answer once the customer leaves the 3-D Secure screen (card numbers are not kept). */
export class SandboxScenario1763700000300 implements MigrationInterface {
  name = 'SandboxScenario1763700000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE orders.orders ADD COLUMN three_ds_scenario text
      CHECK (three_ds_scenario IN ('approve', 'insufficient_funds', 'stay_pending', 'customer_choice'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders DROP COLUMN three_ds_scenario');
  }
}
