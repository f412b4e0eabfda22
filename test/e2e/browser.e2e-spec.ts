import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { verifyReturnAddress } from '@platform/signing';
import { OperatorClient, REPO_ROOT, Stack, V3Client, V4Client, type ProvisionedMerchant } from '@platform/testing';

/**
 * A real browser (Debian's headless Chromium) walks the 3-D Secure screen and the hosted
 * page and lands on the merchant's return address, whose signature the merchant
 * verifies with libs/signing; and pays a v3 payment on its payment page.
 */
describe('customer pages in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let shop: Server;
  let shopUrl: string;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;
  let v3: V3Client;
  const screenshots = join(REPO_ROOT, 'tmp/screenshots');

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    shop = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<h1>Back at the shop</h1><p>${request.url}</p>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as { port: number }).port}`;
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'orders-v4', 'payments-v3'] });
    merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant({
      settings: {
        webhook_url: 'https://hooks.shop.example/platform',
        success_return_url: `${shopUrl}/return/success`,
        failure_return_url: `${shopUrl}/return/failure`,
      },
    });
    v4 = new V4Client(stack.url('gateway'), merchant);
    v3 = new V3Client(stack.url('gateway'), merchant);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => shop?.close(resolve));
  });

  function returned(url: string): Record<string, string> {
    return Object.fromEntries(new URL(url).searchParams);
  }

  it('approves 3-D Secure and lands on the success address with a valid signature', async () => {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', {
      merchant_order_id: id,
      amount: '199.90',
      card: { holder_name: 'Zeynep Arslan', number: '4355090000044242', expiry_month: '10', expiry_year: '29', cvv: '321' },
    });
    const page = await browser.newPage();
    await page.goto(created.body.data.redirect_url);
    await page.screenshot({ path: join(screenshots, 'three-ds.png') });
    await page.click('button[value="success"]');
    await page.waitForURL(/\/return\/success/);
    const params = returned(page.url());
    expect(params.status).toBe('paid');
    expect(verifyReturnAddress(params, merchant.apiSecret)).toEqual({ ok: true });
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('paid');
    await page.close();
  });

  it('retries on the hosted page after a decline, pays, and lands on the success address', async () => {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '75.00', bin: '540061' });
    const page = await browser.newPage();
    await page.goto(created.body.data.hosted_url);
    const fill = async (number: string) => {
      await page.fill('input[name="holder_name"]', 'Mert Şahin');
      await page.fill('input[name="number"]', number);
      await page.fill('input[name="expiry_month"]', '08');
      await page.fill('input[name="expiry_year"]', '30');
      await page.fill('input[name="cvv"]', '456');
      await page.click('button[type="submit"]');
    };
    await fill('4355090000005151');
    await page.waitForSelector('[role="alert"]');
    await page.screenshot({ path: join(screenshots, 'hosted-declined.png') });
    expect(await page.textContent('[role="alert"]')).toContain('yetersiz');
    await fill('4355090000123459');
    await page.waitForURL(/\/return\/success/);
    expect(verifyReturnAddress(returned(page.url()), merchant.apiSecret)).toEqual({ ok: true });
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'paid', card: { last_four: '3459' } });
    await page.close();
  });

  it('sends a failed 3-D Secure to the failure address with its failure_code', async () => {
    const created = await v4.request('POST', '/api/v4/orders', {
      merchant_order_id: `ord_${randomUUID()}`,
      amount: '20.00',
      card: { holder_name: 'Ali Veli', number: '4355090000005151', expiry_month: '10', expiry_year: '29', cvv: '321' },
    });
    const page = await browser.newPage();
    await page.goto(created.body.data.redirect_url);
    await page.click('button[value="success"]');
    await page.waitForURL(/\/return\/failure/);
    expect(returned(page.url())).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    await page.close();
  });

  it('pays a v3 payment: card form, 3-D Secure screen, result page, and its button back to the shop', async () => {
    const reference = `ref-${randomUUID()}`;
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '349.90', currency_code: 'TRY', merchant_reference: reference, merchant_name: 'Kitapçı Ayşe', return_url: `${shopUrl}/v3/back` },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(created.status).toBe(201);
    const page = await browser.newPage();
    await page.goto(created.body.payment_url);
    expect(await page.textContent('main')).toContain('Kitapçı Ayşe');
    expect(await page.textContent('.amount')).toBe('349.90 TRY');
    await page.fill('input[name="holder_name"]', 'Ayşe Yılmaz');
    await page.fill('input[name="number"]', '4355 0900 0004 4242');
    await page.fill('input[name="expiry_month"]', '11');
    await page.fill('input[name="expiry_year"]', '31');
    await page.fill('input[name="cvv"]', '777');
    await page.click('button[type="submit"]');
    await page.waitForSelector('button[value="success"]');
    await page.screenshot({ path: join(screenshots, 'v3-three-ds.png') });
    await page.click('button[value="success"]');
    await page.waitForSelector('a.button');
    await page.screenshot({ path: join(screenshots, 'v3-result.png') });
    expect(await page.textContent('h1')).toContain('Ödemeniz alındı');
    // The result page stays until the customer presses the button.
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(created.body.payment_url);
    await page.click('a.button');
    await page.waitForURL(/\/v3\/back/);
    expect(returned(page.url())).toEqual({ code: created.body.code, status: 'paid', merchant_reference: reference });
    expect(await page.textContent('h1')).toBe('Back at the shop');
    const read = await v3.request('GET', `/api/v3/payments/${created.body.code}`);
    expect(read.body).toMatchObject({ status: 'paid', card: { last_four: '4242' }, failure: null });
    await page.close();
  });
});
