import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Errors, type Owner } from '@platform/contracts';
import { connectToServiceSchema } from '@platform/persistence';
import type { Clock } from '@platform/service-kit';
import { TestClock, expectEachRefusedWith, ownerAndStrangers, testInfrastructure } from '@platform/testing';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { PaymentQueryService } from './payment-query.service';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository } from './payment.repository';

/**
 * GetPayment on the real payments schema: the reads of one turn of the event loop leave as one
 * statement (BatchedCalls), and each caller still gets only a payment of its own merchant and
 * environment, whoever else's read shares the statement.
 */
describe('reading payments by code, several at once', () => {
  const { owner, otherMerchant, strangers } = ownerAndStrangers();
  const run = randomBytes(3).toString('hex');
  const repository = new PaymentRepository();
  let dataSource: DataSource;
  let queries: PaymentQueryService;

  const insert = (who: Owner, code: string) => repository.insert(dataSource, who, newPaymentRow({ code }));

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    queries = new PaymentQueryService(
      dataSource,
      repository,
      { CHECKOUT_PUBLIC_URL: 'http://checkout.test' } as Config,
      new TestClock(new Date()) as unknown as Clock,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('answers each caller with its own payment from one statement, and another’s as not found', async () => {
    const mine = await insert(owner, `${run}r1`);
    const theirs = await insert(otherMerchant, `${run}r2`);
    const statements = jest.spyOn(repository, 'findByCodes');
    const [own, other, ...refused] = await Promise.allSettled([
      queries.get(owner, mine.code),
      queries.get(otherMerchant, theirs.code),
      ...strangers.map((stranger) => queries.get(stranger, mine.code)),
      queries.get(owner, theirs.code),
      queries.get(owner, `${run}zz`),
      // Not a code any payment can have: refused alone, without failing the statement of the others.
      queries.get(owner, `${run}\u0000`),
    ]);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    expect(own).toMatchObject({ status: 'fulfilled', value: { payment_code: mine.code, amount: '12.50', environment: owner.environment } });
    expect(other).toMatchObject({ status: 'fulfilled', value: { payment_code: theirs.code } });
    expect(refused).toHaveLength(strangers.length + 3);
    expectEachRefusedWith(refused, Errors.ResourceNotFound);
  });

  it('shows a payment as it is now: a read after a move sees the move', async () => {
    const payment = await insert(owner, `${run}r3`);
    expect(await queries.get(owner, payment.code)).toMatchObject({ status: 'created' });
    await repository.transition(dataSource, owner, payment.id, {
      move: 'pay',
      card: { bin: '435509', last_four: '4242', network: 'visa' },
      paid_at: new Date(),
    });
    expect(await queries.get(owner, payment.code)).toMatchObject({ status: 'paid' });
  });
});
