import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Merchants1763700000100 implements MigrationInterface {
  name = 'Merchants1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE gateway.merchants (
      merchant_code text PRIMARY KEY CHECK (merchant_code ~ '^MRC-[0-9]{6}$'),
      account_number char(6) NOT NULL UNIQUE,
      name varchar(200) NOT NULL,
      base_currency char(3) NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE gateway.api_keys (
      api_key text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES gateway.merchants (merchant_code),
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      key_version integer NOT NULL CHECK (key_version > 0),
      secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      UNIQUE (merchant_code, environment, key_version)
    )`);
    await runner.query(`CREATE TABLE gateway.environment_settings (
      merchant_code text NOT NULL REFERENCES gateway.merchants (merchant_code),
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      ip_allowlist text[] NOT NULL DEFAULT '{}',
      webhook_url text,
      success_return_url text,
      failure_return_url text,
      direct_api_enabled boolean NOT NULL,
      card_payments_enabled boolean NOT NULL DEFAULT true,
      setup_complete boolean NOT NULL,
      payment_limits jsonb NOT NULL DEFAULT '[]'::jsonb,
      settlement_delay_days integer NOT NULL DEFAULT 1 CHECK (settlement_delay_days BETWEEN 0 AND 90),
      withdrawal_min_amount numeric(20, 2) NOT NULL DEFAULT 10.00,
      withdrawal_daily_limit numeric(20, 2) NOT NULL DEFAULT 10000.00,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment)
    )`);
    await runner.query(`CREATE TABLE gateway.audit_log (
      id bigserial PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      action text NOT NULL,
      target text NOT NULL,
      correlation_id text NOT NULL,
      before jsonb,
      after jsonb
    )`);
    // Append-only: the service role may add audit rows but never change or remove them.
    await runner.query(`CREATE FUNCTION gateway.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
    await runner.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON gateway.audit_log
      FOR EACH ROW EXECUTE FUNCTION gateway.audit_log_is_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE gateway.audit_log');
    await runner.query('DROP FUNCTION gateway.audit_log_is_append_only');
    await runner.query('DROP TABLE gateway.environment_settings');
    await runner.query('DROP TABLE gateway.api_keys');
    await runner.query('DROP TABLE gateway.merchants');
  }
}
