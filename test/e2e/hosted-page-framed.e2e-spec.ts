import { randomUUID } from 'node:crypto';
import type { Server } from 'node:https';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { verifyReturnAddress } from '@platform/signing';
import {
  OperatorClient,
  Stack,
  V4Client,
  cardFields,
  listenHttps,
  openScreen,
  selfSignedCertificate,
  submitForm,
  tlsIngress,
  type ProvisionedMerchant,
} from '@platform/testing';

const CARD = { holder_name: 'Elif Demir', expiry_month: '09', expiry_year: '31', cvv: '135' };

/**
 * The v4 hosted page inside a merchant's checkout frame, in a real browser, on two sites over
 * HTTPS as in production: the shop (https://shop.test) frames the page (https://pay.test, a
 * TLS ingress in front of checkout). A cross-site frame gets no SameSite=Strict cookie, so the
 * page cannot lean on its CSRF cookie there; and the spec sends the whole page to the return
 * address when the payment ends.
 */
describe('the hosted page in a merchant frame', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let sites: Server;
  let ingress: Server;
  let shop: string;
  let evil: string;
  let merchant: ProvisionedMerchant;
  let v4: V4Client;

  beforeAll(async () => {
    const certificate = selfSignedCertificate(['pay.test', 'shop.test', 'evil.test']);
    ({ server: ingress } = await listenHttps(
      certificate,
      tlsIngress(() => stack.url('checkout')),
    ));
    const ingressPort = (ingress.address() as { port: number }).port;
    let sitesPort = 0;
    ({ server: sites, port: sitesPort } = await listenHttps(certificate, (request, response) => {
      const url = new URL(request.url ?? '/', `https://${request.headers.host}`);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      if (url.pathname === '/checkout') {
        response.end(`<h1>Shop checkout</h1><iframe src="${url.searchParams.get('page')}" title="Payment" width="480" height="640"></iframe>`);
      } else if (url.pathname === '/forge') {
        const hidden = [...url.searchParams].map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`).join('');
        response.end(`<form method="post" action="${url.searchParams.get('action')}">${hidden}<button type="submit">Win a prize</button></form>`);
      } else {
        response.end(`<h1>Back at the shop</h1><p>${request.url}</p>`);
      }
    }));
    shop = `https://shop.test:${sitesPort}`;
    evil = `https://evil.test:${sitesPort}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'orders-v4'],
      env: { CHECKOUT_PUBLIC_URL: `https://pay.test:${ingressPort}`, TRUSTED_PROXIES: '127.0.0.1' },
    });
    merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant({
      settings: {
        webhook_url: 'https://hooks.shop.example/platform',
        success_return_url: `${shop}/return/success`,
        failure_return_url: `${shop}/return/failure`,
        hosted_page_frame_origins: [shop],
      },
    });
    v4 = new V4Client(stack.url('gateway'), merchant);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--host-resolver-rules=MAP pay.test 127.0.0.1, MAP shop.test 127.0.0.1, MAP evil.test 127.0.0.1'],
    });
    context = await browser.newContext({ ignoreHTTPSErrors: true });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await Promise.all([sites, ingress].map((server) => new Promise((resolve) => server?.close(resolve))));
  });

  async function hostedOrder(): Promise<{ id: string; hostedUrl: string }> {
    const id = `ord_${randomUUID()}`;
    const created = await v4.request('POST', '/api/v4/orders', { merchant_order_id: id, amount: '64.50', bin: '540061' });
    expect(created.body.data.hosted_url).toMatch(/^https:\/\/pay\.test:\d+\/v4\/hosted\//);
    return { id, hostedUrl: created.body.data.hosted_url };
  }

  async function framedBy(site: string, hostedUrl: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${site}/checkout?page=${encodeURIComponent(hostedUrl)}`, { waitUntil: 'load' });
    return page;
  }

  async function payWith(target: Pick<Page, 'fill' | 'click'>, number: string): Promise<void> {
    await target.fill('input[name="holder_name"]', CARD.holder_name);
    await target.fill('input[name="number"]', number);
    await target.fill('input[name="expiry_month"]', CARD.expiry_month);
    await target.fill('input[name="expiry_year"]', CARD.expiry_year);
    await target.fill('input[name="cvv"]', CARD.cvv);
    await target.click('button[type="submit"]');
  }

  it('takes a declined and then a good card from inside the frame, and the whole page lands on the success address', async () => {
    const { id, hostedUrl } = await hostedOrder();
    const page = await framedBy(shop, hostedUrl);
    const frame = page.frame({ url: (url) => url.hostname === 'pay.test' });
    if (!frame) throw new Error('the hosted page did not load in the frame');
    await payWith(frame, '4355090000005151');

    // The payment left the frame: the decline shows on the whole page, at the hosted address.
    await page.waitForURL((url) => url.hostname === 'pay.test');
    expect(await page.textContent('[role="alert"]')).toContain('yetersiz');
    await payWith(page, '4355090000123459');
    await page.waitForURL(/\/return\/success/);
    const returned = Object.fromEntries(new URL(page.url()).searchParams);
    const order = (await v4.get(`/api/v4/orders/${id}`)).body.data;
    expect(order).toMatchObject({ status: 'paid', card: { last_four: '3459' } });
    expect(returned).toMatchObject({ status: 'paid', order_code: order.order_code });
    expect(verifyReturnAddress(returned, merchant.apiSecret)).toEqual({ ok: true });
    await page.close();
  });

  it('refuses the form when another site posts it in the customer browser, and the order stays open', async () => {
    const { id, hostedUrl } = await hostedOrder();
    const framed = await framedBy(shop, hostedUrl);
    const csrf = await framed.frameLocator('iframe').locator('input[name="csrf"]').inputValue();
    await framed.close();

    const page = await context.newPage();
    const forged = new URLSearchParams({ action: hostedUrl, csrf, ...CARD, number: '4355090000123459' });
    await page.goto(`${evil}/forge?${forged}`);
    const [answer] = await Promise.all([page.waitForResponse((response) => response.url() === hostedUrl), page.click('button[type="submit"]')]);
    expect(answer.status()).toBe(403);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data).toMatchObject({ status: 'requires_hosted', card: null });
    await page.close();
  });

  it('does not load in the frame of a site the merchant did not list', async () => {
    const { hostedUrl } = await hostedOrder();
    const listed = await framedBy(shop, hostedUrl);
    expect(await listed.frameLocator('iframe').locator('input[name="number"]').count()).toBe(1);
    await listed.close();

    const page = await framedBy(evil, hostedUrl);
    expect(await page.frameLocator('iframe').locator('input[name="number"]').count()).toBe(0);
    await page.close();
  });

  it('is paid in the whole window by a browser that sends no Fetch Metadata, with the cookie as on any page', async () => {
    const { id, hostedUrl } = await hostedOrder();
    const direct = `${stack.url('checkout')}${new URL(hostedUrl).pathname}`;
    const screen = await openScreen(direct);
    expect(screen.cookie).toMatch(/^cko_csrf=/);
    const paid = await fetch(direct, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: screen.cookie! },
      body: new URLSearchParams({ csrf: screen.csrf!, ...cardFields('4355090000123459') }).toString(),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`${shop}/return/success`);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('paid');
  });

  it("is paid by the SDK's plain-HTTP customer, which posts the page's form as the page's own browser would", async () => {
    const { id, hostedUrl } = await hostedOrder();
    const direct = `${stack.url('checkout')}${new URL(hostedUrl).pathname}`;
    const screen = await openScreen(direct);
    const paid = await submitForm(direct, screen, cardFields('4355090000123459'));
    expect(paid.status).toBe(303);
    expect((await v4.get(`/api/v4/orders/${id}`)).body.data.status).toBe('paid');
  });
});
