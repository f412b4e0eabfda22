import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OperatorClient, Stack, acceptPanelInvitation, invitePanelUser, signInToPanel } from '@platform/testing';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The panel for everyone: axe-core's WCAG 2.1 A and AA rules (contrast, labels, names, landmarks,
 * language) on every page in both languages on a desktop and a phone, and the whole sign-in done
 * with the keyboard alone. The pages allow no script, so this context bypasses the CSP to run axe.
 */
describe('merchant panel accessibility', () => {
  let stack: Stack;
  let browser: Browser;
  let panelUrl: string;
  let email: string;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'ledger', 'payments-v3', 'orders-v4', 'payouts', 'disputes', 'webhook-dispatcher', 'panel'] });
    panelUrl = stack.url('panel');
    const operator = new OperatorClient(stack.url('gateway'));
    const merchant = await operator.provisionMerchant({ name: 'Accessible Shop' });
    email = `a11y-${merchant.merchantCode.toLowerCase()}@shop.example`;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    const context = await browser.newContext();
    await acceptPanelInvitation(context, await invitePanelUser(stack, operator, merchant.merchantCode, email, 'owner'));
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function violations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: AXE_SOURCE });
    const found = (await page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`,
    )) as AxeViolation[];
    return found.map((violation) => `${page.url()} ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  it.each([
    ['a desktop', { width: 1280, height: 900 }],
    ['a phone', { width: 390, height: 844 }],
  ])('breaks no WCAG 2.1 AA rule on any page, in English and Turkish, on %s', async (_, viewport) => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of ['/sign-in', '/sign-in?lang=tr', '/password-reset']) {
      await page.goto(`${panelUrl}${path}`);
      found.push(...(await violations(page)));
    }
    await signInToPanel(page, panelUrl, email);
    await page.waitForURL(`${panelUrl}/`);
    // Turkish first, so the user is left in English for the keyboard test.
    for (const language of ['tr', 'en']) {
      await page.goto(`${panelUrl}/security`);
      await page.locator('#field-language').selectOption(language);
      await page.locator('form[action="/security/language"] button').click();
      for (const path of [
        '/',
        '/payments',
        '/payments?status=bogus',
        '/orders',
        '/refunds',
        '/withdrawals',
        '/disputes',
        '/webhook-deliveries',
        '/sandbox',
        '/api-keys',
        '/settings',
        '/users',
        '/security',
      ]) {
        await page.goto(`${panelUrl}${path}`);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        found.push(...(await violations(page)));
      }
    }
    // A refused form, with its field errors, and the live environment's warning.
    await page.goto(`${panelUrl}/settings`);
    await page.locator('#field-webhook_url').fill('http://shop.example/hooks');
    await page.locator('form[action="/settings"] button').click();
    found.push(...(await violations(page)));
    await page.locator('#environment-switch').selectOption('live');
    await page.locator('form[action="/environment"] button').click();
    found.push(...(await violations(page)));
    expect(found).toEqual([]);
    await context.close();
  });

  it('signs in and reaches every page with the keyboard alone', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${panelUrl}/sign-in?lang=en`);
    const focused = () =>
      page.evaluate(`({ id: document.activeElement.id, textContent: document.activeElement.textContent })`) as Promise<{ id: string; textContent: string }>;
    await page.keyboard.press('Tab');
    expect((await focused()).textContent).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('field-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('field-password');
    await page.keyboard.type('correct horse battery staple');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${panelUrl}/`);
    const reached: string[] = [];
    for (const name of ['Payments', 'Orders', 'Sandbox', 'API keys', 'Integration settings', 'Users', 'Security', 'Overview']) {
      const link = page.getByRole('link', { name, exact: true });
      const href = (await link.getAttribute('href'))!;
      await link.focus();
      // Waiting for the link's own address: a load-state wait would pass on the page Enter is about to leave.
      await Promise.all([page.waitForURL((url) => url.pathname === href), page.keyboard.press('Enter')]);
      reached.push((await page.locator('h1').textContent())!);
    }
    expect(reached).toEqual(['Payments', 'Orders', 'Sandbox', 'API keys', 'Integration settings', 'Users', 'Security', 'Overview']);
    await context.close();
  });
});
