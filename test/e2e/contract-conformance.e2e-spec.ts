import { randomUUID } from 'node:crypto';
import { AUDIT_EVENTS, RETRY_CLASSES } from '@platform/contracts';
import { OperatorClient, Stack, V3Client, V4Client, eventually, payOnPaymentPage, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

/**
 * What a merchant's integration suite checks from the spec alone: every v4 problem carries
 * `metadata` (developer_detail, retry_class, audit_event) with documented values; lengths
 * are counted in characters, not UTF-16 code units; a well-formed amount too large for the
 * account gets the limit's code, never a schema error.
 */
const ASTRAL = '😀';
const astral = (count: number) => ASTRAL.repeat(count);

describe('contract conformance', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'status'],
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', KAFKA_TOPIC_PREFIX: `test-contract-${randomUUID().slice(0, 8)}.` },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const v4 = async (options: { environment?: 'sandbox' | 'live'; settings?: Record<string, unknown> } = {}) =>
    new V4Client(stack.url('gateway'), await operator.provisionMerchant(options));
  const v3Merchant = async (): Promise<{ account: ProvisionedMerchant; v3: V3Client }> => {
    const account = await operator.provisionMerchant({ baseCurrency: 'TRY' });
    return { account, v3: new V3Client(stack.url('gateway'), account) };
  };
  const post = (client: V3Client, path: string, body: unknown): Promise<SignedResponse> =>
    client.request('POST', path, body, { headers: { 'Idempotency-Key': randomUUID() } });
  const card = (overrides: Record<string, string> = {}) => ({
    holder_name: 'Efe Can',
    number: '4355090000044242',
    expiry_month: '12',
    expiry_year: '30',
    cvv: '123',
    ...overrides,
  });
  const order = (client: V4Client, body: Record<string, unknown>) =>
    client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', ...body });

  function expectMetadata(
    response: SignedResponse,
    expected: { code: string; retry_class: keyof typeof RETRY_CLASSES; audit_event: string; detail?: RegExp },
  ): void {
    expect(response.body.code).toBe(expected.code);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.metadata).toEqual({
      developer_detail: expected.detail ? expect.stringMatching(expected.detail) : expect.any(String),
      retry_class: expected.retry_class,
      audit_event: expected.audit_event,
    });
    expect(AUDIT_EVENTS).toContain(response.body.metadata.audit_event);
  }

  describe('v4 errors carry metadata', () => {
    it('authentication errors name the header at fault and say to fix the request', async () => {
      const client = await v4();
      expectMetadata(await client.get('/api/v4/bins/435509?amount=10.00', { headers: { 'X-CEK-Signature': 'a'.repeat(64) } }), {
        code: '0055505',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.signature_invalid',
        detail: /path without the query/,
      });
      expectMetadata(await client.get('/api/v4/bins/435509?amount=10.00', { timestamp: Math.floor(Date.now() / 1000) - 1000 }), {
        code: '0055504',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.timestamp_out_of_window',
        detail: /300 seconds/,
      });
      expectMetadata(await client.get('/api/v4/bins/435509?amount=10.00', { headers: { 'X-CEK-Signature': 'ABC' } }), {
        code: '0055504',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.headers_malformed',
        detail: /64 lowercase hex/,
      });
      expectMetadata(await client.get('/api/v4/bins/435509?amount=10.00', { headers: { 'X-CEK-Api-Key': 'nobody' } }), {
        code: '0055502',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.api_key_unknown',
      });
      expectMetadata(await client.get('/api/v4/bins/435509?amount=10.00', { headers: { 'X-CEK-Merchant-Code': 'MRC-000000' } }), {
        code: '0055502',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.merchant_code_mismatch',
        detail: /X-CEK-Merchant-Code/,
      });
      const unlisted = await v4({ settings: { ip_allowlist: [] } });
      expectMetadata(await unlisted.get('/api/v4/bins/435509?amount=10.00'), {
        code: '0055501',
        retry_class: 'fix_and_retry',
        audit_event: 'auth.ip_allowlist_empty',
        detail: /allowlist/,
      });
    });

    it('a schema error lists every failing field and what it expects in developer_detail', async () => {
      const answer = await order(await v4(), { card: card({ cvv: '12', expiry_month: '13' }) });
      expectMetadata(answer, {
        code: '1000001',
        retry_class: 'fix_and_retry',
        audit_event: 'request.schema_invalid',
        detail: /card\.cvv: must be 3 or 4 digits/,
      });
      expect(answer.body.metadata.developer_detail).toContain('card.expiry_month: must be 01 to 12');
      expect(answer.body.metadata.developer_detail).not.toContain('4355090000044242');
    });

    it('refusals that repeating cannot change say do_not_retry', async () => {
      const client = await v4();
      expectMetadata(await client.get('/api/v4/bins/111111?amount=10.00'), { code: '0055233', retry_class: 'do_not_retry', audit_event: 'bin.unknown' });
      expectMetadata(await client.get('/api/v4/bins/979210?amount=10.00'), { code: '0055230', retry_class: 'do_not_retry', audit_event: 'bin.no_channel' });
      expectMetadata(await client.get('/api/v4/orders/never-created'), { code: '0055402', retry_class: 'do_not_retry', audit_event: 'order.not_found' });
      const id = `ord_${randomUUID()}`;
      expect((await order(client, { merchant_order_id: id, bin: '540061' })).status).toBe(201);
      expectMetadata(await order(client, { merchant_order_id: id, bin: '540061', amount: '11.00' }), {
        code: '0055503',
        retry_class: 'do_not_retry',
        audit_event: 'order.duplicate_conflict',
      });
      expectMetadata(await order(client, { card: card({ number: '4355090000044243' }) }), {
        code: '0055234',
        retry_class: 'fix_and_retry',
        audit_event: 'card.details_invalid',
      });
      expectMetadata(await order(client, { bin: '540061', amount: '0.00' }), {
        code: '0055235',
        retry_class: 'fix_and_retry',
        audit_event: 'order.amount_refused',
      });
    });

    it('the same audit_event labels the metric and the log line of the refusal', async () => {
      const client = await v4();
      await client.get('/api/v4/bins/435509?amount=10.00', { headers: { 'X-CEK-Signature': 'b'.repeat(64) } });
      const metrics = await (await fetch(`${stack.url('gateway')}/metrics`)).text();
      expect(metrics).toMatch(/api_errors_total\{[^}]*code="0055505"[^}]*audit_event="auth\.signature_invalid"[^}]*\} [1-9]/);
      expect(stack.logs('gateway')).toMatch(/"audit_event":"auth\.signature_invalid"/);
    });

    it('a 5xx says to repeat the request unchanged (the spec rule 5)', async () => {
      const client = await v4();
      try {
        expect((await operator.call('PUT', '/admin/v1/maintenance/api_collection', { until: null, note: null })).status).toBe(200);
        const paused = await eventually(
          () => order(client, { bin: '540061' }),
          (answer) => answer.status === 503,
        );
        expectMetadata(paused, { code: '1000013', retry_class: 'retry_unchanged', audit_event: 'platform.maintenance' });
      } finally {
        await operator.call('DELETE', '/admin/v1/maintenance/api_collection');
      }
    });

    it('v3 problems carry the same metadata', async () => {
      const { v3 } = await v3Merchant();
      expectMetadata(await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'XXX' }), {
        code: '1000001',
        retry_class: 'fix_and_retry',
        audit_event: 'request.schema_invalid',
        detail: /currency_code/,
      });
    });
  });

  describe('lengths are counted in characters', () => {
    it('merchant_reference takes 64 astral characters and refuses 65', async () => {
      const { v3 } = await v3Merchant();
      const accepted = await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', merchant_reference: astral(64) });
      expect([accepted.status, accepted.body.merchant_reference]).toEqual([201, astral(64)]);
      const refused = await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', merchant_reference: astral(65) });
      expect([refused.status, refused.body.code, Object.keys(refused.body.errors)]).toEqual([422, '1000001', ['merchant_reference']]);
    });

    it('a long merchant_name is cut to 120 whole characters on the payment page', async () => {
      const { v3 } = await v3Merchant();
      const created = await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', merchant_name: `A${astral(150)}` });
      expect(created.status).toBe(201);
      const page = await (await fetch(created.body.payment_url)).text();
      expect(page).toContain(`A${astral(119)}`);
      expect(page).not.toContain(`A${astral(120)}`);
      expect(page).not.toContain('\uFFFD');
    });

    it('webhook_url takes 500 characters and return_url 2048, counted in characters', async () => {
      const { v3 } = await v3Merchant();
      const address = (host: string, length: number) => `${host}${astral(length - host.length)}`;
      const webhook = 'http://127.0.0.1/hook/';
      expect((await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', webhook_url: address(webhook, 500) })).status).toBe(201);
      const longWebhook = await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', webhook_url: address(webhook, 501) });
      expect([longWebhook.status, longWebhook.body.code]).toEqual([422, '1000001']);
      const back = 'http://127.0.0.1/back/';
      expect((await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', return_url: address(back, 2048) })).status).toBe(201);
      const longReturn = await post(v3, '/api/v3/payments', { amount: '10.00', currency_code: 'TRY', return_url: address(back, 2049) });
      expect([longReturn.status, longReturn.body.code]).toEqual([422, '9000038']);
    });

    it('card.holder_name takes 120 astral characters and refuses 121', async () => {
      const client = await v4();
      const accepted = await order(client, { card: card({ holder_name: astral(120) }) });
      expect([accepted.status, accepted.body.data?.card?.holder_name]).toEqual([201, astral(120)]);
      const refused = await order(client, { card: card({ holder_name: astral(121) }) });
      expect([refused.status, refused.body.code, Object.keys(refused.body.errors)]).toEqual([422, '1000001', ['card.holder_name']]);
    });

    it('a refund reason takes 500 astral characters and refuses 501; an evidence note takes 4000 and refuses 4001', async () => {
      const { v3 } = await v3Merchant();
      const paidCode = async () => {
        const created = await post(v3, '/api/v3/payments', { amount: '100.00', currency_code: 'TRY' });
        await payOnPaymentPage(created.body.payment_url);
        return created.body.code as string;
      };
      const refundable = await paidCode();
      const longReason = await post(v3, '/api/v3/refunds', { payment_code: refundable, operation_type: 'refund', reason: astral(501) });
      expect([longReason.status, longReason.body.code, Object.keys(longReason.body.errors)]).toEqual([422, '1000001', ['reason']]);
      const refund = await post(v3, '/api/v3/refunds', { payment_code: refundable, operation_type: 'refund', reason: astral(500) });
      expect([refund.status, refund.body.reason]).toEqual([202, astral(500)]);

      const dispute = await post(v3, '/api/v3/sandbox/disputes', { payment_code: await paidCode(), reason: 'fraud' });
      expect(dispute.status).toBe(201);
      const longNote = await post(v3, `/api/v3/disputes/${dispute.body.id}/evidence`, { note: astral(4001) });
      expect([longNote.status, longNote.body.code, Object.keys(longNote.body.errors)]).toEqual([422, '1000001', ['note']]);
      const evidence = await post(v3, `/api/v3/disputes/${dispute.body.id}/evidence`, { note: astral(4000) });
      expect([evidence.status, evidence.body.merchant_evidence_note]).toEqual([200, astral(4000)]);
    });

    it('a maintenance note takes 240 astral characters and refuses 241', async () => {
      try {
        const accepted = await operator.call('PUT', '/admin/v1/maintenance/usdt_sales', { until: null, note: astral(240) });
        expect([accepted.status, accepted.body.note]).toEqual([200, astral(240)]);
        const refused = await operator.call('PUT', '/admin/v1/maintenance/usdt_sales', { until: null, note: astral(241) });
        expect([refused.status, refused.body.code]).toEqual([422, '1000001']);
      } finally {
        await operator.call('DELETE', '/admin/v1/maintenance/usdt_sales');
      }
    });
  });

  describe('amounts too large for the account', () => {
    it.each(['99999999999999999.00', '123456789012345678901234567890.00'])('a payment of %s gets 9000005 with limits', async (amount) => {
      const { v3 } = await v3Merchant();
      const refused = await post(v3, '/api/v3/payments', { amount, currency_code: 'TRY' });
      expect([refused.status, refused.body.code]).toEqual([422, '9000005']);
      expect(refused.body.limits).toEqual({ currency_code: 'TRY', min_amount: '0.01', max_amount: '9999999999999999.99' });
    });

    it('with no payment limits set (the panel says none), takes any amount from 0.01 and refuses only 0.00', async () => {
      const { v3 } = await v3Merchant();
      for (const amount of ['0.01', '0.50', '0.99']) {
        expect((await post(v3, '/api/v3/payments', { amount, currency_code: 'TRY' })).status).toBe(201);
      }
      const refused = await post(v3, '/api/v3/payments', { amount: '0.00', currency_code: 'TRY' });
      expect([refused.status, refused.body.code, refused.body.limits]).toEqual([
        422,
        '9000005',
        { currency_code: 'TRY', min_amount: '0.01', max_amount: null },
      ]);
    });

    it('a payment of 0.00 is outside the limits too, while a malformed amount stays a schema error', async () => {
      const { v3 } = await v3Merchant();
      expect((await post(v3, '/api/v3/payments', { amount: '0.00', currency_code: 'TRY' })).body.code).toBe('9000005');
      for (const amount of ['10', '1e20', '-5.00', '99999999999999999.000']) {
        expect((await post(v3, '/api/v3/payments', { amount, currency_code: 'TRY' })).body.code).toBe('1000001');
      }
    });

    it.each(['99999999999999999.00', '123456789012345678901234567890.00'])('a withdrawal of %s gets 9000021 and reserves nothing', async (amount) => {
      const { v3 } = await v3Merchant();
      const refused = await post(v3, '/api/v3/withdrawals', { amount, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true });
      expect([refused.status, refused.body.code]).toEqual([422, '9000021']);
      expect((await v3.request('GET', '/api/v3/withdrawals')).body.meta.total).toBe(0);
    });

    it('a Direct API order of 99999999999999999.00 gets 0055235 with amount_limit', async () => {
      const refused = await order(await v4(), { bin: '540061', amount: '99999999999999999.00' });
      expect([refused.status, refused.body.code, refused.body.amount_limit]).toEqual([422, '0055235', { min: '1.00', max: '250000.00' }]);
    });
  });
});
