import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@platform/signing';
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
  type ProvisionedMerchant,
} from '@platform/testing';

interface Delivered {
  scheme: 'v3' | 'v4';
  eventId: string;
  eventType: string | undefined;
  environment: string;
  body: Record<string, any>;
  verified: boolean;
}

/**
 * A merchant's receiver written only with libs/signing verifies every delivery of a run of
 * v3 payments and v4 orders; the merchant lists, reads and retries its deliveries.
 */
describe('webhook deliveries end to end', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v3: V3Client;
  let receiver: Server;
  let receiverUrl: string;
  const delivered: Delivered[] = [];
  let answerStatus = 200;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const v4 = typeof request.headers['x-cek-signature'] === 'string';
        const prefix = v4 ? 'x-cek' : 'x-cav';
        const header = (name: string) => request.headers[`${prefix}-${name}`] as string | undefined;
        const verified = verifyWebhook({ secret: merchant.apiSecret, timestamp: header('timestamp'), signature: header('signature'), rawBody }).ok;
        delivered.push({
          scheme: v4 ? 'v4' : 'v3',
          eventId: header('event-id')!,
          eventType: header('event-type'),
          environment: header('environment')!,
          body: JSON.parse(rawBody.toString('utf8')),
          verified,
        });
        response.writeHead(verified ? answerStatus : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'webhook-dispatcher'],
      env: {
        DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_TIME_SCALE: '0.00001',
        // Topics of its own: the dispatcher reads its events from the beginning, not every earlier suite's.
        KAFKA_TOPIC_PREFIX: `test-webhooks-${randomUUID().slice(0, 8)}.`,
      },
    });
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({ settings: { webhook_url: `${receiverUrl}/panel` } });
    v3 = new V3Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  async function payment(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '42.00', currency_code: 'TRY', ...body },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    return created.body;
  }

  const pay = (url: string, number: string, result: 'success' | 'failure') => payOnPaymentPage(url, number, result);

  const deliveriesOf = (predicate: (d: Delivered) => boolean, count: number) =>
    eventually(
      async () => delivered.filter(predicate),
      (found) => found.length >= count,
    );

  it('delivers payment.failed and payment.paid of a v3 payment, signed, to its own webhook_url', async () => {
    const created = await payment({ webhook_url: `${receiverUrl}/own` });
    await pay(created.payment_url, '4355090000040000', 'failure');
    await pay(created.payment_url, '4355090000044242', 'success');
    // Delivery is at least once and may be out of order (the spec's receiver rules).
    const found = (await deliveriesOf((d) => d.body.payment?.code === created.code, 2)).sort((a, b) => (a.eventType ?? '').localeCompare(b.eventType ?? ''));
    expect(found.map((d) => [d.scheme, d.eventType, d.verified, d.environment])).toEqual([
      ['v3', 'payment.failed', true, 'sandbox'],
      ['v3', 'payment.paid', true, 'sandbox'],
    ]);
    const paid = (await v3.request('GET', `/api/v3/payments/${created.code}`)).body;
    expect(found[1]!.body).toEqual({
      event_id: found[1]!.eventId,
      event_type: 'payment.paid',
      environment: 'sandbox',
      occurred_at: paid.paid_at,
      previous_status: 'created',
      payment: paid,
    });
  });

  it('numbers each change of a payment (ADR 0033): payment.failed carries a lower version than payment.paid, which is the one GET shows', async () => {
    const created = await payment({ webhook_url: `${receiverUrl}/own` });
    expect(created.version).toBe(1);
    await pay(created.payment_url, '4355090000040000', 'failure');
    const afterFailure = (await v3.request('GET', `/api/v3/payments/${created.code}`)).body;
    await pay(created.payment_url, '4355090000044242', 'success');
    const found = await deliveriesOf((d) => d.body.payment?.code === created.code, 2);
    const failed = found.find((d) => d.eventType === 'payment.failed')!.body;
    const paid = found.find((d) => d.eventType === 'payment.paid')!.body;
    const shown = (await v3.request('GET', `/api/v3/payments/${created.code}`)).body;

    // A failed attempt leaves the payment created, and is a change all the same: its failure is new.
    expect(failed).toMatchObject({ previous_status: 'created', payment: { status: 'created', version: 2, failure: { attempt_count: 1 } } });
    expect(afterFailure).toMatchObject({ status: 'created', version: 2 });
    expect(paid).toMatchObject({ previous_status: 'created', payment: { status: 'paid', version: 3 } });
    expect(failed.payment.version).toBeLessThan(paid.payment.version);
    expect(shown).toMatchObject({ status: 'paid', version: paid.payment.version });
  });

  it('delivers checkout.order.succeeded and .failed of Direct API orders to the panel address with the v4 headers', async () => {
    const v4 = new V4Client(stack.url('gateway'), merchant);
    const ids: string[] = [];
    for (const [number, result] of [
      ['4355090000044242', 'success'],
      ['4355090000005151', 'success'],
    ] as const) {
      const id = `ord_${randomUUID()}`;
      const order = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '60.00', card: cardFields(number) });
      const screen = await openScreen(order.body.data.redirect_url);
      await submitForm(order.body.data.redirect_url, screen, { result });
      ids.push(id);
    }
    const found = await deliveriesOf((d) => d.scheme === 'v4' && ids.includes(d.body.order?.merchant_order_id), 2);
    expect(found.every((d) => d.verified)).toBe(true);
    expect(found.map((d) => d.body.event_type).sort()).toEqual(['checkout.order.failed', 'checkout.order.succeeded']);
    for (const d of found) {
      expect(d.body.schema_version).toBe(3);
      expect(d.body.event_id).toBe(d.eventId);
      expect(d.body).not.toHaveProperty('environment');
      expect(d.environment).toBe('sandbox');
    }
    // The spec's Direct API body, mapped by the dispatcher from the order's domain event.
    const succeeded = found.find((d) => d.body.event_type === 'checkout.order.succeeded')!;
    expect(succeeded.body).toEqual({
      schema_version: 3,
      event_id: succeeded.eventId,
      event_type: 'checkout.order.succeeded',
      previous_status: 'requires_action',
      order: { code: expect.any(String), merchant_order_id: ids[0], status: 'paid', amount: '60.00', currency: 'TRY', version: 2 },
      merchant: { code: merchant.merchantCode },
      payment_details: {
        card: {
          holder_name: expect.any(String),
          bin: '435509',
          last_four: '4242',
          network: 'visa',
          program: expect.any(String),
          issuer_bank_code: null,
          issuer_bank_name: expect.any(String),
          installment_count: 1,
          three_d: true,
        },
      },
    });
    const failed = found.find((d) => d.body.event_type === 'checkout.order.failed')!;
    expect(failed.body).toMatchObject({
      order: { merchant_order_id: ids[1], status: 'failed' },
      failure_code: expect.any(String),
      failure_reason_code: expect.any(String),
      failure_message: expect.any(String),
    });
    // ADR 0033: each body says the order's version after the change, as GET shows it, and the status it left.
    for (const d of found) {
      const shown = (await v4.request('GET', `/api/v4/orders/${d.body.order.merchant_order_id}`)).body.data;
      expect(shown).toMatchObject({ status: d.body.order.status, version: 2 });
      expect(d.body).toMatchObject({ previous_status: 'requires_action', order: { version: shown.version } });
    }
  });

  it('sends nothing when neither the payment nor the environment has an address', async () => {
    const quiet = await operator.provisionMerchant();
    const client = new V3Client(stack.url('gateway'), quiet);
    const created = (
      await client.request('POST', '/api/v3/payments', { amount: '5.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } })
    ).body;
    await pay(created.payment_url, '4355090000044242', 'success');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(delivered.filter((d) => d.body.payment?.code === created.code)).toEqual([]);
    expect((await client.request('GET', '/api/v3/webhooks/deliveries')).body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } });
  });

  it('exposes deliveries by outcome, attempt latency and queue depth to Prometheus', async () => {
    const text = await (await fetch(`${stack.url('webhook-dispatcher')}/metrics`)).text();
    expect(text).toMatch(/^webhook_attempts_total\{outcome="delivered",scheme="v3",service="webhook-dispatcher"\} [1-9]\d*$/m);
    expect(text).toMatch(/^webhook_attempt_duration_seconds_count\{service="webhook-dispatcher",outcome="delivered"\} [1-9]\d*$/m);
    expect(text).toMatch(/^webhook_queue_depth\{service="webhook-dispatcher"\} \d+$/m);
    expect(text).toContain('process_resident_memory_bytes');
  });

  describe('the delivery API', () => {
    it('lists deliveries with paging and a status filter, and shows one with its url and payload', async () => {
      const created = await payment();
      await pay(created.payment_url, '4355090000044242', 'success');
      await deliveriesOf((d) => d.body.payment?.code === created.code, 1);
      const list = await eventually(
        () => v3.request('GET', '/api/v3/webhooks/deliveries?per_page=1&status=delivered'),
        (response) => response.body.data?.[0]?.payment_code === created.code,
      );
      expect(list.body.meta).toMatchObject({ page: 1, per_page: 1 });
      expect(list.body.meta.total).toBeGreaterThanOrEqual(3);
      expect(list.body.data[0]).toEqual({
        id: expect.any(String),
        event: 'payment.paid',
        status: 'delivered',
        payment_code: created.code,
        attempt_count: 1,
        last_status_code: 200,
        last_error: null,
        last_error_code: null,
        last_error_message: null,
        next_attempt_at: null,
        delivered_at: expect.stringMatching(/Z$/),
        created_at: expect.stringMatching(/Z$/),
      });
      const detail = await v3.request('GET', `/api/v3/webhooks/deliveries/${list.body.data[0].id}`);
      expect(detail.body).toMatchObject({ url: `${receiverUrl}/panel`, payload: { event_type: 'payment.paid', payment: { code: created.code } } });
      const stranger = new V3Client(stack.url('gateway'), await operator.provisionMerchant());
      expect((await stranger.request('GET', `/api/v3/webhooks/deliveries/${list.body.data[0].id}`)).status).toBe(404);
    });

    it('refuses bad paging, an unknown status, a malformed id and a retry without Idempotency-Key with 422', async () => {
      for (const query of ['page=0', 'per_page=101', 'per_page=x', 'status=lost', 'colour=red']) {
        const response = await v3.request('GET', `/api/v3/webhooks/deliveries?${query}`);
        expect([response.status, response.body.code]).toEqual([422, '1000001']);
      }
      expect((await v3.request('GET', '/api/v3/webhooks/deliveries/not-a-uuid')).status).toBe(422);
      const retry = await v3.request('POST', `/api/v3/webhooks/deliveries/${randomUUID()}/retry`);
      expect([retry.status, retry.body.code]).toEqual([422, '1000001']);
    });

    it('walks the retry schedule to failed, then re-queues once per Idempotency-Key; a delivered one cannot be retried', async () => {
      // The receiver refuses everything until the merchant fixes it (retry waits shortened for the test).
      answerStatus = 500;
      const created = await payment();
      await pay(created.payment_url, '4355090000044242', 'success');
      const failed = await eventually(
        () => v3.request('GET', '/api/v3/webhooks/deliveries?status=failed', undefined, { headers: { 'Accept-Language': 'tr-TR,tr;q=0.9' } }),
        (response) => response.body.data?.some((d: any) => d.payment_code === created.code),
        30000,
      );
      const item = failed.body.data.find((d: any) => d.payment_code === created.code);
      expect(item).toMatchObject({
        status: 'failed',
        attempt_count: 11,
        last_status_code: 500,
        last_error_code: 'webhook_response_unsuccessful',
        last_error_message: 'Webhook adresi 2xx durum koduyla yanıt vermedi.',
        next_attempt_at: null,
      });
      expect(delivered.filter((d) => d.body.payment?.code === created.code)).toHaveLength(11);

      answerStatus = 200;
      const key = randomUUID();
      const retried = await v3.request('POST', `/api/v3/webhooks/deliveries/${item.id}/retry`, undefined, { headers: { 'Idempotency-Key': key } });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ id: item.id, status: 'pending', url: `${receiverUrl}/panel`, payload: { payment: { code: created.code } } });
      const done = await eventually(
        () => v3.request('GET', `/api/v3/webhooks/deliveries/${item.id}`),
        (response) => response.body.status === 'delivered',
      );
      expect(done.body).toMatchObject({ attempt_count: 12, last_status_code: 200, last_error_code: null });
      const repeat = await v3.request('POST', `/api/v3/webhooks/deliveries/${item.id}/retry`, undefined, { headers: { 'Idempotency-Key': key } });
      expect([repeat.status, repeat.body]).toEqual([200, retried.body]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(delivered.filter((d) => d.body.payment?.code === created.code)).toHaveLength(12);
      const again = await v3.request('POST', `/api/v3/webhooks/deliveries/${item.id}/retry`, undefined, { headers: { 'Idempotency-Key': randomUUID() } });
      expect([again.status, again.body.code]).toEqual([409, '1000012']);
    });
  });
});
