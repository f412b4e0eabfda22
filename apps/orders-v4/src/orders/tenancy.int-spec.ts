import { DataSource } from 'typeorm';
import { MoveRefused, connectToServiceSchema } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderRepository, type OrderRow } from './order.repository';

/** Tenancy through the repository on the real orders schema: an order is read and moved by its owner only. */
describe('orders belong to their owner', () => {
  const { owner, strangers } = ownerAndStrangers();
  const orders = new OrderRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  async function newOrder(status: OrderRow['status']): Promise<OrderRow> {
    return (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'direct', status, processor: 'sandbox' })))!;
  }

  it('does not find, pay, fail or mark pending another owner’s order', async () => {
    const order = await newOrder('requires_action');
    for (const stranger of strangers) {
      await expect(orders.find(dataSource, stranger, order.merchant_order_id)).resolves.toBeUndefined();
      for (const update of [{ move: 'pay' }, { move: 'fail', failure_reason_code: 'payment_declined' }, { move: 'await_bank' }] as const) {
        await expect(orders.transition(dataSource, stranger, order.id, update)).rejects.toThrow(MoveRefused);
      }
    }
    await expect(orders.find(dataSource, owner, order.merchant_order_id)).resolves.toMatchObject({ status: 'requires_action', completed_at: null });
    await expect(orders.findForOperator(dataSource, order.order_code)).resolves.toMatchObject({ merchant_code: owner.merchantCode });
  });

  it('keeps a paid order paid: no later move changes it', async () => {
    const order = await newOrder('pending');
    await expect(orders.transition(dataSource, owner, order.id, { move: 'pay' })).resolves.toMatchObject({ status: 'paid' });
    await expect(orders.transition(dataSource, owner, order.id, { move: 'fail', failure_reason_code: 'payment_timed_out' })).rejects.toThrow(MoveRefused);
    await expect(orders.find(dataSource, owner, order.merchant_order_id)).resolves.toMatchObject({ status: 'paid', failure_reason_code: null });
  });
});
