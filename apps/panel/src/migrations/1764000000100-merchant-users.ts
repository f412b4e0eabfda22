import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merchant users of the panel (ADR 0035). Secrets are never kept as they are: passwords as
 * scrypt hashes, TOTP secrets sealed under PANEL_KEY, session and link tokens as SHA-256.
 */
export class MerchantUsers1764000000100 implements MigrationInterface {
  name = 'MerchantUsers1764000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE panel.users (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      role text NOT NULL CHECK (role IN ('owner', 'developer', 'viewer')),
      status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active')),
      password_hash text,
      totp_secret_sealed text,
      totp_last_step bigint,
      failed_sign_ins integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'tr')),
      invited_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX users_merchant ON panel.users (merchant_code, created_at)`);
    await runner.query(`CREATE TABLE panel.sessions (
      token_sha256 text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES panel.users(id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'live')),
      second_factor_passed boolean NOT NULL,
      pending_totp_secret_sealed text,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await runner.query(`CREATE INDEX sessions_user ON panel.sessions (user_id)`);
    await runner.query(`CREATE TABLE panel.one_time_links (
      token_sha256 text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES panel.users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('invitation', 'password_reset')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await runner.query(`CREATE TABLE panel.audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      merchant_code text NOT NULL,
      user_id uuid,
      actor text NOT NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      correlation_id text
    )`);
    await runner.query(`CREATE INDEX audit_log_merchant ON panel.audit_log (merchant_code, at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'one_time_links', 'sessions', 'users']) await runner.query(`DROP TABLE panel.${table}`);
  }
}
