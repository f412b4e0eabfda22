import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  OperatorClient,
  Stack,
  V3Client,
  V4Client,
  cardFields,
  eventually,
  openScreen,
  payOnPaymentPage,
  submitForm,
  testInfrastructure,
  type ProvisionedMerchant,
  type SignedResponse,
} from '@platform/testing';

/**
 * Disputes (sandbox creation, evidence, the operators' workflow and the ledger effect) and
 * the service status with maintenance switched on and off while operations run, through
 * the real stack.
 */
describe('disputes and service status', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'status'] });
    operator = new OperatorClient(stack.url('gateway'));
    // Whatever an interrupted earlier run left switched on.
    for (const service of ['api_collection', 'withdrawals']) await operator.call('DELETE', `/admin/v1/maintenance/${service}`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function merchant(environment: 'sandbox' | 'live' = 'sandbox'): Promise<{ account: ProvisionedMerchant; v3: V3Client }> {
    const account = await operator.provisionMerchant({ environment });
    return { account, v3: new V3Client(stack.url('gateway'), account) };
  }

  async function paid(v3: V3Client, amount = '100.00'): Promise<string> {
    const created = await v3.request('POST', '/api/v3/payments', { amount, currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    await payOnPaymentPage(created.body.payment_url);
    return created.body.code;
  }

  const post = (v3: V3Client, path: string, body: unknown, key: string = randomUUID()): Promise<SignedResponse> =>
    v3.request('POST', path, body, { headers: { 'Idempotency-Key': key } });
  const balance = async (v3: V3Client) => (await v3.request('GET', '/api/v3/balance/withdrawable')).body;
  const withdrawable = (v3: V3Client, amount: string) =>
    eventually(
      () => balance(v3),
      (body) => body.withdrawable_amount === amount,
    );

  describe('disputes', () => {
    it('opens a sandbox dispute on a paid payment, debits it, and answers an identical repeat with the same dispute', async () => {
      const { v3 } = await merchant();
      const code = await paid(v3);
      await withdrawable(v3, '100.00');
      const key = randomUUID();
      const created = await post(v3, '/api/v3/sandbox/disputes', { payment_code: code, reason: 'fraud' }, key);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        service: 'api',
        amount: '100.00',
        currency: 'TRY',
        status: 'open',
        reason: 'fraud',
        reason_note: null,
        occurred_on: new Date().toISOString().slice(0, 10),
        evidence_due_at: expect.stringMatching(/Z$/),
        evidence_submitted_at: null,
        merchant_evidence_note: null,
        merchant_evidence_submitted_at: null,
        resolved_at: null,
        created_at: expect.stringMatching(/Z$/),
        payment_code: code,
        environment: 'sandbox',
      });
      expect(Date.parse(created.body.evidence_due_at) - Date.parse(created.body.created_at)).toBe(7 * 86_400_000);
      const repeat = await post(v3, '/api/v3/sandbox/disputes', { payment_code: code, reason: 'fraud' }, key);
      expect([repeat.status, repeat.body]).toEqual([201, created.body]);
      const changed = await post(v3, '/api/v3/sandbox/disputes', { payment_code: code, reason: 'duplicate' }, key);
      expect([changed.status, changed.body.code]).toEqual([409, '9000039']);
      expect(await withdrawable(v3, '0.00')).toMatchObject({ can_withdraw: true });
      expect((await v3.request('GET', `/api/v3/disputes/${created.body.id}`)).body).toEqual(created.body);
    });

    it('creates won and lost sandbox disputes already closed: lost keeps the debit, won gives it back', async () => {
      const { v3 } = await merchant();
      const [first, second] = [await paid(v3, '60.00'), await paid(v3, '40.00')];
      await withdrawable(v3, '100.00');
      const lost = await post(v3, '/api/v3/sandbox/disputes', { payment_code: first, reason: 'product_not_delivered', scenario: 'lost' });
      const won = await post(v3, '/api/v3/sandbox/disputes', { payment_code: second, reason: 'duplicate', scenario: 'won' });
      expect([lost.body.status, won.body.status]).toEqual(['lost', 'won']);
      expect(lost.body.resolved_at).toEqual(expect.stringMatching(/Z$/));
      await withdrawable(v3, '40.00');
      expect((await v3.request('GET', '/api/v3/disputes?status=lost')).body.data.map((d: any) => d.id)).toEqual([lost.body.id]);
    });

    it('refuses live keys, unpaid or foreign payments and malformed requests', async () => {
      const live = await merchant('live');
      const refused = await post(live.v3, '/api/v3/sandbox/disputes', { payment_code: 'abcd2345', reason: 'fraud' });
      expect([refused.status, refused.body.code]).toEqual([403, '0055502']);
      const { v3 } = await merchant();
      const unpaid = await v3.request('POST', '/api/v3/payments', { amount: '5.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
      const notPaid = await post(v3, '/api/v3/sandbox/disputes', { payment_code: unpaid.body.code, reason: 'fraud' });
      expect([notPaid.status, notPaid.body.code]).toEqual([409, '9000040']);
      const other = await merchant();
      const foreign = await post(v3, '/api/v3/sandbox/disputes', { payment_code: await paid(other.v3, '5.00'), reason: 'fraud' });
      expect(foreign.status).toBe(404);
      for (const body of [
        { payment_code: unpaid.body.code, reason: 'angry' },
        { payment_code: unpaid.body.code, reason: 'fraud', scenario: 'under_review' },
        { reason: 'fraud' },
        { payment_code: 'x'.repeat(17), reason: 'fraud' },
      ]) {
        const response = await post(v3, '/api/v3/sandbox/disputes', body);
        expect([response.status, response.body.code]).toEqual([422, '1000001']);
      }
      expect((await v3.request('GET', '/api/v3/disputes')).body.meta.total).toBe(0);
    });

    it('takes the evidence note: identical repeat, a new key replaces it, status unchanged, refused once closed', async () => {
      const { v3 } = await merchant();
      const code = await paid(v3, '20.00');
      const dispute = (await post(v3, '/api/v3/sandbox/disputes', { payment_code: code, reason: 'unauthorized' })).body;
      const path = `/api/v3/disputes/${dispute.id}/evidence`;
      const key = randomUUID();
      const first = await post(v3, path, { note: 'The customer signed for the parcel; tracking attached.' }, key);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        status: 'open',
        merchant_evidence_note: 'The customer signed for the parcel; tracking attached.',
        merchant_evidence_submitted_at: expect.stringMatching(/Z$/),
      });
      expect((await post(v3, path, { note: 'The customer signed for the parcel; tracking attached.' }, key)).body).toEqual(first.body);
      expect((await post(v3, path, { note: 'Something else.' }, key)).body.code).toBe('9000039');
      const replaced = await post(v3, path, { note: 'Updated: delivery photo added.' });
      expect(replaced.body).toMatchObject({ status: 'open', merchant_evidence_note: 'Updated: delivery photo added.' });
      for (const note of ['no', 'x'.repeat(4001)]) expect((await post(v3, path, { note })).status).toBe(422);
      expect((await v3.request('POST', path, { note: 'no key here' })).status).toBe(422);
      expect((await post(v3, `/api/v3/disputes/${randomUUID()}/evidence`, { note: 'unknown' })).status).toBe(404);
      await operator.call('POST', `/admin/v1/disputes/${dispute.id}/resolve`, { outcome: 'lost' });
      const closed = await post(v3, path, { note: 'Too late now.' });
      expect([closed.status, closed.body.code]).toEqual([409, '1000012']);
    });

    it('records a dispute once per Idempotency-Key: a retry, even in parallel, debits once', async () => {
      const { account, v3 } = await merchant();
      await paid(v3, '40.00');
      await withdrawable(v3, '40.00');
      const body = {
        merchant_code: account.merchantCode,
        environment: 'sandbox',
        service: 'link',
        payment_code: null,
        reason: 'fraud',
        amount: '15.00',
        currency: 'TRY',
      };
      const key = randomUUID();
      const answers = await Promise.all([0, 1, 2].map(() => operator.call('POST', '/admin/v1/disputes', body, { 'Idempotency-Key': key })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      const changed = await operator.call('POST', '/admin/v1/disputes', { ...body, amount: '16.00' }, { 'Idempotency-Key': key });
      expect([changed.status, changed.body.code]).toEqual([409, '9000039']);
      const missing = await operator.call('POST', '/admin/v1/disputes', body);
      expect([missing.status, missing.body.code]).toEqual([422, '1000001']);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await withdrawable(v3, '25.00')).withdrawable_amount).toBe('25.00');
      // Written by disputes with the change (ADR 0039): three requests under one key recorded one dispute, and one entry.
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=${account.merchantCode}/disputes/${answers[0]!.body.id}`)).body.data,
        (entries: any[]) => entries.length > 0,
        20000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const settled = (await operator.call('GET', `/admin/v1/audit-log?target=${account.merchantCode}/disputes/${answers[0]!.body.id}`)).body.data;
      expect([audit.length, settled.map((entry: any) => [entry.action, entry.actor])]).toEqual([1, [['dispute.record', 'admin-token']]]);
    });

    it('answers two evidence notes sent in parallel with one Idempotency-Key for two disputes: one stored, one 409 9000039', async () => {
      const { v3 } = await merchant();
      const disputes = [];
      for (let i = 0; i < 2; i += 1)
        disputes.push((await post(v3, '/api/v3/sandbox/disputes', { payment_code: await paid(v3), reason: 'fraud' })).body.id as string);
      const key = randomUUID();
      const answers = await Promise.all(disputes.map((id, i) => post(v3, `/api/v3/disputes/${id}/evidence`, { note: `Proof number ${i}` }, key)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('9000039');
      const notes = await Promise.all(disputes.map(async (id) => (await v3.request('GET', `/api/v3/disputes/${id}`)).body.merchant_evidence_note));
      expect(notes.filter((note) => note !== null)).toHaveLength(1);
    });

    it('lets operators record, review, defend and resolve; recording may make the balance negative and stop withdrawals', async () => {
      const { account, v3 } = await merchant();
      const code = await paid(v3, '20.00');
      await withdrawable(v3, '20.00');
      const recorded = await operator.call(
        'POST',
        '/admin/v1/disputes',
        {
          merchant_code: account.merchantCode,
          environment: 'sandbox',
          service: 'link',
          payment_code: null,
          reason: 'amount_mismatch',
          reason_note: 'Issuer: charged twice on the link',
          amount: '50.00',
          currency: 'TRY',
          evidence_due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({
        service: 'link',
        status: 'open',
        payment_code: null,
        reason_note: 'Issuer: charged twice on the link',
        merchant_code: account.merchantCode,
      });
      expect(await withdrawable(v3, '-30.00')).toMatchObject({ can_withdraw: false });
      const blocked = await v3.request(
        'POST',
        '/api/v3/withdrawals',
        { amount: '10.00', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
      expect([blocked.status, blocked.body.code]).toEqual([409, '9000022']);

      const id = recorded.body.id;
      expect((await operator.call('POST', `/admin/v1/disputes/${id}/under-review`, {})).body.status).toBe('under_review');
      expect((await operator.call('POST', `/admin/v1/disputes/${id}/under-review`, {})).body.code).toBe('1000012');
      const defended = await operator.call('POST', `/admin/v1/disputes/${id}/evidence-submitted`, {});
      expect(defended.body).toMatchObject({ status: 'under_review', evidence_submitted_at: expect.stringMatching(/Z$/) });
      expect((await operator.call('POST', `/admin/v1/disputes/${id}/resolve`, { outcome: 'maybe' })).status).toBe(422);
      const won = await operator.call('POST', `/admin/v1/disputes/${id}/resolve`, { outcome: 'won' });
      expect(won.body).toMatchObject({ status: 'won', resolved_at: expect.stringMatching(/Z$/) });
      expect(await withdrawable(v3, '20.00')).toMatchObject({ can_withdraw: true });
      expect((await operator.call('POST', `/admin/v1/disputes/${id}/resolve`, { outcome: 'lost' })).body.code).toBe('1000012');
      expect((await operator.call('POST', `/admin/v1/disputes/${randomUUID()}/resolve`, { outcome: 'lost' })).status).toBe(404);
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=${account.merchantCode}/disputes/${id}`)).body.data,
        (entries: any[]) => entries.length >= 4,
        20000,
      );
      expect(audit.map((entry: any) => entry.action)).toEqual(['dispute.resolve', 'dispute.evidence_submitted', 'dispute.under_review', 'dispute.record']);

      const pastDue = await operator.call(
        'POST',
        '/admin/v1/disputes',
        {
          merchant_code: account.merchantCode,
          environment: 'sandbox',
          service: 'api',
          payment_code: code,
          reason: 'fraud',
          amount: '20.00',
          currency: 'TRY',
          evidence_due_at: new Date(Date.now() - 1000).toISOString(),
        },
        { 'Idempotency-Key': randomUUID() },
      );
      const late = await post(v3, `/api/v3/disputes/${pastDue.body.id}/evidence`, { note: 'Here is the proof.' });
      expect([late.status, late.body.code]).toEqual([409, '1000012']);
      expect(
        (
          await operator.call(
            'POST',
            '/admin/v1/disputes',
            { merchant_code: account.merchantCode, environment: 'sandbox', service: 'api', reason: 'fraud', amount: '1', currency: 'TRY' },
            { 'Idempotency-Key': randomUUID() },
          )
        ).status,
      ).toBe(422);
      const page = await v3.request('GET', '/api/v3/disputes?per_page=1');
      expect(page.body.meta).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
      expect((await v3.request('GET', '/api/v3/disputes?status=closed')).status).toBe(422);
      const stranger = (await merchant()).v3;
      expect((await stranger.request('GET', `/api/v3/disputes/${id}`)).status).toBe(404);
    });
  });

  describe('service status and maintenance', () => {
    const status = async () => (await fetch(`${stack.url('gateway')}/api/v3/service-status`)).json() as Promise<{ data: any[] }>;

    it('lists services in maintenance publicly, with until and note, and nothing once cleared; refuses bad input', async () => {
      const since = new Date().toISOString();
      const until = new Date(Date.now() + 3600_000).toISOString();
      try {
        const set = await operator.call('PUT', '/admin/v1/maintenance/usdt_sales', { until, note: 'Node upgrade' });
        expect(set.body).toEqual({ service: 'usdt_sales', until, note: 'Node upgrade' });
        expect((await status()).data).toContainEqual({ service: 'usdt_sales', until, note: 'Node upgrade' });
        await operator.call('PUT', '/admin/v1/maintenance/storefront', { until: new Date(Date.now() - 1000).toISOString(), note: null });
        expect((await status()).data).toContainEqual({ service: 'storefront', until: null, note: null });
        for (const [service, body] of [
          ['usdt_sales', { note: 'x'.repeat(241) }],
          ['usdt_sales', { until: 'tomorrow' }],
          ['coffee_machine', {}],
          ['usdt_sales', { colour: 'red' }],
        ] as const) {
          expect((await operator.call('PUT', `/admin/v1/maintenance/${service}`, body)).status).toBe(422);
        }
      } finally {
        await operator.call('DELETE', '/admin/v1/maintenance/usdt_sales');
        await operator.call('DELETE', '/admin/v1/maintenance/storefront');
      }
      expect((await status()).data.filter((item) => ['usdt_sales', 'storefront'].includes(item.service))).toEqual([]);
      // The status service announced each entry with its change (ADR 0039); the refused ones left none.
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=maintenance/usdt_sales&from=${encodeURIComponent(since)}`)).body.data,
        (entries: any[]) => entries.length >= 2,
        20000,
      );
      expect(audit.map((entry: any) => [entry.action, entry.actor])).toEqual([
        ['maintenance.clear', 'admin-token'],
        ['maintenance.set', 'admin-token'],
      ]);
    });

    it('pauses new withdrawals only while withdrawals are in maintenance', async () => {
      const { account, v3 } = await merchant();
      await operator.creditWallet(account.merchantCode, '100.00');
      const withdraw = () =>
        v3.request(
          'POST',
          '/api/v3/withdrawals',
          { amount: '10.00', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true },
          { headers: { 'Idempotency-Key': randomUUID() } },
        );
      try {
        await operator.call('PUT', '/admin/v1/maintenance/withdrawals', { note: 'Wallet rotation' });
        const refused = await eventually(withdraw, (response) => response.status === 503);
        expect(refused.body).toMatchObject({ code: '1000013', status: 503 });
        expect(refused.headers.get('content-type')).toContain('application/problem+json');
        expect(refused.body.detail).toContain('Wallet rotation');
        expect((await v3.request('GET', '/api/v3/balance')).body.available_amount).toBe('100.00');
        // Other services carry on.
        expect(
          (await v3.request('POST', '/api/v3/payments', { amount: '5.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } })).status,
        ).toBe(201);
      } finally {
        await operator.call('DELETE', '/admin/v1/maintenance/withdrawals');
      }
      expect((await eventually(withdraw, (response) => response.status === 201)).body.status).toBe('sent');
    });

    it('refuses new payments, orders and page attempts during api_collection maintenance while started ones finish', async () => {
      const { account, v3 } = await merchant();
      const v4 = new V4Client(stack.url('gateway'), account);
      const statuses: number[] = [];
      const create = async (key = randomUUID()) => {
        const response = await v3.request('POST', '/api/v3/payments', { amount: '15.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': key } });
        statuses.push(response.status);
        return response;
      };
      const earlierKey = randomUUID();
      const earlier = await create(earlierKey);
      const other = await create();
      // A customer is on the 3-D Secure screen when maintenance starts.
      const form = await openScreen(earlier.body.payment_url);
      await submitForm(earlier.body.payment_url, form, cardFields('4355090000044242'));
      const threeDs = await openScreen(earlier.body.payment_url, form.cookie);
      expect(threeDs.html).toContain('name="result"');

      // Payments keep being created while the operator switches maintenance on and off.
      let creating = true;
      const outcomes: number[] = [];
      const traffic = (async () => {
        while (creating) outcomes.push((await create()).status);
      })();
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await operator.call('PUT', '/admin/v1/maintenance/api_collection', { note: 'Bank switch' });
        const refused = await eventually(
          () => create(),
          (response) => response.status === 503,
        );
        expect(refused.body.code).toBe('1000013');
        const order = await v4.request('POST', '/api/v4/orders', {
          merchant_order_id: `ord_${randomUUID()}`,
          amount: '10.00',
          card: cardFields('4355090000044242'),
        });
        expect([order.status, order.body.code]).toEqual([503, '1000013']);
        // A new card attempt on a page is a new operation...
        const otherForm = await openScreen(other.body.payment_url);
        const attempt = await submitForm(other.body.payment_url, otherForm, cardFields('4355090000044242'));
        expect(attempt.status).toBe(503);
        expect(await attempt.text()).toContain('bakım');
        // ...the 3-D Secure answer of one already started is not, and a repeat of an earlier creation still answers.
        await submitForm(`${earlier.body.payment_url}/3ds`, threeDs, { result: 'success' });
        expect((await v3.request('GET', `/api/v3/payments/${earlier.body.code}`)).body.status).toBe('paid');
        expect((await create(earlierKey)).status).toBe(200);
      } finally {
        await operator.call('DELETE', '/admin/v1/maintenance/api_collection');
      }
      await eventually(
        () => create(),
        (response) => response.status === 201,
      );
      creating = false;
      await traffic;
      expect(outcomes).toContain(201);
      expect(outcomes).toContain(503);
      expect(outcomes.every((code) => code === 201 || code === 503)).toBe(true);
      // Every 201 is a payment, and no refused request left one behind.
      const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
      await db.connect();
      const stored = await db.query('SELECT count(*)::int AS n FROM payments.payments WHERE merchant_code = $1', [account.merchantCode]);
      await db.end();
      expect(stored.rows[0].n).toBe(statuses.filter((code) => code === 201).length);
    });

    // Last in the file: it stops this stack's status service.
    it('keeps answering the public status from the gateway while the status service is down (ADR 0040)', async () => {
      const until = new Date(Date.now() + 3600_000).toISOString();
      await operator.call('PUT', '/admin/v1/maintenance/storefront', { until, note: 'Theme release' });
      await stack.terminate('status');
      let replacement: Stack | undefined;
      try {
        // A command to the stopped service would time out with 503 1000009.
        const response = await fetch(`${stack.url('gateway')}/api/v3/service-status`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown[] }).data).toContainEqual({ service: 'storefront', until, note: 'Theme release' });
      } finally {
        replacement = await Stack.start({ apps: ['status'] });
        await operator.call('DELETE', '/admin/v1/maintenance/storefront');
        await replacement.stop();
      }
      expect((await status()).data.filter((item) => item.service === 'storefront')).toEqual([]);
    });
  });
});
