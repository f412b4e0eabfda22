import { DataSource } from 'typeorm';
import { connectToServiceSchema } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderRepository, type CardSummary } from './order.repository';

/**
 * The spec's `card` of a hosted order: null while the customer may still try another card, the
 * card of the attempt that decided the order once the result is known, paid or failed.
 */
describe("a hosted order's card summary", () => {
  const { owner } = ownerAndStrangers();
  const orders = new OrderRepository();
  let dataSource: DataSource;
  const card: CardSummary = {
    holder_name: 'Can Demir',
    bin: '552879',
    last_four: '0008',
    network: 'mastercard',
    program: 'Classic',
    issuer_bank_name: 'Stand-in Bank',
  };

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  /** A hosted order whose card went to the bank, which has not answered yet. */
  async function waitingOnTheBank() {
    const order = (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'hosted', status: 'requires_hosted' })))!;
    await orders.recordAttempt(dataSource, owner, order.id, {
      processor: 'iyzico',
      processor_state: 'state',
      bank_page: null,
      attempt_card: card,
      three_d: false,
    });
    return orders.transition(dataSource, owner, order.id, { move: 'await_bank' });
  }

  it('keeps the card of the attempt the bank declined once it answers', async () => {
    const order = await waitingOnTheBank();
    const failed = await orders.transition(dataSource, owner, order.id, { move: 'fail', failure_reason_code: 'insufficient_funds' });
    expect(failed).toMatchObject({ status: 'failed', card, attempt_card: null });
  });

  it('keeps the card of the attempt the bank approved', async () => {
    const order = await waitingOnTheBank();
    expect(await orders.transition(dataSource, owner, order.id, { move: 'pay_hosted', card })).toMatchObject({ status: 'paid', card });
  });

  it("keeps whether the card went through 3-D Secure: a direct order's window, a hosted attempt's challenge", async () => {
    const atTheBank = (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'hosted', status: 'requires_hosted' })))!;
    expect(atTheBank.three_d).toBe(false);
    const challenged = await orders.recordAttempt(dataSource, owner, atTheBank.id, {
      processor: 'iyzico',
      processor_state: 's',
      bank_page: '<form/>',
      attempt_card: card,
      three_d: true,
    });
    expect(challenged.three_d).toBe(true);
    const refused = await orders.recordAttempt(dataSource, owner, atTheBank.id, {
      processor: 'iyzico',
      processor_state: null,
      bank_page: null,
      attempt_card: null,
      three_d: false,
    });
    expect(refused.three_d).toBe(false);
    // A direct order's 3-D Secure is its window, whether the bank sent a page (live) or the sandbox shows its own.
    const window = new Date(Date.now() + 600_000);
    const direct = (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'direct', status: 'requires_action', three_ds_expires_at: window, card })))!;
    expect(direct.three_d).toBe(true);
    const approvedAtOnce = (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'direct', status: 'paid', card })))!;
    expect(approvedAtOnce.three_d).toBe(false);
  });

  it('has none when the page expires with no card at the bank', async () => {
    const order = (await orders.insert(dataSource, owner, newOrderFixture({ mode: 'hosted', status: 'requires_hosted' })))!;
    const failed = await orders.transition(dataSource, owner, order.id, { move: 'fail', failure_reason_code: 'payment_timed_out' });
    expect(failed).toMatchObject({ status: 'failed', card: null });
  });
});
