import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the order's card went through the bank's 3-D Secure page: the webhook's
 * `payment_details.card.three_d`. Null for orders made before it was kept (read as before: direct
 * orders yes, hosted no); no default, so adding it rewrites nothing.
 */
export class ThreeDPerOrder1763700001500 implements MigrationInterface {
  name = 'ThreeDPerOrder1763700001500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders ADD COLUMN three_d boolean');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders DROP COLUMN three_d');
  }
}
