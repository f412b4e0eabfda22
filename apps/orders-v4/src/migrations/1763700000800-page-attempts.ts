import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Card attempts made on an order's hosted page: the page takes a few, not an unlimited card test. */
export class PageAttempts1763700000800 implements MigrationInterface {
  name = 'PageAttempts1763700000800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders ADD COLUMN page_attempts int NOT NULL DEFAULT 0');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders DROP COLUMN page_attempts');
  }
}
