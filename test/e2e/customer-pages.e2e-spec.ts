import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { verifyReturnUrl } from '@card-platform/sdk';
import { verifyReturnAddress } from '@platform/signing';
import {
  OperatorClient,
  Stack,
  TopicEvents,
  V4Client,
  eventually,
  openScreen,
  submitForm,
  testInfrastructure,
  type ProvisionedMerchant,
  type Screen,
} from '@platform/testing';

/**
 * The customer's side of a Direct API order, driven with a plain HTTP client as the
 * architecture allows: the sandbox 3-D Secure screen, the bank's answer per test card,
 * the signed return address a merchant verifies with libs/signing, and the order events.
 */
const card = (number: string) => ({ holder_name: 'Can Demir', number, expiry_month: '12', expiry_year: '30', cvv: '123' });

function choose(url: string, screen: Screen, result: string, overrides: { cookie?: string; csrf?: string } = {}): Promise<Response> {
  return submitForm(url, screen, { result }, overrides);
}

describe('3-D Secure flow and the return address', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'orders-v4'] });
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({
      settings: {
        webhook_url: 'https://hooks.shop.example/platform',
        success_return_url: 'https://shop.example/pay/success?from=platform',
        failure_return_url: 'https://shop.example/pay/failure',
      },
    });
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function order(number: string, client = v4): Promise<{ id: string; redirect: string }> {
    const id = `ord_${randomUUID()}`;
    const created = await client.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '250.00', card: card(number) });
    expect(created.body.data.status).toBe('requires_action');
    return { id, redirect: created.body.data.redirect_url };
  }

  function returnParams(location: string | null): Record<string, string> {
    return Object.fromEntries(new URL(location!).searchParams);
  }

  it('shows a screen that cannot be framed, with a CSRF token and the three result buttons', async () => {
    const { redirect } = await order('4355090000044242');
    const screen = await openScreen(redirect);
    expect(screen.status).toBe(200);
    expect(screen.headers.get('x-frame-options')).toBe('DENY');
    expect(screen.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(screen.cookie).toMatch(/^cko_csrf=/);
    expect(screen.csrf).toBeDefined();
    for (const value of ['success', 'failure', 'timeout']) expect(screen.html).toContain(`name="result" value="${value}"`);
    expect(screen.html).toContain('250.00 TRY');
    expect(screen.html).not.toContain('4355090000044242');
  });

  it('pays 4355090000044242 on approval and sends the browser to the success address with a signature the merchant can verify', async () => {
    const { id, redirect } = await order('4355090000044242');
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location.startsWith('https://shop.example/pay/success?from=platform&')).toBe(true);
    const params = returnParams(location);
    expect(params).toMatchObject({ status: 'paid', key_version: String(merchant.keyVersion), order_code: expect.stringMatching(/^\d{9}$/) });
    expect(params).not.toHaveProperty('failure_code');
    expect(verifyReturnAddress(params, merchant.apiSecret)).toEqual({ ok: true });
    expect(verifyReturnAddress({ ...params, status: 'failed' }, merchant.apiSecret)).toEqual({ ok: false, reason: 'mismatch' });
    // The SDK's check, as a merchant's return page runs it on the address the browser brings.
    expect(verifyReturnUrl(location, { [merchant.keyVersion]: merchant.apiSecret })).toEqual({
      ok: true,
      orderCode: params.order_code,
      status: 'paid',
      failureCode: null,
      keyVersion: merchant.keyVersion,
    });
    expect(verifyReturnUrl(location, { [merchant.keyVersion + 1]: merchant.apiSecret })).toEqual({ ok: false, reason: 'unknown_key_version' });
    const read = await v4.get(`/api/v4/orders/${id}`);
    expect(read.body.data).toMatchObject({ status: 'paid', redirect_url: null, order_code: params.order_code, completed_at: expect.any(String) });
  });

  it('fails 4355090000005151 with insufficient_funds and signs failure_code into the failure address', async () => {
    const { id, redirect } = await order('4355090000005151');
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    const params = returnParams(answer.headers.get('location'));
    expect(answer.headers.get('location')!.startsWith('https://shop.example/pay/failure?')).toBe(true);
    expect(params).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    expect(verifyReturnAddress(params, merchant.apiSecret)).toEqual({ ok: true });
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'failed', failure_reason_code: 'insufficient_funds' });
  });

  it('leaves 4355090000089999 pending after 3-D Secure until the sandbox result endpoint closes it', async () => {
    const { id, redirect } = await order('4355090000089999');
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('yanıt bekliyor');
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'pending', redirect_url: null });
    const closed = await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' });
    expect(closed.body.data.status).toBe('paid');
  });

  it.each([
    ['success', 'paid', null],
    ['failure', 'failed', 'payment_declined'],
    ['timeout', 'pending', null],
  ])('lets any other valid card choose %s → %s', async (choice, status, reason) => {
    const { id, redirect } = await order('4355090000123459');
    await choose(redirect, await openScreen(redirect), choice);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status, failure_reason_code: reason });
  });

  it('refuses a submit without the CSRF cookie or with a forged token, and changes nothing', async () => {
    const { id, redirect } = await order('4355090000044242');
    const screen = await openScreen(redirect);
    expect((await choose(redirect, screen, 'success', { cookie: 'cko_csrf=forged' })).status).toBe(403);
    expect((await choose(redirect, screen, 'success', { csrf: 'a'.repeat(64) })).status).toBe(403);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('requires_action');
  });

  it('opens the return address without parameters when no webhook address is set', async () => {
    const bare = await operator.provisionMerchant({ settings: { success_return_url: 'https://shop.example/done' } });
    const client = new V4Client(stack.url('gateway'), bare);
    const { redirect } = await order('4355090000044242', client);
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    expect(answer.headers.get('location')).toBe('https://shop.example/done');
  });

  it('keeps the customer on the result screen when the merchant set no return address', async () => {
    const noReturn = await operator.provisionMerchant();
    const { redirect } = await order('4355090000044242', new V4Client(stack.url('gateway'), noReturn));
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Ödemeniz alındı');
  });

  it("makes a failed or pending order paid on the bank's late confirmation, succeeded after failed on the topic", async () => {
    const events = await TopicEvents.follow('orders.events.v1');
    try {
      const failed = await order('4355090000005151');
      const answer = await choose(failed.redirect, await openScreen(failed.redirect), 'success');
      const orderCode = returnParams(answer.headers.get('location')).order_code!;
      expect((await v4.get(`/api/v4/orders/${failed.id}`)).body.data.status).toBe('failed');
      const confirmed = await operator.call('POST', `/admin/v1/orders/${orderCode}/bank-confirmation`, {});
      expect([confirmed.status, confirmed.body.status, confirmed.body.failure_code ?? null]).toEqual([200, 'paid', null]);
      expect((await v4.get(`/api/v4/orders/${failed.id}`)).body.data).toMatchObject({ status: 'paid', order_code: orderCode });
      expect((await operator.call('POST', `/admin/v1/orders/${orderCode}/bank-confirmation`, {})).body.status).toBe('paid');
      const outcomes = await events.waitFor((event) => event.payload?.order_code === orderCode, 2);
      expect(outcomes.map((event) => event.event_type)).toEqual(['checkout.order.failed.v1', 'checkout.order.succeeded.v1']);

      const pending = await order('4355090000089999');
      await choose(pending.redirect, await openScreen(pending.redirect), 'success');
      const pendingCode = (await v4.get(`/api/v4/orders/${pending.id}`)).body.data;
      expect(pendingCode.status).toBe('pending');
      expect((await operator.call('POST', `/admin/v1/orders/${pendingCode.order_code}/bank-confirmation`, {})).body.status).toBe('paid');

      const open = await order('4355090000044242');
      const openCode = (await v4.get(`/api/v4/orders/${open.id}`)).body.data.order_code;
      const refused = await operator.call('POST', `/admin/v1/orders/${openCode}/bank-confirmation`, {});
      expect([refused.status, refused.body.code]).toEqual([409, '1000012']);
      expect((await operator.call('POST', '/admin/v1/orders/999999999/bank-confirmation', {})).status).toBe(404);
      // orders-v4 wrote the entry with the change (ADR 0039); confirming the paid order again recorded nothing.
      const audit = await eventually(
        async () =>
          (await operator.call('GET', `/admin/v1/audit-log?action=order.bank_confirmation&target=${merchant.merchantCode}/orders/${orderCode}`)).body.data,
        (entries: any[]) => entries.length > 0,
        20000,
      );
      expect(audit.map((entry: any) => [entry.actor, entry.before.status, entry.after.status])).toEqual([['admin-token', 'failed', 'paid']]);
    } finally {
      await events.stop();
    }
  });

  it('shows a clear page for an unknown link', async () => {
    const response = await fetch(`${stack.url('checkout')}/v4/3ds/${'x'.repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('geçerli değil');
  });

  it('publishes checkout.order.succeeded (version 1) with the order’s facts through the outbox', async () => {
    const kafka = new Kafka({ clientId: 'three-ds-e2e', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `three-ds-e2e-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${testInfrastructure.topicPrefix}orders.events.v1`, fromBeginning: true });
    const { redirect } = await order('4355090000044242');
    const answer = await choose(redirect, await openScreen(redirect), 'success');
    const orderCode = returnParams(answer.headers.get('location')).order_code;
    const event = await new Promise<Record<string, any>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no event')), 20000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          const value = JSON.parse(message.value!.toString()) as Record<string, any>;
          if (value.payload?.order_code === orderCode) {
            clearTimeout(timer);
            resolve(value);
          }
        },
      });
    });
    await consumer.disconnect();
    expect(event).toMatchObject({ event_type: 'checkout.order.succeeded.v1', event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The facts of the order; the dispatcher maps the spec's webhook body from them (webhook-bodies.spec.ts, webhooks e2e).
    expect(event.payload).toEqual({
      order_code: orderCode,
      merchant_order_id: expect.any(String),
      merchant_code: merchant.merchantCode,
      environment: 'sandbox',
      status: 'paid',
      amount: '250.00',
      currency: 'TRY',
      card: { holder_name: 'Can Demir', bin: '435509', last_four: '4242', network: 'visa', program: expect.any(String), issuer_bank_name: expect.any(String) },
      three_d: true,
      failure: null,
      // ADR 0033: the 3-D Secure answer is the order's first change.
      version: 2,
      previous_status: 'requires_action',
    });
    expect(JSON.stringify(event)).not.toContain('4355090000044242');
  });
});

describe('hosted page', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'orders-v4'] });
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({
      settings: {
        webhook_url: 'https://hooks.shop.example/platform',
        success_return_url: 'https://shop.example/ok',
        failure_return_url: 'https://shop.example/ko',
      },
    });
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function hostedOrder(): Promise<{ id: string; url: string }> {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '75.00', bin: '540061' });
    return { id, url: created.body.data.hosted_url };
  }

  async function submitCard(url: string, screen: Screen, number: string, overrides: Record<string, string> = {}): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: screen.cookie ?? '' },
      body: new URLSearchParams({ csrf: screen.csrf ?? '', ...card(number), ...overrides }).toString(),
    });
  }

  it('shows a card form with the five pinned fields, a CSRF token and no script, that cannot be framed', async () => {
    const { url } = await hostedOrder();
    const screen = await openScreen(url);
    expect(screen.status).toBe(200);
    for (const name of ['holder_name', 'number', 'expiry_month', 'expiry_year', 'cvv']) expect(screen.html).toContain(`name="${name}"`);
    expect(screen.csrf).toBeDefined();
    expect(screen.html).not.toContain('<script');
    expect(screen.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keeps the order open after a declined card, lets the customer retry, then pays and returns signed', async () => {
    const { id, url } = await hostedOrder();
    const screen = await openScreen(url);
    const declined = await submitCard(url, screen, '4355090000005151');
    expect(declined.status).toBe(422);
    expect(await declined.text()).toContain('bakiyesi veya limiti yetersiz');
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'requires_hosted', hosted_url: url, card: null });

    const reopened = await openScreen(url);
    expect(reopened.status).toBe(200);
    const paid = await submitCard(url, reopened, '4355090000123459');
    expect(paid.status).toBe(303);
    const params = Object.fromEntries(new URL(paid.headers.get('location')!).searchParams);
    expect(params.status).toBe('paid');
    expect(verifyReturnAddress(params, merchant.apiSecret)).toEqual({ ok: true });
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({
      status: 'paid',
      hosted_url: null,
      card: { holder_name: 'Can Demir', bin: '435509', last_four: '3459', network: 'visa' },
    });
    const closed = await openScreen(url);
    expect(closed.html).toContain('Ödemeniz alındı');
  });

  it('refuses an invalid card number without changing the order', async () => {
    const { id, url } = await hostedOrder();
    const screen = await openScreen(url);
    const answer = await submitCard(url, screen, '4355090000044243');
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain('Kart numarası geçersiz');
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('requires_hosted');
  });

  it('answers an incomplete form with the form again', async () => {
    const { url } = await hostedOrder();
    const screen = await openScreen(url);
    const answer = await submitCard(url, screen, '4355090000044242', { cvv: '' });
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain('eksiksiz');
  });

  it('refuses a forged form', async () => {
    const { url } = await hostedOrder();
    const screen = await openScreen(url);
    const answer = await submitCard(url, { ...screen, csrf: 'b'.repeat(64) }, '4355090000044242');
    expect(answer.status).toBe(403);
  });

  it('may be framed only by the origins the merchant listed; the 3-D Secure screen never', async () => {
    const framing = await operator.provisionMerchant({ settings: { hosted_page_frame_origins: ['https://shop.example', 'https://m.shop.example:8443'] } });
    const client = new V4Client(stack.url('gateway'), framing);
    const hosted = await client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' });
    const page = await openScreen(hosted.body.data.hosted_url);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example https://m.shop.example:8443');
    expect(page.headers.get('x-frame-options')).toBeNull();
    const direct = await client.request('POST', '/api/v4/orders', {
      merchant_order_id: `ord_${randomUUID()}`,
      amount: '10.00',
      card: card('4355090000044242'),
    });
    const screen = await openScreen(direct.body.data.redirect_url);
    expect(screen.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(screen.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a framing origin that is not https', async () => {
    const response = await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, {
      hosted_page_frame_origins: ['http://shop.example'],
    });
    expect([response.status, response.body.code]).toEqual([422, '1000001']);
  });

  it('leaves the order pending when the bank does not answer (4355090000089999), and shows its card once the result is known', async () => {
    const pendingOrder = async () => {
      const { id, url } = await hostedOrder();
      const answer = await submitCard(url, await openScreen(url), '4355090000089999');
      expect(answer.status).toBe(200);
      expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'pending', card: null });
      return id;
    };
    const shown = { bin: '435509', last_four: '9999', holder_name: 'Can Demir' };

    const closedBySandbox = await pendingOrder();
    const closed = await v4.request('POST', `/api/v4/sandbox/orders/${closedBySandbox}/result`, { result: 'paid' });
    expect(closed.body.data).toMatchObject({ status: 'paid', card: shown });
    expect((await v4.get(`/api/v4/orders/${closedBySandbox}`)).body.data).toMatchObject({ status: 'paid', card: shown });

    const confirmedByBank = await pendingOrder();
    const orderCode = (await v4.get(`/api/v4/orders/${confirmedByBank}`)).body.data.order_code;
    expect((await operator.call('POST', `/admin/v1/orders/${orderCode}/bank-confirmation`, {})).body.status).toBe('paid');
    expect((await v4.get(`/api/v4/orders/${confirmedByBank}`)).body.data).toMatchObject({ status: 'paid', card: shown });
  });
});
