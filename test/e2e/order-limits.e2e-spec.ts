import { randomInt, randomUUID } from 'node:crypto';
import { OperatorClient, Stack, V4Client } from '@platform/testing';

/**
 * Volume limits of an account (0055235 with amount_limit null) and the daily limits of
 * one card (0055221), lowered for the test: 100.00 TRY a day per account, 3 attempts or
 * 50.00 TRY a day per card.
 */
function uniqueCard(): string {
  const prefix = `435509${randomInt(100000000, 999999999)}`;
  for (let digit = 0; digit < 10; digit += 1) {
    const candidate = `${prefix}${digit}`;
    const sum = [...candidate].reverse().reduce((total, char, i) => {
      const value = Number(char) * (i % 2 === 1 ? 2 : 1);
      return total + (value > 9 ? value - 9 : value);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

describe('order limits', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'orders-v4'],
      portBase: 20080,
      env: { VOLUME_DAILY_LIMIT: '100.00', CARD_DAILY_ATTEMPTS: '3', CARD_DAILY_AMOUNT: '50.00' },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const order = (client: V4Client, body: Record<string, unknown>) => client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, ...body });
  const card = (number: string) => ({ holder_name: 'Efe Can', number, expiry_month: '12', expiry_year: '30', cvv: '123' });

  it('refuses an order past the daily volume of the account with 0055235 and amount_limit null', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    expect((await order(client, { amount: '60.00', bin: '540061' })).status).toBe(201);
    expect((await order(client, { amount: '40.00', bin: '540061' })).status).toBe(201);
    const over = await order(client, { amount: '1.00', bin: '540061' });
    expect([over.status, over.body.code, over.body.amount_limit]).toEqual([422, '0055235', null]);
  });

  it('does not count failed orders towards the volume', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const declined = await order(client, { amount: '90.00', bin: '540061' });
    const failed = await client.request('POST', `/api/v4/sandbox/orders/${declined.body.data.merchant_order_id}/result`, { result: 'failed' });
    expect(failed.body.data.status).toBe('failed');
    expect((await order(client, { amount: '90.00', bin: '540061' })).status).toBe(201);
  });

  it('never lets parallel orders pass the volume together', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(client, { amount: '30.00', bin: '540061' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === '0055235')).toHaveLength(3);
  });

  it('refuses a fourth attempt of the same card in a day with 0055221, across merchants', async () => {
    const number = uniqueCard();
    const first = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const second = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    for (const client of [first, second, first]) expect((await order(client, { amount: '1.00', card: card(number) })).status).toBe(201);
    const fourth = await order(second, { amount: '1.00', card: card(number) });
    expect([fourth.status, fourth.body.code]).toEqual([409, '0055221']);
    expect((await order(second, { amount: '1.00', card: card(uniqueCard()) })).status).toBe(201);
  });

  it('refuses a card past its daily amount with 0055221', async () => {
    const number = uniqueCard();
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    expect((await order(client, { amount: '45.00', card: card(number) })).status).toBe(201);
    const over = await order(client, { amount: '5.01', card: card(number) });
    expect([over.status, over.body.code]).toEqual([409, '0055221']);
  });
});
