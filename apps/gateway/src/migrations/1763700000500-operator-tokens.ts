import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoped, revocable operator tokens for automation (issue 22), instead of one shared
 * ADMIN_TOKEN: each has a name (the audit log's actor), a role and an expiry; only the
 * SHA-256 of the token is kept, and the token is shown once, when it is issued.
 */
export class OperatorTokens1763700000500 implements MigrationInterface {
  name = 'OperatorTokens1763700000500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE gateway.operator_tokens (
      id uuid PRIMARY KEY,
      name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9._-]{2,63}$'),
      role text NOT NULL CHECK (role IN ('viewer', 'support', 'finance', 'admin')),
      token_sha256 text NOT NULL UNIQUE,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by text,
      last_used_at timestamptz
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE gateway.operator_tokens`);
  }
}
