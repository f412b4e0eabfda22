import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A `merchant_order_id` whose card is at the bank, claimed until a moment: repeats of the request
 * wait for its order instead of calling the bank again (spec: a repeat starts no new payment).
 * The claim goes when the order is stored or refused; one left by a crashed replica lapses.
 */
export class OrderIdClaims1763700001400 implements MigrationInterface {
  name = 'OrderIdClaims1763700001400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE orders.order_id_claims (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      merchant_order_id text NOT NULL,
      claimed_until timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, environment, merchant_order_id)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE orders.order_id_claims');
  }
}
