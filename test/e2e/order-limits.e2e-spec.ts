import { randomInt, randomUUID } from 'node:crypto';
import { OperatorClient, Stack, V4Client, luhnComplete } from '@platform/testing';

/**
 * Volume limits of an account (0055235 with amount_limit null) and the daily limits of
 * one card (0055221), lowered for the test: 100.00 TRY a day per account, 3 attempts or
 * 50.00 TRY a day per card.
 */
function uniqueCard(bin = '435509'): string {
  return luhnComplete(`${bin}${randomInt(100000000, 999999999)}`);
}

describe('order limits', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'orders-v4'],
      env: { VOLUME_DAILY_LIMIT: '100.00', CARD_DAILY_ATTEMPTS: '3', CARD_DAILY_AMOUNT: '50.00' },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const order = (client: V4Client, body: Record<string, unknown>) =>
    client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, ...body });
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

  it('answers simultaneous orders each on its own: one id sent twice is created once and repeated once', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const repeated = { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' };
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => order(client, { amount: '10.00', bin: '540061' })),
      client.request('POST', '/api/v4/orders', repeated),
      client.request('POST', '/api/v4/orders', repeated),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201, 201, 201, 201, 201]);
    const [once, again] = answers.slice(4);
    expect(again!.body.data).toEqual(once!.body.data);
    expect(new Set(answers.map((answer) => answer.body.data.order_code)).size).toBe(5);
  });

  it('answers a hosted repeat as it stands once the volume is reached, and the id with other content with 0055503', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const merchant_order_id = `ord_${randomUUID()}`;
    const first = await client.request('POST', '/api/v4/orders', { merchant_order_id, amount: '100.00', bin: '540061' });
    expect(first.status).toBe(201);
    const again = await client.request('POST', '/api/v4/orders', { merchant_order_id, amount: '100.00', bin: '540061' });
    expect([again.status, again.body.data]).toEqual([200, first.body.data]);
    const changed = await client.request('POST', '/api/v4/orders', { merchant_order_id, amount: '99.00', bin: '540061' });
    expect([changed.status, changed.body.code]).toEqual([409, '0055503']);
  });

  it('checks the volume before the issuer: an account at its volume gets 0055235 for a BIN whose issuer is unavailable', async () => {
    const bin = String(randomInt(700000, 799999));
    const record = { bank_name: 'Closed Bank', network: 'visa', card_type: 'credit', card_program: 'Classic', country: 'TR', domestic: true };
    const unavailable = { ...record, payment_mode: 'hosted', channel_available: true, issuer_available: false };
    expect((await operator.call('PUT', `/admin/v1/bins/sandbox/${bin}`, unavailable)).status).toBe(200);
    const full = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    expect((await order(full, { amount: '100.00', bin: '540061' })).status).toBe(201);
    const refused = await order(full, { amount: '1.00', bin });
    expect([refused.status, refused.body.code, refused.body.amount_limit]).toEqual([422, '0055235', null]);
    const fresh = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const issuer = await order(fresh, { amount: '1.00', bin });
    expect([issuer.status, issuer.body.code]).toEqual([409, '0055231']);
  });

  it('checks the volume before the BIN (spec check order: amount, BIN, card): an account at its volume gets 0055235 for an unknown BIN', async () => {
    const full = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    expect((await order(full, { amount: '100.00', bin: '540061' })).status).toBe(201);
    for (const body of [{ bin: '111111' }, { card: card(luhnComplete('111111123456789')) }]) {
      const refused = await order(full, { amount: '1.00', ...body });
      expect([refused.status, refused.body.code, refused.body.amount_limit]).toEqual([422, '0055235', null]);
    }
    const fresh = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const unknown = await order(fresh, { amount: '1.00', bin: '111111' });
    expect([unknown.status, unknown.body.code]).toEqual([409, '0055233']);
  });

  it('creates one hosted order from ten parallel identical requests', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const body = { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.request('POST', '/api/v4/orders', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.order_code)).size).toBe(1);
  });

  it('counts a live card across merchants: a fourth attempt anywhere gets 0055221', async () => {
    const bin = String(randomInt(600000, 699999));
    const direct = {
      bank_name: 'Live Bank',
      network: 'visa',
      card_type: 'credit',
      card_program: 'Classic',
      country: 'TR',
      domestic: true,
      payment_mode: 'direct',
      channel_available: true,
    };
    expect((await operator.call('PUT', `/admin/v1/bins/live/${bin}`, direct)).status).toBe(200);
    const number = uniqueCard(bin);
    const first = new V4Client(stack.url('gateway'), await operator.provisionMerchant({ environment: 'live' }));
    const second = new V4Client(stack.url('gateway'), await operator.provisionMerchant({ environment: 'live' }));
    for (const client of [first, second, first]) expect((await order(client, { amount: '1.00', card: card(number) })).status).toBe(201);
    const fourth = await order(second, { amount: '1.00', card: card(number) });
    expect([fourth.status, fourth.body.code]).toEqual([409, '0055221']);
    expect(fourth.body.metadata).toMatchObject({ audit_event: 'card.daily_limit_reached', retry_class: 'do_not_retry' });
    expect((await order(second, { amount: '1.00', card: card(uniqueCard(bin)) })).status).toBe(201);
  });

  it('counts a sandbox card per merchant: one merchant reaching the limit leaves another untouched', async () => {
    const number = uniqueCard();
    const first = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const second = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    for (let i = 0; i < 3; i += 1) expect((await order(first, { amount: '1.00', card: card(number) })).status).toBe(201);
    expect((await order(first, { amount: '1.00', card: card(number) })).body.code).toBe('0055221');
    for (let i = 0; i < 3; i += 1) expect((await order(second, { amount: '1.00', card: card(number) })).status).toBe(201);
  });

  it("never limits the spec's test cards in sandbox: two merchants each use 4355090000044242 more than 20 times", async () => {
    const merchants = [
      new V4Client(stack.url('gateway'), await operator.provisionMerchant()),
      new V4Client(stack.url('gateway'), await operator.provisionMerchant()),
    ];
    for (const client of merchants) {
      for (let i = 0; i < 21; i += 1) {
        const answer = await order(client, { amount: '1.00', card: card('4355090000044242') });
        expect([answer.status, answer.body.data?.status]).toEqual([201, 'requires_action']);
      }
    }
  });

  it('answers 0055221 on purpose for the documented sandbox limit card, on its first use', async () => {
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const answer = await order(client, { amount: '1.00', card: card('4355090000552210') });
    expect([answer.status, answer.body.code]).toEqual([409, '0055221']);
  });

  it('refuses a card past its daily amount with 0055221', async () => {
    const number = uniqueCard();
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    expect((await order(client, { amount: '45.00', card: card(number) })).status).toBe(201);
    const over = await order(client, { amount: '5.01', card: card(number) });
    expect([over.status, over.body.code]).toEqual([409, '0055221']);
  });
});
