import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ERROR_CATALOGUE } from '@platform/contracts';
import {
  OperatorClient,
  Stack,
  V3Client,
  acceptPanelInvitation,
  eventually,
  invitePanelUser,
  payOnPaymentPage,
  signInToPanel,
  type ProvisionedMerchant,
  screenshotsIn,
} from '@platform/testing';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The merchant panel's operations in Debian's Chromium on the real stack: refunds and voids,
 * USDT withdrawals, dispute evidence and webhook retries, each sent from a form and then seen
 * through the API (the same commands, so the same records), with the API's refusals next to
 * the fields, a form sent twice doing one thing, Turkish, a phone, and a viewer who can read
 * everything and is refused (403) every change.
 */
describe('merchant panel operations in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: OperatorClient;
  let panelUrl: string;
  let receiver: Server;
  let receiverUrl: string;
  /** What the merchant's webhook receiver answers: 500 makes deliveries fail until it is fixed. */
  let answerStatus = 200;
  const capture = screenshotsIn('panel-operations');

  let merchant: ProvisionedMerchant;
  let v3: V3Client;
  let owner: BrowserContext;
  let page: Page;
  /** Made by the earlier steps, for the viewer to find unchanged. */
  const made: { reversalId?: string; withdrawalId?: string; disputeId?: string; deliveryId?: string } = {};

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(answerStatus).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'ledger', 'payouts', 'disputes', 'webhook-dispatcher', 'panel'],
      env: {
        SETTLEMENT_SWEEP_INTERVAL_MS: '300',
        DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_TIME_SCALE: '0.00001',
        LEDGER_FOLLOW_UP_INTERVAL_MS: '300',
        // Topics of its own: the dispatcher reads its events from the beginning, not every earlier suite's.
        KAFKA_TOPIC_PREFIX: `test-panel-ops-${randomUUID().slice(0, 8)}.`,
      },
    });
    panelUrl = stack.url('panel');
    operator = new OperatorClient(stack.url('gateway'));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    merchant = await operator.provisionMerchant({
      name: 'Operations Shop',
      settings: { webhook_url: `${receiverUrl}/hooks`, settlement_delay_days: 0, withdrawal_min_amount: '10.00', withdrawal_daily_limit: '1000.00' },
    });
    v3 = new V3Client(stack.url('gateway'), merchant);
    owner = await browser.newContext();
    page = await signedIn(owner, `owner-${merchant.merchantCode.toLowerCase()}@shop.example`, 'owner');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** Invited by the operator, password set from the mail's link, signed in: a page on the overview. */
  async function signedIn(context: BrowserContext, email: string, role: 'owner' | 'developer' | 'viewer'): Promise<Page> {
    const tab = await acceptPanelInvitation(context, await invitePanelUser(stack, operator, merchant.merchantCode, email, role));
    await signInToPanel(tab, panelUrl, email);
    await tab.waitForURL(`${panelUrl}/`);
    return tab;
  }

  async function paidPayment(amount = '100.00'): Promise<string> {
    const created = await v3.request('POST', '/api/v3/payments', { amount, currency_code: 'TRY' }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(created.status).toBe(201);
    await payOnPaymentPage(created.body.payment_url);
    return created.body.code;
  }

  const apiGet = async (path: string) => (await v3.request('GET', path)).body;
  const available = (amount: string) =>
    eventually(
      () => apiGet('/api/v3/balance'),
      (body) => body.available_amount === amount,
    );

  /**
   * The page's form posted twice at once with the browser's cookies (a double click, the same
   * form in a second tab). The panel's pages allow no script to fetch (CSP), so the posts go
   * through the browser context's request client.
   */
  async function postFormTwice(target: Page, selector: string): Promise<Array<{ status: number; html: string }>> {
    const form = target.locator(selector);
    const fields: Record<string, string> = await form.evaluate((element: any) => Object.fromEntries(new (globalThis as any).FormData(element).entries()));
    const action: string = await form.evaluate((element: any) => element.action);
    const send = async () => {
      const answer = await target.request.post(action, { form: fields, maxRedirects: 0 });
      return { status: answer.status(), html: await answer.text() };
    };
    return Promise.all([send(), send()]);
  }

  it('refunds a paid sandbox payment once however often the form is sent, and shows the API’s refusals next to the field', async () => {
    await page.getByRole('link', { name: 'Refunds and voids' }).click();
    await page.waitForURL(`${panelUrl}/refunds`);
    expect(await page.locator('h1').textContent()).toBe('Refunds and voids');
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Refunds and voids');

    // A payment code the merchant does not have: the API's 404 1000011, next to the field; nothing created.
    const byApi = await v3.request(
      'POST',
      '/api/v3/refunds',
      { payment_code: 'NOPE000000', operation_type: 'refund', reason: 'customer asked' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect([byApi.status, byApi.body.code]).toEqual([404, '1000011']);
    await page.getByLabel('Payment code').fill('NOPE000000');
    await page.getByLabel('Reason').fill('customer asked');
    await page.getByRole('button', { name: 'Request it' }).click();
    const notFound = `${ERROR_CATALOGUE['1000011'].en} (1000011)`;
    expect(await page.locator('#field-payment_code-error').textContent()).toBe(`Payment code: ${notFound}`);
    expect(await page.getByLabel('Payment code').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toBe(notFound);
    expect(await page.getByLabel('Payment code').inputValue()).toBe('NOPE000000');
    await capture(page, 'refund-unknown-payment');

    // The API's schema, the API's texts: a reason too short.
    await page.getByLabel('Reason').fill('no');
    await page.getByRole('button', { name: 'Request it' }).click();
    const schemaRefusal = await v3.request(
      'POST',
      '/api/v3/refunds',
      { payment_code: 'NOPE000000', operation_type: 'refund', reason: 'no' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(await page.locator('#field-reason-error').textContent()).toBe(`Reason: ${schemaRefusal.body.errors.reason.join('; ')}`);
    expect(await page.getByRole('alert').textContent()).toBe(`${ERROR_CATALOGUE['1000001'].en} (1000001)`);
    expect((await apiGet('/api/v3/refunds')).meta.total).toBe(0);

    // A paid payment, refunded from a form sent twice at once and then once more: one refund.
    const code = await paidPayment();
    await available('100.00');
    await page.goto(`${panelUrl}/refunds`);
    await page.getByLabel('Payment code').fill(code);
    await page.locator('#field-operation_type').selectOption('refund');
    await page.getByLabel('Reason').fill('customer returned the goods');
    const key = await page.locator('form[action="/refunds"] input[name="idempotency_key"]').inputValue();
    const twice = await postFormTwice(page, 'form[method="post"][action="/refunds"]');
    expect(twice.map((answer) => answer.status)).toEqual([202, 202]);
    await page.getByRole('button', { name: 'Request it' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/^Accepted \(202\): Refund [0-9a-f-]{36} is Completed\.$/);
    const id = (await page.locator('#accepted dd code').first().textContent())!;
    for (const answer of twice) expect(answer.html).toContain(`<code>${id}</code>`);
    await capture(page, 'refund-accepted');
    const refunds = await apiGet('/api/v3/refunds');
    expect(refunds.meta.total).toBe(1);
    expect(refunds.data[0]).toMatchObject({
      id,
      operation: 'refund',
      status: 'completed',
      amount: '100.00',
      payment_code: code,
      reason: 'customer returned the goods',
    });
    // The form's key is the request's key, kept by payments-v3 with the hash of the JSON body an API client would have sent.
    const keyUse = await apiGet(`/api/v3/idempotency-keys/${key}`);
    const body = JSON.stringify({ payment_code: code, operation_type: 'refund', reason: 'customer returned the goods' });
    expect(keyUse.data).toEqual([
      expect.objectContaining({
        operation: 'reversal.request',
        method: 'POST',
        path: '/api/v3/refunds',
        body_sha256: createHash('sha256').update(body).digest('hex'),
        resource_id: id,
        state: 'completed',
        response_status: 202,
      }),
    ]);
    await available('0.00');
    made.reversalId = id;

    // After the answer the form is new: a second refund of the same payment is the API's 409 9000041, next to the field.
    expect(await page.locator('form[action="/refunds"] input[name="idempotency_key"]').inputValue()).not.toBe(key);
    await page.getByLabel('Payment code').fill(code);
    await page.getByLabel('Reason').fill('asked again');
    await page.getByRole('button', { name: 'Request it' }).click();
    expect(await page.locator('#field-payment_code-error').textContent()).toBe(`Payment code: ${ERROR_CATALOGUE['9000041'].en} (9000041)`);
    expect((await apiGet('/api/v3/refunds')).meta.total).toBe(1);

    // The list (filtered as the API filters) and the detail.
    await page.goto(`${panelUrl}/refunds?status=rejected`);
    expect(await page.locator(`tr[data-id="${id}"]`).count()).toBe(0);
    await page.goto(`${panelUrl}/refunds?status=completed&operation_type=refund`);
    await page.getByRole('link', { name: `Details of ${id}` }).click();
    await page.waitForURL(`${panelUrl}/refunds/${id}`);
    expect(await page.locator('main').textContent()).toContain(refunds.data[0].provider_reference);
    // A filter the API refuses is refused here, next to the filter.
    const refused = await page.goto(`${panelUrl}/refunds?status=lost`);
    expect(refused!.status()).toBe(422);
    expect(await page.locator('#filter-status-error').textContent()).toContain('Invalid enum value');
  });

  it('refuses a form filled in for sandbox once the panel shows live, and sends nothing', async () => {
    await page.goto(`${panelUrl}/refunds`);
    await page.getByLabel('Payment code').fill('ANY0000000');
    await page.getByLabel('Reason').fill('filled in sandbox');
    const other = await owner.newPage();
    await other.goto(`${panelUrl}/refunds`);
    await other.getByLabel('Environment').selectOption('live');
    await other.getByRole('button', { name: 'Switch' }).click();
    await other.waitForURL(`${panelUrl}/refunds`);
    expect(await other.locator('[data-environment]').textContent()).toBe('Live');
    await page.getByRole('button', { name: 'Request it' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('This form was filled in for Sandbox, but the panel now shows Live. Nothing was sent');
    expect(await page.locator('[data-environment]').textContent()).toBe('Live');
    // Live offers no sandbox outcome; one posted by hand is the API's refusal of the header in live, next to its field.
    await page.goto(`${panelUrl}/refunds`);
    expect(await page.locator('#field-scenario').count()).toBe(0);
    await page.getByLabel('Payment code').fill('ANY0000000');
    await page.getByLabel('Reason').fill('filled in live');
    const fields: Record<string, string> = await page
      .locator('form[method="post"][action="/refunds"]')
      .evaluate((element: any) => Object.fromEntries(new (globalThis as any).FormData(element).entries()));
    const handMade = await page.request.post(`${panelUrl}/refunds`, { form: { ...fields, scenario: 'completed' }, maxRedirects: 0 });
    expect(handMade.status()).toBe(422);
    expect(await handMade.text()).toContain('Sandbox outcome: is for sandbox keys only');
    await page.getByLabel('Environment').selectOption('sandbox');
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.waitForURL(`${panelUrl}/refunds`);
    await other.close();
    expect((await apiGet('/api/v3/refunds')).meta.total).toBe(1);
  });

  it('refuses a withdrawal without the address acknowledgement with the API’s text next to it, then sends it', async () => {
    await operator.creditWallet(merchant.merchantCode, '500.00');
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    await page.waitForURL(`${panelUrl}/withdrawals`);
    expect(await page.locator('#withdrawal-limits').textContent()).toBe('Minimum 10.00 TRY · daily limit 1000.00 TRY · withdrawable now 500.00 TRY');

    const byApi = await v3.request(
      'POST',
      '/api/v3/withdrawals',
      { amount: '100.00', address: ADDRESS, address_acknowledged: false },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(byApi.status).toBe(422);
    await page.getByLabel('Amount').fill('100.00');
    await page.getByLabel('TRON (TRC20) address').fill(ADDRESS);
    await page.getByRole('button', { name: 'Request the withdrawal' }).click();
    expect(await page.locator('#field-address_acknowledged-error').textContent()).toBe(
      `I checked the address: a transfer on the chain cannot be undone: ${byApi.body.errors.address_acknowledged.join('; ')}`,
    );
    expect(await page.getByLabel('I checked the address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Amount').inputValue()).toBe('100.00');
    await capture(page, 'withdrawal-unacknowledged');
    expect((await apiGet('/api/v3/withdrawals')).meta.total).toBe(0);

    // Below the minimum: the API's 9000019 next to the amount.
    await page.getByLabel('Amount').fill('5.00');
    await page.getByLabel('I checked the address').check();
    await page.getByRole('button', { name: 'Request the withdrawal' }).click();
    expect(await page.locator('#field-amount-error').textContent()).toBe(`Amount: ${ERROR_CATALOGUE['9000019'].en} (9000019)`);

    await page.getByLabel('Amount').fill('100.00');
    await page.getByLabel('I checked the address').check();
    await page.getByRole('button', { name: 'Request the withdrawal' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/^Withdrawal [0-9a-f-]{36} is Sent: 100\.00 TRY as [\d.]+ USDT\.$/);
    const id = (await page.locator('#accepted dd code').first().textContent())!;
    await capture(page, 'withdrawal-sent');
    const withdrawals = await apiGet('/api/v3/withdrawals');
    expect(withdrawals.meta.total).toBe(1);
    expect(withdrawals.data[0]).toMatchObject({ id, status: 'sent', amount: '100.00', address: ADDRESS });
    expect(await page.locator(`tr[data-id="${id}"]`).count()).toBe(1);
    await page.getByRole('link', { name: `Details of ${id}` }).click();
    await page.waitForURL(`${panelUrl}/withdrawals/${id}`);
    expect(await page.locator('[data-field="tx_hash"]').textContent()).toBe(withdrawals.data[0].tx_hash);
    expect((await page.goto(`${panelUrl}/withdrawals/${randomUUID()}`))!.status()).toBe(404);
    await page.goto(`${panelUrl}/withdrawals`);
    made.withdrawalId = id;
  });

  it('submits dispute evidence before it is due, seen by the API', async () => {
    const before = Number((await apiGet('/api/v3/balance/withdrawable')).withdrawable_amount);
    const code = await paidPayment('40.00');
    await eventually(
      () => apiGet('/api/v3/balance/withdrawable'),
      (body) => Number(body.withdrawable_amount) === before + 40,
    );
    const opened = await v3.request(
      'POST',
      '/api/v3/sandbox/disputes',
      { payment_code: code, reason: 'fraud' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    await page.getByRole('link', { name: 'Disputes' }).click();
    await page.waitForURL(`${panelUrl}/disputes`);
    await page.getByRole('link', { name: `Details of ${id}` }).click();
    await page.waitForURL(`${panelUrl}/disputes/${id}`);
    expect(await page.locator('[data-field="status"]').textContent()).toBe('Open');

    await page.getByLabel('Evidence note').fill('ok');
    await page.getByRole('button', { name: 'Submit the evidence' }).click();
    expect(await page.locator('#field-note-error').textContent()).toBe('Evidence note: must be 3 to 4000 characters (has 2)');
    const note = 'Delivered on 2 May with tracking TR123456789; the customer confirmed by mail.';
    await page.getByLabel('Evidence note').fill(note);
    await page.getByRole('button', { name: 'Submit the evidence' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`Your evidence is kept with dispute ${id}.`);
    expect(await page.locator('[data-field="merchant_evidence_note"]').textContent()).toBe(note);
    await capture(page, 'dispute-evidence');
    const seen = await apiGet(`/api/v3/disputes/${id}`);
    expect(seen).toMatchObject({ id, status: 'open', merchant_evidence_note: note, merchant_evidence_submitted_at: expect.stringMatching(/Z$/) });
    made.disputeId = id;
  });

  it('retries a failed webhook delivery once the receiver is fixed', async () => {
    answerStatus = 500;
    const code = await paidPayment('42.00');
    const failed = await eventually(
      () => apiGet('/api/v3/webhooks/deliveries?status=failed'),
      (body) => body.data?.some((d: any) => d.payment_code === code),
      60000,
    );
    const item = failed.data.find((d: any) => d.payment_code === code);
    answerStatus = 200;
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    await page.locator('#filter-status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply the filter' }).click();
    await page.waitForURL(`${panelUrl}/webhook-deliveries?status=failed&per_page=20`);
    expect(await page.locator(`tr[data-id="${item.id}"]`).textContent()).toContain('The webhook address did not answer with a 2xx status.');
    await page.getByRole('link', { name: `Details of ${item.id}` }).click();
    expect(await page.locator('#payload').textContent()).toContain(`"code": "${code}"`);
    expect(await page.locator('[data-field="attempt_count"]').textContent()).toBe(String(item.attempt_count));
    await capture(page, 'delivery-failed');
    await page.getByRole('button', { name: 'Retry this delivery' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`Delivery ${item.id} is queued again.`);
    expect(await page.locator('[data-field="status"]').textContent()).toBe('Pending');
    const done = await eventually(
      () => apiGet(`/api/v3/webhooks/deliveries/${item.id}`),
      (body) => body.status === 'delivered',
    );
    expect(done.attempt_count).toBe(item.attempt_count + 1);
    // A delivered one cannot be retried: the form is gone.
    await page.reload();
    expect(await page.getByRole('button', { name: 'Retry this delivery' }).count()).toBe(0);
    made.deliveryId = item.id;
  });

  it('does every operation in Turkish too, with the API’s Turkish texts and the sandbox outcome chosen in the form', async () => {
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Language').last().selectOption('tr');
    await page.getByRole('button', { name: 'Save the language' }).click();
    await page.getByRole('link', { name: 'İadeler ve iptaller' }).click();
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await page.locator('h1').textContent()).toBe('İadeler ve iptaller');
    await page.getByLabel('Ödeme kodu').fill('NOPE000000');
    await page.getByLabel('Gerekçe').fill('müşteri istedi');
    // With the keyboard alone: Enter in a field sends its form.
    await page.getByLabel('Ödeme kodu').press('Enter');
    expect(await page.locator('#field-payment_code-error').textContent()).toBe(`Ödeme kodu: ${ERROR_CATALOGUE['1000011'].tr} (1000011)`);
    expect(await page.locator(`tr[data-id="${made.reversalId}"]`).textContent()).toContain('Tamamlandı');
    await capture(page, 'refunds-tr');

    // A refund the sandbox rejects, chosen in the form: rejected at once, the balance untouched.
    const before = (await apiGet('/api/v3/balance')).available_amount as string;
    const code = await paidPayment('30.00');
    const credited = (Number(before) + 30).toFixed(2);
    await available(credited);
    await page.goto(`${panelUrl}/refunds`);
    expect(await page.locator('#field-scenario option').allTextContents()).toEqual(['Varsayılan: Tamamlandı', 'Reddedildi']);
    await page.getByLabel('Ödeme kodu').fill(code);
    await page.getByLabel('Gerekçe').fill('müşteri vazgeçti');
    await page.getByLabel('Test ortamı sonucu').selectOption('rejected');
    await page.getByRole('button', { name: 'Talep et' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/^Kabul edildi \(202\): İade [0-9a-f-]{36} durumu: Reddedildi\.$/);
    const refundId = (await page.locator('#accepted dd code').first().textContent())!;
    expect(await apiGet(`/api/v3/refunds/${refundId}`)).toMatchObject({ status: 'rejected', payment_code: code });
    expect((await apiGet('/api/v3/balance')).available_amount).toBe(credited);

    // A withdrawal the sandbox rejects: the amount comes back; its page shows why.
    await page.getByRole('link', { name: 'Para çekme' }).click();
    await page.getByLabel('Tutar').fill('20.00');
    await page.getByLabel('TRON (TRC20) adresi').fill(ADDRESS);
    await page.getByLabel('Adresi kontrol ettim').check();
    await page.getByLabel('Test ortamı sonucu').selectOption('rejected');
    await page.getByRole('button', { name: 'Çekimi talep et' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/^[0-9a-f-]{36} çekiminin durumu: Reddedildi \(20\.00 TRY, [\d.]+ USDT olarak\)\.$/);
    const withdrawalId = (await page.locator('#accepted dd code').first().textContent())!;
    await page.getByRole('link', { name: `${withdrawalId} ayrıntıları` }).click();
    await page.waitForURL(`${panelUrl}/withdrawals/${withdrawalId}`);
    expect(await page.locator('h1').textContent()).toBe(`${withdrawalId} çekimi`);
    expect(await page.locator('[data-field="status"]').textContent()).toBe('Reddedildi');
    const rejected = await apiGet(`/api/v3/withdrawals/${withdrawalId}`);
    expect(rejected).toMatchObject({ status: 'rejected', amount: '20.00', rejection_reason: expect.any(String) });
    expect(await page.locator('main').textContent()).toContain(rejected.rejection_reason);
    await capture(page, 'withdrawal-rejected-tr');
    await available(credited);

    // Evidence, replaced by a newer note.
    await page.goto(`${panelUrl}/disputes/${made.disputeId}`);
    const note = 'Kargo takip numarası TR987654321; müşteri teslim aldığını yazdı.';
    await page.getByLabel('Kanıt notu').fill(note);
    await page.getByRole('button', { name: 'Kanıtı gönder' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`Kanıtınız ${made.disputeId} itirazıyla birlikte saklandı.`);
    expect((await apiGet(`/api/v3/disputes/${made.disputeId}`)).merchant_evidence_note).toBe(note);

    // A webhook delivery retried once the receiver is fixed.
    answerStatus = 500;
    const failing = await paidPayment('12.00');
    const failed = await eventually(
      () => apiGet('/api/v3/webhooks/deliveries?status=failed'),
      (body) => body.data?.some((d: any) => d.payment_code === failing),
      60000,
    );
    const delivery = failed.data.find((d: any) => d.payment_code === failing);
    answerStatus = 200;
    await page.goto(`${panelUrl}/webhook-deliveries/${delivery.id}`);
    await page.getByRole('button', { name: 'Bu gönderimi yeniden dene' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${delivery.id} gönderimi yeniden kuyruğa alındı.`);
    await eventually(
      () => apiGet(`/api/v3/webhooks/deliveries/${delivery.id}`),
      (body) => body.status === 'delivered',
    );

    await page.getByRole('link', { name: 'Güvenlik' }).click();
    await page.getByLabel('Dil').last().selectOption('en');
    await page.getByRole('button', { name: 'Dili kaydet' }).click();
  });

  it('keeps every change in the audit log with the user who made it, for the owner on the activity page and for operators', async () => {
    const ownerEmail = `owner-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const path = `/admin/v1/merchants/${merchant.merchantCode}/panel-audit-log`;
    const requested = await operator.call('GET', `${path}?action=reversal.requested`);
    expect(requested.status).toBe(200);
    const reversalIds = requested.body.data.map((entry: any) => entry.details.reversal_id);
    expect(reversalIds).toContain(made.reversalId);
    for (const entry of requested.body.data) expect(entry).toMatchObject({ merchant_code: merchant.merchantCode, actor: expect.stringContaining(ownerEmail) });
    const everything = await operator.call('GET', `${path}?per_page=100`);
    const actions = new Set(everything.body.data.map((entry: any) => entry.action));
    for (const action of ['user.invited', 'sign_in.password', 'reversal.requested', 'withdrawal.requested', 'dispute.evidence_submitted', 'delivery.retried'])
      expect(actions).toContain(action);
    expect(everything.body.meta).toMatchObject({ page: 1, per_page: 100, total: everything.body.data.length });
    // Bad input changes nothing and says what is wrong; an unknown merchant is 404.
    expect((await operator.call('GET', `${path}?per_page=0`)).body).toMatchObject({ code: '1000001', errors: { per_page: expect.any(Array) } });
    expect((await operator.call('GET', `${path}?colour=red`)).status).toBe(422);
    expect((await operator.call('GET', '/admin/v1/merchants/MRC-999999/panel-audit-log')).status).toBe(404);

    // The owner reads the same log in the panel, filtered by action.
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(`${panelUrl}/activity`);
    expect(await page.locator('tr[data-action="withdrawal.requested"]').first().textContent()).toContain(ownerEmail);
    await page.getByLabel('Action').fill('reversal.requested');
    await page.getByRole('button', { name: 'Apply the filter' }).click();
    await page.waitForURL(`${panelUrl}/activity?action=reversal.requested`);
    expect(await page.locator('tbody tr').count()).toBe(requested.body.data.length);
    expect(await page.locator('tbody').textContent()).toContain(made.reversalId!);
    await capture(page, 'activity');
  });

  it('lets a viewer read every operation on a phone and refuses each change with 403, changing nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const viewer = await signedIn(context, `viewer-${merchant.merchantCode.toLowerCase()}@shop.example`, 'viewer');
    for (const [path, heading] of [
      ['/refunds', 'Refunds and voids'],
      ['/withdrawals', 'Withdrawals'],
      ['/disputes', 'Disputes'],
      ['/webhook-deliveries', 'Webhook deliveries'],
    ] as const) {
      await viewer.goto(`${panelUrl}${path}`);
      expect(await viewer.locator('h1').textContent()).toBe(heading);
      expect(await viewer.locator('input[name="idempotency_key"]').count()).toBe(0);
      expect(await viewer.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    }
    await viewer.goto(`${panelUrl}/refunds`);
    expect(await viewer.getByRole('note').first().textContent()).toContain('Your role (Viewer) can read this page but not request anything.');
    expect(await viewer.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    expect((await viewer.goto(`${panelUrl}/activity`))!.status()).toBe(403);
    await viewer.goto(`${panelUrl}/refunds`);
    await capture(viewer, 'viewer-refunds-phone');
    await viewer.goto(`${panelUrl}/disputes/${made.disputeId}`);
    expect(await viewer.getByRole('button', { name: 'Submit the evidence' }).count()).toBe(0);
    await capture(viewer, 'viewer-dispute-phone');

    const before = {
      refunds: (await apiGet('/api/v3/refunds')).meta.total,
      withdrawals: (await apiGet('/api/v3/withdrawals')).meta.total,
      dispute: await apiGet(`/api/v3/disputes/${made.disputeId}`),
      delivery: await apiGet(`/api/v3/webhooks/deliveries/${made.deliveryId}`),
    };
    // Hand-made forms with the viewer's own valid CSRF token and a fresh Idempotency-Key: each refused.
    const csrf = await viewer.locator('input[name="_csrf"]').first().inputValue();
    const code = await paidPayment('10.00');
    const post = async (path: string, fields: Record<string, string>) =>
      (
        await viewer.request.post(`${panelUrl}${path}`, {
          form: { _csrf: csrf, idempotency_key: randomUUID(), environment: 'sandbox', ...fields },
          maxRedirects: 0,
        })
      ).status();
    const statuses = [
      await post('/refunds', { payment_code: code, operation_type: 'refund', reason: 'viewer tries' }),
      await post('/withdrawals', { amount: '20.00', address: ADDRESS, address_acknowledged: 'true' }),
      await post(`/disputes/${made.disputeId}/evidence`, { note: 'viewer replaces the evidence' }),
      await post(`/webhook-deliveries/${made.deliveryId}/retry`, {}),
    ];
    expect(statuses).toEqual([403, 403, 403, 403]);
    expect((await apiGet('/api/v3/refunds')).meta.total).toBe(before.refunds);
    expect((await apiGet('/api/v3/withdrawals')).meta.total).toBe(before.withdrawals);
    expect(await apiGet(`/api/v3/disputes/${made.disputeId}`)).toEqual(before.dispute);
    expect(await apiGet(`/api/v3/webhooks/deliveries/${made.deliveryId}`)).toEqual(before.delivery);
    await context.close();
  });
  it.each([
    ['a desktop', { width: 1280, height: 900 }],
    ['a phone', { width: 390, height: 844 }],
  ])('breaks no WCAG 2.1 AA rule on the operations pages, lists, details and refused forms, in English and Turkish, on %s', async (_, viewport) => {
    // The pages allow no script: this context bypasses the CSP to run axe-core.
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const tab = await context.newPage();
    await signInToPanel(tab, panelUrl, `owner-${merchant.merchantCode.toLowerCase()}@shop.example`);
    await tab.waitForURL(`${panelUrl}/`);
    const violations = async (): Promise<string[]> => {
      await tab.addScriptTag({ content: AXE_SOURCE });
      const found = (await tab.evaluate(
        `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`,
      )) as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
      return found.map((v) => `${tab.url()} ${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    };
    const found: string[] = [];
    for (const language of ['tr', 'en']) {
      await tab.goto(`${panelUrl}/security`);
      await tab.locator('#field-language').selectOption(language);
      await tab.locator('form[action="/security/language"] button').click();
      for (const path of [
        '/refunds',
        `/refunds/${made.reversalId}`,
        '/withdrawals',
        `/withdrawals/${made.withdrawalId}`,
        '/disputes',
        `/disputes/${made.disputeId}`,
        '/webhook-deliveries?status=delivered',
        `/webhook-deliveries/${made.deliveryId}`,
        '/refunds?status=lost',
        '/activity',
      ]) {
        await tab.goto(`${panelUrl}${path}`);
        expect(await tab.locator('html').getAttribute('lang')).toBe(language);
        found.push(...(await violations()));
      }
      // Refused forms, their errors next to the fields.
      await tab.goto(`${panelUrl}/refunds`);
      await tab.locator('#field-payment_code').fill('NOPE000000');
      await tab.locator('#field-reason').fill('no');
      await tab.locator('form[method="post"][action="/refunds"] button').click();
      found.push(...(await violations()));
      await tab.goto(`${panelUrl}/withdrawals`);
      await tab.locator('#field-amount').fill('1,5');
      await tab.locator('form[method="post"][action="/withdrawals"] button').click();
      expect(await tab.locator('#field-address_acknowledged-error').count()).toBe(1);
      found.push(...(await violations()));
    }
    if (viewport.width < 500) await capture(tab, 'refused-withdrawal-phone');
    expect(found).toEqual([]);
    await context.close();
  });
});
