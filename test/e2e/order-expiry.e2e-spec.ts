import { randomUUID } from 'node:crypto';
import { verifyReturnAddress } from '@platform/signing';
import { OperatorClient, Stack, V4Client, cardFields, openScreen, submitForm, type ProvisionedMerchant } from '@platform/testing';

/**
 * Open orders end on time, with the windows shortened so the test does not wait minutes:
 * 3-D Secure 2 s, hosted page 2 s, pending 4 s, swept every 300 ms.
 */
describe('order expiry', () => {
  let stack: Stack;
  let v4: V4Client;
  let merchant: ProvisionedMerchant;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'orders-v4'],
      env: { THREE_DS_WINDOW_SECONDS: '2', HOSTED_PAGE_SECONDS: '2', PENDING_MAX_SECONDS: '4', EXPIRY_SWEEP_INTERVAL_MS: '300' },
    });
    merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant({
      settings: {
        webhook_url: 'https://hooks.shop.example/platform',
        success_return_url: 'https://shop.example/paid',
        failure_return_url: 'https://shop.example/failed',
      },
    });
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const card = { holder_name: 'Ece Kaya', number: '4355090000044242', expiry_month: '12', expiry_year: '30', cvv: '123' };

  it('hides redirect_url once the 3-D Secure window closes, then fails a never-answered pending order', async () => {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '10.00', card });
    expect(created.body.data.redirect_url).not.toBeNull();
    await sleep(3000);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'pending', redirect_url: null });
    await sleep(2500);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({
      status: 'failed',
      failure_reason_code: 'payment_timed_out',
      completed_at: expect.any(String),
    });
  });

  it('fails a hosted order nobody paid on at hosted_expires_at, with no reason, and stops serving its hosted_url', async () => {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '10.00', bin: '540061' });
    const url = created.body.data.hosted_url;
    const form = await openScreen(url);
    await sleep(3000);
    // The spec: failure_reason_code is "null when no payment was attempted" (ADR 0045).
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({
      status: 'failed',
      failure_reason_code: null,
      failure_message: null,
      hosted_url: null,
      completed_at: expect.any(String),
    });
    // A card sent from the page still open goes to the failure address, signed with no failure_code.
    const late = await submitForm(url, form, cardFields('4355090000123459'));
    expect(late.status).toBe(303);
    const returned = new URL(late.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}`).toBe('https://shop.example/failed');
    const params = Object.fromEntries(returned.searchParams);
    expect(params).toMatchObject({ status: 'failed', order_code: created.body.data.order_code });
    expect(params).not.toHaveProperty('failure_code');
    expect(verifyReturnAddress(params, merchant.apiSecret)).toEqual({ ok: true });
  });

  it('fails a hosted order with payment_timed_out at hosted_expires_at when a card was declined on its page', async () => {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '10.00', bin: '540061' });
    const url = created.body.data.hosted_url;
    const declined = await submitForm(url, await openScreen(url), cardFields('4355090000005151'));
    expect(declined.status).toBe(422);
    await sleep(3000);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({
      status: 'failed',
      failure_reason_code: 'payment_timed_out',
      failure_message: expect.any(String),
      hosted_url: null,
    });
  });

  it('leaves a paid order alone', async () => {
    const id = `ord_${randomUUID()}`;
    await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '10.00', bin: '540061' });
    await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' });
    await sleep(2500);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('paid');
  });
});
