import { createHash, randomUUID } from 'node:crypto';
import { OperatorClient, Stack, V3Client, eventually, payOnPaymentPage, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DIFFERS = ['differs from the first request with this Idempotency-Key'];

/**
 * Idempotency you can see (ADR 0034), through the real stack: the key inspector asks every
 * service that keeps keys (payments-v3, payouts, disputes, webhook-dispatcher) and merges their
 * answers; a 9000039 names what differs from the first request with the key.
 */
describe('Idempotency-Keys you can see', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'ledger', 'payouts', 'disputes', 'webhook-dispatcher'],
      env: {
        LEDGER_FOLLOW_UP_INTERVAL_MS: '300',
        DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_TIME_SCALE: '0.00001',
        KAFKA_TOPIC_PREFIX: `test-idem-${randomUUID().slice(0, 8)}.`,
      },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function merchant(): Promise<{ account: ProvisionedMerchant; v3: V3Client }> {
    const account = await operator.provisionMerchant({ settings: { withdrawal_min_amount: '10.00', withdrawal_daily_limit: '100000.00' } });
    await operator.creditWallet(account.merchantCode, '1000.00');
    return { account, v3: new V3Client(stack.url('gateway'), account) };
  }

  const pay = (v3: V3Client, key: string, body: Record<string, unknown>): Promise<SignedResponse> =>
    v3.request('POST', '/api/v3/payments', body, { headers: { 'Idempotency-Key': key } });
  const withdraw = (v3: V3Client, key: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SignedResponse> =>
    v3.request('POST', '/api/v3/withdrawals', { address: ADDRESS, address_acknowledged: true, ...body }, { headers: { 'Idempotency-Key': key, ...headers } });
  const inspect = (v3: V3Client, key: string) => v3.request('GET', `/api/v3/idempotency-keys/${encodeURIComponent(key)}`);

  it('shows a used key: operation, request line, body hash, state, first status and the payment', async () => {
    const { v3 } = await merchant();
    const key = randomUUID();
    const body = { amount: '10.00', currency_code: 'TRY', merchant_reference: `ref-${randomUUID()}` };
    const created = await pay(v3, key, body);
    expect(created.status).toBe(201);

    const seen = await inspect(v3, key);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      data: [
        {
          idempotency_key: key,
          operation: 'payment.create',
          method: 'POST',
          path: '/api/v3/payments',
          body_sha256: sha256(JSON.stringify(body)),
          sandbox_scenario: null,
          state: 'completed',
          response_status: 201,
          resource_id: created.body.code,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        },
      ],
    });

    // The identical repeat still replays the payment; the key shows the same single use.
    expect((await pay(v3, key, body)).status).toBe(200);
    expect((await inspect(v3, key)).body.data).toHaveLength(1);
  });

  it('answers 404 in the problem format for a key never used, and for a key another merchant used', async () => {
    const { v3 } = await merchant();
    const unused = await inspect(v3, randomUUID());
    expect(unused.status).toBe(404);
    expect(unused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unused.body).toMatchObject({ code: '1000011', status: 404, correlation_id: expect.any(String), detail: expect.stringContaining('not used') });

    const { v3: other } = await merchant();
    const key = randomUUID();
    expect((await pay(other, key, { amount: '10.00', currency_code: 'TRY' })).status).toBe(201);
    expect((await inspect(v3, key)).status).toBe(404);
  });

  it('names the field that differs in the 9000039 of a repeat with another amount', async () => {
    const { v3 } = await merchant();
    const key = randomUUID();
    expect((await pay(v3, key, { amount: '10.00', currency_code: 'TRY' })).status).toBe(201);

    const conflict = await pay(v3, key, { amount: '12.00', currency_code: 'TRY' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: '9000039', errors: { amount: DIFFERS } });
    expect(Object.keys(conflict.body.errors)).toEqual(['amount']);
    expect(conflict.body.metadata.developer_detail).toContain('amount');

    const added = await pay(v3, key, { amount: '10.00', currency_code: 'TRY', return_url: 'https://shop.example/back' });
    expect(added.status).toBe(409);
    expect(added.body.errors).toEqual({ return_url: ['was not in the first request with this Idempotency-Key'] });
  });

  it('does the same for withdrawals: visible, several fields named, another scenario named, one key over two operations', async () => {
    const { v3 } = await merchant();
    const key = randomUUID();
    const first = await withdraw(v3, key, { amount: '100.00' }, { 'X-CAV-Sandbox-Scenario': 'sent' });
    expect(first.status).toBe(201);

    const seen = await inspect(v3, key);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual([
      expect.objectContaining({
        operation: 'withdrawal.request',
        method: 'POST',
        path: '/api/v3/withdrawals',
        body_sha256: sha256(JSON.stringify({ address: ADDRESS, address_acknowledged: true, amount: '100.00' })),
        sandbox_scenario: 'sent',
        state: 'completed',
        response_status: 201,
        resource_id: first.body.id,
      }),
    ]);

    const conflict = await withdraw(v3, key, { amount: '150.00', address: OTHER_ADDRESS }, { 'X-CAV-Sandbox-Scenario': 'sent' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: '9000039', errors: { address: DIFFERS, amount: DIFFERS } });
    expect(conflict.body.metadata.developer_detail).toMatch(/address.*amount/);

    const scenario = await withdraw(v3, key, { amount: '100.00' }, { 'X-CAV-Sandbox-Scenario': 'rejected' });
    expect(scenario.status).toBe(409);
    expect(scenario.body).toMatchObject({ code: '9000010', errors: { 'X-CAV-Sandbox-Scenario': DIFFERS } });

    // The same key may serve one request per operation: both uses are listed, oldest first.
    const payment = await pay(v3, key, { amount: '10.00', currency_code: 'TRY' });
    expect(payment.status).toBe(201);
    const both = await inspect(v3, key);
    expect(both.body.data.map((use: { operation: string; resource_id: string }) => [use.operation, use.resource_id])).toEqual([
      ['withdrawal.request', first.body.id],
      ['payment.create', payment.body.code],
    ]);
  });

  it('finds a key with characters that must be percent-encoded in the path, however long the key', async () => {
    const { v3 } = await merchant();
    const key = `order/${randomUUID()}?#%`.padEnd(255, '/');
    expect((await pay(v3, key, { amount: '10.00', currency_code: 'TRY' })).status).toBe(201);
    const seen = await inspect(v3, key);
    expect(seen.status).toBe(200);
    expect(seen.body.data[0]).toMatchObject({ idempotency_key: key, operation: 'payment.create' });
  });

  it('refuses an invalid key with 422 1000001 naming the key, never a 5xx', async () => {
    const { v3 } = await merchant();
    for (const target of [`/api/v3/idempotency-keys/${'k'.repeat(256)}`, '/api/v3/idempotency-keys/%C3%A9', '/api/v3/idempotency-keys/a%20b']) {
      const response = await v3.request('GET', target);
      expect([target, response.status, response.body.code, Object.keys(response.body.errors ?? {})]).toEqual([target, 422, '1000001', ['key']]);
    }
    // Without a key, or with a trailing slash, it is another route, as everywhere in the API: no such route, not a server error.
    for (const target of ['/api/v3/idempotency-keys', '/api/v3/idempotency-keys/']) {
      const response = await v3.request('GET', target);
      expect([target, response.status, response.body.code]).toEqual([target, 404, '1000002']);
    }
  });

  it('is for signed requests only', async () => {
    const response = await fetch(`${stack.url('gateway')}/api/v3/idempotency-keys/${randomUUID()}`);
    expect(response.status).toBe(401);
  });

  it('shows the keys of refunds, dispute evidence, sandbox disputes and delivery retries, and names what a conflicting repeat changed', async () => {
    const { account, v3 } = await merchant();
    // Deliveries to an address nobody listens on fail through the whole (shortened) schedule.
    const settings = await operator.call('PATCH', `/admin/v1/merchants/${account.merchantCode}/environments/sandbox`, {
      webhook_url: 'http://127.0.0.1:9/hooks',
    });
    expect(settings.status).toBe(200);
    const paid = async (amount: string) => {
      const created = await pay(v3, randomUUID(), { amount, currency_code: 'TRY' });
      await payOnPaymentPage(created.body.payment_url);
      await eventually(
        async () => (await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body.status,
        (status) => status === 'paid',
        30000,
      );
      return created.body.code as string;
    };
    const [refunded, disputed] = [await paid('30.00'), await paid('20.00')];
    const post = (path: string, key: string, body: unknown) => v3.request('POST', path, body, { headers: { 'Idempotency-Key': key } });

    const keys = { refund: randomUUID(), sandbox: randomUUID(), evidence: randomUUID(), retry: randomUUID() };
    const refund = await post('/api/v3/refunds', keys.refund, { payment_code: refunded, operation_type: 'refund', reason: 'asked' });
    expect(refund.status).toBe(202);
    const dispute = await post('/api/v3/sandbox/disputes', keys.sandbox, { payment_code: disputed, reason: 'fraud' });
    expect(dispute.status).toBe(201);
    expect((await post(`/api/v3/disputes/${dispute.body.id}/evidence`, keys.evidence, { note: 'Signed delivery note.' })).status).toBe(200);
    const failed = await eventually(
      async () => (await v3.request('GET', '/api/v3/webhooks/deliveries?status=failed')).body.data as Array<{ id: string }>,
      (list) => list.length > 0,
      60000,
    );
    expect((await post(`/api/v3/webhooks/deliveries/${failed[0]!.id}/retry`, keys.retry, undefined)).status).toBe(200);

    const uses = async (key: string) => ((await inspect(v3, key)).body.data as Array<{ operation: string; resource_id: string; state: string }>)[0];
    expect(await uses(keys.refund)).toMatchObject({ operation: 'reversal.request', resource_id: refund.body.id, state: 'completed' });
    expect(await uses(keys.sandbox)).toMatchObject({ operation: 'dispute.sandbox', resource_id: dispute.body.id, state: 'completed' });
    expect(await uses(keys.evidence)).toMatchObject({ operation: 'dispute.evidence', resource_id: dispute.body.id, state: 'completed' });
    expect(await uses(keys.retry)).toMatchObject({ operation: 'delivery.retry', resource_id: failed[0]!.id, state: 'completed' });

    const conflicts = [
      await post('/api/v3/refunds', keys.refund, { payment_code: refunded, operation_type: 'refund', reason: 'another reason' }),
      await post('/api/v3/sandbox/disputes', keys.sandbox, { payment_code: disputed, reason: 'duplicate' }),
      await post(`/api/v3/disputes/${dispute.body.id}/evidence`, keys.evidence, { note: 'Another note.' }),
    ];
    expect(conflicts.map((answer) => [answer.status, answer.body.code, answer.body.errors])).toEqual([
      [409, '9000039', { reason: DIFFERS }],
      [409, '9000039', { reason: DIFFERS }],
      [409, '9000039', { note: DIFFERS }],
    ]);
  });

  // Last: it stops a service of the shared stack.
  it('answers 503 1000009 (repeat unchanged) rather than a partial list while a service that keeps keys does not answer', async () => {
    const { v3 } = await merchant();
    const key = randomUUID();
    expect((await pay(v3, key, { amount: '10.00', currency_code: 'TRY' })).status).toBe(201);
    await stack.terminate('webhook-dispatcher');
    const unanswered = await inspect(v3, key);
    expect([unanswered.status, unanswered.body.code, unanswered.body.metadata.retry_class]).toEqual([503, '1000009', 'retry_unchanged']);
  });
});
