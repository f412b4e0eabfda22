import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unique key of a merchant's order ids leads with `merchant_order_id`, so the only index
 * starting with `(merchant_code, environment)` is `orders_account_created`, and the account's
 * volume (`orders.account_volume`, run in every new order's commit under the account's lock)
 * reads the orders of a window's first partial hour through it whatever the planner knows.
 *
 * With the key on `(merchant_code, environment, merchant_order_id)` and no statistics on the
 * table (a new table, a restored or upgraded database, before its first ANALYZE) the planner
 * estimates one row of the account either way, costs both indexes alike and may take the key:
 * then every order reads all of the account's orders three times (one per window) while it
 * holds the lock. The key's columns are a set to `ON CONFLICT`, so inserts are unchanged, and
 * a lookup by merchant order id gives all three columns.
 */
export class OrderIdKeyLeadsWithOrderId1763700001000 implements MigrationInterface {
  name = 'OrderIdKeyLeadsWithOrderId1763700001000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders ADD CONSTRAINT orders_merchant_order_id_key UNIQUE (merchant_order_id, merchant_code, environment)');
    await runner.query('ALTER TABLE orders.orders DROP CONSTRAINT orders_merchant_code_environment_merchant_order_id_key');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE orders.orders ADD CONSTRAINT orders_merchant_code_environment_merchant_order_id_key UNIQUE (merchant_code, environment, merchant_order_id)',
    );
    await runner.query('ALTER TABLE orders.orders DROP CONSTRAINT orders_merchant_order_id_key');
  }
}
