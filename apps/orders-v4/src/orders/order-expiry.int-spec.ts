import type { DataSource, QueryRunner } from 'typeorm';
import { rowsRead, withMigratedScratchSchema } from '@platform/service-testing';
import { ownerAndStrangers } from '@platform/testing';
import { DATABASE } from '../database';
import { OrdersExpiryDue1763700001300 } from '../migrations/1763700001300-orders-expiry-due';
import { newOrderFixture } from './order.fixtures';
import { OrderRepository } from './order.repository';

const FINISHED = 20_000;
const PENDING_MAX_SECONDS = 900;

/**
 * The expiry sweep runs every 5 s in every replica, for as long as the service lives, while
 * the orders table only grows: a sweep that read every order ever made would cost Postgres more
 * each day, idle or not.
 */
describe('the order expiry sweep', () => {
  const { owner } = ownerAndStrangers();
  const orders = new OrderRepository();
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const later = new Date(now.getTime() + 3_600_000);

  /** Finished orders in bulk (one statement), one due in each open state, and one of each not yet due. */
  async function seed(db: DataSource): Promise<string[]> {
    await db.query(
      `INSERT INTO orders.orders (merchant_code, environment, merchant_order_id, order_code, request_fingerprint, mode, status, amount, customer_token, created_at, completed_at)
       SELECT $1, $2, 'done-' || n, lpad(n::text, 9, '0'), 'fp', 'direct', 'failed', 10, 'done-' || n, now() - interval '30 days', now() - interval '30 days'
         FROM generate_series(1, $3::int) AS n`,
      [owner.merchantCode, owner.environment, FINISHED],
    );
    const insert = async (fields: Parameters<typeof newOrderFixture>[0], created = now) => {
      const order = (await orders.insert(db, owner, newOrderFixture(fields)))!;
      await db.query('UPDATE orders.orders SET created_at = $2 WHERE id = $1', [order.id, created.toISOString()]);
      return String(order.id);
    };
    const due = [
      await insert({ status: 'requires_action', mode: 'direct', three_ds_expires_at: ago(1000) }),
      await insert({ status: 'requires_hosted', hosted_expires_at: ago(1000) }),
      await insert({ status: 'pending', mode: 'direct' }, ago((PENDING_MAX_SECONDS + 60) * 1000)),
    ];
    await insert({ status: 'requires_action', mode: 'direct', three_ds_expires_at: later });
    await insert({ status: 'requires_hosted', hosted_expires_at: later });
    await insert({ status: 'pending', mode: 'direct' });
    await db.query('ANALYZE orders.orders');
    return due;
  }

  const sweep = (db: DataSource) => rowsRead(db, 'orders', (executor) => orders.claimExpired(executor, now, PENDING_MAX_SECONDS, 200));

  it('reads only the orders still open, however many have finished, and claims the due ones', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      const due = await seed(db);
      expect(await sweep(db)).toBeLessThan(10);
      const claimed = await db.transaction((tx) => orders.claimExpired(tx, now, PENDING_MAX_SECONDS, 200));
      expect(claimed.map((order) => String(order.id))).toEqual(due);
    });
  });

  it('read every order before the expiry indexes, and drops them on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await seed(db);
      // That migration alone, down and up again: the sweep is today's code, which later migrations' columns serve.
      const migration = new OrdersExpiryDue1763700001300();
      const onItsOwn = async (step: (runner: QueryRunner) => Promise<void>) => {
        const runner = db.createQueryRunner();
        try {
          await step(runner);
        } finally {
          await runner.release();
        }
      };
      await onItsOwn((runner) => migration.down(runner));
      expect(await sweep(db)).toBeGreaterThan(FINISHED);
      await onItsOwn((runner) => migration.up(runner));
      expect(await sweep(db)).toBeLessThan(10);
    });
  });
});
