import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Attempts cut short by a crash (their lease ran out unrecorded) do not use up the spec's 11 attempts. */
export class InterruptedAttempts1763700000200 implements MigrationInterface {
  name = 'InterruptedAttempts1763700000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries ADD COLUMN interrupted_count int NOT NULL DEFAULT 0');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries DROP COLUMN interrupted_count');
  }
}
