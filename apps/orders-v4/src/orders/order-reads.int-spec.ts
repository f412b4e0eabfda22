import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Errors, type Owner } from '@platform/contracts';
import { connectToServiceSchema } from '@platform/persistence';
import type { Clock } from '@platform/service-kit';
import { TestClock, expectEachRefusedWith, ownerAndStrangers, testInfrastructure } from '@platform/testing';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderQueryService } from './order-query.service';
import { OrderRepository } from './order.repository';

/**
 * GetOrder on the real orders schema: the reads of one turn of the event loop leave as one
 * statement (BatchedCalls), and each caller still gets only its own merchant's and environment's
 * order by that id, whoever else's read shares the statement.
 */
describe('reading orders by merchant order id, several at once', () => {
  const { owner, otherMerchant, strangers } = ownerAndStrangers();
  const run = randomBytes(3).toString('hex');
  const repository = new OrderRepository();
  let dataSource: DataSource;
  let queries: OrderQueryService;

  const insert = async (who: Owner, merchantOrderId: string, amount = '75.00') =>
    (await repository.insert(dataSource, who, newOrderFixture({ merchant_order_id: merchantOrderId, amount })))!;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    queries = new OrderQueryService(
      dataSource,
      repository,
      { CHECKOUT_PUBLIC_URL: 'http://checkout.test' } as Config,
      new TestClock(new Date()) as unknown as Clock,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('answers each caller with its own order from one statement, and another’s as not found', async () => {
    // Merchant order ids are unique per owner only: two merchants may use the same one.
    const shared = `${run}-shared`;
    const mine = await insert(owner, shared, '10.00');
    const theirs = await insert(otherMerchant, shared, '20.00');
    const onlyMine = await insert(owner, `${run}-mine`);
    const onlyTheirs = await insert(otherMerchant, `${run}-theirs`);
    const statements = jest.spyOn(repository, 'findByOwnersAndIds');
    const [own, other, ...refused] = await Promise.allSettled([
      queries.get(owner, shared),
      queries.get(otherMerchant, shared),
      ...strangers.map((stranger) => queries.get(stranger, onlyMine.merchant_order_id)),
      queries.get(owner, onlyTheirs.merchant_order_id),
      queries.get(owner, `${run}-none`),
      // Not an id any order can have: refused alone, without failing the statement of the others.
      queries.get(owner, `${run}\u0000`),
      queries.get(owner, 'x'.repeat(65)),
    ]);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    expect(own).toMatchObject({ status: 'fulfilled', value: { order_code: mine.order_code, amount: '10.00' } });
    expect(other).toMatchObject({ status: 'fulfilled', value: { order_code: theirs.order_code, amount: '20.00' } });
    expect(refused).toHaveLength(strangers.length + 4);
    expectEachRefusedWith(refused, Errors.OrderNotFound);
  });

  it('shows an order as it is now: a read after a move sees the move', async () => {
    const order = await insert(owner, `${run}-moves`);
    expect(await queries.get(owner, order.merchant_order_id)).toMatchObject({ status: 'requires_hosted' });
    await repository.transition(dataSource, owner, order.id, { move: 'pay' });
    expect(await queries.get(owner, order.merchant_order_id)).toMatchObject({ status: 'paid' });
  });
});
