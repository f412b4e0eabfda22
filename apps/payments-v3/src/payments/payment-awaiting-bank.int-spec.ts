import { undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { ownerAndStrangers } from '@platform/testing';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { AttemptRepository } from '../payment-page/attempt.repository';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository } from './payment.repository';
import { toPaymentRecord } from './payment-view';

/**
 * A live card whose auth the bank did not answer in time may have been charged: the payment
 * waits for the bank's answer (ADR 0014) and does not expire meanwhile. The spec lets nothing
 * leave `expired`, so while it waits the merchant must not see it expired, even past expires_at.
 */
describe('a payment whose bank answer is awaited past expires_at', () => {
  const { owner } = ownerAndStrangers();
  const payments = new PaymentRepository();
  const attempts = new AttemptRepository();
  const now = new Date();
  const card = { bin: '552879', last_four: '0202', network: 'mastercard' };
  const noFilter = { created_from: null, created_to: null, search: null };

  async function awaitingBank(db: SqlExecutor): Promise<{ paymentId: string; code: string; attemptId: string }> {
    const payment = await payments.insert(
      db,
      owner,
      newPaymentRow({ created_at: new Date(now.getTime() - 86_400_000), expires_at: new Date(now.getTime() - 1000) }),
    );
    await attempts.startThreeDs(db, payment.id, card, { processor: 'iyzico', processor_state: '{}', bank_page: null }, new Date(now.getTime() + 600_000));
    const attemptId = (await attempts.findWaiting(db, payment.id))!.id;
    await attempts.markPending(db, attemptId);
    return { paymentId: payment.id, code: payment.code, attemptId };
  }

  const shown = async (db: SqlExecutor, paymentId: string) => toPaymentRecord((await payments.findById(db, paymentId))!, 'https://pay.example', now).status;
  const listed = async (db: SqlExecutor, status: 'created' | 'expired') =>
    (await payments.list(db, owner, { ...noFilter, status }, now, 20, 0)).rows.map((row) => row.code);

  it('reads created on GET and in the list, and the sweep leaves it', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      const { paymentId, code } = await awaitingBank(db);
      expect(await shown(db, paymentId)).toBe('created');
      expect(await listed(db, 'created')).toEqual([code]);
      expect(await listed(db, 'expired')).toEqual([]);
      expect(await db.transaction((tx) => payments.expireDue(tx, now, 50))).toBe(0);
    });
  });

  it('reads expired once the bank declined, and the sweep then expires it', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      const { paymentId, code, attemptId } = await awaitingBank(db);
      await attempts.finish(db, attemptId, 'failed', 'insufficient_funds', now);
      expect(await shown(db, paymentId)).toBe('expired');
      expect(await listed(db, 'expired')).toEqual([code]);
      expect(await listed(db, 'created')).toEqual([]);
      expect(await db.transaction((tx) => payments.expireDue(tx, now, 50))).toBe(1);
    });
  });

  it('marks the payments already waiting when the column arrives', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'PaymentsAwaitingBank1764400000000');
      const payment = await db.query<{ id: string }[]>(
        `INSERT INTO payments.payments (merchant_code, environment, code, status, amount, currency_code, merchant_name, page_token, created_at, expires_at)
         VALUES ($1, $2, 'waits', 'created', 10, 'TRY', 'Shop', 'page-waits', now() - interval '25 hours', now() - interval '1 hour') RETURNING id::text AS id`,
        [owner.merchantCode, owner.environment],
      );
      await db.query(`INSERT INTO payments.attempts (payment_id, status, processor, processor_state, card) VALUES ($1, 'pending', 'iyzico', '{}', $2)`, [
        payment[0]!.id,
        JSON.stringify(card),
      ]);
      await db.runMigrations({ transaction: 'each' });
      expect(await shown(db, payment[0]!.id)).toBe('created');
    });
  });
});
