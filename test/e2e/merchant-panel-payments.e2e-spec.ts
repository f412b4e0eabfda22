import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ERROR_CATALOGUE } from '@platform/contracts';
import {
  OperatorClient,
  Stack,
  V3Client,
  V4Client,
  cardFields,
  eventually,
  payOnPaymentPage,
  testInfrastructure,
  type ProvisionedMerchant,
  screenshotsIn,
} from '@platform/testing';

const PASSWORD = 'correct horse battery staple';

/**
 * The merchant panel's payments, orders and sandbox pages in Chromium on the real stack:
 * payments and an order made through the API are listed, filtered, searched and paged, and
 * their details match the API field by field; a developer creates a test payment on the
 * sandbox page (a double submit is a repeat, as with the API), pays it as a customer and
 * sees its webhook delivered; a viewer cannot create one; Turkish on a phone.
 */
describe('merchant panel: payments, orders and the sandbox', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: OperatorClient;
  let merchant: ProvisionedMerchant;
  let v3: V3Client;
  let panelUrl: string;
  let receiver: Server;
  const received: Array<{ event: string | undefined; body: Record<string, any> }> = [];
  const run = randomBytes(3).toString('hex');
  const capture = screenshotsIn('panel-payments');
  let users = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ event: request.headers['x-cav-event-type'] as string | undefined, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    stack = await Stack.start({
      apps: ['gateway', 'ledger', 'panel', 'checkout', 'payments-v3', 'orders-v4', 'webhook-dispatcher'],
      env: {
        DISPATCH_INTERVAL_MS: '100',
        // Topics of its own: the dispatcher reads its events from the beginning, not every earlier suite's.
        KAFKA_TOPIC_PREFIX: `${testInfrastructure.topicPrefix}panel-payments-${randomUUID().slice(0, 8)}.`,
      },
    });
    panelUrl = stack.url('panel');
    operator = new OperatorClient(stack.url('gateway'));
    merchant = await operator.provisionMerchant({
      name: 'Payments Shop',
      settings: { webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` },
    });
    v3 = new V3Client(stack.url('gateway'), merchant);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** A user of the merchant, invited by the operator, with a password set and signed in. */
  async function signedIn(role: 'owner' | 'developer' | 'viewer', context: BrowserContext): Promise<Page> {
    users += 1;
    const email = `${role}-${users}-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const answer = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/users`, { email, role });
    expect(answer.status).toBe(201);
    const link = await eventually(
      async () =>
        stack
          .mails()
          .filter((m) => m.to === email)
          .pop()
          ?.text.match(/http:\/\/\S+/)?.[0],
      (found) => found !== undefined,
    );
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.goto(`${panelUrl}/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${panelUrl}/`);
    return page;
  }

  async function createPayment(body: Record<string, unknown>): Promise<Record<string, any>> {
    const created = await v3.request('POST', '/api/v3/payments', body, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(created.status).toBe(201);
    return created.body;
  }

  const listedCodes = (page: Page) => page.locator('tbody tr[data-code]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code')));

  /** Every field the page shows (`data-field` → `data-value`, null as null) equals the API object's, nested objects by path. */
  async function expectFieldsOf(page: Page, apiObject: Record<string, unknown>): Promise<void> {
    const shown = await page
      .locator('dd[data-field]')
      .evaluateAll((items) =>
        Object.fromEntries(items.map((item) => [item.getAttribute('data-field'), item.getAttribute('data-null') ? null : item.getAttribute('data-value')])),
      );
    const expected: Record<string, string | null> = {};
    const flatten = (object: Record<string, unknown>, prefix: string) => {
      for (const [name, value] of Object.entries(object)) {
        if (value !== null && typeof value === 'object') flatten(value as Record<string, unknown>, `${prefix}${name}.`);
        else expected[`${prefix}${name}`] = value === null ? null : String(value);
      }
    };
    flatten(apiObject, '');
    expect(shown).toEqual(expected);
  }

  it('lists, filters, searches and pages the API’s payments, and shows each exactly as GET /api/v3/payments/{code} does', async () => {
    const first = await createPayment({ amount: '10.00', currency_code: 'TRY', merchant_reference: `A-1-${run}` });
    const second = await createPayment({ amount: '20.50', currency_code: 'EUR', merchant_reference: `A-2-${run}` });
    const third = await createPayment({ amount: '30.00', currency_code: 'USD', merchant_reference: `B-1-${run}` });
    await payOnPaymentPage(second.payment_url);
    await eventually(
      async () => (await v3.request('GET', `/api/v3/payments/${second.code}`)).body.status,
      (status) => status === 'paid',
    );

    const context = await browser.newContext();
    const page = await signedIn('owner', context);
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await page.waitForURL(`${panelUrl}/payments`);
    expect(await listedCodes(page)).toEqual([third.code, second.code, first.code]);
    expect(await page.locator('thead th[scope="col"]').count()).toBe(6);
    await capture(page, 'payments-list');

    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await listedCodes(page)).toEqual([second.code]);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search by code or reference').fill(`A-`);
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await listedCodes(page)).toEqual([second.code, first.code]);
    await page.getByLabel('Search by code or reference').fill(third.code);
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await listedCodes(page)).toEqual([third.code]);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Search by code or reference').fill('');
    await page.getByLabel('Created from (UTC)').fill(today);
    await page.getByLabel('Created to (UTC)').fill(today);
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await listedCodes(page)).toEqual([third.code, second.code, first.code]);
    await page.getByLabel('Created to (UTC)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await page.locator('#field-to-error').textContent()).toBe('Created to (UTC): must not be before from');

    // Impossible input is the API's 422, next to its field, never a 500.
    const impossible = await page.goto(`${panelUrl}/payments?from=2025-02-30&per_page=500`);
    expect(impossible!.status()).toBe(422);
    expect(await page.locator('#field-from-error').textContent()).toBe('Created from (UTC): is not a date of the calendar');
    expect(await page.locator('#field-per_page-error').textContent()).toContain('Per page: Number must be less than or equal to 100');
    expect(await page.getByLabel('Created from (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain(ERROR_CATALOGUE['1000001'].en);
    await capture(page, 'payments-filter-refused');

    // Paging keeps the filters and goes newest first across pages.
    await page.goto(`${panelUrl}/payments?per_page=2`);
    expect(await listedCodes(page)).toEqual([third.code, second.code]);
    expect(await page.locator('#page-of').textContent()).toBe('Page 1 of 2 (3 in all)');
    await page.getByRole('link', { name: 'Next page' }).click();
    expect(await listedCodes(page)).toEqual([first.code]);
    expect(page.url()).toContain('per_page=2');

    // The detail is the API's Payment object, field by field.
    await page.goto(`${panelUrl}/payments`);
    await page.getByRole('link', { name: second.code }).click();
    await page.waitForURL(`${panelUrl}/payments/${second.code}`);
    await expectFieldsOf(page, (await v3.request('GET', `/api/v3/payments/${second.code}`)).body);
    await capture(page, 'payment-detail');
    expect((await page.goto(`${panelUrl}/payments/zzzz${run}`))!.status()).toBe(404);
    await context.close();
  });

  it('lists and shows an order exactly as GET /api/v4/orders/{id} does', async () => {
    const v4 = new V4Client(stack.url('gateway'), merchant);
    const id = `panel-${run}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '60.00', card: cardFields('4355090000044242') });
    expect([201, 200]).toContain(created.status);
    const context = await browser.newContext();
    const page = await signedIn('developer', context);
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    expect(await page.locator('tbody tr[data-merchant-order-id]').first().getAttribute('data-merchant-order-id')).toBe(id);
    await page.getByLabel('Search by code or reference').fill(created.body.data.order_code);
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    expect(await page.locator('tbody tr[data-merchant-order-id]').count()).toBe(1);
    await page.getByLabel('Search by code or reference').fill('');
    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Apply the filters' }).click();
    const shownPaid = await page.locator('tbody tr[data-merchant-order-id]').count();
    expect(shownPaid === 0 || created.body.data.status === 'paid').toBe(true);
    await page.goto(`${panelUrl}/orders/${id}`);
    await expectFieldsOf(page, (await v4.request('GET', `/api/v4/orders/${id}`)).body.data);
    await capture(page, 'order-detail');
    await context.close();
  });

  it('creates a test payment on the sandbox page, repeats it on a double submit, and shows its webhook after the customer pays', async () => {
    const context = await browser.newContext();
    const page = await signedIn('developer', context);
    await page.getByRole('link', { name: 'Sandbox', exact: true }).click();
    await page.getByLabel('Amount').fill('abc');
    await page.getByRole('button', { name: 'Create a test payment' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('(1000001)');
    await page.getByLabel('Amount').fill('15.00');
    await page.getByLabel('Currency').selectOption('TRY');
    const key = await page.locator('input[name="idempotency_key"]').inputValue();
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    await page.getByRole('button', { name: 'Create a test payment' }).click();
    await page.waitForURL(/\/sandbox\?payment=/);
    const code = new URL(page.url()).searchParams.get('payment')!;
    const paymentUrl = (await page.locator('#payment-url').getAttribute('href'))!;
    const api = (await v3.request('GET', `/api/v3/payments/${code}`)).body;
    expect(api).toMatchObject({ code, amount: '15.00', currency_code: 'TRY', status: 'created', payment_url: paymentUrl, environment: 'sandbox' });
    await capture(page, 'sandbox-created');

    // A double submit of the same form is a repeat: the same payment, nothing new.
    const again = await context.request.post(`${panelUrl}/sandbox`, {
      form: { _csrf: csrf, idempotency_key: key, amount: '15.00', currency_code: 'TRY', merchant_reference: '' },
      maxRedirects: 0,
    });
    expect([again.status(), again.headers().location]).toEqual([303, `/sandbox?payment=${code}`]);
    // The API agrees: the same key and body is the same request (the panel fingerprints as the gateway does).
    const repeat = await v3.request('POST', '/api/v3/payments', { amount: '15.00', currency_code: 'TRY' }, { headers: { 'Idempotency-Key': key } });
    expect([repeat.status, repeat.body.code]).toEqual([200, code]);

    // The customer pays with a test card; the delivery appears on the page.
    await payOnPaymentPage(paymentUrl);
    await eventually(
      async () => {
        await page.goto(`${panelUrl}/sandbox?payment=${code}`);
        return page.locator('tr[data-delivery-id] td[data-status="delivered"]').count();
      },
      (delivered) => delivered >= 1,
      30000,
    );
    expect(await page.locator('tr[data-delivery-id] th').first().textContent()).toBe('payment.paid');
    expect(await page.locator('#payment-status').textContent()).toBe('Paid');
    expect(received.some((r) => r.event === 'payment.paid' && r.body.payment?.code === code)).toBe(true);
    await capture(page, 'sandbox-webhook-delivered');

    // The same in Turkish: the API's refusal in Turkish, then a payment created.
    await page.goto(`${panelUrl}/security`);
    await page.getByLabel('Language').last().selectOption('tr');
    await page.getByRole('button', { name: 'Save the language' }).click();
    await page.getByRole('link', { name: 'Test ortamı', exact: true }).click();
    await page.getByLabel('Tutar').fill('abc');
    await page.getByRole('button', { name: 'Test ödemesi oluştur' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(`${ERROR_CATALOGUE['1000001'].tr} (1000001)`);
    await page.getByLabel('Tutar').fill('16.00');
    await page.getByRole('button', { name: 'Test ödemesi oluştur' }).click();
    await page.waitForURL(/\/sandbox\?payment=/);
    const turkish = new URL(page.url()).searchParams.get('payment')!;
    expect(await page.locator('#payment-status').textContent()).toBe('Oluşturuldu');
    expect((await v3.request('GET', `/api/v3/payments/${turkish}`)).body).toMatchObject({ amount: '16.00', status: 'created' });
    await context.close();
  });

  it('lets a viewer read the lists but not create a test payment, in Turkish, on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await signedIn('viewer', context);
    await page.goto(`${panelUrl}/payments`);
    const before = await page.locator('#page-of').textContent();
    await page.goto(`${panelUrl}/sandbox`);
    expect(await page.getByRole('button', { name: 'Create a test payment' }).count()).toBe(0);
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const refused = await context.request.post(`${panelUrl}/sandbox`, {
      form: { _csrf: csrf, idempotency_key: randomUUID(), amount: '99.00', currency_code: 'TRY', merchant_reference: '' },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    await page.goto(`${panelUrl}/payments`);
    expect(await page.locator('#page-of').textContent()).toBe(before);

    await page.goto(`${panelUrl}/security`);
    await page.getByLabel('Language').last().selectOption('tr');
    await page.getByRole('button', { name: 'Save the language' }).click();
    await page.getByRole('link', { name: 'Ödemeler' }).click();
    expect(await page.locator('h1').textContent()).toBe('Ödemeler');
    expect(await page.getByLabel('Kod veya referansla ara').count()).toBe(1);
    expect(await page.locator('tbody tr').first().locator('td').nth(1).textContent()).toMatch(/Ödendi|Oluşturuldu|Süresi doldu/);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await capture(page, 'payments-phone-tr');
    await page.getByRole('link', { name: 'Siparişler' }).click();
    expect(await page.locator('h1').textContent()).toBe('Siparişler');
    await context.close();
  });
});
