import { randomUUID } from 'node:crypto';
import { signV3Request } from '@platform/signing';
import { OperatorClient, Stack, V3Client, eventually, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

/**
 * Payments v3 through the real stack: the X-CAV signing scheme with every authentication
 * error, v3 validation errors, account limits after conversion, merchant_reference,
 * return_url and webhook_url rules, and Idempotency-Key semantics.
 */
describe('Payments API v3', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v3: V3Client;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'payments-v3'],
      env: { RATE_LIMIT_KEY_PER_MINUTE: '100000', RATE_LIMIT_IP_PER_MINUTE: '100000' },
    });
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({
      baseCurrency: 'TRY',
      settings: { payment_limits: [{ currency_code: 'TRY', min_amount: '10.00', max_amount: '50000.00' }] },
    });
    v3 = new V3Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const pay = (body: Record<string, unknown>, key: string = randomUUID(), headers: Record<string, string | undefined> = {}): Promise<SignedResponse> =>
    v3.request('POST', '/api/v3/payments', body, { headers: { 'Idempotency-Key': key, ...headers } });

  describe('creation', () => {
    it('creates a payment with the spec record, expiring 24 hours after creation', async () => {
      const response = await pay({ amount: '125.50', currency_code: 'TRY', merchant_reference: `ref-${randomUUID()}` });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        code: expect.stringMatching(/^[a-z0-9]{4,16}$/),
        merchant_reference: expect.stringMatching(/^ref-/),
        status: 'created',
        amount: '125.50',
        currency_code: 'TRY',
        environment: 'sandbox',
        payment_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{32}$/),
        payment_url_kind: 'platform',
        created_at: expect.stringMatching(/Z$/),
        expires_at: expect.stringMatching(/Z$/),
        paid_at: null,
        card: null,
        failure: null,
        version: 1,
      });
      expect(Date.parse(response.body.expires_at) - Date.parse(response.body.created_at)).toBe(24 * 60 * 60 * 1000);
    });

    it('reads its own payment and nobody else can', async () => {
      const created = await pay({ amount: '20.00', currency_code: 'TRY' });
      const read = await v3.request('GET', `/api/v3/payments/${created.body.code}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      const stranger = new V3Client(stack.url('gateway'), await operator.provisionMerchant());
      const refused = await stranger.request('GET', `/api/v3/payments/${created.body.code}`);
      expect([refused.status, refused.body.code]).toEqual([404, '1000011']);
    });
  });

  describe('validation', () => {
    it('answers schema errors with 422 1000001 in the v3 error body, naming each field', async () => {
      const response = await pay({ amount: '10.00', currency_code: 'GBP', colour: 'red' });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        type: expect.any(String),
        title: expect.any(String),
        status: 422,
        code: '1000001',
        correlation_id: expect.any(String),
        detail: expect.any(String),
      });
      expect(Object.keys(response.body.errors).sort()).toEqual(['colour', 'currency_code']);
    });

    it('requires an Idempotency-Key', async () => {
      const response = await pay({ amount: '10.00', currency_code: 'TRY' }, undefined as unknown as string, { 'Idempotency-Key': undefined });
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
      expect(response.body.errors).toHaveProperty('idempotency-key');
    });

    it.each(['10', '10.0', '-10.00', '1e3', 'ten'])('refuses the amount %j with 422', async (amount) => {
      const response = await pay({ amount, currency_code: 'TRY' });
      expect(response.status).toBe(422);
      expect(response.body.errors).toHaveProperty('amount');
    });

    it('refuses an amount outside the account limits after conversion with 9000005 and the limits in the base currency', async () => {
      // 2000 USD at 0.029 USD per TRY is about 68965.52 TRY, above the 50000.00 TRY maximum.
      const response = await pay({ amount: '2000.00', currency_code: 'USD' });
      expect([response.status, response.body.code]).toEqual([422, '9000005']);
      expect(response.body.limits).toEqual({ currency_code: 'TRY', min_amount: '10.00', max_amount: '50000.00' });
      const below = await pay({ amount: '9.99', currency_code: 'TRY' });
      expect([below.status, below.body.code]).toEqual([422, '9000005']);
      expect((await pay({ amount: '1000.00', currency_code: 'USD' })).status).toBe(201);
    });

    it.each([
      'http://shop.example/back',
      'https://user:pw@shop.example/back',
      'https://shop.example/back#x',
      'https://shop.example/a b',
      `https://shop.example/${'a'.repeat(2040)}`,
      'https://shop.example/back\u0007',
      'https://shop.example/\u0000back',
      'https://shop.example/back\u007f',
      'https://shop.example/back\u0085',
      'https://shop.example/back\ud800',
      'https://shop.example/a\u00a0b',
      'https://shop.example/a\u3000b',
    ])('refuses the return_url %j with 9000038', async (returnUrl) => {
      const response = await pay({ amount: '15.00', currency_code: 'TRY', return_url: returnUrl });
      expect([response.status, response.body.code]).toEqual([422, '9000038']);
    });

    it('accepts plain HTTP return addresses on localhost in sandbox', async () => {
      expect((await pay({ amount: '15.00', currency_code: 'TRY', return_url: 'http://localhost:3000/back' })).status).toBe(201);
    });

    it.each(['http://hooks.shop.example/p', 'https://10.0.0.7/hook', 'https://169.254.169.254/latest', 'https://u:p@hooks.shop.example/p'])(
      'refuses the webhook_url %j with 422',
      async (webhookUrl) => {
        const response = await pay({ amount: '15.00', currency_code: 'TRY', webhook_url: webhookUrl });
        expect(response.status).toBe(422);
        expect(response.body.errors).toHaveProperty('webhook_url');
      },
    );
  });

  describe('operator changes', () => {
    it('apply to the very next API call: a lowered limit refuses at once, a raised one accepts at once', async () => {
      const shop = await operator.provisionMerchant({ settings: { payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '1000.00' }] } });
      const client = new V3Client(stack.url('gateway'), shop);
      const pay500 = () =>
        client.request('POST', '/api/v3/payments', { amount: '500.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
      for (let round = 0; round < 5; round += 1) {
        const lowered = await operator.call('PATCH', `/admin/v1/merchants/${shop.merchantCode}/environments/sandbox`, {
          payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '100.00' }],
        });
        expect(lowered.status).toBe(200);
        const refused = await pay500();
        expect([refused.status, refused.body.code, refused.body.limits?.max_amount]).toEqual([422, '9000005', '100.00']);
        await operator.call('PATCH', `/admin/v1/merchants/${shop.merchantCode}/environments/sandbox`, {
          payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '1000.00' }],
        });
        expect((await pay500()).status).toBe(201);
      }
    });
  });

  describe('FX rates', () => {
    it('checks limits at the rate the operator set, audited, and refuses a bad rate', async () => {
      const usdShop = new V3Client(
        stack.url('gateway'),
        await operator.provisionMerchant({
          baseCurrency: 'USD',
          settings: { payment_limits: [{ currency_code: 'USD', min_amount: '1.00', max_amount: '100.00' }] },
        }),
      );
      const pay300Aed = () =>
        usdShop.request('POST', '/api/v3/payments', { amount: '300.00', currency_code: 'AED' }, { headers: { 'Idempotency-Key': randomUUID() } });
      try {
        expect((await operator.call('PUT', '/admin/v1/fx-rates/AED', { usd_per_unit: '0.2723' })).status).toBe(200);
        expect((await pay300Aed()).status).toBe(201);
        const set = await operator.call('PUT', '/admin/v1/fx-rates/AED', { usd_per_unit: '0.5' });
        expect(set.body).toEqual({ currency_code: 'AED', usd_per_unit: '0.5000000000' });
        const refused = await pay300Aed();
        expect([refused.status, refused.body.code, refused.body.limits]).toEqual([
          422,
          '9000005',
          { currency_code: 'USD', min_amount: '1.00', max_amount: '100.00' },
        ]);
        // payments-v3 announced the entry with the change (ADR 0039).
        const [latest] = await eventually(
          async () => (await operator.call('GET', '/admin/v1/audit-log?target=fx-rates/AED&per_page=1')).body.data,
          (entries: any[]) => entries[0]?.after?.usd_per_unit === '0.5000000000',
          20000,
        );
        expect(latest).toMatchObject({
          action: 'fx_rate.set',
          actor: 'admin-token',
          before: { usd_per_unit: '0.2723000000' },
          after: { usd_per_unit: '0.5000000000' },
        });
        for (const bad of ['0', '-1', 'abc', '1e3']) {
          const response = await operator.call('PUT', '/admin/v1/fx-rates/AED', { usd_per_unit: bad });
          expect([response.status, response.body.code]).toEqual([422, '1000001']);
        }
        expect((await operator.call('PUT', '/admin/v1/fx-rates/USD', { usd_per_unit: '2' })).status).toBe(422);
      } finally {
        await operator.call('PUT', '/admin/v1/fx-rates/AED', { usd_per_unit: '0.2723' });
      }
    });
  });

  describe('merchant_reference', () => {
    it('can never be used twice: 409 9000007', async () => {
      const reference = `ref-${randomUUID()}`;
      expect((await pay({ amount: '11.00', currency_code: 'TRY', merchant_reference: reference })).status).toBe(201);
      const again = await pay({ amount: '12.00', currency_code: 'TRY', merchant_reference: reference });
      expect([again.status, again.body.code]).toEqual([409, '9000007']);
    });

    it('lets only one of two parallel requests with different keys take a reference', async () => {
      const reference = `ref-${randomUUID()}`;
      const answers = await Promise.all([0, 1].map(() => pay({ amount: '11.00', currency_code: 'TRY', merchant_reference: reference })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    });

    it('refuses only the payment that reuses a reference among payments created at once', async () => {
      const reference = `ref-${randomUUID()}`;
      const bodies = [reference, reference, null, null, null, null].map((merchant_reference, index) => ({
        amount: `${20 + index}.00`,
        currency_code: 'TRY',
        ...(merchant_reference ? { merchant_reference } : {}),
      }));
      const answers = await Promise.all(bodies.map((body) => pay(body)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 409]);
      const created = answers.filter((a) => a.status === 201);
      expect(new Set(created.map((a) => a.body.code)).size).toBe(5);
      for (const answer of created) {
        const read = await v3.request('GET', `/api/v3/payments/${answer.body.code}`);
        expect([read.status, read.body.amount]).toEqual([200, answer.body.amount]);
      }
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a repeat with 200 and the original payment', async () => {
      const key = randomUUID();
      const first = await pay({ amount: '33.00', currency_code: 'TRY' }, key);
      const again = await pay({ amount: '33.00', currency_code: 'TRY' }, key);
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body).toEqual(first.body);
    });

    it('answers the same key with another body with 409 9000039', async () => {
      const key = randomUUID();
      await pay({ amount: '33.00', currency_code: 'TRY' }, key);
      const changed = await pay({ amount: '34.00', currency_code: 'TRY' }, key);
      expect([changed.status, changed.body.code]).toEqual([409, '9000039']);
    });

    it('answers a repeat with the original payment even once the limits would refuse a new one', async () => {
      const shop = await operator.provisionMerchant({ settings: { payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '1000.00' }] } });
      const client = new V3Client(stack.url('gateway'), shop);
      const key = randomUUID();
      const pay500 = (idempotencyKey: string) =>
        client.request('POST', '/api/v3/payments', { amount: '500.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': idempotencyKey } });
      const first = await pay500(key);
      expect(first.status).toBe(201);
      await operator.call('PATCH', `/admin/v1/merchants/${shop.merchantCode}/environments/sandbox`, {
        payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '100.00' }],
      });
      const repeat = await pay500(key);
      expect([repeat.status, repeat.body]).toEqual([200, first.body]);
      const fresh = await pay500(randomUUID());
      expect([fresh.status, fresh.body.code]).toEqual([422, '9000005']);
    });

    it('answers the same key with another body that would be refused on its own with 409 9000039', async () => {
      const key = randomUUID();
      expect((await pay({ amount: '33.00', currency_code: 'TRY' }, key)).status).toBe(201);
      const belowLimits = await pay({ amount: '5.00', currency_code: 'TRY' }, key);
      expect([belowLimits.status, belowLimits.body.code]).toEqual([409, '9000039']);
    });

    it('answers the same key with another scenario header with 409 9000010', async () => {
      const key = randomUUID();
      await pay({ amount: '33.00', currency_code: 'TRY' }, key);
      const changed = await pay({ amount: '33.00', currency_code: 'TRY' }, key, { 'X-CAV-Sandbox-Scenario': 'rejected' });
      expect([changed.status, changed.body.code]).toEqual([409, '9000010']);
    });

    it('creates exactly one payment from ten parallel identical requests', async () => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay({ amount: '44.00', currency_code: 'TRY' }, key)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.code)).size).toBe(1);
    });

    it('keeps keys per merchant: another merchant may use the same key', async () => {
      const key = randomUUID();
      await pay({ amount: '33.00', currency_code: 'TRY' }, key);
      const other = new V3Client(stack.url('gateway'), await operator.provisionMerchant());
      const response = await other.request('POST', '/api/v3/payments', { amount: '99.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': key } });
      expect(response.status).toBe(201);
    });
  });

  describe('v3 authentication', () => {
    const path = () => '/api/v3/payments/abcd1234';

    it('rejects an unknown key with 401 0055502', async () => {
      const response = await v3.request('GET', path(), undefined, { headers: { 'X-CAV-Api-Key': 'ck_sbx_unknown' } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects a stale timestamp with 401 0055504', async () => {
      const response = await v3.request('GET', path(), undefined, { timestamp: Math.floor(Date.now() / 1000) + 400 });
      expect([response.status, response.body.code]).toEqual([401, '0055504']);
    });

    it('rejects a malformed signature with 401 0055504', async () => {
      const response = await v3.request('GET', path(), undefined, { headers: { 'X-CAV-Signature': 'xyz' } });
      expect([response.status, response.body.code]).toEqual([401, '0055504']);
    });

    it('rejects a query string that was not signed with 401 0055505', async () => {
      const signed = signV3Request({ secret: merchant.apiSecret, method: 'GET', target: '/api/v3/payments/abcd1234' });
      const response = await fetch(`${stack.url('gateway')}/api/v3/payments/abcd1234?page=2`, { headers: { 'X-CAV-Api-Key': merchant.apiKey, ...signed } });
      expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([401, '0055505']);
    });

    it('rejects a body that differs from the signed one with 0055505', async () => {
      const signed = signV3Request({
        secret: merchant.apiSecret,
        method: 'POST',
        target: '/api/v3/payments',
        body: '{"amount":"10.00","currency_code":"TRY"}',
      });
      const response = await fetch(`${stack.url('gateway')}/api/v3/payments`, {
        method: 'POST',
        headers: { 'X-CAV-Api-Key': merchant.apiKey, ...signed, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: '{"amount":"99.00","currency_code":"TRY"}',
      });
      expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([401, '0055505']);
    });

    it('answers callers of an environment with an empty allowlist with 403 0055501', async () => {
      const closed = new V3Client(stack.url('gateway'), await operator.provisionMerchant({ ipAllowlist: [] }));
      const response = await closed.request('GET', path());
      expect([response.status, response.body.code]).toEqual([403, '0055501']);
    });

    it('refuses a deactivated account with 403 0055502', async () => {
      const leaving = await operator.provisionMerchant();
      await operator.call('POST', `/admin/v1/merchants/${leaving.merchantCode}/deactivate`);
      const response = await new V3Client(stack.url('gateway'), leaving).request('GET', path());
      expect([response.status, response.body.code]).toEqual([403, '0055502']);
    });

    it('takes the environment from the key: a live key creates live payments', async () => {
      const live = await operator.provisionMerchant({ environment: 'live', settings: { setup_complete: true } });
      const liveClient = new V3Client(stack.url('gateway'), live);
      const created = await liveClient.request(
        'POST',
        '/api/v3/payments',
        { amount: '50.00', currency_code: 'TRY' },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
      expect(created.status).toBe(201);
      expect(created.body.environment).toBe('live');
    });
  });
});
