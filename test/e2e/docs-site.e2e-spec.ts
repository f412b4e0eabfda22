import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ERROR_ADVICE, ERROR_CATALOGUE, RETRY_CLASSES } from '@platform/contracts';
import { REPO_ROOT, Stack } from '@platform/testing';

/**
 * The developer docs at /docs in Debian's Chromium: every page of the navigation opens by
 * keyboard and by click, every link on every page leads somewhere, the error reference lists
 * every code of the catalogue, and the pages work without scripts and on a phone.
 */
describe('developer docs in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  const screenshots = join(REPO_ROOT, 'tmp/screenshots/docs');

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    stack = await Stack.start({ apps: ['gateway'] });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('walks every page of the navigation and finds no broken link', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto(`${stack.url('gateway')}/docs`);
    const nav = await page.locator('nav a').evaluateAll((links) => links.map((link) => ({ href: link.getAttribute('href')!, text: link.textContent! })));
    expect(nav.map((link) => link.text)).toEqual([
      'Overview',
      'Quickstart',
      'SDK and CLI',
      'Test cards and BINs',
      'Webhooks',
      'Idempotency',
      'Errors',
      'API reference',
    ]);
    const linked = new Set<string>();
    for (const { href, text } of nav) {
      await page.goto(`${stack.url('gateway')}/docs`);
      await page.locator('nav').getByRole('link', { name: text, exact: true }).click();
      await page.waitForURL(`**${href}`);
      await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
      expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe(text);
      await page.screenshot({ path: join(screenshots, `${href.replace(/\W+/g, '-')}.png`), fullPage: true });
      for (const target of await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) linked.add(target);
    }
    for (const target of linked) {
      const response = await fetch(`${stack.url('gateway')}${target}`);
      expect([target, response.status]).toEqual([target, 200]);
    }
    expect(linked.has('/openapi.json')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('opens the quickstart from the keyboard alone', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url('gateway')}/docs`);
    for (let presses = 0; presses < 2; presses += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Quickstart');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/quickstart');
    expect(await page.locator('h1').textContent()).toBe('Quickstart');
    expect(await page.locator('main pre code').count()).toBeGreaterThanOrEqual(4);
  });

  it('lists every error code with its status and what to do', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url('gateway')}/docs/errors`);
    const rows = await page.locator('main table tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      // The advice is Markdown: its `code` spans are <code> on the page.
      const advice = ERROR_ADVICE[code as keyof typeof ERROR_ADVICE].replaceAll('`', '');
      expect(rows).toContainEqual(expect.arrayContaining([code, String(entry.status), entry.en, advice, entry.retry]));
    }
    for (const retryClass of Object.keys(RETRY_CLASSES)) expect(await page.locator('main').textContent()).toContain(retryClass);
  });

  it('fits a phone screen and runs no script', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const response = await phone.goto(`${stack.url('gateway')}/docs/webhooks`);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
    expect((await phone.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(375);
    expect(await phone.locator('script').count()).toBe(0);
    await phone.screenshot({ path: join(screenshots, 'webhooks-phone.png'), fullPage: true });
  });

  it('answers an unknown page with a problem, not a page', async () => {
    const response = await fetch(`${stack.url('gateway')}/docs/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: '1000002' });
  });
});
