import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a payment's card is at a bank that has not answered its auth (an attempt `pending`,
 * ADR 0014): such a payment may have been charged, so it does not read expired past expires_at.
 * Kept on the payment, where every read already looks, and set in the statements that move the
 * attempt, so a read costs nothing more. Adding a column with a constant default rewrites nothing.
 */
export class PaymentsAwaitingBank1764400000000 implements MigrationInterface {
  name = 'PaymentsAwaitingBank1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.payments ADD COLUMN awaiting_bank boolean NOT NULL DEFAULT false');
    await runner.query(
      `UPDATE payments.payments p SET awaiting_bank = true WHERE EXISTS (SELECT 1 FROM payments.attempts a WHERE a.payment_id = p.id AND a.status = 'pending')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments.payments DROP COLUMN awaiting_bank');
  }
}
