import { randomInt, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OtlpJsonReceiver } from '@platform/observability';
import {
  DECLINED_AT_AUTH,
  LATE_AUTH,
  OperatorClient,
  SLOW_INITIALIZE,
  Stack,
  V3Client,
  V4Client,
  cardFields,
  eventually,
  isBankPage,
  luhnComplete,
  openScreen,
  passBankChallenge,
  payOnPaymentPage,
  submitForm,
  testInfrastructure,
  type ProvisionedMerchant,
} from '@platform/testing';

/**
 * Live card payments never touch the sandbox simulator. Without a live connector they are
 * refused before anything is stored (0055001); with one, they go to iyzico's API, here a
 * stand-in process on loopback that follows its protocol: the bank's 3-D Secure page, the
 * bank's return to checkout, auth, declines mapped onto the spec's reasons, and answers too
 * slow for the platform's timeout that leave the order pending until it is looked up.
 */
const SUCCESS_CARD = '5528790000000008';
const DIRECT = {
  bank_name: 'Stand-in Bank',
  network: 'mastercard',
  card_type: 'credit',
  card_program: 'Classic',
  country: 'TR',
  domestic: true,
  payment_mode: 'direct',
  channel_available: true,
};

async function ordersOf(merchantCode: string): Promise<number> {
  const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM orders.orders WHERE merchant_code = $1', [merchantCode]);
    return rows[0].n as number;
  } finally {
    await db.end();
  }
}

describe('live processing without a connector', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'orders-v4', 'payments-v3'], liveProcessor: 'none' });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('says at start that live card payments are refused', () => {
    for (const app of ['orders-v4', 'payments-v3'] as const) expect(stack.logs(app)).toContain('live card payments are refused with 0055001');
  });

  it('refuses a live Direct API order, direct or hosted, with 0055001 and stores nothing', async () => {
    const merchant = await operator.provisionMerchant({ environment: 'live' });
    expect((await operator.call('PUT', `/admin/v1/bins/live/552879`, DIRECT)).status).toBe(200);
    const v4 = new V4Client(stack.url('gateway'), merchant);
    const direct = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', card: cardFields(SUCCESS_CARD) });
    expect([direct.status, direct.body.code, direct.body.metadata?.audit_event]).toEqual([409, '0055001', 'account.live_processing_unconfigured']);
    const hosted = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '552879' });
    expect([hosted.status, hosted.body.code]).toEqual([409, '0055001']);
    expect(await ordersOf(merchant.merchantCode)).toBe(0);
  });

  it('refuses a live v3 payment with 0055001 and creates none', async () => {
    const v3 = new V3Client(stack.url('gateway'), await operator.provisionMerchant({ environment: 'live' }));
    const refused = await v3.request('POST', '/api/v3/payments', { amount: '10.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect([refused.status, refused.body.code]).toEqual([409, '0055001']);
    expect(
      (await v3.request('POST', '/api/v3/payments', { amount: '10.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } })).status,
    ).toBe(409);
  });

  it('keeps sandbox on the simulator', async () => {
    const v4 = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const order = await v4.request('POST', '/api/v4/orders', {
      merchant_order_id: `ord_${randomUUID()}`,
      amount: '10.00',
      card: cardFields('4355090000044242'),
    });
    expect(order.body.data.status).toBe('requires_action');
    expect((await openScreen(order.body.data.redirect_url)).html).toContain('name="result"');
  });
});

describe('live processing through iyzico (stand-in)', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;
  const otlp = new OtlpJsonReceiver();
  const cardsUsed = new Set<string>();

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'orders-v4', 'payments-v3'],
      env: {
        PENDING_LOOKUP_INTERVAL_MS: '300',
        OTEL_EXPORTER_OTLP_ENDPOINT: await otlp.start(),
        OTEL_BSP_SCHEDULE_DELAY: '100',
        // The service's default card limit (the stack lifts it for other suites), for the hosted retry below.
        CARD_DAILY_AMOUNT: '100000.00',
      },
    });
    operator = new OperatorClient(stack.url('gateway'));
    for (const bin of ['552879', '411111', '412911', '412411', '412711'])
      expect((await operator.call('PUT', `/admin/v1/bins/live/${bin}`, DIRECT)).status).toBe(200);
    expect((await operator.call('PUT', '/admin/v1/bins/live/552880', { ...DIRECT, payment_mode: 'hosted' })).status).toBe(200);
    // A webhook address makes the return address carry the signed result (the spec's return rules).
    const returns = { success_return_url: 'https://shop.example/ok', failure_return_url: 'https://shop.example/fail', webhook_url: 'http://127.0.0.1:9/hooks' };
    merchant = await operator.provisionMerchant({ environment: 'live', settings: returns });
    v4 = new V4Client(stack.url('gateway'), merchant);
  });

  afterAll(async () => {
    await stack?.stop();
    await otlp.stop();
  });

  const order = (body: Record<string, unknown>, headers?: Record<string, string>) => {
    const card = body.card as Record<string, string> | undefined;
    if (card?.number) cardsUsed.add(card.number);
    return v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '25.00', ...body }, { headers });
  };
  const read = async (id: string) => (await v4.get(`/api/v4/orders/${id}`)).body.data;

  it("sends the customer to the bank's 3-D Secure page, and the bank's return pays the order", async () => {
    const created = await order({ card: cardFields(SUCCESS_CARD) });
    expect([created.status, created.body.data.status]).toEqual([201, 'requires_action']);
    const page = await openScreen(created.body.data.redirect_url);
    expect(isBankPage(page.html)).toBe(true);
    expect(page.html).toContain(stack.acquirer!.url);
    expect(page.html).not.toContain('name="result"');
    const back = await passBankChallenge(page.html, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/ok\?order_code=\d{9}&status=paid/);
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'paid', failure_reason_code: null, card: { last_four: '0008' } });
  });

  it.each([
    ['4111111111111129', 'insufficient_funds'],
    ['4129111111111111', 'do_not_honor'],
    ['4124111111111116', 'card_security_code_invalid'],
    ['4127111111111113', 'security_declined'],
  ])('maps the decline of %s onto %s, before 3-D Secure', async (number, reason) => {
    const created = await order({ card: cardFields(number) });
    expect([created.status, created.body.data.status, created.body.data.failure_reason_code]).toEqual([201, 'failed', reason]);
  });

  it('fails the order with three_ds_failed when the customer refuses at the bank', async () => {
    const created = await order({ card: cardFields(SUCCESS_CARD) });
    const back = await passBankChallenge((await openScreen(created.body.data.redirect_url)).html, 'refuse');
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/fail\?.*status=failed&failure_code=three_ds_failed/);
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'failed', failure_reason_code: 'three_ds_failed' });
  });

  it('fails the order with the bank reason when auth declines after 3-D Secure', async () => {
    const created = await order({ card: cardFields(DECLINED_AT_AUTH) });
    await passBankChallenge((await openScreen(created.body.data.redirect_url)).html, 'approve');
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'failed', failure_reason_code: 'insufficient_funds' });
  });

  it('leaves the order pending when the bank does not answer in time', async () => {
    const created = await order({ card: cardFields(SLOW_INITIALIZE) });
    expect([created.status, created.body.data.status, created.body.data.redirect_url]).toEqual([201, 'pending', null]);
  });

  it('settles a pending order once the late answer is looked up', async () => {
    const created = await order({ card: cardFields(LATE_AUTH) });
    // The customer's answer at the bank's return says pending. The order itself is read only once
    // settled: the lookup runs every 300 ms here, so a read on a loaded machine may already find it paid.
    const back = await passBankChallenge((await openScreen(created.body.data.redirect_url)).html, 'approve');
    expect([back.status, await back.text()]).toEqual([200, expect.stringContaining('Ödemeniz bankadan yanıt bekliyor.')]);
    await eventually(
      () => read(created.body.data.merchant_order_id),
      (current) => current.status === 'paid',
    );
  });

  it('takes a hosted-page card through the bank, and offers the form again after a decline', async () => {
    const created = await order({ bin: '552880' });
    const hostedUrl = created.body.data.hosted_url as string;
    const form = await openScreen(hostedUrl);
    const declined = await submitForm(hostedUrl, form, cardFields('4129111111111111'));
    expect(declined.status).toBe(422);
    expect(await declined.text()).toMatch(/onaylan?madı/);
    const sent = await submitForm(hostedUrl, form, cardFields(SUCCESS_CARD));
    expect([sent.status, sent.headers.get('location')]).toEqual([303, `/v4/hosted/${hostedUrl.split('/').pop()}/bank`]);
    const bankPage = await openScreen(`${stack.url('checkout')}${sent.headers.get('location')}`);
    const back = await passBankChallenge(bankPage.html, 'approve');
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/ok\?/);
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'paid', card: { last_four: '0008' } });
  });

  it('asks the bank once for each of two direct orders sent ten times each at once, and answers each with its one order', async () => {
    // The service takes one merchant's commands in order, batch after batch, and a batch's commands
    // at once: the first command that comes alone has no rival; the repeats of the other order race.
    const orders = [0, 1].map(() => {
      const card = luhnComplete(`5528790007${randomInt(10000, 100000)}`);
      const amount = `${randomInt(10, 100)}.${randomInt(10, 100)}`;
      return { card, amount, body: { merchant_order_id: `ord_${randomUUID()}`, amount, card: cardFields(card) } };
    });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => v4.request('POST', '/api/v4/orders', orders[index % 2]!.body)));
    for (const [index, { card, amount }] of orders.entries()) {
      const mine = answers.filter((_, at) => at % 2 === index);
      expect(mine.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(mine.map((answer) => answer.body.data.redirect_url)).size).toBe(1);
      const asked = await fetch(`${stack.acquirer!.url}/_stand-in/initializations?bin=552879&last_four=${card.slice(-4)}&price=${amount}`);
      expect([index, await asked.json()]).toEqual([index, { count: 1 }]);
    }
  });

  it('lets the customer retry the same card on the hosted page after refusing at the bank, and pays', async () => {
    // The card's daily 100,000.00 holds 60,000.00 once, not twice. A number of its own (the
    // stand-in approves any card it does not list): live counts a card across merchants and runs.
    const card = luhnComplete(`5528790006${randomInt(10000, 100000)}`);
    const created = await order({ bin: '552880', amount: '60000.00' });
    const hostedUrl = created.body.data.hosted_url as string;
    const bankPath = `/v4/hosted/${hostedUrl.split('/').pop()}/bank`;
    const toBank = await submitForm(hostedUrl, await openScreen(hostedUrl), cardFields(card));
    expect([toBank.status, toBank.headers.get('location')]).toEqual([303, bankPath]);
    await passBankChallenge((await openScreen(`${stack.url('checkout')}${bankPath}`)).html, 'refuse');
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'requires_hosted' });

    const again = await submitForm(hostedUrl, await openScreen(hostedUrl), cardFields(card));
    expect([again.status, again.headers.get('location')]).toEqual([303, bankPath]);
    const back = await passBankChallenge((await openScreen(`${stack.url('checkout')}${bankPath}`)).html, 'approve');
    expect(back.headers.get('location')).toMatch(/^https:\/\/shop\.example\/ok\?/);
    expect(await read(created.body.data.merchant_order_id)).toMatchObject({ status: 'paid', amount: '60000.00' });
  });

  it('keeps a live v3 payment waiting for a bank that answers late, taking no other card, until the answer pays it', async () => {
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const created = await v3.request('POST', '/api/v3/payments', { amount: '14.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    await payOnPaymentPage(created.body.payment_url, LATE_AUTH, 'success');
    const waiting = await openScreen(created.body.payment_url);
    expect(waiting.html).toContain('Bankanızın yanıtı bekleniyor');
    expect(waiting.html).not.toContain('name="number"');
    const paid = await eventually(
      async () => (await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body,
      (payment) => payment.status === 'paid',
    );
    expect(paid).toMatchObject({ failure: null, card: { last_four: LATE_AUTH.slice(-4) } });
  });

  it('pays a live v3 payment through the bank on the payment page', async () => {
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const created = await v3.request('POST', '/api/v3/payments', { amount: '12.50', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(created.status).toBe(201);
    await payOnPaymentPage(created.body.payment_url, SUCCESS_CARD, 'failure');
    expect((await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body).toMatchObject({ status: 'created', failure: { attempt_count: 1 } });
    await payOnPaymentPage(created.body.payment_url, SUCCESS_CARD, 'success');
    expect((await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body).toMatchObject({ status: 'paid', card: { last_four: '0008' } });
  });

  // Last: the spans of every test above are in by now.
  it('traces the call to the bank under the order that made it, and no card number reaches a span', async () => {
    const traceId = randomUUID().replaceAll('-', '');
    const declined = await order({ card: cardFields('4129111111111111') }, { traceparent: `00-${traceId}-${'1'.repeat(16)}-01` });
    expect(declined.body.data.failure_reason_code).toBe('do_not_honor');
    const trace = await eventually(
      async () => otlp.spans.filter((s) => s.traceId === traceId),
      (found) => found.some((s) => String(s.attributes['url.full'] ?? s.attributes['http.url'] ?? '').startsWith(stack.acquirer!.url)),
    );
    const bankCall = trace.find((s) => String(s.attributes['url.full'] ?? s.attributes['http.url'] ?? '').startsWith(stack.acquirer!.url))!;
    const handler = trace.find((s) => s.spanId === bankCall.parentSpanId);
    expect([handler?.service, handler?.name]).toEqual(['orders-v4', 'handle orders.create']);
    const leaks = otlp.spans.flatMap((s) =>
      Object.entries(s.attributes)
        .filter(([, value]) => [...cardsUsed].some((number) => String(value).includes(number)))
        .map(([key]) => `${s.service}: ${s.name} ${key}`),
    );
    expect(cardsUsed.size).toBeGreaterThan(3);
    expect(otlp.spans.length).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });
});
