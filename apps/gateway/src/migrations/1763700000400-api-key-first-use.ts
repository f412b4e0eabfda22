import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a key first authenticated a request: the merchant has confirmed it, so signatures may move to it. */
export class ApiKeyFirstUse1763700000400 implements MigrationInterface {
  name = 'ApiKeyFirstUse1763700000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE gateway.api_keys ADD COLUMN first_used_at timestamptz');
    // Keys that existed before are taken as confirmed: they are what merchants verify with today.
    await runner.query('UPDATE gateway.api_keys SET first_used_at = created_at');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE gateway.api_keys DROP COLUMN first_used_at');
  }
}
