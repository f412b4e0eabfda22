import type { DataSource } from 'typeorm';
import { rowsRead, undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { ownerAndStrangers } from '@platform/testing';
import { DATABASE } from '../database';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository } from './payment.repository';

const FINISHED = 20_000;

/**
 * The expiry sweep runs every 10 s in every replica, for as long as the service lives, while
 * the payments table only grows: a sweep that read every payment ever made would cost
 * Postgres more each day, idle or not.
 */
describe('the payment expiry sweep', () => {
  const { owner } = ownerAndStrangers();
  const payments = new PaymentRepository();
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);

  /** Finished payments in bulk (one statement), and two due and one not yet due. */
  async function seed(db: DataSource): Promise<number[]> {
    await db.query(
      `INSERT INTO payments.payments (merchant_code, environment, code, status, amount, currency_code, merchant_name, page_token, created_at, expires_at)
       SELECT $1, $2, 'done' || n, CASE WHEN n % 2 = 0 THEN 'paid' ELSE 'expired' END, 10, 'TRY', 'Shop', 'page-' || n,
              now() - interval '30 days', now() - interval '29 days'
         FROM generate_series(1, $3::int) AS n`,
      [owner.merchantCode, owner.environment, FINISHED],
    );
    const due = [
      await payments.insert(db, owner, newPaymentRow({ expires_at: ago(60_000) })),
      await payments.insert(db, owner, newPaymentRow({ expires_at: ago(1000) })),
    ];
    await payments.insert(db, owner, newPaymentRow({ expires_at: new Date(now.getTime() + 3_600_000) }));
    await db.query('ANALYZE payments.payments');
    return due.map((payment) => Number(payment.id));
  }

  const sweep = (db: DataSource) => rowsRead(db, 'payments', (executor) => payments.expireDue(executor, now, 500));

  it('reads only the payments still open, however many have finished, and expires the due ones', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      const due = await seed(db);
      expect(await sweep(db)).toBeLessThan(10);
      expect(await db.transaction((tx) => payments.expireDue(tx, now, 500))).toBe(due.length);
      const statuses = await db.query<{ status: string }[]>('SELECT status FROM payments.payments WHERE id = ANY($1::bigint[]) ORDER BY id', [due]);
      expect(statuses.map((row) => row.status)).toEqual(['expired', 'expired']);
    });
  });

  it('read every payment before payments_expiry_due, and drops it on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await seed(db);
      await undoMigrationsDownTo(db, DATABASE.schema, 'PaymentsExpiryDue1764100000100');
      // Today's sweep reads a column a later migration adds (PaymentsAwaitingBank); it is lent for the measurement.
      await db.query('ALTER TABLE payments.payments ADD COLUMN awaiting_bank boolean NOT NULL DEFAULT false');
      expect(await sweep(db)).toBeGreaterThan(FINISHED);
      await db.query('ALTER TABLE payments.payments DROP COLUMN awaiting_bank');
      await db.runMigrations({ transaction: 'each' });
      expect(await sweep(db)).toBeLessThan(10);
    });
  });
});
