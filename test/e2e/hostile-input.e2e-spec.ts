import { randomInt, randomUUID } from 'node:crypto';
import { OperatorClient, Stack, V3Client, V4Client, cardFields, luhnComplete, openScreen, submitForm, type SignedResponse } from '@platform/testing';

/**
 * Input a hostile or broken client sends: control characters and unpaired surrogates in any
 * text get 422 1000001 naming the field (never a 5xx, which the spec tells a client to repeat
 * unchanged); rate limits hold whatever the path's spelling, per IPv6 /64, and on the
 * operator API; webhook targets that embed private IPv4 addresses in IPv6 are refused.
 */
describe('hostile input', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let v3: V3Client;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'status'],
      env: {
        TRUSTED_PROXIES: '127.0.0.1,::1',
        RATE_LIMIT_STATUS_PER_MINUTE: '3',
        RATE_LIMIT_ADMIN_PER_MINUTE: '40',
        CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR: '20',
        CARD_DAILY_ATTEMPTS: '2',
      },
    });
    operator = new OperatorClient(stack.url('gateway'));
    const merchant = await operator.provisionMerchant();
    v3 = new V3Client(stack.url('gateway'), merchant);
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const expectRefused = (response: SignedResponse, field: string) => {
    expect([response.status, response.body.code]).toEqual([422, '1000001']);
    expect(response.body.errors[field]).toEqual(['must not contain control characters or unpaired surrogates']);
    expect(response.body.metadata.retry_class).toBe('fix_and_retry');
  };
  const pay = (body: Record<string, unknown>) =>
    v3.request('POST', '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', ...body }, { headers: { 'Idempotency-Key': randomUUID() } });

  describe('control characters and unpaired surrogates', () => {
    it.each([
      ['NUL', 'ref\u0000x'],
      ['a bell', 'ref\u0007'],
      ['a C1 control', 'ref\u0085'],
      ['a lone high surrogate', 'ref\ud800'],
      ['a lone low surrogate', 'ref\udc00x'],
    ])('refuses %s in a v3 merchant_reference', async (_name, value) => {
      expectRefused(await pay({ merchant_reference: value }), 'merchant_reference');
    });

    it('refuses them in free text the schema does not bound (merchant_name) and in a nested v4 field', async () => {
      expectRefused(await pay({ merchant_name: 'Shop\u0000' }), 'merchant_name');
      const order = await v4.request('POST', '/api/v4/orders', {
        merchant_order_id: `ord_${randomUUID()}`,
        amount: '10.00',
        card: cardFields('4355090000044242', { holder_name: 'Efe\u0000Can' }),
      });
      expectRefused(order, 'card.holder_name');
    });

    it('refuses them in a path parameter, a query parameter and a JSON key', async () => {
      expectRefused(await v4.get('/api/v4/orders/ord%00x'), 'merchantOrderId');
      expectRefused(await v3.request('GET', '/api/v3/refunds?status=%00'), 'status');
      const key = await v3.request(
        'POST',
        '/api/v3/refunds',
        { payment_code: 'abcd', operation_type: 'refund', reason: 'fine', 'x\u0000': 1 },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
      expectRefused(key, 'x?');
    });

    it('answers an unauthenticated caller 401 before looking at its text, and checks routes without authentication too', async () => {
      const unsigned = await fetch(`${stack.url('gateway')}/api/v3/refunds?status=%00`, { headers: { 'X-CAV-Api-Key': 'nobody' } });
      expect(unsigned.status).toBe(401);
      const operatorWithoutToken = await fetch(`${stack.url('gateway')}/admin/v1/merchants?name=%00`);
      expect(operatorWithoutToken.status).toBe(401);
      const page = await fetch(`${stack.url('gateway')}/docs/errors?q=%00`);
      const refused = (await page.json()) as { code: string; errors: Record<string, string[]> };
      expect([page.status, refused.code, refused.errors]).toEqual([422, '1000001', { q: ['must not contain control characters or unpaired surrogates'] }]);
    });

    it('keeps line breaks and tabs in free text', async () => {
      expect((await pay({ merchant_name: 'Shop\n\tName' })).status).toBe(201);
    });

    it('refuses them on the operator API', async () => {
      const created = await operator.call('POST', '/admin/v1/merchants', { name: 'Bad\u0000Name', base_currency: 'TRY' });
      expect([created.status, created.body.code, Object.keys(created.body.errors)]).toEqual([422, '1000001', ['name']]);
    });

    it('shows the card form again for a holder name with a control character on the hosted page', async () => {
      const order = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' });
      const url = order.body.data.hosted_url as string;
      const form = await openScreen(url);
      const answer = await submitForm(url, form, cardFields('4355090000044242', { holder_name: 'Efe\u0000Can' }));
      expect(answer.status).toBe(422);
      expect((await v4.get(`/api/v4/orders/${order.body.data.merchant_order_id}`)).body.data.status).toBe('requires_hosted');
    });
  });

  it('sets the CSRF cookie Secure when a trusted proxy terminated TLS', async () => {
    const order = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' });
    const behindTls = await fetch(order.body.data.hosted_url, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(behindTls.headers.get('set-cookie')).toMatch(/; Secure/);
    const plain = await fetch(order.body.data.hosted_url);
    expect(plain.headers.get('set-cookie')).not.toMatch(/; Secure/);
  });

  describe('card testing on customer pages', () => {
    const hostedOrder = async () => {
      const order = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' });
      return { url: order.body.data.hosted_url as string, id: order.body.data.merchant_order_id as string };
    };
    const statusOf = async (id: string) => (await v4.get(`/api/v4/orders/${id}`)).body.data.status;

    it('takes five card attempts on one hosted page, then sends no card to the bank', async () => {
      const { url, id } = await hostedOrder();
      const form = await openScreen(url);
      for (let i = 0; i < 5; i += 1) expect((await submitForm(url, form, cardFields('4355090000005151'))).status).toBe(422);
      const sixth = await submitForm(url, form, cardFields('4355090000044242'));
      expect(sixth.status).toBe(422);
      expect(await statusOf(id)).toBe('requires_hosted');
    });

    it("applies the BIN table to a hosted-page card as to a direct order's", async () => {
      const { url, id } = await hostedOrder();
      const form = await openScreen(url);
      for (const number of [luhnComplete('999999000000001'), luhnComplete('979210000000001')]) {
        expect((await submitForm(url, form, cardFields(number))).status).toBe(422);
      }
      expect(await statusOf(id)).toBe('requires_hosted');
    });

    it("counts a hosted-page card against the card's daily limit", async () => {
      const number = luhnComplete(`435509${randomInt(100000000, 999999999)}`);
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { url, id } = await hostedOrder();
        await submitForm(url, await openScreen(url), cardFields(number));
        outcomes.push(await statusOf(id));
      }
      expect(outcomes).toEqual(['paid', 'paid', 'requires_hosted']);
    });

    it('limits card attempts per client address across pages', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const { url } = await hostedOrder();
        const form = await openScreen(url);
        const response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie!, 'X-Forwarded-For': '198.51.100.50' },
          body: new URLSearchParams({ csrf: form.csrf!, ...cardFields('4355090000005151') }).toString(),
        });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('rate limits', () => {
    const statusFrom = (address: string, path = '/api/v3/service-status') =>
      fetch(`${stack.url('gateway')}${path}`, { headers: { 'X-Forwarded-For': address } });

    it('counts a percent-encoded path as the route it reaches', async () => {
      const statuses: number[] = [];
      for (const path of ['/%61pi/v3/service-status', '/api/v3/%73ervice-status', '/%61%70%69/v3/service-status', '/%61pi/v3/service-status']) {
        statuses.push((await statusFrom('198.51.100.21', path)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('counts an IPv6 caller by its /64', async () => {
      const statuses: number[] = [];
      for (const address of ['2001:db8:aa:bb::1', '2001:db8:aa:bb::2', '2001:db8:aa:bb:ffff:ffff:ffff:fff0', '2001:db8:aa:bb::99']) {
        statuses.push((await statusFrom(address)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await statusFrom('2001:db8:aa:bc::1')).status).toBe(200);
    });

    it('limits the operator API per caller address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 41; i += 1) {
        const response = await fetch(`${stack.url('gateway')}/admin/v1/audit-log?per_page=1`, {
          headers: { authorization: 'Bearer dev-admin-token', 'X-Forwarded-For': '198.51.100.33' },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
      expect(statuses[40]).toBe(429);
    });
  });

  describe('webhook targets', () => {
    it.each([
      'https://[::7f00:1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[2002:7f00:1::1]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
      'https://[fec0::1]/hook',
    ])('refuses %s, an IPv6 spelling of a private or relayed address', async (url) => {
      const refused = await pay({ webhook_url: url });
      expect([refused.status, refused.body.code, Object.keys(refused.body.errors)]).toEqual([422, '1000001', ['webhook_url']]);
    });
  });
});
