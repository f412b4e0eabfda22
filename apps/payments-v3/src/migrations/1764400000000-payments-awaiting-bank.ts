import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a payment's card is at a bank that has not answered its auth (an attempt `pending`,
 * ADR 0014): such a payment may have been charged, so it neither expires nor reads expired past
 * expires_at. Kept on the payment, where every read already looks, so a read costs nothing more.
 *
 * A trigger on the attempts keeps it, not the service's statements: during a rolling deploy the
 * replicas still on the previous release move attempts too, and the flag must follow theirs.
 * Adding a column with a constant default rewrites nothing; the locks are bounded so that a
 * long payment-page transaction makes the migration fail and retry rather than stall payments.
 */
export class PaymentsAwaitingBank1764400000000 implements MigrationInterface {
  name = 'PaymentsAwaitingBank1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`SET LOCAL lock_timeout = '5s'`);
    await runner.query('ALTER TABLE payments.payments ADD COLUMN awaiting_bank boolean NOT NULL DEFAULT false');
    await runner.query(`CREATE FUNCTION payments.follow_attempt_pending() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE payments.payments SET awaiting_bank = (NEW.status = 'pending')
         WHERE id = NEW.payment_id AND awaiting_bank IS DISTINCT FROM (NEW.status = 'pending');
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE TRIGGER attempts_follow_pending AFTER INSERT OR UPDATE OF status ON payments.attempts
      FOR EACH ROW EXECUTE FUNCTION payments.follow_attempt_pending()`);
    await runner.query(
      `UPDATE payments.payments p SET awaiting_bank = true WHERE EXISTS (SELECT 1 FROM payments.attempts a WHERE a.payment_id = p.id AND a.status = 'pending')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER attempts_follow_pending ON payments.attempts');
    await runner.query('DROP FUNCTION payments.follow_attempt_pending()');
    await runner.query('ALTER TABLE payments.payments DROP COLUMN awaiting_bank');
  }
}
