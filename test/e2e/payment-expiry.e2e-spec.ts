import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OperatorClient, Stack, V3Client, cardFields, openScreen, submitForm, testInfrastructure } from '@platform/testing';

/**
 * An unpaid payment becomes expired at expires_at, and its page says so (page validity
 * shortened to 2 s and the 3-D Secure window to 1 s for the test).
 */
describe('payment expiry', () => {
  let stack: Stack;
  let v3: V3Client;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3'],
      env: { PAYMENT_PAGE_SECONDS: '2', THREE_DS_WINDOW_SECONDS: '1', EXPIRY_SWEEP_INTERVAL_MS: '300' },
    });
    v3 = new V3Client(stack.url('gateway'), await new OperatorClient(stack.url('gateway')).provisionMerchant());
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('expires an unpaid payment and keeps its merchant_reference used', async () => {
    const reference = `ref-${randomUUID()}`;
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '15.00', currency_code: 'TRY', merchant_reference: reference },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
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
    const reused = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '15.00', currency_code: 'TRY', merchant_reference: reference },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect([reused.status, reused.body.code]).toEqual([409, '9000007']);
  });

  it('shows an expired link as a clear page with the way back, and takes no card after expiry', async () => {
    const reference = `ref-${randomUUID()}`;
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '15.00', currency_code: 'TRY', merchant_reference: reference, return_url: 'https://shop.example/back' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    const url = created.body.payment_url;
    const form = await openScreen(url);
    expect(form.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const expired = await openScreen(url);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('süresi doldu');
    expect(expired.html).not.toContain('name="number"');
    const button = new URL(/<a class="button primary" href="([^"]+)"/.exec(expired.html)![1]!.replace(/&#38;/g, '&'));
    expect(Object.fromEntries(button.searchParams)).toEqual({ code: created.body.code, status: 'expired', merchant_reference: reference });
    // A form opened before expiry and sent after it changes nothing.
    expect((await submitForm(url, form, cardFields('4355090000044242'))).status).toBe(303);
    expect((await openScreen(url)).status).toBe(410);
    const read = await v3.request('GET', `/api/v3/payments/${created.body.code}`);
    expect(read.body).toMatchObject({ status: 'expired', failure: null, card: null, paid_at: null });
  });

  it('closes a 3-D Secure screen after its window: the approval comes too late and the card form is back', async () => {
    const created = await v3.request('POST', '/api/v3/payments', { amount: '15.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    const url = created.body.payment_url;
    const form = await openScreen(url);
    await submitForm(url, form, cardFields('4355090000044242'));
    const screen = await openScreen(url, form.cookie);
    expect(screen.html).toContain('name="result"');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await submitForm(`${url}/3ds`, screen, { result: 'success' })).status).toBe(303);
    const after = await openScreen(url, form.cookie);
    expect([after.status, after.html.includes('name="number"')]).toEqual([200, true]);
    const read = await v3.request('GET', `/api/v3/payments/${created.body.code}`);
    expect(read.body).toMatchObject({ status: 'created', paid_at: null, failure: null });
  });
});
