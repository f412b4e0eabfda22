import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OperatorClient, Stack, V4Client, testInfrastructure, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

/**
 * Direct API v4 orders through the real stack (gateway → Kafka → orders-v4 → Postgres):
 * the sandbox test cards, the spec's check order, duplicate protection by
 * merchant_order_id, reading, and the sandbox result endpoint.
 */
const CARD = (number: string, overrides: Record<string, string> = {}) => ({
  holder_name: 'Ayşe Yılmaz',
  number,
  expiry_month: '12',
  expiry_year: '30',
  cvv: '123',
  ...overrides,
});
const APPROVING = '4355090000044242';
const DECLINING = '4355090000040000';
const HOSTED_BIN_CARD = '5400610000012345';
const UNROUTED_BIN_CARD = '9792100000012345';
const UNKNOWN_BIN_CARD = '1234560000012343';

describe('Direct API v4 orders', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'orders-v4'],
      env: { RATE_LIMIT_KEY_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' },
    });
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant();
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const newId = () => `ord_${randomUUID()}`;
  const create = (body: Record<string, unknown>) => v4.request('POST', '/api/v4/orders', body);

  async function eventually(probe: () => Promise<SignedResponse>, until: (r: SignedResponse) => boolean): Promise<SignedResponse> {
    const deadline = Date.now() + 15000;
    for (;;) {
      const response = await probe();
      if (until(response) || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  describe('sandbox test cards', () => {
    it('puts an approving card in requires_action with a 3-D Secure address and the card summary', async () => {
      const id = newId();
      const response = await create({ merchant_order_id: id, amount: '150.00', card: CARD(APPROVING) });
      expect(response.status).toBe(201);
      expect(response.body.data).toEqual({
        order_code: expect.stringMatching(/^\d{9}$/),
        merchant_order_id: id,
        status: 'requires_action',
        amount: '150.00',
        currency: 'TRY',
        redirect_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v4\/3ds\/[A-Za-z0-9_-]{32}$/),
        hosted_url: null,
        hosted_expires_at: null,
        failure_reason_code: null,
        failure_message: null,
        card: {
          holder_name: 'Ayşe Yılmaz',
          bin: '435509',
          last_four: '4242',
          network: 'visa',
          program: expect.any(String),
          issuer_bank_name: expect.any(String),
        },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/),
        completed_at: null,
        version: 1,
      });
    });

    it('fails 4355090000040000 at once with payment_declined and a Turkish message', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD(DECLINING) });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        status: 'failed',
        failure_reason_code: 'payment_declined',
        failure_message: 'Ödeme bankanız tarafından onaylanmadı.',
        redirect_url: null,
        completed_at: expect.stringMatching(/\+00:00$/),
      });
    });

    it('sends a card whose BIN is hosted to the hosted page and drops its details', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD(HOSTED_BIN_CARD) });
      expect(response.body.data).toMatchObject({
        status: 'requires_hosted',
        card: null,
        redirect_url: null,
        hosted_url: expect.stringContaining('/v4/hosted/'),
      });
    });

    it('does not check the card details of a card whose BIN is hosted: the customer enters the card on the page', async () => {
      for (const card of [CARD('5400610000012346'), { ...CARD(HOSTED_BIN_CARD), expiry_year: '20' }]) {
        const response = await create({ merchant_order_id: newId(), amount: '10.00', card });
        expect([response.status, response.body.data?.status, response.body.data?.card]).toEqual([201, 'requires_hosted', null]);
      }
    });

    it('creates a hosted order from a BIN with a hosted address and its expiry', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '99.90', bin: '540061' });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ status: 'requires_hosted', card: null, hosted_url: expect.stringContaining('/v4/hosted/') });
      expect(Date.parse(response.body.data.hosted_expires_at)).toBeGreaterThan(Date.now());
    });
  });

  describe('schema (1000001)', () => {
    it.each([
      ['an unknown field', { merchant_order_id: 'a', amount: '1.00', bin: '540061', coupon: 'X' }, ['coupon']],
      ['card together with bin', { merchant_order_id: 'a', amount: '1.00', bin: '540061', card: CARD(APPROVING) }, ['bin', 'card']],
      ['neither card nor bin', { merchant_order_id: 'a', amount: '1.00' }, ['card']],
      ['a missing amount', { merchant_order_id: 'a', bin: '540061' }, ['amount']],
      ['a merchant_order_id with a space', { merchant_order_id: 'a b', amount: '1.00', bin: '540061' }, ['merchant_order_id']],
      ['a merchant_order_id of 65 characters', { merchant_order_id: 'x'.repeat(65), amount: '1.00', bin: '540061' }, ['merchant_order_id']],
      ['a one-letter holder name', { merchant_order_id: 'a', amount: '1.00', card: CARD(APPROVING, { holder_name: 'A' }) }, ['card.holder_name']],
      ['a card number with letters', { merchant_order_id: 'a', amount: '1.00', card: CARD('43550900000442AB') }, ['card.number']],
      [
        'month 13 and a 5-digit CVV',
        { merchant_order_id: 'a', amount: '1.00', card: CARD(APPROVING, { expiry_month: '13', cvv: '12345' }) },
        ['card.cvv', 'card.expiry_month'],
      ],
      ['an unknown card field', { merchant_order_id: 'a', amount: '1.00', card: { ...CARD(APPROVING), pin: '1234' } }, ['pin']],
      ['a bin of five digits', { merchant_order_id: 'a', amount: '1.00', bin: '54006' }, ['bin']],
    ])('rejects %s naming the fields', async (_case, body, fields) => {
      const response = await create(body);
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
      expect(Object.keys(response.body.errors).sort()).toEqual(fields);
      expect(JSON.stringify(response.body)).not.toContain(APPROVING);
    });
  });

  describe('check order: amount, BIN, card', () => {
    it('checks the amount first (0055235 with amount_limit), even with an unknown BIN', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10', card: CARD(UNKNOWN_BIN_CARD) });
      expect([response.status, response.body.code]).toEqual([422, '0055235']);
      expect(response.body.amount_limit).toEqual({ min: '1.00', max: '250000.00' });
    });

    it('answers an amount above the bound with 0055235', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '250000.01', bin: '540061' });
      expect([response.status, response.body.code]).toEqual([422, '0055235']);
    });

    it('checks the BIN before the card: unknown BIN with a bad Luhn digit gives 0055233', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD('1234560000012344') });
      expect([response.status, response.body.code]).toEqual([409, '0055233']);
    });

    it('answers a BIN without a channel with 0055230', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD(UNROUTED_BIN_CARD) });
      expect([response.status, response.body.code]).toEqual([409, '0055230']);
    });

    it('answers a failed Luhn check with 0055234', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD('4355090000044243') });
      expect([response.status, response.body.code]).toEqual([409, '0055234']);
    });

    it('answers a past expiry date with 0055234', async () => {
      const response = await create({ merchant_order_id: newId(), amount: '10.00', card: CARD(APPROVING, { expiry_month: '01', expiry_year: '24' }) });
      expect([response.status, response.body.code]).toEqual([409, '0055234']);
    });

    it('stores nothing for a refused order, so its merchant_order_id can be used again', async () => {
      const id = newId();
      expect((await create({ merchant_order_id: id, amount: '10.00', card: CARD('4355090000044243') })).status).toBe(409);
      expect((await create({ merchant_order_id: id, amount: '10.00', card: CARD(APPROVING) })).status).toBe(201);
    });
  });

  describe('duplicates by merchant_order_id', () => {
    it('answers a repeat with the same content with the order as it stands, 200', async () => {
      const id = newId();
      const first = await create({ merchant_order_id: id, amount: '20.00', card: CARD(APPROVING) });
      const again = await create({ merchant_order_id: id, amount: '20.00', card: CARD(APPROVING) });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
    });

    // The CVV is no part of "same content": nothing derived from it is kept (ADR 0013, card-data e2e).
    it.each([
      ['another amount', { amount: '21.00', card: CARD(APPROVING) }],
      ['another expiry', { amount: '20.00', card: CARD(APPROVING, { expiry_year: '31' }) }],
      ['another holder', { amount: '20.00', card: CARD(APPROVING, { holder_name: 'Someone Else' }) }],
      ['hosted instead of direct', { amount: '20.00', bin: '435509' }],
    ])('answers the same id with %s with 409 0055503', async (_case, changed) => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '20.00', card: CARD(APPROVING) });
      const response = await create({ merchant_order_id: id, ...changed });
      expect([response.status, response.body.code]).toEqual([409, '0055503']);
    });

    it('creates exactly one order from ten parallel identical requests', async () => {
      const id = newId();
      const answers = await Promise.all(Array.from({ length: 10 }, () => create({ merchant_order_id: id, amount: '30.00', card: CARD(APPROVING) })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.order_code)).size).toBe(1);
    });

    it('keeps merchant_order_id scoped to the merchant: another merchant may use the same one', async () => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '5.00', bin: '540061' });
      const other = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
      const response = await other.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '6.00', bin: '540061' });
      expect(response.status).toBe(201);
      expect((await other.get(`/api/v4/orders/${id}`)).body.data.amount).toBe('6.00');
      expect((await v4.get(`/api/v4/orders/${id}`)).body.data.amount).toBe('5.00');
    });
  });

  describe('reading and the sandbox result', () => {
    it('reads an order by merchant_order_id', async () => {
      const id = newId();
      const created = await create({ merchant_order_id: id, amount: '12.34', card: CARD(APPROVING) });
      const read = await v4.get(`/api/v4/orders/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created.body.data);
    });

    it('answers an unknown merchant_order_id with 404 0055402', async () => {
      const response = await v4.get(`/api/v4/orders/${newId()}`);
      expect([response.status, response.body.code]).toEqual([404, '0055402']);
    });

    it.each(['x'.repeat(65), 'a~b', 'ord%20one', '%C3%B6deme'])(
      'answers an id no order can have (%s) with 404 0055402, on the read and the sandbox result',
      async (id) => {
        const read = await v4.get(`/api/v4/orders/${id}`);
        expect([read.status, read.body.code]).toEqual([404, '0055402']);
        const result = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' });
        expect([result.status, result.body.code]).toEqual([404, '0055402']);
      },
    );

    it('closes a hosted order as paid, then refuses a second result with 0055404', async () => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '40.00', bin: '540061' });
      const paid = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'paid', hosted_url: null, completed_at: expect.stringMatching(/\+00:00$/) });
      const again = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'failed' });
      expect([again.status, again.body.code]).toEqual([409, '0055404']);
      expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('paid');
    });

    it('closes a hosted order as failed with payment_declined', async () => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '40.00', bin: '540061' });
      const failed = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'failed' });
      expect(failed.body.data).toMatchObject({ status: 'failed', failure_reason_code: 'payment_declined' });
    });

    it('refuses the result endpoint for an order waiting for 3-D Secure with 0055404', async () => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '40.00', card: CARD(APPROVING) });
      const response = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' });
      expect([response.status, response.body.code]).toEqual([409, '0055404']);
    });

    it('rejects a result other than paid or failed with 1000001', async () => {
      const response = await v4.request('POST', `/api/v4/sandbox/orders/${newId()}/result`, { result: 'maybe' });
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
    });
  });

  describe('account switches', () => {
    it('answers 0055002 while card payments are off and 0055001 while setup is incomplete', async () => {
      const closed = await operator.provisionMerchant();
      const client = new V4Client(stack.url('gateway'), closed);
      const path = `/admin/v1/merchants/${closed.merchantCode}/environments/sandbox`;
      await operator.call('PATCH', path, { card_payments_enabled: false });
      const off = await eventually(
        () => client.request('POST', '/api/v4/orders', { merchant_order_id: newId(), amount: '1.00', bin: '540061' }),
        (r) => r.body.code === '0055002',
      );
      expect([off.status, off.body.code]).toEqual([403, '0055002']);
      await operator.call('PATCH', path, { card_payments_enabled: true, setup_complete: false });
      const incomplete = await eventually(
        () => client.request('POST', '/api/v4/orders', { merchant_order_id: newId(), amount: '1.00', bin: '540061' }),
        (r) => r.body.code === '0055001',
      );
      expect([incomplete.status, incomplete.body.code]).toEqual([409, '0055001']);
    });
  });

  describe('card data', () => {
    it('keeps only the card summary: no number in the orders table or the service logs', async () => {
      const id = newId();
      await create({ merchant_order_id: id, amount: '77.00', card: CARD('4355090000123459', { cvv: '8642' }) });
      const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query("SELECT count(*)::int AS n FROM orders.orders WHERE orders::text LIKE '%4355090000123459%'");
        expect(rows[0].n).toBe(0);
        // The stored summary is exactly what the spec shows: no number, no CVV, no expiry.
        const stored = await db.query('SELECT card FROM orders.orders WHERE merchant_order_id = $1', [id]);
        expect(stored.rows[0].card).toEqual({
          holder_name: 'Ayşe Yılmaz',
          bin: '435509',
          last_four: '3459',
          network: 'visa',
          program: expect.any(String),
          issuer_bank_name: expect.any(String),
        });
      } finally {
        await db.end();
      }
      for (const app of ['gateway', 'orders-v4'] as const) expect(stack.logs(app)).not.toContain('4355090000123459');
    });
  });
});
