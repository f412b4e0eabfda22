import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MerchantBroadcastVersion1763700000200 implements MigrationInterface {
  name = 'MerchantBroadcastVersion1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE gateway.merchants ADD COLUMN broadcast_version integer NOT NULL DEFAULT 0');
    await runner.query('CREATE INDEX audit_log_target ON gateway.audit_log (target, id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX gateway.audit_log_target');
    await runner.query('ALTER TABLE gateway.merchants DROP COLUMN broadcast_version');
  }
}
