import { signV4Request } from '@platform/signing';
import { APPS, OperatorClient, Stack, V4Client, type ProvisionedMerchant } from '@platform/testing';

/**
 * The whole platform as real processes on real Postgres and Kafka: every app boots and
 * reports ready, a merchant is provisioned through the operator API, and a signed v4
 * BIN lookup travels gateway → Kafka → orders-v4 → Postgres → back.
 */
describe('platform first slice', () => {
  let stack: Stack;
  let gateway: string;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: APPS, env: { KEY_ROTATION_GRACE_SECONDS: '2' } });
    gateway = stack.url('gateway');
    operator = new OperatorClient(gateway);
    merchant = await operator.provisionMerchant();
    v4 = new V4Client(gateway, merchant);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('every app', () => {
    it.each(APPS)('%s is alive and ready with Postgres and Kafka reachable', async (app) => {
      const alive = await fetch(`${stack.url(app)}/healthz`);
      expect(alive.status).toBe(200);
      const ready = await fetch(`${stack.url(app)}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', kafka: 'ok' } });
    });
  });

  describe('BIN lookup, sandbox table', () => {
    it('answers 435509 as a direct BIN wrapped in data', async () => {
      const response = await v4.get('/api/v4/bins/435509?amount=100.00');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: {
          bin: '435509',
          bank_name: expect.any(String),
          network: 'visa',
          card_type: 'credit',
          card_program: expect.any(String),
          country: 'TR',
          domestic: true,
          payment_mode: 'direct',
        },
      });
    });

    it('answers 540061 as a hosted BIN', async () => {
      const response = await v4.get('/api/v4/bins/540061?amount=100.00');
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ bin: '540061', payment_mode: 'hosted', network: 'mastercard' });
    });

    it('answers 979210 with 409 0055230 (no payment channel)', async () => {
      const response = await v4.get('/api/v4/bins/979210?amount=100.00');
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('0055230');
    });

    it.each(['123456', '000000', '999999'])('answers any other BIN (%s) with 409 0055233', async (bin) => {
      const response = await v4.get(`/api/v4/bins/${bin}?amount=100.00`);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('0055233');
    });

    it.each(['12345', '1234567', 'abcdef', '43550a'])('answers a BIN that is not six digits (%s) with 422 0055210', async (bin) => {
      const response = await v4.get(`/api/v4/bins/${bin}?amount=100.00`);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('0055210');
    });

    it('answers a lookup without amount with 422 1000001 naming the field', async () => {
      const response = await v4.get('/api/v4/bins/435509');
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('1000001');
      expect(response.body.errors).toHaveProperty('amount');
    });

    it.each(['100', '-5.00', '0.00', '1.5', 'abc'])('answers an invalid amount (%s) with 422 0055235 and amount_limit', async (amount) => {
      const response = await v4.get(`/api/v4/bins/435509?amount=${encodeURIComponent(amount)}`);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('0055235');
      expect(response.body.amount_limit).toEqual({ min: expect.any(String), max: expect.any(String) });
    });

    it('serves problem documents with every spec field and the correlation id in a header', async () => {
      const response = await v4.get('/api/v4/bins/979210?amount=100.00', { headers: { 'X-Correlation-Id': 'corr-e2e-0001' } });
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('x-correlation-id')).toBe('corr-e2e-0001');
      expect(response.body).toEqual({
        type: expect.stringMatching(/^https?:\/\//),
        title: expect.any(String),
        status: 409,
        detail: expect.any(String),
        instance: '/api/v4/bins/979210',
        code: '0055230',
        correlation_id: 'corr-e2e-0001',
        metadata: { developer_detail: expect.any(String), retry_class: 'do_not_retry', audit_event: 'bin.no_channel' },
      });
    });
  });

  describe('v4 authentication', () => {
    const path = '/api/v4/bins/435509?amount=100.00';

    it('rejects an unknown API key with 401 0055502', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Api-Key': 'ck_sbx_doesnotexist' } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects a missing API key with 401 0055502', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Api-Key': undefined } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects an environment header that does not match the key with 0055502', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Environment': 'live' } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects a sandbox call without merchant code with 0055502', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Merchant-Code': undefined } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects another merchant code with 0055502', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Merchant-Code': 'MRC-000001' } });
      expect([response.status, response.body.code]).toEqual([401, '0055502']);
    });

    it('rejects a timestamp that is not 10 digits with 401 0055504', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Timestamp': '170000000' } });
      expect([response.status, response.body.code]).toEqual([401, '0055504']);
    });

    it('rejects a timestamp more than 300 seconds off with 401 0055504', async () => {
      const response = await v4.get(path, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect([response.status, response.body.code]).toEqual([401, '0055504']);
    });

    it('accepts a timestamp 250 seconds off', async () => {
      const response = await v4.get(path, { timestamp: Math.floor(Date.now() / 1000) - 250 });
      expect(response.status).toBe(200);
    });

    it('rejects a signature that is not 64 lowercase hex with 401 0055504', async () => {
      const response = await v4.get(path, { headers: { 'X-CEK-Signature': 'A'.repeat(64) } });
      expect([response.status, response.body.code]).toEqual([401, '0055504']);
    });

    it('rejects a signature made with another secret with 401 0055505', async () => {
      const response = await v4.get(path, { secret: 'sk_not_the_secret' });
      expect([response.status, response.body.code]).toEqual([401, '0055505']);
    });

    it('rejects a request whose path differs from the signed one with 0055505', async () => {
      const signedFor = signV4Request({ secret: merchant.apiSecret, method: 'GET', path: '/api/v4/bins/540061' });
      const response = await v4.get(path, { headers: { ...signedFor } });
      expect([response.status, response.body.code]).toEqual([401, '0055505']);
    });

    it('answers every caller of an environment with an empty allowlist with 403 0055501', async () => {
      const closed = await operator.provisionMerchant({ ipAllowlist: [] });
      const response = await new V4Client(gateway, closed).get(path);
      expect([response.status, response.body.code]).toEqual([403, '0055501']);
    });

    it('answers a caller off the allowlist with 403 0055501', async () => {
      const elsewhere = await operator.provisionMerchant({ ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'] });
      const response = await new V4Client(gateway, elsewhere).get(path);
      expect([response.status, response.body.code]).toEqual([403, '0055501']);
    });

    it('accepts a caller inside an allowlisted CIDR range', async () => {
      const ranged = await operator.provisionMerchant({ ipAllowlist: ['127.0.0.0/8', '::1/128'] });
      const response = await new V4Client(gateway, ranged).get(path);
      expect(response.status).toBe(200);
    });

    it('answers a closed Direct API access with 403 0055502', async () => {
      const closed = await operator.provisionMerchant({ settings: { direct_api_enabled: false } });
      const response = await new V4Client(gateway, closed).get(path);
      expect([response.status, response.body.code]).toEqual([403, '0055502']);
    });
  });

  describe('public service status', () => {
    it('answers without a signature with an empty list when nothing is in maintenance', async () => {
      const response = await fetch(`${gateway}/api/v3/service-status`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: [] });
    });
  });

  describe('edge errors', () => {
    it('answers an unknown route with problem+json 404 and no stack', async () => {
      const response = await fetch(`${gateway}/api/v4/nothing-here`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('x-correlation-id')).toBeTruthy();
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ status: 404, code: '1000002', instance: '/api/v4/nothing-here' });
      expect(text).not.toMatch(/at \w+ \(|node_modules|Error:/);
    });

    it('answers an unknown method on a known path with problem+json', async () => {
      const response = await fetch(`${gateway}/api/v3/service-status`, { method: 'DELETE' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    });

    it('answers malformed JSON to the operator API with 400 problem+json, never 500', async () => {
      const response = await fetch(`${gateway}/admin/v1/merchants`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-admin-token', 'content-type': 'application/json' },
        body: '{"name": ',
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('1000004');
    });

    it('answers a body over 1 MiB with 413 1000006', async () => {
      const response = await fetch(`${gateway}/admin/v1/merchants`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-admin-token', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(1_100_000), base_currency: 'TRY' }),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await response.json()) as { code: string }).code).toBe('1000006');
    });

    it('answers a body that is not JSON with 415 1000007', async () => {
      const response = await fetch(`${gateway}/admin/v1/merchants`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-admin-token', 'content-type': 'text/plain' },
        body: 'name=Shop',
      });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { code: string }).code).toBe('1000007');
    });

    it('answers titles in Turkish when the caller prefers Turkish', async () => {
      const response = await v4.get('/api/v4/bins/979210?amount=100.00', { headers: { 'Accept-Language': 'tr-TR, en;q=0.5' } });
      expect(response.headers.get('content-language')).toBe('tr');
      expect(response.body.title).toBe('Bu BIN için uygun ödeme kanalı yok');
    });
  });
  describe('operator API', () => {
    it('refuses calls without the operator token with 401 1000010', async () => {
      const response = await new OperatorClient(gateway, 'wrong-token').call('POST', '/admin/v1/merchants', { name: 'X', base_currency: 'TRY' });
      expect([response.status, response.body.code]).toEqual([401, '1000010']);
    });

    it('creates a merchant with a MRC- code built from its 6-digit account number', async () => {
      const response = await operator.call('POST', '/admin/v1/merchants', { name: 'Shop', base_currency: 'EUR' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        merchant_code: `MRC-${response.body.account_number}`,
        account_number: expect.stringMatching(/^\d{6}$/),
        name: 'Shop',
        base_currency: 'EUR',
      });
    });

    it('rejects an unknown currency and unknown fields with 422 1000001 naming each field', async () => {
      const response = await operator.call('POST', '/admin/v1/merchants', { name: 'Shop', base_currency: 'GBP', colour: 'red' });
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
      expect(Object.keys(response.body.errors).sort()).toEqual(['base_currency', 'colour']);
    });

    it('raises key_version with each new key and shows the secret only once', async () => {
      const first = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/api-keys`, { environment: 'live' });
      const second = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/api-keys`, { environment: 'live' });
      expect(first.status).toBe(201);
      expect(second.body.key_version).toBe(first.body.key_version + 1);
      expect(second.body.api_secret).not.toBe(first.body.api_secret);
      expect(second.body.environment).toBe('live');
    });

    it('keeps the previous secret working for the grace period after a rotation, then refuses it', async () => {
      const rotating = await operator.provisionMerchant();
      const rotated = await operator.call('POST', `/admin/v1/merchants/${rotating.merchantCode}/api-keys`, { environment: 'sandbox' });
      expect(rotated.body.key_version).toBe(rotating.keyVersion + 1);
      const oldClient = new V4Client(gateway, rotating);
      const newClient = new V4Client(gateway, {
        ...rotating,
        apiKey: rotated.body.api_key,
        apiSecret: rotated.body.api_secret,
        keyVersion: rotated.body.key_version,
      });
      expect((await oldClient.get('/api/v4/bins/435509?amount=1.00')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const refused = await oldClient.get('/api/v4/bins/435509?amount=1.00');
      expect([refused.status, refused.body.code]).toEqual([401, '0055502']);
      expect((await newClient.get('/api/v4/bins/435509?amount=1.00')).status).toBe(200);
    });

    it('answers a key for an unknown merchant with 404', async () => {
      const response = await operator.call('POST', '/admin/v1/merchants/MRC-000000/api-keys', { environment: 'sandbox' });
      expect([response.status, response.body.code]).toEqual([404, '1000011']);
    });

    it('returns the whole settings object after a patch', async () => {
      const response = await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, {
        webhook_url: 'https://merchant.example/hooks',
        payment_limits: [{ currency_code: 'USD', min_amount: '1.00', max_amount: '5000.00' }],
        settlement_delay_days: 2,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        merchant_code: merchant.merchantCode,
        environment: 'sandbox',
        ip_allowlist: ['127.0.0.1', '::1'],
        webhook_url: 'https://merchant.example/hooks',
        payment_limits: [{ currency_code: 'USD', min_amount: '1.00', max_amount: '5000.00' }],
        settlement_delay_days: 2,
        direct_api_enabled: true,
        card_payments_enabled: true,
        setup_complete: true,
        withdrawal_min_amount: expect.stringMatching(/^\d+\.\d{2}$/),
        withdrawal_daily_limit: expect.stringMatching(/^\d+\.\d{2}$/),
      });
    });

    it('rejects bad settings with 422 1000001 and changes nothing', async () => {
      const path = `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`;
      const response = await operator.call('PATCH', path, {
        ip_allowlist: ['10.0.0.0/33'],
        webhook_url: 'http://merchant.example/hooks',
        settlement_delay_days: -1,
      });
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
      expect(Object.keys(response.body.errors).sort()).toEqual(['ip_allowlist.0', 'settlement_delay_days', 'webhook_url']);
      const lookup = await v4.get('/api/v4/bins/435509?amount=100.00');
      expect(lookup.status).toBe(200);
    });

    it('rejects an unknown environment in the path with 422', async () => {
      const response = await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/staging`, {});
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
    });
  });

  describe('shutdown', () => {
    it.each([...APPS].reverse())('%s stops cleanly on SIGTERM', async (app) => {
      const result = await stack.terminate(app);
      expect(result).toMatchObject({ code: 0, signal: null });
      expect(result.durationMs).toBeLessThan(15000);
      expect(stack.logs(app)).toContain('"msg":"stopped"');
    });
  });
});
