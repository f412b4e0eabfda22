import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An operator can mark the issuer of a BIN temporarily unable to take charges (a bank
 * outage): orders with such a card get 0055231 until it is back.
 */
export class IssuerAvailability1763700000400 implements MigrationInterface {
  name = 'IssuerAvailability1763700000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.bins ADD COLUMN issuer_available boolean NOT NULL DEFAULT true');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.bins DROP COLUMN issuer_available');
  }
}
