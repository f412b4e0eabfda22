import { randomUUID } from 'node:crypto';
import { CardPlatform, isApiError, type Dispute, type Reversal, type Withdrawal } from '@card-platform/sdk';
import { OperatorClient, Stack, eventually, payOnPaymentPage, type ProvisionedMerchant } from '@platform/testing';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/**
 * Every merchant call of the SDK against the real stack, as a merchant's code makes them:
 * payments, balance, refunds, withdrawals, disputes with evidence, the key inspector, v4 BIN
 * and orders with the sandbox result, and the service status; the paged lists walked with
 * listAll over pages of one.
 */
describe('the SDK client on the real stack', () => {
  let stack: Stack;
  let merchant: ProvisionedMerchant;
  let platform: CardPlatform;

  beforeAll(async () => {
    stack = await Stack.start({
      // Every owner of keyed operations answers the key inspector, the webhook dispatcher included.
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'status', 'webhook-dispatcher'],
      env: { KAFKA_TOPIC_PREFIX: `test-sdk-client-${randomUUID().slice(0, 8)}.` },
    });
    const operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({});
    await operator.creditWallet(merchant.merchantCode, '500.00');
    platform = new CardPlatform({
      apiKey: merchant.apiKey,
      secret: merchant.apiSecret,
      baseUrl: stack.url('gateway'),
      environment: 'sandbox',
      merchantCode: merchant.merchantCode,
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function paidPayment(amount: string): Promise<string> {
    const { data: payment, created } = await platform.payments.create({ amount, currency_code: 'TRY' });
    expect(created).toBe(true);
    await payOnPaymentPage(payment.payment_url);
    await eventually(
      () => platform.payments.get(payment.code),
      (read) => read.status === 'paid',
      30000,
    );
    return payment.code;
  }

  it('takes a payment, shows it by its key, and refunds it', async () => {
    const key = `sdk-${randomUUID()}`;
    const { data: payment } = await platform.payments.create({ amount: '40.00', currency_code: 'TRY' }, { idempotencyKey: key });
    const repeat = await platform.payments.create({ amount: '40.00', currency_code: 'TRY' }, { idempotencyKey: key });
    expect([repeat.created, repeat.data.code]).toEqual([false, payment.code]);
    const [use] = await platform.idempotencyKeys.get(key);
    expect(use).toMatchObject({ idempotency_key: key, state: 'completed', resource_id: payment.code });
    const other = await platform.payments.create({ amount: '41.00', currency_code: 'TRY' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(isApiError(other, '9000039') && other.fieldErrors).toEqual({ amount: [expect.stringContaining('differs')] });

    const code = await paidPayment('60.00');
    const refund = await platform.refunds.create({ payment_code: code, operation_type: 'refund', reason: 'customer asked' });
    expect(refund).toMatchObject({ payment_code: code, operation: 'refund' });
    const completed = await eventually(
      () => platform.refunds.get(refund.id),
      (read) => read.status === 'completed',
      30000,
    );
    expect(completed.amount).toBe('60.00');
    const all: Reversal[] = await collect(platform.refunds.listAll({ per_page: 1 }));
    expect(all.map((item) => item.id)).toContain(refund.id);
  });

  it('reads the balance and withdraws part of it', async () => {
    const before = await platform.balance.get();
    expect(before).toMatchObject({ currency_code: 'TRY', environment: 'sandbox' });
    const withdrawable = await platform.balance.withdrawable();
    expect(Number(withdrawable.withdrawable_amount)).toBeGreaterThanOrEqual(500);
    const first = await platform.withdrawals.create({ amount: '100.00', address: ADDRESS, address_acknowledged: true });
    const second = await platform.withdrawals.create({ amount: '20.00', address: ADDRESS, address_acknowledged: true }, { sandboxScenario: 'rejected' });
    expect([first.status, second.status]).toEqual(['sent', 'rejected']);
    expect(await platform.withdrawals.get(first.id)).toEqual(first);
    const sent: Withdrawal[] = await collect(platform.withdrawals.listAll({ status: 'sent', per_page: 1 }));
    expect(sent.map((item) => item.id)).toEqual([first.id]);
    const listed = await collect(platform.withdrawals.listAll({ per_page: 1 }));
    expect(listed.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
    expect((await platform.balance.get()).available_amount).toBe((Number(before.available_amount) - 100).toFixed(2));
  });

  it('opens a sandbox dispute, answers it with evidence and finds it in the list', async () => {
    const code = await paidPayment('30.00');
    const opened = await platform.sandbox.createDispute({ payment_code: code, reason: 'product_not_delivered', scenario: 'open' });
    expect(opened).toMatchObject({ payment_code: code, status: 'open' });
    const answered = await platform.disputes.submitEvidence(opened.id, 'Delivered on 20 November, signed by the customer.');
    // Evidence leaves the status as it is and records when it came.
    expect(answered).toMatchObject({ id: opened.id, status: 'open', merchant_evidence_submitted_at: expect.stringMatching(/Z$/) });
    expect(await platform.disputes.get(opened.id)).toEqual(answered);
    const all: Dispute[] = await collect(platform.disputes.listAll({ per_page: 1 }));
    expect(all.map((item) => item.id)).toEqual([opened.id]);
  });

  it('reads a BIN, creates a hosted order, closes it with the sandbox result and reads it back', async () => {
    const bin = await platform.bins.get('540061', '100.00');
    expect(bin).toMatchObject({ bin: '540061' });
    const merchantOrderId = `sdk-${randomUUID().slice(0, 8)}`;
    const { data: order, created } = await platform.orders.create({ merchant_order_id: merchantOrderId, amount: '100.00', bin: '540061' });
    expect([created, order.status]).toEqual([true, 'requires_hosted']);
    const paid = await platform.sandbox.setOrderResult(merchantOrderId, 'paid');
    expect(paid).toMatchObject({ merchant_order_id: merchantOrderId, status: 'paid' });
    expect(await platform.orders.get(merchantOrderId)).toMatchObject({ merchant_order_id: merchantOrderId, status: 'paid' });
    const again = await platform.sandbox.setOrderResult(merchantOrderId, 'failed').catch((e: unknown) => e);
    expect(isApiError(again, '0055404')).toBe(true);
  });

  it('reads the service status: empty while nothing is in maintenance', async () => {
    expect(await platform.serviceStatus()).toEqual([]);
  });
});
