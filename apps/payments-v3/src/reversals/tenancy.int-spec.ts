import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MoveRefused, connectToServiceSchema } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newPaymentRow } from '../payments/payment-fixtures';
import { PaymentRepository, type PaymentRow } from '../payments/payment.repository';
import { ReversalRepository } from './reversal.repository';

/**
 * Tenancy through the repositories on the real payments schema: another merchant, or the
 * same merchant's other environment, can neither read nor change a merchant's payment or
 * reversal; only the ForOperator methods read across merchants.
 */
describe('payments and reversals belong to their owner', () => {
  const { owner, strangers } = ownerAndStrangers();
  const payments = new PaymentRepository();
  const reversals = new ReversalRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const newPayment = (): Promise<PaymentRow> => payments.insert(dataSource, owner, newPaymentRow());

  async function newReversal(payment: PaymentRow): Promise<string> {
    const id = randomUUID();
    await reversals.insert(dataSource, {
      id,
      payment_id: payment.id,
      merchant_code: owner.merchantCode,
      environment: owner.environment,
      operation: 'refund',
      status: 'requested',
      amount: payment.amount,
      currency: payment.currency_code,
      reason: 'customer asked',
      provider_reference: null,
      provider_refunded_at: null,
      created_at: new Date(),
      updated_at: null,
      ledger_step: 'confirm',
    });
    return id;
  }

  it('does not find, pay or count a failure on another owner’s payment', async () => {
    const payment = await newPayment();
    const card = { bin: '435509', last_four: '4242', network: 'visa' };
    for (const stranger of strangers) {
      await expect(payments.findByCode(dataSource, stranger, payment.code)).resolves.toBeUndefined();
      await expect(payments.transition(dataSource, stranger, payment.id, { move: 'pay', card, paid_at: new Date() })).rejects.toThrow(MoveRefused);
      await expect(payments.transition(dataSource, stranger, payment.id, { move: 'record_failure', reason_code: 'card_declined' })).rejects.toThrow(
        MoveRefused,
      );
    }
    const untouched = await payments.findByCode(dataSource, owner, payment.code);
    expect(untouched).toMatchObject({ status: 'created', paid_at: null, card: null, failure: null });
    await expect(payments.transition(dataSource, owner, payment.id, { move: 'pay', card, paid_at: new Date() })).resolves.toMatchObject({
      status: 'paid',
      card,
    });
  });

  it('does not find, list, move or clear the ledger step of another owner’s reversal', async () => {
    const id = await newReversal(await newPayment());
    for (const stranger of strangers) {
      await expect(reversals.find(dataSource, stranger, id)).resolves.toBeUndefined();
      const listed = await reversals.list(dataSource, { owner: stranger, status: null, operation: null }, 100, 0);
      expect(listed.rows.map((row) => row.id)).not.toContain(id);
      await expect(reversals.transition(dataSource, stranger, id, { move: 'approve' }, new Date())).resolves.toBe(false);
      await reversals.clearLedgerStep(dataSource, stranger, id);
    }
    await expect(reversals.find(dataSource, owner, id)).resolves.toMatchObject({ status: 'requested', ledger_step: 'confirm' });
    await expect(reversals.findForOperator(dataSource, id)).resolves.toMatchObject({ merchant_code: owner.merchantCode });
    const mine = await reversals.list(dataSource, { owner, status: null, operation: null }, 100, 0);
    expect(mine.rows.map((row) => row.id)).toContain(id);
  });

  it('refuses a move from a state it does not leave, for the owner too', async () => {
    const id = await newReversal(await newPayment());
    await expect(
      reversals.transition(dataSource, owner, id, { move: 'complete', provider_reference: 'RF-1', provider_refunded_at: new Date() }, new Date()),
    ).resolves.toBe(false);
    await expect(reversals.transition(dataSource, owner, id, { move: 'approve' }, new Date())).resolves.toBe(true);
    await expect(reversals.find(dataSource, owner, id)).resolves.toMatchObject({ status: 'awaiting_provider_manual', ledger_step: 'confirm' });
  });
});
