import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  OperatorClient,
  Stack,
  TopicEvents,
  V3Client,
  cardFields,
  openScreen,
  submitForm,
  testInfrastructure,
  type ProvisionedMerchant,
} from '@platform/testing';

/**
 * The v3 payment page driven by a plain HTTP customer: what it shows, what it refuses,
 * the Direct API test cards and 3-D Secure screen, failed attempts and retries, the result
 * page's return button, and payment.paid / payment.failed on Kafka.
 */
describe('v3 payment page', () => {
  let stack: Stack;
  let merchant: ProvisionedMerchant;
  let v3: V3Client;
  let events: TopicEvents;
  let db: Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'payments-v3'], env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant({
      settings: { payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '100000.00' }] },
    });
    v3 = new V3Client(stack.url('gateway'), merchant);
    events = await TopicEvents.follow('payments.events.v1');
    db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await events?.stop();
    await db?.end();
    await stack?.stop();
  });

  async function createPayment(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '125.50', currency_code: 'TRY', ...body },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(response.status).toBe(201);
    return response.body;
  }

  const read = async (code: string) => (await v3.request('GET', `/api/v3/payments/${code}`)).body;
  const eventsOf = (code: string, type?: string) => events.seen((event) => event.payload?.payment_code === code && (!type || event.event_type === type));
  /** The domain event's facts of a payment as the API shows it (the webhook body is mapped from them by the dispatcher). */
  const factsOf = (payment: any, webhookUrl: string | null) => ({
    payment_code: payment.code,
    merchant_code: merchant.merchantCode,
    environment: payment.environment,
    merchant_reference: payment.merchant_reference,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency_code,
    page_url: payment.payment_url,
    created_at: payment.created_at,
    expires_at: payment.expires_at,
    paid_at: payment.paid_at,
    card: payment.card,
    failure: payment.failure,
    webhook_url: webhookUrl,
    // ADR 0033: the version the change wrote; both events leave a payment that was created.
    version: payment.version,
    previous_status: 'created',
  });
  const attemptsOf = async (code: string) =>
    (
      await db.query(
        'SELECT a.status, a.reason_code FROM payments.attempts a JOIN payments.payments p ON p.id = a.payment_id WHERE p.code = $1 ORDER BY a.id',
        [code],
      )
    ).rows;

  /** Types a card on the form and follows the redirect back to the page. */
  async function payWith(url: string, number: string): Promise<{ answer: Response; next: Awaited<ReturnType<typeof openScreen>> }> {
    const form = await openScreen(url);
    const answer = await submitForm(url, form, cardFields(number));
    return { answer, next: await openScreen(url, form.cookie) };
  }

  async function threeDs(url: string, screen: { cookie?: string; csrf?: string }, result: string): Promise<Awaited<ReturnType<typeof openScreen>>> {
    const answer = await submitForm(`${url}/3ds`, screen, { result });
    expect([answer.status, answer.headers.get('location')]).toEqual([303, new URL(url).pathname]);
    return openScreen(url, screen.cookie);
  }

  describe('the card form', () => {
    it('shows the default merchant name, the amount and the currency, and cannot be framed', async () => {
      const payment = await createPayment({ amount: '125.50', currency_code: 'EUR' });
      const screen = await openScreen(payment.payment_url);
      expect(screen.status).toBe(200);
      expect(screen.html).toContain(`Hesap ${merchant.accountNumber}`);
      expect(screen.html).toContain('125.50 EUR');
      for (const field of ['holder_name', 'number', 'expiry_month', 'expiry_year', 'cvv']) expect(screen.html).toContain(`name="${field}"`);
      expect(screen.headers.get('x-frame-options')).toBe('DENY');
      expect(screen.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(screen.headers.get('cache-control')).toBe('no-store');
      expect(screen.cookie).toMatch(/^cko_csrf=/);
      expect(screen.csrf).toBeDefined();
      expect(screen.html).not.toContain('<script');
    });

    it("shows the merchant's own name, escaped", async () => {
      const payment = await createPayment({ merchant_name: '<b>Kahve & Co</b>' });
      const screen = await openScreen(payment.payment_url);
      expect(screen.html).toContain('&#60;b&#62;Kahve &#38; Co&#60;/b&#62;');
      expect(screen.html).not.toContain('<b>Kahve');
    });

    it('refuses a post without the CSRF cookie, with a wrong token, or with the token of another payment, and changes nothing', async () => {
      const payment = await createPayment();
      const other = await createPayment();
      const screen = await openScreen(payment.payment_url);
      const otherScreen = await openScreen(other.payment_url);
      const card = cardFields('4355090000044242');
      expect((await submitForm(payment.payment_url, screen, card, { cookie: '' })).status).toBe(403);
      expect((await submitForm(payment.payment_url, screen, card, { csrf: 'f'.repeat(64) })).status).toBe(403);
      expect((await submitForm(payment.payment_url, otherScreen, card)).status).toBe(403);
      expect(await attemptsOf(payment.code)).toEqual([]);
      expect(await read(payment.code)).toEqual(payment);
    });

    it('answers an incomplete form or a mistyped number on the form with 422 and changes nothing', async () => {
      const payment = await createPayment();
      const screen = await openScreen(payment.payment_url);
      const incomplete = await submitForm(payment.payment_url, screen, cardFields('4355090000044242', { cvv: '' }));
      expect(incomplete.status).toBe(422);
      expect(await incomplete.text()).toContain('eksiksiz');
      const mistyped = await submitForm(payment.payment_url, screen, cardFields('4355090000044243'));
      expect(mistyped.status).toBe(422);
      expect(await mistyped.text()).toContain('Kart numarası geçersiz');
      const expired = await submitForm(payment.payment_url, screen, cardFields('4355090000044242', { expiry_year: '20' }));
      expect(expired.status).toBe(422);
      expect(await attemptsOf(payment.code)).toEqual([]);
      expect(await read(payment.code)).toEqual(payment);
    });

    it('accepts a number typed in groups', async () => {
      const payment = await createPayment();
      const screen = await openScreen(payment.payment_url);
      const answer = await submitForm(payment.payment_url, screen, cardFields('4355 0900 0004 4242'));
      expect(answer.status).toBe(303);
      const next = await openScreen(payment.payment_url, screen.cookie);
      expect(next.html).toContain('name="result" value="success"');
      expect(next.html).toContain('•••• 4242');
    });

    it('shows a clear page for an unknown or malformed link', async () => {
      for (const token of ['x'.repeat(32), 'not a token', 'a']) {
        const response = await fetch(`${stack.url('checkout')}/pay/${encodeURIComponent(token)}`);
        expect(response.status).toBe(404);
        expect(await response.text()).toContain('geçerli değil');
      }
    });
  });

  describe('attempts', () => {
    it('records a card declined before 3-D Secure as a failed attempt and lets the customer try again', async () => {
      const payment = await createPayment();
      const { answer, next } = await payWith(payment.payment_url, '4355090000040000');
      expect([answer.status, answer.headers.get('location')]).toEqual([303, new URL(payment.payment_url).pathname]);
      expect(next.status).toBe(200);
      expect(next.html).toContain('onaylanmadı');
      expect(next.html).toContain('Başarısız deneme: 1');
      expect(next.html).toContain('name="number"');
      expect(await read(payment.code)).toMatchObject({
        status: 'created',
        paid_at: null,
        card: null,
        failure: { attempt_count: 1, reason_code: 'payment_declined' },
      });
      const [failed] = await events.waitFor((event) => event.payload?.payment_code === payment.code && event.event_type === 'payment.failed.v1');
      expect(failed!.payload).toEqual(factsOf({ ...payment, failure: { attempt_count: 1, reason_code: 'payment_declined' }, version: 2 }, null));
      expect(failed!.occurred_at).toMatch(/Z$/);
    });

    it('counts every failed attempt and pays on a later one: 3-D Secure screen, result page, return button', async () => {
      const reference = `ref-${randomUUID()}`;
      const payment = await createPayment({
        merchant_reference: reference,
        return_url: 'https://shop.example/back?lang=tr',
        webhook_url: 'http://127.0.0.1:9/hooks',
      });
      const url = payment.payment_url;

      // Insufficient funds: the bank answers after the 3-D Secure screen.
      const first = await payWith(url, '4355090000005151');
      expect(first.next.html).toContain('•••• 5151');
      const afterFirst = await threeDs(url, first.next, 'success');
      expect(afterFirst.html).toContain('bakiyesi veya limiti yetersiz');
      expect(afterFirst.html).toContain('Başarısız deneme: 1');

      // Declined on the screen, then a screen left without an answer.
      const second = await payWith(url, '4111111111111111');
      await threeDs(url, second.next, 'failure');
      const third = await payWith(url, '4111111111111111');
      const afterThird = await threeDs(url, third.next, 'timeout');
      expect(afterThird.html).toContain('Başarısız deneme: 3');
      expect((await read(payment.code)).failure).toEqual({ attempt_count: 3, reason_code: 'payment_timed_out' });

      // The card form offers a way back that says the payment is still open.
      const back = new URL(/href="([^"]+)"/.exec(afterThird.html.replace(/&#38;/g, '&'))![1]!);
      expect(Object.fromEntries(back.searchParams)).toEqual({ lang: 'tr', code: payment.code, status: 'created', merchant_reference: reference });

      const fourth = await payWith(url, '4355090000044242');
      const result = await threeDs(url, fourth.next, 'success');
      expect(result.status).toBe(200);
      expect(result.html).toContain('Ödemeniz alındı');
      expect(result.html).toContain('•••• 4242');
      expect(result.headers.get('refresh')).toBeNull();
      expect(result.html).not.toMatch(/http-equiv|<script/i);
      const button = new URL(/<a class="button primary" href="([^"]+)"/.exec(result.html)![1]!.replace(/&#38;/g, '&'));
      expect(button.origin + button.pathname).toBe('https://shop.example/back');
      expect(Object.fromEntries(button.searchParams)).toEqual({ lang: 'tr', code: payment.code, status: 'paid', merchant_reference: reference });

      const paid = await read(payment.code);
      expect(paid).toEqual({
        ...payment,
        status: 'paid',
        paid_at: expect.stringMatching(/Z$/),
        card: { bin: '435509', last_four: '4242', network: 'visa' },
        failure: null,
        // Created (1), three failed attempts (2, 3, 4), paid (5).
        version: 5,
      });
      expect(await attemptsOf(payment.code)).toEqual([
        { status: 'failed', reason_code: 'insufficient_funds' },
        { status: 'failed', reason_code: 'payment_declined' },
        { status: 'failed', reason_code: 'payment_timed_out' },
        { status: 'paid', reason_code: null },
      ]);

      const [paidEvent] = await events.waitFor((event) => event.payload?.payment_code === payment.code && event.event_type === 'payment.paid.v1');
      expect(paidEvent!.payload).toEqual(factsOf(paid, 'http://127.0.0.1:9/hooks'));
      expect(paidEvent!.occurred_at).toBe(paid.paid_at);
      expect(eventsOf(payment.code, 'payment.failed.v1').map((event) => event.payload.failure.attempt_count)).toEqual([1, 2, 3]);
      expect(eventsOf(payment.code, 'payment.failed.v1').map((event) => event.payload.version)).toEqual([2, 3, 4]);
    });

    it('pays once however often the approval is submitted, and a paid page takes no more cards', async () => {
      const payment = await createPayment();
      const { next } = await payWith(payment.payment_url, '4355090000044242');
      const answers = await Promise.all(Array.from({ length: 5 }, () => submitForm(`${payment.payment_url}/3ds`, next, { result: 'success' })));
      expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303]);
      const paid = await read(payment.code);
      expect(paid.status).toBe('paid');

      const again = await submitForm(payment.payment_url, next, cardFields('4111111111111111'));
      expect(again.status).toBe(303);
      const page = await openScreen(payment.payment_url, next.cookie);
      expect(page.html).toContain('Ödemeniz alındı');
      expect(page.html).not.toContain('name="number"');
      expect(await read(payment.code)).toEqual(paid);
      await events.waitFor((event) => event.payload?.payment_code === payment.code && event.event_type === 'payment.paid.v1');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(eventsOf(payment.code, 'payment.paid.v1')).toHaveLength(1);
      expect(await attemptsOf(payment.code)).toEqual([{ status: 'paid', reason_code: null }]);
    });

    it('shows no return button when the payment has no return address', async () => {
      const payment = await createPayment();
      const { next } = await payWith(payment.payment_url, '4355090000044242');
      const result = await threeDs(payment.payment_url, next, 'success');
      expect(result.html).toContain('Ödemeniz alındı');
      expect(result.html).not.toContain('class="button');
    });

    it('keeps the card number out of the payment tables and the events', async () => {
      const payment = await createPayment();
      const { next } = await payWith(payment.payment_url, '4355090000044242');
      await threeDs(payment.payment_url, next, 'success');
      const tables = await db.query(
        `SELECT count(*)::int AS hits FROM payments.attempts a JOIN payments.payments p ON p.id = a.payment_id
          WHERE p.code = $1 AND (a.card::text LIKE '%4355090000044242%' OR p.card::text LIKE '%4355090000044242%' OR a.card::text LIKE '%123%cvv%')`,
        [payment.code],
      );
      expect(tables.rows[0].hits).toBe(0);
      const [event] = await events.waitFor((e) => e.payload?.payment_code === payment.code && e.event_type === 'payment.paid.v1');
      expect(JSON.stringify(event)).not.toContain('4355090000044242');
    });
  });
});
