import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OperatorClient, Stack, V3Client, testInfrastructure } from '@platform/testing';

/** An unpaid payment becomes expired at expires_at (page validity shortened to 2 s for the test). */
describe('payment expiry', () => {
  let stack: Stack;
  let v3: V3Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'payments-v3'], portBase: 20180, env: { PAYMENT_PAGE_SECONDS: '2', EXPIRY_SWEEP_INTERVAL_MS: '300' } });
    v3 = new V3Client(stack.url('gateway'), await new OperatorClient(stack.url('gateway')).provisionMerchant());
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('expires an unpaid payment and keeps its merchant_reference used', async () => {
    const reference = `ref-${randomUUID()}`;
    const created = await v3.request('POST', '/api/v3/payments', { amount: '15.00', currency_code: 'TRY', merchant_reference: reference }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(created.body.status).toBe('created');
    await new Promise((resolve) => setTimeout(resolve, 2800));
    const read = await v3.request('GET', `/api/v3/payments/${created.body.code}`);
    expect(read.body).toMatchObject({ status: 'expired', paid_at: null, expires_at: created.body.expires_at });
    // The sweep has written it, not only the read that computes it.
    const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
    const stored = await db.query('SELECT status FROM payments.payments WHERE code = $1', [created.body.code]);
    await db.end();
    expect(stored.rows[0].status).toBe('expired');
    const reused = await v3.request('POST', '/api/v3/payments', { amount: '15.00', currency_code: 'TRY', merchant_reference: reference }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect([reused.status, reused.body.code]).toEqual([409, '9000007']);
  });
});
