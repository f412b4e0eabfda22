import { DataSource } from 'typeorm';
import { MoveRefused, connectToServiceSchema } from '@platform/persistence';
import { finishTransactions, openTransaction, undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderRepository, type OrderRow } from './order.repository';

/**
 * ADR 0033 on the real orders schema: an order is created at version 1 and every change of its
 * status raises it by exactly one in the UPDATE that makes the change, so two racing changes
 * never share a version; nothing else about the order raises it.
 */
describe('order versions', () => {
  const { owner } = ownerAndStrangers();
  const orders = new OrderRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const newOrder = async (status: OrderRow['status']): Promise<OrderRow> =>
    (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'direct', status, processor: 'sandbox' })))!;
  const stored = async (order: OrderRow) => (await orders.find(dataSource, owner, order.merchant_order_id))!;

  const open = () => openTransaction(dataSource);
  const finish = finishTransactions;

  it('starts at 1, whatever state the order is created in', async () => {
    expect((await newOrder('requires_action')).version).toBe(1);
    expect((await newOrder('failed')).version).toBe(1);
  });

  it('raises it once per change of status and reports the status before, up to a late confirmation', async () => {
    const order = await newOrder('requires_action');
    const pending = await orders.transition(dataSource, owner, order.id, { move: 'await_bank' });
    expect(pending).toMatchObject({ status: 'pending', version: 2, previous_status: 'requires_action' });
    const failed = await orders.transition(dataSource, owner, order.id, { move: 'fail', failure_reason_code: 'payment_timed_out' });
    expect(failed).toMatchObject({ status: 'failed', version: 3, previous_status: 'pending' });
    const paid = await orders.transition(dataSource, owner, order.id, { move: 'confirm_late' });
    expect(paid).toMatchObject({ status: 'paid', version: 4, previous_status: 'failed' });
    expect((await stored(order)).version).toBe(4);
  });

  it('does not raise it for what is not a change of status, nor for a refused move', async () => {
    const order = await newOrder('requires_action');
    await orders.recordAttempt(dataSource, owner, order.id, {
      processor: 'sandbox',
      processor_state: 's',
      bank_page: '<form/>',
      attempt_card: null,
      three_d: true,
    });
    await orders.countPageAttempt(dataSource, owner, order.id);
    await orders.setCardFingerprint(dataSource, owner, order.id, 'fp');
    expect((await stored(order)).version).toBe(1);
    await orders.transition(dataSource, owner, order.id, { move: 'pay' });
    await expect(orders.transition(dataSource, owner, order.id, { move: 'fail', failure_reason_code: 'payment_declined' })).rejects.toThrow(MoveRefused);
    expect((await stored(order)).version).toBe(2);
  });

  it('lets only one of a racing payment and failure win: one change, one version', async () => {
    const order = await newOrder('pending');
    const [first, second] = [await open(), await open()];
    try {
      const won = await orders.transition(first.manager, owner, order.id, { move: 'pay' });
      // The second waits on the row inside its own statement until the first commits.
      const lost = orders.transition(second.manager, owner, order.id, { move: 'fail', failure_reason_code: 'payment_timed_out' }).then(
        () => 'moved',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commitTransaction();
      expect(await lost).toBeInstanceOf(MoveRefused);
      expect(won).toMatchObject({ status: 'paid', version: 2, previous_status: 'pending' });
      expect(await stored(order)).toMatchObject({ status: 'paid', version: 2, failure_reason_code: null });
    } finally {
      await finish(first, second);
    }
  });

  it('gives two racing moves that may both be taken distinct versions, the second seeing the first’s status', async () => {
    const order = await newOrder('requires_action');
    const [first, second] = [await open(), await open()];
    try {
      const one = await orders.transition(first.manager, owner, order.id, { move: 'await_bank' });
      const racing = orders.transition(second.manager, owner, order.id, { move: 'fail', failure_reason_code: 'payment_timed_out' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commitTransaction();
      const two = await racing;
      await second.commitTransaction();
      expect(one).toMatchObject({ status: 'pending', version: 2, previous_status: 'requires_action' });
      expect(two).toMatchObject({ status: 'failed', version: 3, previous_status: 'pending' });
    } finally {
      await finish(first, second);
    }
  });

  it('migrates existing orders to 1 in their first state and 2 once moved on, and drops the column on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'OrderVersions1763700001100');
      const statuses = ['requires_action', 'requires_hosted', 'pending', 'paid', 'failed'] as const;
      for (const [index, status] of statuses.entries()) {
        await db.query(
          `INSERT INTO orders.orders (merchant_code, environment, merchant_order_id, order_code, request_fingerprint, mode, status, amount, customer_token)
           VALUES ('MRC-1', 'sandbox', $1::text, $2, 'f', 'direct', $1::text, 10, $1::text)`,
          [status, `10000000${index}`],
        );
      }

      await db.runMigrations({ transaction: 'each' });
      expect(await db.query('SELECT status, version FROM orders.orders ORDER BY order_code')).toEqual([
        { status: 'requires_action', version: 1 },
        { status: 'requires_hosted', version: 1 },
        { status: 'pending', version: 2 },
        { status: 'paid', version: 2 },
        { status: 'failed', version: 2 },
      ]);

      await undoMigrationsDownTo(db, DATABASE.schema, 'OrderVersions1763700001100');
      expect(
        await db.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'orders' AND table_name = 'orders' AND column_name = 'version'`,
        ),
      ).toEqual([]);
    });
  });
});
