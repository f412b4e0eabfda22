import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The per-card daily limits read a card's orders of the last day on every direct order. */
export class CardUsageIndex1763700000500 implements MigrationInterface {
  name = 'CardUsageIndex1763700000500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX orders_card_usage ON orders.orders (card_fingerprint, created_at) WHERE card_fingerprint IS NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX orders.orders_card_usage');
  }
}
