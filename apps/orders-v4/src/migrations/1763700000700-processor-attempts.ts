import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order remembers which processor holds its authorisation and what finishing it needs:
 * the simulator's scenario or a live acquirer's references (never card data), the bank's
 * 3-D Secure page while the customer is there, and the card of a hosted attempt under way.
 */
export class ProcessorAttempts1763700000700 implements MigrationInterface {
  name = 'ProcessorAttempts1763700000700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders DROP CONSTRAINT IF EXISTS orders_three_ds_scenario_check');
    await runner.query('ALTER TABLE orders.orders RENAME COLUMN three_ds_scenario TO processor_state');
    await runner.query('ALTER TABLE orders.orders ADD COLUMN processor text, ADD COLUMN bank_page text, ADD COLUMN attempt_card jsonb');
    await runner.query(`UPDATE orders.orders SET processor = 'sandbox' WHERE processor_state IS NOT NULL`);
    await runner.query(`CREATE INDEX orders_pending_lookup ON orders.orders (created_at) WHERE status = 'pending' AND processor_state IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX orders.orders_pending_lookup');
    await runner.query('ALTER TABLE orders.orders DROP COLUMN processor, DROP COLUMN bank_page, DROP COLUMN attempt_card');
    await runner.query('ALTER TABLE orders.orders RENAME COLUMN processor_state TO three_ds_scenario');
  }
}
