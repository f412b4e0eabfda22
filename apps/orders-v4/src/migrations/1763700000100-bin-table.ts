import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The BIN table the lookup and order creation read. Sandbox rows are the spec's test
 * BINs; live rows are loaded from the operator's BIN data.
 */
export class BinTable1763700000100 implements MigrationInterface {
  name = 'BinTable1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE orders.bins (
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      bin char(6) NOT NULL CHECK (bin ~ '^[0-9]{6}$'),
      bank_name text,
      network text CHECK (network IN ('visa', 'mastercard', 'amex', 'troy')),
      card_type text CHECK (card_type IN ('credit', 'debit', 'prepaid')),
      card_program text,
      country char(2),
      domestic boolean NOT NULL,
      payment_mode text NOT NULL CHECK (payment_mode IN ('direct', 'hosted')),
      channel_available boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (environment, bin)
    )`);
    await runner.query(`INSERT INTO orders.bins
      (environment, bin, bank_name, network, card_type, card_program, country, domestic, payment_mode, channel_available)
      VALUES
      ('sandbox', '435509', 'Sandbox Bank', 'visa', 'credit', 'Sandbox Classic', 'TR', true, 'direct', true),
      ('sandbox', '540061', 'Sandbox Hosted Bank', 'mastercard', 'credit', 'Sandbox World', 'TR', true, 'hosted', true),
      ('sandbox', '979210', 'Sandbox Unrouted Bank', 'troy', 'debit', 'Sandbox Troy', 'TR', true, 'direct', false)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE orders.bins');
  }
}
