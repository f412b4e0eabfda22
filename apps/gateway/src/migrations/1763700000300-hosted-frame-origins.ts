import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Origins allowed to show the Direct API hosted page in a frame (none by default). */
export class HostedFrameOrigins1763700000300 implements MigrationInterface {
  name = 'HostedFrameOrigins1763700000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE gateway.environment_settings ADD COLUMN hosted_page_frame_origins text[] NOT NULL DEFAULT '{}'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE gateway.environment_settings DROP COLUMN hosted_page_frame_origins');
  }
}
