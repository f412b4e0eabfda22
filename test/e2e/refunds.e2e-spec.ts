import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@platform/signing';
import { OperatorClient, Stack, V3Client, eventually, payOnPaymentPage, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

/**
 * Refunds and voids through the real stack (gateway, payments-v3, ledger, dispatcher):
 * every transition of the spec's reversal table in sandbox and live, every error, the
 * balance after each step, payment.refunded, and parallel requests for one payment.
 */
describe('refunds and voids', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let receiver: Server;
  let receiverUrl: string;
  const hooks: { body: Record<string, any>; verified: boolean; secretOwner: string }[] = [];
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const owner = new URL(request.url!, 'http://x').searchParams.get('m')!;
        const verified = verifyWebhook({
          secret: secrets.get(owner) ?? '',
          timestamp: request.headers['x-cav-timestamp'] as string,
          signature: request.headers['x-cav-signature'] as string,
          rawBody,
        }).ok;
        hooks.push({ body: JSON.parse(rawBody.toString('utf8')), verified, secretOwner: owner });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'ledger', 'webhook-dispatcher'],
      env: {
        SETTLEMENT_SWEEP_INTERVAL_MS: '300',
        DISPATCH_INTERVAL_MS: '100',
        LEDGER_FOLLOW_UP_INTERVAL_MS: '300',
        // Four eyes from 50.00 TRY: the live refund below needs a second operator to complete it.
        FOUR_EYES_MIN_AMOUNTS: 'TRY:50.00',
        KAFKA_TOPIC_PREFIX: `test-refunds-${randomUUID().slice(0, 8)}.`,
      },
    });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  async function merchant(options: { environment?: 'sandbox' | 'live'; delayDays?: number } = {}): Promise<{ account: ProvisionedMerchant; v3: V3Client }> {
    const code = randomUUID();
    const account = await operator.provisionMerchant({
      environment: options.environment ?? 'sandbox',
      settings: { webhook_url: `${receiverUrl}/hooks?m=${code}`, settlement_delay_days: options.delayDays ?? 0 },
    });
    secrets.set(code, account.apiSecret);
    return { account, v3: new V3Client(stack.url('gateway'), account) };
  }

  async function paidPayment(v3: V3Client, amount = '100.00'): Promise<Record<string, any>> {
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount, currency_code: 'TRY', merchant_reference: `ref-${randomUUID()}` },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    await payOnPaymentPage(created.body.payment_url);
    return (await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body;
  }

  const reverse = (v3: V3Client, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SignedResponse> =>
    v3.request('POST', '/api/v3/refunds', body, { headers: { 'Idempotency-Key': randomUUID(), ...headers } });
  const balance = async (v3: V3Client) => (await v3.request('GET', '/api/v3/balance')).body;
  const available = (v3: V3Client, amount: string) =>
    eventually(
      () => balance(v3),
      (body) => body.available_amount === amount,
    );
  const refundedHooks = (paymentCode: string) => hooks.filter((hook) => hook.body.event_type === 'payment.refunded' && hook.body.payment.code === paymentCode);

  describe('sandbox', () => {
    it('answers two refunds sent in parallel with one Idempotency-Key for two payments: one accepted, one 409 9000039', async () => {
      const { v3 } = await merchant();
      const codes = [(await paidPayment(v3)).code, (await paidPayment(v3)).code];
      await available(v3, '200.00');
      const key = randomUUID();
      const answers = await Promise.all(
        codes.map((code) => reverse(v3, { payment_code: code, operation_type: 'refund', reason: 'customer asked' }, { 'Idempotency-Key': key })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('9000039');
      expect((await v3.request('GET', '/api/v3/refunds')).body.meta.total).toBe(1);
      await available(v3, '100.00');
    });

    it('completes a refund at once: SBX- reference, virtual wallet debited, payment.refunded with every field', async () => {
      const { v3 } = await merchant();
      const payment = await paidPayment(v3);
      await available(v3, '100.00');
      const response = await reverse(v3, { payment_code: payment.code, operation_type: 'refund', reason: 'customer returned the goods' });
      expect(response.status).toBe(202);
      expect(response.headers.get('x-cav-sandbox-scenario')).toBe('completed');
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        operation: 'refund',
        status: 'completed',
        amount: '100.00',
        currency: 'TRY',
        reason: 'customer returned the goods',
        provider_reference: expect.stringMatching(/^SBX-[0-9A-F]{16}$/),
        provider_refunded_at: expect.stringMatching(/Z$/),
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        payment_code: payment.code,
        environment: 'sandbox',
      });
      expect(await balance(v3)).toMatchObject({ available_amount: '0.00', pending_settlement_amount: '0.00' });
      const [hook] = await eventually(
        async () => refundedHooks(payment.code),
        (found) => found.length === 1,
      );
      expect(hook!.verified).toBe(true);
      expect(hook!.body).toEqual({
        event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        event_type: 'payment.refunded',
        environment: 'sandbox',
        occurred_at: response.body.provider_refunded_at,
        // ADR 0033: a sandbox refund is created completed; the payment's version is the paid one's, a refund does not raise it.
        previous_status: null,
        refund: { public_id: response.body.id, status: 'completed', amount: '100.00', currency_code: 'TRY', completed_at: response.body.provider_refunded_at },
        payment: {
          public_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          code: payment.code,
          merchant_reference: payment.merchant_reference,
          version: (await v3.request('GET', `/api/v3/payments/${payment.code}`)).body.version,
        },
        order: { public_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      });
      expect((await v3.request('GET', `/api/v3/refunds/${response.body.id}`)).body).toEqual(response.body);
    });

    it('records a rejected scenario with no effect, and a later request may still complete; a void sends no notification', async () => {
      const { v3 } = await merchant();
      const payment = await paidPayment(v3, '30.00');
      await available(v3, '30.00');
      const rejected = await reverse(
        v3,
        { payment_code: payment.code, operation_type: 'void', reason: 'ordered twice' },
        { 'X-CAV-Sandbox-Scenario': 'rejected' },
      );
      expect([rejected.status, rejected.body.status, rejected.body.provider_reference, rejected.headers.get('x-cav-sandbox-scenario')]).toEqual([
        202,
        'rejected',
        null,
        'rejected',
      ]);
      expect((await balance(v3)).available_amount).toBe('30.00');
      const voided = await reverse(v3, { payment_code: payment.code, operation_type: 'void', reason: 'ordered twice' });
      expect(voided.body).toMatchObject({ status: 'completed', operation: 'void' });
      expect((await balance(v3)).available_amount).toBe('0.00');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(hooks.filter((hook) => hook.body.payment?.code === payment.code && hook.body.event_type === 'payment.refunded')).toEqual([]);
    });

    it('answers the errors of the spec and changes nothing', async () => {
      const { v3 } = await merchant();
      const payment = await paidPayment(v3, '50.00');
      await available(v3, '50.00');
      const body = { payment_code: payment.code, operation_type: 'refund', reason: 'wrong size' };
      for (const bad of [
        { ...body, reason: 'no' },
        { ...body, reason: 'x'.repeat(501) },
        { ...body, operation_type: 'chargeback' },
        { ...body, payment_code: 'a'.repeat(17) },
        { ...body, amount: '10.00' },
        { operation_type: 'refund', reason: 'wrong size' },
      ]) {
        const response = await reverse(v3, bad);
        expect([response.status, response.body.code]).toEqual([422, '1000001']);
      }
      const noKey = await v3.request('POST', '/api/v3/refunds', body);
      expect([noKey.status, noKey.body.errors]).toEqual([422, { 'idempotency-key': expect.any(Array) }]);
      const badScenario = await reverse(v3, body, { 'X-CAV-Sandbox-Scenario': 'sent' });
      expect([badScenario.status, badScenario.body.code]).toEqual([422, '1000001']);
      expect([(await reverse(v3, { ...body, payment_code: 'zzzz9999' })).status]).toEqual([404]);
      const unpaid = await v3.request('POST', '/api/v3/payments', { amount: '5.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
      const notPaid = await reverse(v3, { ...body, payment_code: unpaid.body.code });
      expect([notPaid.status, notPaid.body.code]).toEqual([409, '9000040']);
      expect((await balance(v3)).available_amount).toBe('50.00');
      expect((await v3.request('GET', '/api/v3/refunds')).body.meta.total).toBe(0);

      const key = randomUUID();
      const first = await reverse(v3, body, { 'Idempotency-Key': key, 'X-CAV-Sandbox-Scenario': 'completed' });
      expect(first.status).toBe(202);
      const repeat = await reverse(v3, body, { 'Idempotency-Key': key, 'X-CAV-Sandbox-Scenario': 'completed' });
      expect([repeat.status, repeat.body]).toEqual([202, first.body]);
      const otherScenario = await reverse(v3, body, { 'Idempotency-Key': key, 'X-CAV-Sandbox-Scenario': 'rejected' });
      expect([otherScenario.status, otherScenario.body.code]).toEqual([409, '9000010']);
      const otherBody = await reverse(v3, { ...body, reason: 'changed my mind' }, { 'Idempotency-Key': key, 'X-CAV-Sandbox-Scenario': 'completed' });
      expect([otherBody.status, otherBody.body.code]).toEqual([409, '9000039']);
      const again = await reverse(v3, body);
      expect([again.status, again.body.code]).toEqual([409, '9000041']);
      expect((await balance(v3)).available_amount).toBe('0.00');
    });

    it('turns parallel requests for one payment into exactly one reversal', async () => {
      const { v3 } = await merchant();
      const payment = await paidPayment(v3, '70.00');
      await available(v3, '70.00');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => reverse(v3, { payment_code: payment.code, operation_type: 'refund', reason: 'duplicate click' })),
      );
      expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === '9000041')).toBe(true);
      expect((await v3.request('GET', '/api/v3/refunds')).body.meta.total).toBe(1);
      expect((await balance(v3)).available_amount).toBe('0.00');
    });

    it('lists with paging and filters, refuses bad paging, and shows nobody else the reversals', async () => {
      const { v3 } = await merchant();
      for (const [operation, scenario] of [
        ['refund', 'completed'],
        ['void', 'rejected'],
        ['refund', 'rejected'],
      ] as const) {
        const payment = await paidPayment(v3, '10.00');
        await eventually(
          () => balance(v3),
          (body) => Number(body.available_amount) >= 10,
        );
        await reverse(v3, { payment_code: payment.code, operation_type: operation, reason: 'listing test' }, { 'X-CAV-Sandbox-Scenario': scenario });
      }
      const page = await v3.request('GET', '/api/v3/refunds?per_page=2');
      expect([page.body.data.length, page.body.meta]).toEqual([2, { page: 1, per_page: 2, total: 3, total_pages: 2 }]);
      expect((await v3.request('GET', '/api/v3/refunds?status=rejected')).body.meta.total).toBe(2);
      expect((await v3.request('GET', '/api/v3/refunds?status=rejected&operation_type=void')).body.meta.total).toBe(1);
      for (const query of ['page=0', 'per_page=0', 'per_page=101', 'status=done', 'operation_type=chargeback', 'sort=asc']) {
        expect((await v3.request('GET', `/api/v3/refunds?${query}`)).status).toBe(422);
      }
      // The spec sets no highest page: a page past the last answers empty, up to the largest exact integer.
      for (const far of ['100001', String(Number.MAX_SAFE_INTEGER)]) {
        const beyond = await v3.request('GET', `/api/v3/refunds?page=${far}`);
        expect([beyond.status, beyond.body.data, beyond.body.meta]).toEqual([200, [], { page: Number(far), per_page: 20, total: 3, total_pages: 1 }]);
      }
      expect((await v3.request('GET', '/api/v3/refunds/not-a-uuid')).status).toBe(422);
      const stranger = (await merchant()).v3;
      expect((await stranger.request('GET', `/api/v3/refunds/${page.body.data[0].id}`)).status).toBe(404);
    });
  });

  describe('live with the operator review', () => {
    it('requested → approved (reserved) → completed with the provider reference (debited, payment.refunded), audited', async () => {
      const { account, v3 } = await merchant({ environment: 'live' });
      const payment = await paidPayment(v3, '100.00');
      await available(v3, '100.00');
      const liveScenario = await reverse(
        v3,
        { payment_code: payment.code, operation_type: 'refund', reason: 'not delivered' },
        { 'X-CAV-Sandbox-Scenario': 'completed' },
      );
      expect([liveScenario.status, liveScenario.body.code]).toEqual([422, '1000001']);
      const requested = await reverse(v3, { payment_code: payment.code, operation_type: 'refund', reason: 'not delivered' });
      expect(requested.status).toBe(202);
      expect(requested.headers.get('x-cav-sandbox-scenario')).toBeNull();
      expect(requested.body).toMatchObject({
        status: 'requested',
        provider_reference: null,
        provider_refunded_at: null,
        updated_at: null,
        environment: 'live',
      });
      expect((await balance(v3)).available_amount).toBe('100.00');

      const queued = await operator.findListed('/admin/v1/reversals?environment=live&per_page=100', (item) => item.id === requested.body.id);
      expect(queued).toMatchObject({ status: 'requested', merchant_code: account.merchantCode });

      // Four eyes: two named finance operators, one approves and the other completes.
      const financeOperator = async () => {
        const name = `finance-${randomUUID().slice(0, 8)}`;
        const token = (await operator.call('POST', '/admin/v1/operator-tokens', { name, role: 'finance' })).body.token as string;
        return { name, client: new OperatorClient(stack.url('gateway'), token) };
      };
      const [approver, completer] = [await financeOperator(), await financeOperator()];
      const approved = await approver.client.call('POST', `/admin/v1/reversals/${requested.body.id}/approve`, {});
      expect([approved.status, approved.body.status]).toEqual([200, 'awaiting_provider_manual']);
      const awaiting = await completer.client.findListed(
        '/admin/v1/reversals?environment=live&status=awaiting_provider_manual&per_page=100',
        (item) => item.id === requested.body.id,
      );
      expect(awaiting).toMatchObject({ approved_by: `token:${approver.name}` });
      expect(await balance(v3)).toMatchObject({ available_amount: '0.00', pending_settlement_amount: '0.00' });
      expect((await operator.call('POST', `/admin/v1/reversals/${requested.body.id}/approve`, {})).body.code).toBe('1000012');

      const incomplete = await operator.call('POST', `/admin/v1/reversals/${requested.body.id}/complete`, {});
      expect([incomplete.status, incomplete.body.code]).toEqual([422, '1000001']);
      // The operator who approved may not complete it, nor may the shared bootstrap token; the second operator does.
      for (const refused of [approver.client, operator]) {
        const answer = await refused.call('POST', `/admin/v1/reversals/${requested.body.id}/complete`, { provider_reference: 'POS-7781-22' });
        expect([answer.status, answer.body.code]).toEqual([409, '1000015']);
      }
      const completed = await completer.client.call('POST', `/admin/v1/reversals/${requested.body.id}/complete`, { provider_reference: 'POS-7781-22' });
      expect(completed.body).toMatchObject({ approved_by: `token:${approver.name}` });
      expect(completed.body).toMatchObject({ status: 'completed', provider_reference: 'POS-7781-22', provider_refunded_at: expect.stringMatching(/Z$/) });
      expect((await v3.request('GET', `/api/v3/refunds/${requested.body.id}`)).body).toMatchObject({ status: 'completed', provider_reference: 'POS-7781-22' });
      expect((await balance(v3)).available_amount).toBe('0.00');
      const [hook] = await eventually(
        async () => refundedHooks(payment.code),
        (found) => found.length === 1,
      );
      expect(hook!.body).toMatchObject({
        environment: 'live',
        previous_status: 'awaiting_provider_manual',
        refund: { public_id: requested.body.id, amount: '100.00', status: 'completed' },
        payment: { version: expect.any(Number) },
      });
      expect((await operator.call('POST', `/admin/v1/reversals/${requested.body.id}/cancel`, {})).body.code).toBe('1000012');

      // Written by payments-v3 with each change (ADR 0039), kept by the gateway a moment later; the refused cancel left none.
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=${account.merchantCode}/reversals/${requested.body.id}`)).body.data,
        (entries: any[]) => entries.length >= 2,
        20000,
      );
      expect(audit.map((entry: any) => [entry.action, entry.actor, entry.before.status, entry.after.status])).toEqual([
        ['reversal.complete', `token:${completer.name}`, 'awaiting_provider_manual', 'completed'],
        ['reversal.approve', `token:${approver.name}`, 'requested', 'awaiting_provider_manual'],
      ]);
    });

    it('releases the reservation when rejected after approval, and cancels before approval without touching the balance', async () => {
      const { v3 } = await merchant({ environment: 'live' });
      const first = await paidPayment(v3, '60.00');
      const second = await paidPayment(v3, '40.00');
      await available(v3, '100.00');
      const refund = (await reverse(v3, { payment_code: first.code, operation_type: 'refund', reason: 'damaged' })).body;
      const voided = (await reverse(v3, { payment_code: second.code, operation_type: 'void', reason: 'duplicate' })).body;
      expect((await operator.call('POST', `/admin/v1/reversals/${refund.id}/complete`, { provider_reference: 'X' })).body.code).toBe('1000012');
      await operator.call('POST', `/admin/v1/reversals/${refund.id}/approve`, {});
      expect((await balance(v3)).available_amount).toBe('40.00');
      const rejected = await operator.call('POST', `/admin/v1/reversals/${refund.id}/reject`, {});
      expect(rejected.body.status).toBe('rejected');
      expect((await balance(v3)).available_amount).toBe('100.00');
      const cancelled = await operator.call('POST', `/admin/v1/reversals/${voided.id}/cancel`, {});
      expect(cancelled.body.status).toBe('cancelled');
      expect((await balance(v3)).available_amount).toBe('100.00');
      expect((await v3.request('GET', '/api/v3/refunds?status=cancelled')).body.data.map((r: any) => r.id)).toEqual([voided.id]);
      // A rejected reversal leaves room for a new request.
      expect((await reverse(v3, { payment_code: first.code, operation_type: 'refund', reason: 'damaged, second try' })).status).toBe(202);
    });

    it('voids a payment still waiting for settlement out of pending settlement, and gives it back on cancel', async () => {
      const { v3 } = await merchant({ environment: 'live', delayDays: 3 });
      const payment = await paidPayment(v3, '25.00');
      await eventually(
        () => balance(v3),
        (body) => body.pending_settlement_amount === '25.00',
      );
      const voided = (await reverse(v3, { payment_code: payment.code, operation_type: 'void', reason: 'cancelled order' })).body;
      await operator.call('POST', `/admin/v1/reversals/${voided.id}/approve`, {});
      expect(await balance(v3)).toMatchObject({ available_amount: '0.00', pending_settlement_amount: '0.00' });
      await operator.call('POST', `/admin/v1/reversals/${voided.id}/cancel`, {});
      expect(await balance(v3)).toMatchObject({ available_amount: '0.00', pending_settlement_amount: '25.00' });
    });
  });
});
