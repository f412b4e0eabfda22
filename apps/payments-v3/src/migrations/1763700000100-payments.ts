import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keys of payment creation until ADR 0019; the later migration that moves them restores this table on the way down. */
export const PAYMENT_IDEMPOTENCY_KEYS_TABLE = `CREATE TABLE payments.idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      payment_code varchar(16) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`;

export class Payments1763700000100 implements MigrationInterface {
  name = 'Payments1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payments.payments (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      code varchar(16) NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9]{4,16}$'),
      merchant_reference varchar(64),
      status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'expired')),
      amount numeric(18, 2) NOT NULL CHECK (amount > 0),
      currency_code char(3) NOT NULL CHECK (currency_code IN ('USD', 'EUR', 'AED', 'TRY')),
      merchant_name varchar(120) NOT NULL,
      webhook_url varchar(500),
      return_url varchar(2048),
      page_token text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      card jsonb,
      failure jsonb
    )`);
    // A reference can never be used twice in an account and environment, not even after expiry.
    await runner.query(`CREATE UNIQUE INDEX payments_reference_once ON payments.payments (merchant_code, environment, merchant_reference)
      WHERE merchant_reference IS NOT NULL`);
    await runner.query(PAYMENT_IDEMPOTENCY_KEYS_TABLE);
    await runner.query(`CREATE TABLE payments.fx_rates (
      currency_code char(3) PRIMARY KEY,
      usd_per_unit numeric(20, 10) NOT NULL CHECK (usd_per_unit > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Sane defaults until the operator sets rates.
    await runner.query(`INSERT INTO payments.fx_rates (currency_code, usd_per_unit) VALUES
      ('USD', 1), ('EUR', 1.08), ('AED', 0.2723), ('TRY', 0.029)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payments.fx_rates');
    await runner.query('DROP TABLE payments.idempotency_keys');
    await runner.query('DROP TABLE payments.payments');
  }
}
