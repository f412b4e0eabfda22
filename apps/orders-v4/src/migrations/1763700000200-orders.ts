import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Direct API orders. Card data is never stored: only the BIN, last four digits and a keyed fingerprint. */
export class Orders1763700000200 implements MigrationInterface {
  name = 'Orders1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE orders.orders (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      merchant_order_id varchar(64) NOT NULL,
      order_code char(9) NOT NULL UNIQUE CHECK (order_code ~ '^[0-9]{9}$'),
      request_fingerprint text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('direct', 'hosted')),
      status text NOT NULL CHECK (status IN ('requires_action', 'requires_hosted', 'pending', 'paid', 'failed')),
      amount numeric(18, 2) NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL DEFAULT 'TRY',
      card jsonb,
      card_fingerprint text,
      customer_token text NOT NULL UNIQUE,
      three_ds_expires_at timestamptz,
      hosted_expires_at timestamptz,
      failure_reason_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (merchant_code, environment, merchant_order_id)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE orders.orders');
  }
}
