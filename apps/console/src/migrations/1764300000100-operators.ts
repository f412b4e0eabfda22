import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators of the console (ADR 0039). Secrets are never kept as they are: passwords as scrypt
 * hashes, TOTP secrets sealed under CONSOLE_KEY, session and set-up link tokens as SHA-256.
 * Every operator has a second factor: a session is `enrolling` until the operator's app proves it.
 */
export class Operators1764300000100 implements MigrationInterface {
  name = 'Operators1764300000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE console.operators (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      role text NOT NULL CHECK (role IN ('viewer', 'support', 'finance', 'admin')),
      status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'disabled')),
      password_hash text,
      totp_secret_sealed text,
      totp_last_step bigint,
      failed_sign_ins integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE console.sessions (
      token_sha256 text PRIMARY KEY,
      operator_id uuid NOT NULL REFERENCES console.operators(id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      stage text NOT NULL CHECK (stage IN ('code', 'enrol', 'signed_in')),
      pending_totp_secret_sealed text,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await runner.query(`CREATE INDEX sessions_operator ON console.sessions (operator_id)`);
    await runner.query(`CREATE TABLE console.setup_links (
      token_sha256 text PRIMARY KEY,
      operator_id uuid NOT NULL REFERENCES console.operators(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await runner.query(`CREATE TABLE console.address_sign_in_failures (
      address text NOT NULL,
      window_start timestamptz NOT NULL,
      failures integer NOT NULL,
      PRIMARY KEY (address, window_start)
    )`);
    // Sign-ins, refusals and operator management: what the console itself decides. Changes to money
    // and merchants are in the audit log of the service that made them (gateway.audit_log).
    await runner.query(`CREATE TABLE console.audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      operator_id uuid,
      actor text NOT NULL,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      correlation_id text
    )`);
    await runner.query(`CREATE INDEX audit_log_at ON console.audit_log (at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'address_sign_in_failures', 'setup_links', 'sessions', 'operators']) await runner.query(`DROP TABLE console.${table}`);
  }
}
