import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  OperatorClient,
  REPO_ROOT,
  Stack,
  V3Client,
  V4Client,
  authenticatorCode,
  eventually,
  payOnPaymentPage,
  testInfrastructure,
  screenshotsIn,
  sendUnreadableMoneyEvent,
} from '@platform/testing';

const PASSWORD = 'correct horse battery staple';
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * The operator console in Debian's Chromium on the real stack (issue 22): the first admin from
 * the command line, every operator with a password and an authenticator app before any page,
 * the queues worked by people with roles, four eyes between two of them, and the audit log
 * naming the person, written by the service that made the change.
 */
describe('operator console in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let api: OperatorClient;
  let consoleUrl: string;
  const run = randomUUID().slice(0, 8);
  const emailOf = (name: string) => `${name}-${run}@ops.example`;
  const capture = screenshotsIn('console');
  const operators: Record<'admin' | 'finance' | 'finance2' | 'support' | 'viewer', { email: string; page: Page; actor: string }> = {} as never;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'status', 'panel', 'console'],
      // Four eyes from 100.00 TRY: the withdrawal and the refund below need two operators.
      env: { FOUR_EYES_MIN_AMOUNTS: 'TRY:100.00' },
    });
    consoleUrl = stack.url('console');
    api = new OperatorClient(stack.url('gateway'));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** `npm run console:create-admin`, as a platform engineer runs it where the console's configuration is. */
  function createAdmin(email: string): string {
    const output = execFileSync(process.execPath, [join(REPO_ROOT, 'dist/apps/console/src/create-admin.js'), '--email', email], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: testInfrastructure.adminDatabaseUrl,
        CONSOLE_PUBLIC_URL: consoleUrl,
        PASSWORD_HASH_COST: '12',
      },
      encoding: 'utf8',
    });
    return output.match(/https?:\/\/\S+\/setup\/[A-Za-z0-9_-]{43}/)![0];
  }

  async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
    await page.goto(`${consoleUrl}/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** From the set-up link to the overview: a password, then the authenticator app, in a browser of the operator's own. */
  async function onboard(link: string, email: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').waitFor();
    await signIn(page, email);
    await page.waitForURL(`${consoleUrl}/sign-in/enrol`);
    const key = (await page.locator('#totp-secret').textContent())!;
    await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL(`${consoleUrl}/`);
    return page;
  }

  async function addOperator(admin: Page, email: string, role: string): Promise<string> {
    await admin.goto(`${consoleUrl}/operators`);
    const form = admin.locator('section', { has: admin.getByRole('heading', { name: 'Add an operator' }) });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Role').selectOption(role);
    await form.getByRole('button', { name: 'Add operator' }).click();
    return (await admin.locator('#setup-link').textContent())!;
  }

  const actorOf = async (email: string) => {
    const { rows } = await stackDb(`SELECT id FROM console.operators WHERE email = $1`, [email]);
    return `console:${rows[0].id} ${email}`;
  };
  async function stackDb(sql: string, params: unknown[]): Promise<{ rows: any[] }> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  }

  /** The row of a list that names `text` (in its first cell when `first`), after opening `path`. */
  async function rowOf(page: Page, path: string, text: string, first = false) {
    await page.goto(`${consoleUrl}${path}`);
    const row = first ? page.locator('tr', { has: page.locator('td:first-child', { hasText: text }) }) : page.locator('tr', { hasText: text });
    await row.waitFor();
    return row;
  }

  it('creates the first admin from the command line; every operator sets a password and adds an authenticator app before any page opens', async () => {
    const adminEmail = emailOf('admin');
    const link = createAdmin(adminEmail);
    const page = await (await browser.newContext()).newPage();

    // No page opens without a session.
    await page.goto(`${consoleUrl}/withdrawals`);
    expect(page.url()).toBe(`${consoleUrl}/sign-in`);

    await page.goto(link);
    await capture(page, 'setup');
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('The same password again').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await page.locator('#field-password-error').textContent()).toContain('must be at least 12 characters');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('The same password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Your password is set');
    await page.goto(link);
    expect(await page.getByRole('alert').textContent()).toContain('used, has expired or never existed');

    await signIn(page, adminEmail, 'not the password at all');
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail, password or code is not right.');
    await signIn(page, adminEmail);
    await page.waitForURL(`${consoleUrl}/sign-in/enrol`);
    // Past the password but without a second factor, every page sends the operator back to enrol.
    await page.goto(`${consoleUrl}/withdrawals`);
    expect(page.url()).toBe(`${consoleUrl}/sign-in/enrol`);
    await capture(page, 'enrol');
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    expect(await page.locator('#field-code-error').textContent()).toContain('is not the current code');
    const key = (await page.locator('#totp-secret').textContent())!;
    await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL(`${consoleUrl}/`);
    expect(await page.locator('[data-operator]').textContent()).toBe(`${adminEmail} (admin)`);
    await capture(page, 'overview');
    operators.admin = { email: adminEmail, page, actor: await actorOf(adminEmail) };

    for (const [name, role] of [
      ['finance', 'finance'],
      ['finance2', 'finance'],
      ['support', 'support'],
      ['viewer', 'viewer'],
    ] as const) {
      const email = emailOf(name);
      const setup = await addOperator(page, email, role);
      operators[name] = { email, page: await onboard(setup, email), actor: await actorOf(email) };
    }
    await page.goto(`${consoleUrl}/operators`);
    await capture(page, 'operators');
    expect(await page.locator('tr', { hasText: operators.viewer.email }).textContent()).toContain('viewer');

    // A second sign-in asks for the code from the app, and a reused code is refused.
    const again = await (await browser.newContext()).newPage();
    await signIn(again, operators.viewer.email);
    await again.waitForURL(`${consoleUrl}/sign-in/code`);
    await again.getByLabel('Code from your authenticator app').fill('123456');
    await again.getByRole('button', { name: 'Continue' }).click();
    expect(await again.getByRole('alert').textContent()).toBe('The e-mail, password or code is not right.');
  });

  it('locks an operator after five wrong codes, however often the password is entered between them; a reset makes earlier links stop working', async () => {
    const { admin } = operators;
    const email = emailOf('guesser');
    const firstLink = await addOperator(admin.page, email, 'support');
    await onboard(firstLink, email);
    const page = await (await browser.newContext()).newPage();
    // Each attempt waits for its answer: a click during the previous page's load would be lost, not counted.
    const wrongCode = async () => {
      await page.getByLabel('Code from your authenticator app').fill('000000');
      await Promise.all([
        page.waitForResponse((response) => response.url() === `${consoleUrl}/sign-in/code` && response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
    };
    await signIn(page, email);
    await page.waitForURL(`${consoleUrl}/sign-in/code`);
    for (let attempt = 0; attempt < 3; attempt += 1) await wrongCode();
    // The right password again does not wipe the wrong codes out.
    await signIn(page, email);
    await page.waitForURL(`${consoleUrl}/sign-in/code`);
    await wrongCode();
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail, password or code is not right.');
    await wrongCode();
    expect(await page.getByRole('alert').textContent()).toMatch(/^Too many wrong attempts: the account is locked until /);
    await signIn(page, email);
    expect(await page.getByRole('alert').textContent()).toMatch(/locked until/);

    // An admin's reset: the earlier link stays dead, only the new one sets a password, and the operator enrols again.
    const row = await rowOf(admin.page, '/operators', email, true);
    await row.getByRole('button', { name: 'Reset sign-in' }).click();
    const secondLink = (await admin.page.locator('#setup-link').textContent())!;
    await page.goto(firstLink);
    expect(await page.getByRole('alert').textContent()).toContain('used, has expired or never existed');
    await onboard(secondLink, email);

    // Every page an operator opens is in the console's audit log, as the operator API's reads are in the gateway's.
    const reads = await stackDb(`SELECT details->>'path' AS path FROM console.audit_log WHERE action = 'read' AND actor = $1`, [admin.actor]);
    expect(reads.rows.map((entry) => entry.path)).toContain('/operators');
  });

  it('sends a withdrawal above the four-eyes amount only with a second operator: refused for the approver, accepted for another; the audit names both', async () => {
    const merchant = await api.provisionMerchant({ environment: 'live', settings: { withdrawal_min_amount: '10.00', withdrawal_daily_limit: '100000.00' } });
    await api.creditWallet(merchant.merchantCode, '1000.00', 'live');
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const requested = await v3.request(
      'POST',
      '/api/v3/withdrawals',
      { amount: '400.00', address: ADDRESS, address_acknowledged: true },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    const id = requested.body.id as string;
    const hash = 'e'.repeat(64);
    const { finance, finance2, viewer, admin } = operators;

    // The viewer sees the queue and may change nothing.
    let row = await rowOf(viewer.page, '/withdrawals?environment=live&per_page=100', id);
    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await viewer.page.getByRole('alert').textContent()).toBe('The role viewer may not do this.');

    row = await rowOf(finance.page, '/withdrawals?environment=live&per_page=100', id);
    await capture(finance.page, 'withdrawals');
    await row.getByLabel('Transaction hash').fill(hash);
    await row.getByRole('button', { name: 'Send' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toContain("needs a second operator's approval");
    row = await rowOf(finance.page, '/withdrawals?environment=live&per_page=100', id);
    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await finance.page.getByRole('status').textContent()).toBe('Approved.');
    row = await rowOf(finance.page, '/withdrawals?environment=live&per_page=100', id);
    expect(await row.textContent()).toContain(finance.actor);
    await row.getByLabel('Transaction hash').fill(hash);
    await row.getByRole('button', { name: 'Send' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toContain('another operator');
    expect((await v3.request('GET', `/api/v3/withdrawals/${id}`)).body).toMatchObject({ status: 'requested', tx_hash: null });

    row = await rowOf(finance2.page, '/withdrawals?environment=live&per_page=100', id);
    await row.getByLabel('Transaction hash').fill(hash);
    await row.getByRole('button', { name: 'Send' }).click();
    expect(await finance2.page.getByRole('status').textContent()).toBe('Marked as sent.');
    expect((await v3.request('GET', `/api/v3/withdrawals/${id}`)).body).toMatchObject({ status: 'sent', tx_hash: hash });

    // The audit log shows the people, in the order they acted, as payouts wrote them with the change.
    await admin.page.goto(`${consoleUrl}/audit?target=${encodeURIComponent(`${merchant.merchantCode}/withdrawals/${id}`)}`);
    const actions = await eventually(
      async () => {
        await admin.page.reload();
        return admin.page.locator('tbody tr').allTextContents();
      },
      (rows) => rows.length === 2,
    );
    expect(actions[0]).toContain('withdrawal.send');
    expect(actions[0]).toContain(finance2.actor);
    expect(actions[1]).toContain('withdrawal.approve');
    expect(actions[1]).toContain(finance.actor);
    await capture(admin.page, 'audit');
  });

  it('reviews a live refund: approved by one operator, completed at the terminal by another with the provider reference', async () => {
    const merchant = await api.provisionMerchant({ environment: 'live' });
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const created = await v3.request(
      'POST',
      '/api/v3/payments',
      { amount: '150.00', currency_code: 'TRY', merchant_reference: `ref-${run}` },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    await payOnPaymentPage(created.body.payment_url);
    const refund = await v3.request(
      'POST',
      '/api/v3/refunds',
      { payment_code: created.body.code, operation_type: 'refund', reason: 'not delivered' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    const id = refund.body.id as string;
    const { finance, finance2 } = operators;

    let row = await rowOf(finance.page, '/reversals?environment=live&per_page=100', id);
    await capture(finance.page, 'reversals');
    await row.getByRole('button', { name: 'Approve' }).click();
    expect(await finance.page.getByRole('status').textContent()).toBe('Approved.');
    row = await rowOf(finance.page, '/reversals?status=awaiting_provider_manual&environment=live&per_page=100', id);
    await row.getByLabel('Provider reference').fill(`RF-${run}`);
    await row.getByRole('button', { name: 'Complete' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toContain('another operator');

    row = await rowOf(finance2.page, '/reversals?status=awaiting_provider_manual&environment=live&per_page=100', id);
    await row.getByLabel('Provider reference').fill(`RF-${run}`);
    await row.getByRole('button', { name: 'Complete' }).click();
    expect(await finance2.page.getByRole('status').textContent()).toBe('Completed.');
    expect((await v3.request('GET', `/api/v3/refunds/${id}`)).body).toMatchObject({ status: 'completed', provider_reference: `RF-${run}` });
  });

  it('works a dispute by role: finance records it, support moves it to review but may not resolve it, finance resolves it won', async () => {
    const merchant = await api.provisionMerchant({ environment: 'live' });
    await api.creditWallet(merchant.merchantCode, '500.00', 'live');
    const { finance, support } = operators;
    await finance.page.goto(`${consoleUrl}/disputes`);
    const form = finance.page.locator('section', { has: finance.page.getByRole('heading', { name: 'Record a dispute' }) });
    await form.getByLabel('Merchant code').fill(merchant.merchantCode);
    await form.getByLabel('Environment').selectOption('live');
    await form.getByLabel('Amount').fill('abc');
    await form.getByRole('button', { name: 'Record and debit' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toContain('amount');

    await finance.page.goto(`${consoleUrl}/disputes`);
    await form.getByLabel('Merchant code').fill(merchant.merchantCode);
    await form.getByLabel('Environment').selectOption('live');
    await form.getByLabel('Reason').selectOption('fraud');
    await form.getByLabel('Amount').fill('120.00');
    await form.getByLabel('Currency').selectOption('TRY');
    await form.getByRole('button', { name: 'Record and debit' }).click();
    expect(await finance.page.getByRole('status').textContent()).toBe('Recorded.');

    let row = await rowOf(support.page, '/disputes?environment=live&status=open&per_page=100', merchant.merchantCode);
    await row.getByRole('button', { name: 'Under review' }).click();
    expect(await support.page.getByRole('status').textContent()).toBe('Moved on.');
    row = await rowOf(support.page, '/disputes?environment=live&status=under_review&per_page=100', merchant.merchantCode);
    await row.getByRole('button', { name: 'Resolve won' }).click();
    expect(await support.page.getByRole('alert').textContent()).toBe('The role support may not do this.');

    row = await rowOf(finance.page, '/disputes?environment=live&status=under_review&per_page=100', merchant.merchantCode);
    await row.getByRole('button', { name: 'Resolve won' }).click();
    expect(await finance.page.getByRole('status').textContent()).toBe('Resolved.');
    row = await rowOf(finance.page, '/disputes?environment=live&per_page=100', merchant.merchantCode);
    expect(await row.textContent()).toContain('won');
  });

  it('lets only admins switch maintenance, keep the BIN table and manage operators; finance sets rates; refusals are audited', async () => {
    const { admin, finance, support, viewer } = operators;
    let row = await rowOf(finance.page, '/maintenance', 'withdrawals');
    await row.getByRole('button', { name: 'Start maintenance' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toBe('The role finance may not do this.');

    row = await rowOf(admin.page, '/maintenance', 'withdrawals');
    await row.getByLabel('Note (optional)').fill(`Wallet upgrade ${run}`);
    await row.getByRole('button', { name: 'Start maintenance' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Saved.');
    const status = await eventually(
      async () => (await fetch(`${stack.url('gateway')}/api/v3/service-status`)).json(),
      (body: any) => JSON.stringify(body).includes(`Wallet upgrade ${run}`),
    );
    expect(JSON.stringify(status)).toContain('withdrawals');
    row = await rowOf(admin.page, '/maintenance', 'withdrawals');
    await row.getByRole('button', { name: 'End maintenance' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Maintenance ended.');

    await finance.page.goto(`${consoleUrl}/rates`);
    await finance.page.getByLabel('Currency').selectOption('USDT');
    // At par, as seeded: rates are the platform's, and other suites convert with them.
    await finance.page.getByLabel('USD per unit').fill('1');
    await finance.page.getByRole('button', { name: 'Set rate' }).click();
    expect(await finance.page.getByRole('status').textContent()).toBe('Saved.');
    const rate = await rowOf(finance.page, '/rates', 'USDT', true);
    expect(Number(await rate.locator('code').textContent())).toBe(1);
    expect(Date.parse((await rate.locator('td').nth(2).textContent()) ?? '')).toBeGreaterThan(Date.now() - 60_000);

    await support.page.goto(`${consoleUrl}/bins`);
    await support.page.getByLabel('BIN', { exact: true }).fill('979797');
    await support.page.getByRole('button', { name: 'Save BIN' }).click();
    expect(await support.page.getByRole('alert').textContent()).toBe('The role support may not do this.');
    await admin.page.goto(`${consoleUrl}/bins`);
    await admin.page.getByLabel('BIN', { exact: true }).fill('97979');
    await admin.page.getByRole('button', { name: 'Save BIN' }).click();
    expect(await admin.page.getByRole('alert').textContent()).toContain('must be exactly six digits');
    const bin = `97${String(Date.now()).slice(-4)}`;
    await admin.page.goto(`${consoleUrl}/bins`);
    await admin.page.getByLabel('BIN', { exact: true }).fill(bin);
    await admin.page.getByLabel('Issuer (optional)').fill(`Console Bank ${run}`);
    await admin.page.getByLabel('Network').selectOption('troy');
    await admin.page.getByLabel('Card type').selectOption('debit');
    await admin.page.getByLabel('Country (two letters, optional)').fill('tr');
    await admin.page.getByLabel('Domestic').selectOption('true');
    await admin.page.getByRole('button', { name: 'Save BIN' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Saved.');
    // The table lists it: the environment chosen and the BIN's first digits searched in the filter form.
    await admin.page.goto(`${consoleUrl}/bins`);
    await admin.page.getByLabel('Environment').selectOption('sandbox');
    await admin.page.getByLabel('BIN starts with').fill(bin.slice(0, 4));
    await admin.page.getByRole('button', { name: 'Show' }).click();
    const listed = admin.page.locator('tr', { has: admin.page.locator('td:first-child', { hasText: bin }) });
    expect(await listed.locator('td').allTextContents()).toEqual(expect.arrayContaining([bin, `Console Bank ${run}`, 'troy', 'debit', 'TR']));
    await admin.page.goto(`${consoleUrl}/bins?environment=live&bin_prefix=${bin}`);
    expect(await admin.page.getByText('No BINs match.').count()).toBe(1);
    await admin.page.goto(`${consoleUrl}/bins?bin_prefix=12ab`);
    expect(await admin.page.getByRole('alert').textContent()).toContain('bin_prefix');
    const lookup = await new V4Client(stack.url('gateway'), await api.provisionMerchant()).request('GET', `/api/v4/bins/${bin}?amount=10.00`);
    expect(lookup.body.data).toMatchObject({ bin, bank_name: `Console Bank ${run}`, network: 'troy', card_type: 'debit', country: 'TR', domestic: true });

    // Operators are the admins' alone: the page, and a form sent anyway.
    await viewer.page.goto(`${consoleUrl}/operators`);
    expect(await viewer.page.getByRole('alert').textContent()).toContain('Only admins manage operators');
    expect(await viewer.page.getByRole('link', { name: 'Operators' }).count()).toBe(0);

    const refusals = await stackDb(`SELECT actor, details FROM console.audit_log WHERE action = 'refused.role' AND actor = ANY($1) ORDER BY id`, [
      [finance.actor, support.actor, viewer.actor],
    ]);
    expect(refusals.rows.map((entry) => [entry.actor, entry.details.needs])).toEqual(
      expect.arrayContaining([
        [viewer.actor, 'money'],
        [finance.actor, 'platform'],
        [support.actor, 'money'],
        [support.actor, 'platform'],
      ]),
    );
    const audit = await eventually(
      async () => (await api.call('GET', `/admin/v1/audit-log?actor=${encodeURIComponent(admin.actor)}`)).body.data as Array<{ action: string }>,
      (entries) => entries.some((entry) => entry.action === 'maintenance.clear'),
    );
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['maintenance.set', 'maintenance.clear']));
  });

  it('finds, creates, configures and deactivates merchants and revokes a leaked key (admins only); a deactivated merchant’s or revoked key is refused at once', async () => {
    const { admin, support } = operators;
    const name = `Console Shop ${run}`;
    await admin.page.goto(`${consoleUrl}/merchants`);
    const form = admin.page.locator('section', { has: admin.page.getByRole('heading', { name: 'Create a merchant' }) });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Base currency').selectOption('TRY');
    await form.getByRole('button', { name: 'Create merchant' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Created.');
    await admin.page.getByLabel('Code, account number or name').fill(run);
    await admin.page.getByRole('button', { name: 'Show' }).click();
    const found = await admin.page.locator('tbody tr').allTextContents();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(name);
    expect(found[0]).toContain('TRY');
    await capture(admin.page, 'merchants');

    const merchant = await api.provisionMerchant();
    const v3 = new V3Client(stack.url('gateway'), merchant);
    expect((await v3.request('GET', '/api/v3/balance')).status).toBe(200);
    let row = await rowOf(support.page, `/merchants?search=${merchant.merchantCode}`, merchant.merchantCode);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    expect(await support.page.getByRole('alert').textContent()).toBe('The role support may not do this.');
    row = await rowOf(admin.page, `/merchants?search=${merchant.merchantCode}`, merchant.merchantCode);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Saved.');
    const refused = await v3.request('GET', '/api/v3/balance');
    expect([refused.status, refused.body.code]).toEqual([403, '0055502']);
    const audit = await api.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}&action=merchant.deactivate`);
    expect(audit.body.data.map((entry: { actor: string }) => entry.actor)).toEqual([admin.actor]);
    // The operator's side of an environment's settings: refused field by field as the API refuses it, then saved and audited.
    const settled = await api.provisionMerchant();
    await admin.page.goto(`${consoleUrl}/merchants/${settled.merchantCode}`);
    const live = admin.page.locator('section', { has: admin.page.getByRole('heading', { name: 'Live settings' }) });
    await live.getByLabel('Settlement delay (days)').fill('91');
    await live.getByRole('button', { name: 'Save live settings' }).click();
    expect(await admin.page.getByRole('alert').textContent()).toContain('settlement_delay_days');
    await admin.page.goto(`${consoleUrl}/merchants/${settled.merchantCode}`);
    await live.getByLabel('Settlement delay (days)').fill('3');
    await live.getByLabel('Withdrawal daily limit').fill('2500.00');
    await live.getByLabel('TRY minimum').fill('10.00');
    await live.getByLabel('TRY maximum').fill('75000.00');
    await live.getByRole('button', { name: 'Save live settings' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Saved.');
    await capture(admin.page, 'merchant-settings');
    const detail = (await api.call('GET', `/admin/v1/merchants/${settled.merchantCode}`)).body;
    expect(detail.environments.live).toMatchObject({
      settlement_delay_days: 3,
      withdrawal_daily_limit: '2500.00',
      payment_limits: expect.arrayContaining([{ currency_code: 'TRY', min_amount: '10.00', max_amount: '75000.00' }]),
    });
    const settingsAudit = await api.call('GET', `/admin/v1/audit-log?target=${settled.merchantCode}/live&action=environment_settings.update`);
    expect(settingsAudit.body.data.map((entry: { actor: string }) => entry.actor)).toEqual([admin.actor]);

    // A leaked key: revoked from the merchant's page (admins only), refused by the API at once, audited as the person.
    const leaked = await api.provisionMerchant();
    const leakedClient = new V3Client(stack.url('gateway'), leaked);
    expect((await leakedClient.request('GET', '/api/v3/balance')).status).toBe(200);
    const keyRow = (page: Page) => page.locator('tr', { has: page.locator('code', { hasText: leaked.apiKey }) });
    await support.page.goto(`${consoleUrl}/merchants/${leaked.merchantCode}`);
    await keyRow(support.page).getByRole('button', { name: 'Revoke' }).click();
    expect(await support.page.getByRole('alert').textContent()).toBe('The role support may not do this.');
    await admin.page.goto(`${consoleUrl}/merchants/${leaked.merchantCode}`);
    expect(await keyRow(admin.page).locator('td').nth(3).textContent()).toBe('active');
    await keyRow(admin.page).getByRole('button', { name: 'Revoke' }).click();
    expect(await admin.page.getByRole('status').textContent()).toBe('Revoked: the key stops working now.');
    expect(await keyRow(admin.page).locator('td').nth(3).textContent()).toBe('ended');
    const revoked = await leakedClient.request('GET', '/api/v3/balance');
    expect([revoked.status, revoked.body.code]).toEqual([401, '0055502']);
    const revocations = await api.call('GET', `/admin/v1/audit-log?target=${leaked.merchantCode}/${leaked.environment}&action=api_key.revoke`);
    expect(revocations.body.data.map((entry: { actor: string }) => entry.actor)).toEqual([admin.actor]);

    // Panel users: finance may not invite, support may; the panel mails the link and the audit names the person.
    const invitee = `owner-${run}@shop.example`;
    const inviteAs = async (page: Page) => {
      await page.goto(`${consoleUrl}/merchants/${leaked.merchantCode}`);
      const invitation = page.locator('section', { has: page.getByRole('heading', { name: 'Invite a panel user' }) });
      await invitation.getByLabel('E-mail').fill(invitee);
      await invitation.getByLabel('Panel role').selectOption('owner');
      await invitation.getByRole('button', { name: 'Invite' }).click();
    };
    await inviteAs(operators.finance.page);
    expect(await operators.finance.page.getByRole('alert').textContent()).toBe('The role finance may not do this.');
    await inviteAs(support.page);
    expect(await support.page.getByRole('status').textContent()).toBe('Invited: the panel has mailed the link.');
    const invitedRow = support.page.locator('tr', { hasText: invitee });
    expect(await invitedRow.locator('td').allTextContents()).toEqual([invitee, 'owner', 'invited', 'no', support.actor, expect.any(String)]);
    expect(stack.mails().filter((mail) => mail.to === invitee)).toHaveLength(1);
    const invitations = await eventually(
      async () =>
        (await api.call('GET', `/admin/v1/audit-log?target=${leaked.merchantCode}&action=merchant_user.invite`)).body.data as Array<{ actor: string }>,
      (entries) => entries.length > 0,
    );
    expect(invitations.map((entry) => entry.actor)).toEqual([support.actor]);

    // A filter the console does not know is refused with the field named, not ignored.
    await admin.page.goto(`${consoleUrl}/merchants?status=closed`);
    expect(await admin.page.getByRole('alert').textContent()).toContain('status');
  });

  it('shows the trial balance and parked events to every role, replays only for finance, and ends a disabled operator’s sessions at once', async () => {
    const { admin, finance, viewer } = operators;
    await viewer.page.goto(`${consoleUrl}/trial-balance`);
    expect(await viewer.page.locator('[data-balanced]').getAttribute('data-balanced')).toBe('true');

    // A money event the ledger cannot apply (sent as a broken producer would): parked, listed with why, and a replay refused.
    const eventId = await sendUnreadableMoneyEvent();
    const parkedRow = (page: Page) => page.locator('tr', { hasText: eventId });
    // Found by its event ID with the page's own search, as an operator told of one event would.
    const search = async (page: Page) => {
      await page.goto(`${consoleUrl}/parked-events`);
      await page.locator('#filter-event_id').fill(eventId);
      await Promise.all([page.waitForURL(/event_id=/), page.getByRole('button', { name: 'Show' }).click()]);
    };
    await eventually(
      async () => {
        await search(viewer.page);
        return parkedRow(viewer.page).count();
      },
      (rows) => rows === 1,
      // Behind whatever earlier suites left on the shared topic, as the ledger's own suite waits.
      60000,
    );
    expect(await parkedRow(viewer.page).textContent()).toContain('invalid payload');
    await parkedRow(viewer.page).getByRole('button', { name: 'Replay' }).click();
    expect(await viewer.page.getByRole('alert').textContent()).toBe('The role viewer may not do this.');
    await search(finance.page);
    await parkedRow(finance.page).getByRole('button', { name: 'Replay' }).click();
    expect(await finance.page.getByRole('alert').textContent()).toContain('The parked message cannot be read; it cannot be replayed');
    await search(finance.page);
    expect(await parkedRow(finance.page).count()).toBe(1);

    const row = await rowOf(admin.page, '/operators', viewer.email, true);
    await row.getByRole('button', { name: 'Disable' }).click();
    expect(await admin.page.getByRole('status').textContent()).toContain('is disabled');
    await viewer.page.goto(`${consoleUrl}/withdrawals`);
    expect(viewer.page.url()).toBe(`${consoleUrl}/sign-in`);
    // Disabled stays disabled: no form brings the account back, and the way back from the refusal is the list.
    const csrf = await admin.page.locator('input[name="_csrf"]').first().inputValue();
    const viewerId = operators.viewer.actor.split(' ')[0]!.slice('console:'.length);
    const reset = await admin.page.request.post(`${consoleUrl}/operators/${viewerId}/reset`, { form: { _csrf: csrf } });
    expect(reset.status()).toBe(409);
    expect(await reset.text()).toContain('This operator is disabled');
    expect(await reset.text()).toContain('href="/operators"');
    // The last admin cannot be disabled, not even by themselves.
    const own = await rowOf(admin.page, '/operators', admin.email, true);
    expect(await own.getByRole('button', { name: 'Disable' }).count()).toBe(0);
  });

  it('signs operators in through the company’s OpenID Connect provider: added on first sign-in with the provider’s role, refused without one or when disabled', async () => {
    const { admin } = operators;
    const email = emailOf('sso-finance');
    const context = await browser.newContext();
    const companySignIn = async (page: Page, groups: string, who = email, methods = 'pwd,mfa') => {
      await page.goto(`${consoleUrl}/sign-in`);
      await page.getByRole('link', { name: 'Sign in with your company account' }).click();
      await page.getByLabel('Work e-mail').fill(who);
      await page.getByLabel('Groups (comma-separated)').fill(groups);
      await page.getByLabel('Methods used (amr)').fill(methods);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };

    // First sign-in: the operator is added with the provider's role and lands in the console, no password or code of ours asked.
    const page = await context.newPage();
    await companySignIn(page, 'staff, finance');
    await page.waitForURL(`${consoleUrl}/`);
    expect(await page.locator('[data-operator]').textContent()).toBe(`${email} (finance)`);
    await capture(page, 'sso-overview');
    const actor = await actorOf(email);
    const { rows: created } = await stackDb(
      `SELECT actor, action FROM console.audit_log WHERE (details->>'email' = $1 OR actor = $2) AND action <> 'read' ORDER BY id`,
      [email, actor],
    );
    expect(created.map((entry) => entry.action)).toEqual(['operator.created', 'sign_in.idp']);
    expect(created[0].actor).toMatch(/^idp:http:\/\/127\.0\.0\.1:\d+$/);
    // Its role is the provider's: finance may set rates, not keep the BIN table.
    await page.goto(`${consoleUrl}/bins`);
    await page.getByLabel('BIN', { exact: true }).fill('979797');
    await page.getByRole('button', { name: 'Save BIN' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('The role finance may not do this.');

    // The provider moves the person to support: the next sign-in carries it, audited as the provider's change.
    const again = await (await browser.newContext()).newPage();
    await companySignIn(again, 'support');
    await again.waitForURL(`${consoleUrl}/`);
    expect(await again.locator('[data-operator]').textContent()).toBe(`${email} (support)`);
    const { rows: changed } = await stackDb(`SELECT details FROM console.audit_log WHERE action = 'operator.role_changed' AND details->>'email' = $1`, [email]);
    expect(changed.map((entry) => [entry.details.role_before, entry.details.role_after])).toEqual([['finance', 'support']]);

    // A sign-in the provider made with one factor is not taken: whoever holds only the password could enrol an app of their own.
    const singleFactor = await (await browser.newContext()).newPage();
    await companySignIn(singleFactor, 'support', email, 'pwd');
    expect(await singleFactor.getByRole('alert').textContent()).toBe(
      'Your company sign-in did not ask for a second factor. The console takes only sign-ins that did.',
    );
    await singleFactor.goto(`${consoleUrl}/withdrawals`);
    expect(singleFactor.url()).toBe(`${consoleUrl}/sign-in`);

    // The provider decides a linked operator's role and access: the console neither resets nor re-roles them, it can only disable.
    const ssoId = actor.split(' ')[0]!.slice('console:'.length);
    await admin.page.goto(`${consoleUrl}/operators`);
    const adminCsrf = await admin.page.locator('input[name="_csrf"]').first().inputValue();
    for (const [path, form] of [
      ['reset', {}],
      ['role', { role: 'admin' }],
    ] as const) {
      const refused = await admin.page.request.post(`${consoleUrl}/operators/${ssoId}/${path}`, { form: { _csrf: adminCsrf, ...form } });
      expect([path, refused.status(), await refused.text()]).toEqual([path, 409, expect.stringContaining('signs in through the company sign-in')]);
    }

    // The provider takes the console role away: refused, and the person's open sessions end at once.
    const removed = await (await browser.newContext()).newPage();
    await companySignIn(removed, 'staff');
    expect(await removed.getByRole('alert').textContent()).toBe('Your company account has no console role. Ask your administrator for one.');
    await again.goto(`${consoleUrl}/withdrawals`);
    expect(again.url()).toBe(`${consoleUrl}/sign-in`);

    // The provider cannot take over an operator of the console's own (a password admin) by naming the address.
    const takeover = await (await browser.newContext()).newPage();
    await companySignIn(takeover, 'admin', admin.email);
    expect(await takeover.getByRole('alert').textContent()).toBe('This e-mail address belongs to an operator who signs in another way.');
    expect((await stackDb(`SELECT idp_subject, role FROM console.operators WHERE email = $1`, [admin.email])).rows).toEqual([
      { idp_subject: null, role: 'admin' },
    ]);

    // No console role at the provider: no operator, no session.
    const outsider = await (await browser.newContext()).newPage();
    await companySignIn(outsider, 'staff', emailOf('sso-outsider'));
    expect(await outsider.getByRole('alert').textContent()).toBe('Your company account has no console role. Ask your administrator for one.');
    expect((await stackDb(`SELECT id FROM console.operators WHERE email = $1`, [emailOf('sso-outsider')])).rows).toEqual([]);

    // An answer this browser did not start (no binding cookie, a state of someone else's) is not believed.
    const forged = await (await browser.newContext()).newPage();
    const answer = await forged.goto(`${consoleUrl}/sign-in/sso/callback?code=stolen&state=someone-elses`);
    expect(answer?.status()).toBe(400);
    expect(await forged.getByRole('alert').textContent()).toBe('Signing in with your company account could not be completed. Start again.');

    // Disabled in the console, the person stays out however the provider vouches for them.
    const row = await rowOf(admin.page, '/operators', email, true);
    await row.getByRole('button', { name: 'Disable' }).click();
    expect(await admin.page.getByRole('status').textContent()).toContain('is disabled');
    const disabled = await (await browser.newContext()).newPage();
    await companySignIn(disabled, 'admin');
    expect(await disabled.getByRole('alert').textContent()).toBe('This operator is disabled or waits for a reset to be completed.');
  });
});
