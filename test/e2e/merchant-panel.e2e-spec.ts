import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ERROR_CATALOGUE } from '@platform/contracts';
import {
  OperatorClient,
  PANEL_TEST_PASSWORD,
  Stack,
  V3Client,
  acceptPanelInvitation,
  authenticatorCode,
  eventually,
  invitePanelUser,
  panelLinkMailedTo,
  signInToPanel,
  type ProvisionedMerchant,
  screenshotsIn,
} from '@platform/testing';

const PASSWORD = PANEL_TEST_PASSWORD;
/** A client address of this run's own (TEST-NET-2, through the trusted proxy 127.0.0.1): earlier suites' failed sign-ins from 127.0.0.1 do not count against it. */
const randomTestNetAddress = () => `198.51.100.${randomInt(1, 255)}`;
/** Failed sign-ins one address may make per window in this suite. */
const ADDRESS_LIMIT = 20;
/** The address windows are fixed, SIGN_IN_LOCK_MINUTES long from the epoch; the suite sets it. */
const ADDRESS_WINDOW_MINUTES = 15;
const ADDRESS_WINDOW_MS = ADDRESS_WINDOW_MINUTES * 60_000;

/**
 * Waits past the next edge of the address windows if it comes within `neededMs`: guesses that
 * straddled it would be counted in two windows, and the address would not be stopped when expected.
 */
async function clearOfAddressWindowEdge(neededMs: number): Promise<void> {
  const left = ADDRESS_WINDOW_MS - (Date.now() % ADDRESS_WINDOW_MS);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/**
 * The merchant panel in Debian's Chromium on the real stack (gateway, panel, ledger over
 * Kafka and Postgres): an operator's invitation by mail, sign-in with a second factor, API
 * keys, integration settings with the API's own refusals, roles, lock-out, reset and
 * sign-out everywhere, in English and Turkish, on a desktop and a phone.
 */
describe('merchant panel in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: OperatorClient;
  let panelUrl: string;
  const capture = screenshotsIn('panel');

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'ledger', 'panel'],
      env: {
        TRUSTED_PROXIES: '127.0.0.1',
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(ADDRESS_LIMIT),
        SIGN_IN_LOCK_MINUTES: String(ADDRESS_WINDOW_MINUTES),
      },
    });
    panelUrl = stack.url('panel');
    operator = new OperatorClient(stack.url('gateway'));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const suiteAddress = randomTestNetAddress();
  /** A browser whose requests reach the panel from `address`, as an ingress would forward them. */
  const contextOf = (options: BrowserContextOptions = {}, address = suiteAddress) =>
    browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': address } });

  const linkMailedTo = (to: string) => panelLinkMailedTo(stack, to);
  const invite = (merchant: ProvisionedMerchant, email: string, role: 'owner' | 'developer' | 'viewer') =>
    invitePanelUser(stack, operator, merchant.merchantCode, email, role);
  const acceptInvitation = (context: BrowserContext, link: string) => acceptPanelInvitation(context, link);
  const signIn = (page: Page, email: string, password = PASSWORD) => signInToPanel(page, panelUrl, email, password);

  it('takes an invited owner from the mail to a working API key and settings, with the API’s refusals next to the fields', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Panel Shop' });
    const email = `owner-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const link = await invite(merchant, email, 'owner');
    // The operator's invitation is in the operator audit log once, announced by the panel with the user it made.
    const invitations = await eventually(
      async () =>
        (await operator.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}&action=merchant_user.invite`)).body.data as Array<Record<string, any>>,
      (entries) => entries.length > 0,
    );
    expect(invitations).toEqual([
      expect.objectContaining({ actor: 'admin-token', before: null, after: expect.objectContaining({ email, role: 'owner', user_id: expect.any(String) }) }),
    ]);
    const context = await contextOf();
    const page = await context.newPage();

    // The invitation: the password rules are checked next to the fields, and nothing is set until they pass.
    await page.goto(link);
    await capture(page, 'invitation');
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Save the password' }).click();
    expect(await page.locator('#field-password-error').textContent()).toContain('must be at least 12 characters');
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Save the password' }).click();
    expect(await page.locator('#field-password_repeat-error').textContent()).toContain('the two passwords differ');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Your password is set');
    // The link works once.
    await page.goto(link);
    expect(await page.getByRole('alert').textContent()).toContain('unknown, expired or already used');

    await signIn(page, email, 'not the password at all');
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/`);
    expect(await page.locator('[data-environment]').textContent()).toBe('Sandbox');
    expect(await page.locator('main').textContent()).toContain(merchant.merchantCode);
    // The balance is the API's, to the cent.
    const api = new V3Client(stack.url('gateway'), merchant);
    const [balance, withdrawable] = [(await api.request('GET', '/api/v3/balance')).body, (await api.request('GET', '/api/v3/balance/withdrawable')).body];
    expect(await page.locator('[data-field="available_amount"]').textContent()).toBe(`${balance.available_amount} ${balance.currency_code}`);
    expect(await page.locator('[data-field="pending_settlement_amount"]').textContent()).toBe(`${balance.pending_settlement_amount} ${balance.currency_code}`);
    expect(await page.locator('[data-field="withdrawable_amount"]').textContent()).toBe(`${withdrawable.withdrawable_amount} ${withdrawable.currency_code}`);
    await capture(page, 'overview-sandbox');

    // API keys: a new key raises key_version, its secret is shown once, and it signs requests at once.
    await page.getByRole('link', { name: 'API keys' }).click();
    expect(await page.locator(`tr[data-api-key="${merchant.apiKey}"]`).count()).toBe(1);
    await page.getByRole('button', { name: 'Create a new key' }).click();
    const apiKey = (await page.locator('#new-api-key').textContent())!;
    const apiSecret = (await page.locator('#new-api-secret').textContent())!;
    expect(await page.locator('#new-key-version').textContent()).toBe(String(merchant.keyVersion + 1));
    await capture(page, 'api-key-created');
    const fresh = new V3Client(stack.url('gateway'), { ...merchant, apiKey, apiSecret, keyVersion: merchant.keyVersion + 1 });
    expect((await fresh.request('GET', '/api/v3/balance')).status).toBe(200);
    await page.goto(`${panelUrl}/api-keys`);
    expect(await page.locator('#new-api-secret').count()).toBe(0);
    expect(await page.content()).not.toContain(apiSecret);

    // Revoking the new key stops it at once.
    await page.getByRole('button', { name: `Revoke key ${apiKey}` }).click();
    expect(await page.getByRole('status').textContent()).toContain(`Key ${apiKey} is revoked`);
    expect((await fresh.request('GET', '/api/v3/balance')).status).toBe(401);

    // Settings: the gateway's own refusal, worded as the operator API words it, next to the field; nothing saved.
    const refusedByApi = await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, {
      webhook_url: 'http://shop.example/hooks',
    });
    expect(refusedByApi.status).toBe(422);
    await page.getByRole('link', { name: 'Integration settings' }).click();
    await page.getByLabel('Webhook address').fill('http://shop.example/hooks');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    expect(await page.locator('#field-webhook_url-error').textContent()).toBe(`Webhook address: ${refusedByApi.body.errors.webhook_url.join('; ')}`);
    expect(await page.getByRole('alert').textContent()).toContain(ERROR_CATALOGUE['1000001'].en);
    await capture(page, 'settings-refused');
    const unchanged = await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`);
    expect(unchanged.body.environments.sandbox.webhook_url).toBeNull();

    await page.getByLabel('IP allowlist').fill('127.0.0.1\n::1\n203.0.113.0/24');
    await page.getByLabel('Webhook address').fill('https://shop.example/hooks');
    await page.getByLabel('Success return address').fill('https://shop.example/paid');
    await page.getByLabel('Failure return address').fill('https://shop.example/failed');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Settings saved.');
    const saved = (await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`)).body.environments.sandbox;
    expect(saved).toMatchObject({
      ip_allowlist: ['127.0.0.1', '::1', '203.0.113.0/24'],
      webhook_url: 'https://shop.example/hooks',
      success_return_url: 'https://shop.example/paid',
      failure_return_url: 'https://shop.example/failed',
    });
    const audit = await operator.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}/sandbox&per_page=100`);
    expect(JSON.stringify(audit.body)).toContain(email);

    // Live is one switch away and never mistaken for sandbox.
    await page.getByLabel('Environment').selectOption('live');
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.waitForURL(`${panelUrl}/settings`);
    expect(await page.locator('[data-environment]').textContent()).toBe('Live');
    expect(await page.getByRole('note').first().textContent()).toContain('Live: changes here affect real payments.');
    await capture(page, 'settings-live');

    // A new password takes the current one; a wrong current one changes nothing.
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByLabel('Repeat the password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change the password' }).click();
    expect(await page.locator('#field-current_password-error').textContent()).toBe('Current password: is not your current password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('a brand new passphrase');
    await page.getByLabel('Repeat the password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change the password' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Your password is changed; your other sessions are signed out.');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(page, email);
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    await signIn(page, email, 'a brand new passphrase');
    await page.waitForURL(`${panelUrl}/`);
    await context.close();
  });

  it('asks for the second factor, locks after repeated failures, resets by mail and signs out everywhere', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Two Step Shop' });
    const email = `dev-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const context = await contextOf();
    const page = await acceptInvitation(context, await invite(merchant, email, 'developer'));
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/`);
    // A second device, signed in too: "sign out everywhere" must end it later.
    const other = await contextOf();
    const phone = await other.newPage();
    await signIn(phone, email);
    await phone.waitForURL(`${panelUrl}/`);

    // Turn on two-step verification with the key the page shows.
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    const key = (await page.locator('#totp-secret').textContent())!;
    await capture(page, 'two-factor-setup');
    await page.getByLabel('Six-digit code from your authenticator app').fill(authenticatorCode(key, new Date(), -5));
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await page.locator('#field-code-error').textContent()).toContain('The code is wrong or already used.');
    await page.getByLabel('Six-digit code from your authenticator app').fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Two-step verification is on from now on.');

    // Sign-in now takes a code; a wrong code is refused, the right one lets the user in.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${panelUrl}/sign-in`);
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    await page.goto(`${panelUrl}/api-keys`);
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    await page.getByLabel('Six-digit code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('The code is wrong or already used.');
    await page.getByLabel('Six-digit code from your authenticator app').fill(authenticatorCode(key, new Date(), 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${panelUrl}/`);

    // "Sign out everywhere" ends this session and the other device's.
    await phone.goto(`${panelUrl}/settings`);
    expect(await phone.locator('h1').textContent()).toBe('Integration settings');
    await page.goto(`${panelUrl}/security`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${panelUrl}/sign-in`);
    await phone.goto(`${panelUrl}/settings`);
    await phone.waitForURL(`${panelUrl}/sign-in`);
    await other.close();

    // Wrong codes and wrong passwords count together, and the right password between them wipes nothing out:
    // three wrong codes, the password again, two wrong passwords lock the account; even the right password is refused then.
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.getByLabel('Six-digit code from your authenticator app').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('The code is wrong or already used.');
    }
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    await signIn(page, email, 'wrong password 1');
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    await signIn(page, email, 'wrong password 2');
    expect(await page.getByRole('alert').textContent()).toContain('this account is locked until');
    await signIn(page, email);
    expect(await page.getByRole('alert').textContent()).toContain('this account is locked until');
    await capture(page, 'locked');

    // A reset by mail lifts the lock and sets a new password; the old one stops working.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    expect(await page.getByRole('status').textContent()).toContain('a link is on its way');
    // The mail goes out after the answer (the page answers as fast whether or not the address has a user).
    const resetMails = async () => stack.mails().filter((mail) => mail.to === email && mail.text.includes('/password-reset/'));
    const resetLink = (await eventually(resetMails, (mails) => mails.length === 1))[0]!.text.match(/http:\/\/\S+/)![0];
    // More requests within the hour send at most three mails in all: nobody can flood the inbox through this form.
    for (let request = 0; request < 3; request += 1) {
      await page.goto(`${panelUrl}/password-reset`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      expect(await page.getByRole('status').textContent()).toContain('a link is on its way');
    }
    await eventually(resetMails, (mails) => mails.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resetMails()).toHaveLength(3);
    await page.goto(resetLink);
    await page.getByLabel('New password').fill('another long passphrase');
    await page.getByLabel('Repeat the password').fill('another long passphrase');
    await page.getByRole('button', { name: 'Save the password' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Your password is changed');
    await signIn(page, email);
    expect(await page.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    await signIn(page, email, 'another long passphrase');
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    await context.close();
  });

  it('lets a viewer read everything and change nothing, in Turkish, on a phone', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Viewer Shop' });
    const email = `viewer-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const context = await contextOf({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await acceptInvitation(context, await invite(merchant, email, 'viewer'));
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/`);

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Language').last().selectOption('tr');
    await page.getByRole('button', { name: 'Save the language' }).click();
    expect(await page.locator('h1').textContent()).toBe('Güvenlik');
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');

    await page.getByRole('link', { name: 'Entegrasyon ayarları' }).click();
    expect(await page.getByRole('note').first().textContent()).toContain('Rolünüz (İzleyici) bu sayfayı görebilir ama değiştiremez.');
    expect(await page.getByRole('button', { name: 'Ayarları kaydet' }).count()).toBe(0);
    expect(await page.getByLabel('Webhook adresi').isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'API anahtarları' }).click();
    expect(await page.getByRole('button', { name: 'Yeni anahtar oluştur' }).count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await capture(page, 'viewer-phone-tr');

    // A hand-made form with the viewer's own valid CSRF token is still refused, and nothing changes.
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    // (The pages allow no script, so the hand-made forms go through the context's own cookies, as a browser would send them.)
    const post = async (path: string, fields: Record<string, string>) =>
      (await context.request.post(`${panelUrl}${path}`, { form: fields, maxRedirects: 0 })).status();
    const statuses = [
      await post('/settings', { _csrf: csrf, webhook_url: 'https://evil.example/hook' }),
      await post('/api-keys', { _csrf: csrf }),
      await post('/users', { _csrf: csrf, email: 'x@evil.example', role: 'owner' }),
    ];
    expect(statuses).toEqual([403, 403, 403]);
    const after = (await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`)).body;
    expect(after.environments.sandbox.webhook_url).toBeNull();
    expect(after.api_keys).toHaveLength(1);
    expect(stack.mails().some((m) => m.to === 'x@evil.example')).toBe(false);

    // A form without the session's CSRF token is refused before anything else.
    expect(await post('/sign-out', { _csrf: 'forged' })).toBe(403);
    await page.goto(`${panelUrl}/`);
    expect(await page.locator('h1').textContent()).toBe('Genel bakış');
    await context.close();
  });

  it('lets an owner invite a user from the panel, and refuses an address that already has a user', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Team Shop' });
    const email = `team-owner-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const context = await contextOf();
    const page = await acceptInvitation(context, await invite(merchant, email, 'owner'));
    await signIn(page, email);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Invite a user' }).click();
    expect(await page.locator('#field-email-error').textContent()).toContain('is invalid');
    const colleague = `colleague-${merchant.merchantCode.toLowerCase()}@shop.example`;
    await page.getByLabel('E-mail').fill(colleague);
    await page.getByLabel('Role').selectOption('developer');
    await page.getByRole('button', { name: 'Invite a user' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`An invitation is on its way to ${colleague}.`);
    expect(await linkMailedTo(colleague)).toContain('/invitation/');
    await page.getByLabel('E-mail').fill(colleague);
    await page.getByRole('button', { name: 'Invite a user' }).click();
    expect(await page.locator('#field-email-error').textContent()).toContain('already has a user');
    expect(await page.locator('tbody tr').count()).toBe(2);

    // The colleague joins; the owner makes them a viewer, then removes them, which ends their session.
    const colleagueContext = await contextOf();
    const colleaguePage = await acceptInvitation(colleagueContext, await linkMailedTo(colleague));
    await signIn(colleaguePage, colleague);
    await colleaguePage.waitForURL(`${panelUrl}/`);
    expect(await colleaguePage.locator('header').textContent()).toContain('(Developer)');
    await page.goto(`${panelUrl}/users`);
    await page.getByLabel(`Role of ${colleague}`).selectOption('viewer');
    await page.getByRole('button', { name: 'Change the role' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${colleague} is now Viewer.`);
    await colleaguePage.goto(`${panelUrl}/settings`);
    expect(await colleaguePage.getByRole('note').first().textContent()).toContain('Your role (Viewer) can read this page but not change it.');
    expect(await page.getByLabel(`Role of ${email}`).count()).toBe(0);
    await capture(page, 'users');
    await page.getByRole('button', { name: `Remove ${colleague}` }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${colleague} is removed and signed out everywhere.`);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await colleaguePage.goto(`${panelUrl}/`);
    await colleaguePage.waitForURL(`${panelUrl}/sign-in`);
    await signIn(colleaguePage, colleague);
    expect(await colleaguePage.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    await colleagueContext.close();
    await context.close();
  });

  it('does every change an owner can make in Turkish: keys, settings, users, password, second factor, signing out', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Türkçe Mağaza' });
    const email = `sahip-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const context = await contextOf();
    const page = await context.newPage();
    // The invitation and the sign-in in Turkish (chosen with ?lang=, kept in a cookie).
    const invitation = await invite(merchant, email, 'owner');
    await page.goto(`${panelUrl}/sign-in?lang=tr`);
    await page.goto(invitation);
    expect(await page.locator('h1').textContent()).toBe('Parolanızı belirleyin');
    await page.getByLabel('Yeni parola').fill(PASSWORD);
    await page.getByLabel('Parolayı tekrar girin').fill(PASSWORD);
    await page.getByRole('button', { name: 'Parolayı kaydet' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Parolanız belirlendi. E-posta adresiniz ve yeni parolanızla giriş yapın.');
    const signInTurkish = async (password = PASSWORD) => {
      await page.goto(`${panelUrl}/sign-in?lang=tr`);
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Parola').fill(password);
      await page.getByRole('button', { name: 'Giriş yap' }).click();
    };
    await signInTurkish('yanlış parola burada');
    expect(await page.getByRole('alert').textContent()).toBe('E-posta veya parola hatalı.');
    await signInTurkish();
    await page.waitForURL(`${panelUrl}/`);
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Language').last().selectOption('tr');
    await page.getByRole('button', { name: 'Save the language' }).click();

    // API keys: created, its secret shown once, then revoked.
    await page.getByRole('link', { name: 'API anahtarları' }).click();
    await page.getByRole('button', { name: 'Yeni anahtar oluştur' }).click();
    expect(await page.locator('main').textContent()).toContain('Gizli anahtarı şimdi kopyalayın');
    const apiKey = (await page.locator('#new-api-key').textContent())!;
    await page.getByRole('button', { name: `İptal et: ${apiKey} anahtarı` }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${apiKey} anahtarı iptal edildi: bundan sonra onunla imzalanan istekler reddedilir.`);

    // Settings: refused next to the field in Turkish, then saved.
    await page.getByRole('link', { name: 'Entegrasyon ayarları' }).click();
    await page.getByLabel('Webhook adresi').fill('http://shop.example/hooks');
    await page.getByRole('button', { name: 'Ayarları kaydet' }).click();
    expect(await page.locator('#field-webhook_url-error').textContent()).toMatch(/^Webhook adresi: /);
    expect(await page.getByRole('alert').textContent()).toContain(ERROR_CATALOGUE['1000001'].tr);
    await page.getByLabel('Webhook adresi').fill('https://shop.example/hooks');
    await page.getByRole('button', { name: 'Ayarları kaydet' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Ayarlar kaydedildi.');
    expect((await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`)).body.environments.sandbox.webhook_url).toBe(
      'https://shop.example/hooks',
    );

    // Users: invited, made a viewer, removed.
    const colleague = `ekip-${merchant.merchantCode.toLowerCase()}@shop.example`;
    await page.getByRole('link', { name: 'Kullanıcılar' }).click();
    await page.getByLabel('E-posta').fill(colleague);
    await page.getByLabel('Rol', { exact: true }).selectOption('developer');
    await page.getByRole('button', { name: 'Kullanıcı davet et' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${colleague} adresine davet gönderildi.`);
    expect(await linkMailedTo(colleague)).toContain('/invitation/');
    await page.getByLabel(`${colleague} rolü`).selectOption('viewer');
    await page.getByRole('button', { name: 'Rolü değiştir' }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${colleague} artık İzleyici.`);
    await page.getByRole('button', { name: `Kaldır: ${colleague}` }).click();
    expect(await page.getByRole('status').textContent()).toBe(`${colleague} kaldırıldı ve tüm oturumları kapatıldı.`);

    // The password, refused with the wrong current one, then changed.
    await page.getByRole('link', { name: 'Güvenlik' }).click();
    await page.getByLabel('Mevcut parola').fill('bu benim parolam değil');
    await page.getByLabel('Yeni parola').fill('yepyeni bir parola cümlesi');
    await page.getByLabel('Parolayı tekrar girin').fill('yepyeni bir parola cümlesi');
    await page.getByRole('button', { name: 'Parolayı değiştir' }).click();
    expect(await page.locator('#field-current_password-error').textContent()).toBe('Mevcut parola: mevcut parolanız değil');
    await page.getByLabel('Mevcut parola').fill(PASSWORD);
    await page.getByLabel('Yeni parola').fill('yepyeni bir parola cümlesi');
    await page.getByLabel('Parolayı tekrar girin').fill('yepyeni bir parola cümlesi');
    await page.getByRole('button', { name: 'Parolayı değiştir' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Parolanız değişti; diğer oturumlarınız kapatıldı.');

    // The second factor, turned on with a code from the app.
    await page.getByRole('button', { name: 'İki adımlı doğrulamayı aç' }).click();
    const key = (await page.locator('#totp-secret').textContent())!;
    await page.getByLabel('Doğrulama uygulamanızdaki altı haneli kod').fill(authenticatorCode(key));
    await page.getByRole('button', { name: 'Onayla' }).click();
    expect(await page.getByRole('status').textContent()).toBe('İki adımlı doğrulama artık açık.');
    await capture(page, 'security-tr');

    // Signing out everywhere ends this session too; signing in again asks for the code, in Turkish.
    await page.getByRole('button', { name: 'Her yerden çıkış yap' }).click();
    await page.waitForURL(`${panelUrl}/sign-in`);
    await signInTurkish('yepyeni bir parola cümlesi');
    await page.waitForURL(`${panelUrl}/sign-in/code`);
    expect(await page.locator('h1').textContent()).toBe('İki adımlı doğrulama');
    await page.getByLabel('Doğrulama uygulamanızdaki altı haneli kod').fill('000000');
    await page.getByRole('button', { name: 'Doğrula' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Kod hatalı veya daha önce kullanılmış.');
    await page.getByLabel('Doğrulama uygulamanızdaki altı haneli kod').fill(authenticatorCode(key, new Date(), 1));
    await page.getByRole('button', { name: 'Doğrula' }).click();
    await page.waitForURL(`${panelUrl}/`);
    expect(await page.locator('h1').textContent()).toBe('Genel bakış');

    // A forgotten password, reset from the mail's link, in Turkish.
    await page.getByRole('button', { name: 'Çıkış yap' }).click();
    await page.goto(`${panelUrl}/sign-in?lang=tr`);
    await page.getByRole('link', { name: 'Parolanızı mı unuttunuz?' }).click();
    await page.getByLabel('E-posta').fill(email);
    await page.getByRole('button', { name: 'Bağlantıyı gönder' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Adres bir kullanıcıya aitse bağlantı yolda. Bir saat boyunca, bir kez çalışır.');
    const resetMail = await eventually(
      async () => stack.mails().find((mail) => mail.to === email && mail.text.includes('/password-reset/')),
      (mail) => mail !== undefined,
    );
    await page.goto(resetMail!.text.match(/http:\/\/\S+/)![0]);
    await page.getByLabel('Yeni parola').fill('sıfırlanmış uzun bir parola');
    await page.getByLabel('Parolayı tekrar girin').fill('sıfırlanmış uzun bir parola');
    await page.getByRole('button', { name: 'Parolayı kaydet' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Parolanız değişti ve diğer tüm oturumlar kapatıldı. Yeni parolanızla giriş yapın.');
    await context.close();
  });

  it('stops a client address after too many failed sign-ins across accounts, checking nothing, and only that address', async () => {
    const merchant = await operator.provisionMerchant({ name: 'Throttle Shop' });
    const email = `dev-${merchant.merchantCode.toLowerCase()}@shop.example`;
    const setup = await contextOf();
    await acceptInvitation(setup, await invite(merchant, email, 'developer'));
    await setup.close();

    let guesserAddress = randomTestNetAddress();
    while (guesserAddress === suiteAddress) guesserAddress = randomTestNetAddress();
    const guesser = await contextOf({}, guesserAddress);
    const tab = await guesser.newPage();
    await clearOfAddressWindowEdge(45_000);
    // A few guesses at many accounts: no account locks, the address does.
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) {
      await signIn(tab, `nobody-${attempt}-${merchant.merchantCode.toLowerCase()}@shop.example`, `guess ${attempt}`);
      expect(await tab.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    }
    const refused = tab.waitForResponse((response) => response.url() === `${panelUrl}/sign-in` && response.request().method() === 'POST');
    await signIn(tab, email);
    expect((await refused).status()).toBe(429);
    expect(await tab.getByRole('alert').textContent()).toMatch(
      /^Too many failed sign-ins from your network\. Nothing was checked: try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    await capture(tab, 'address-throttled');
    await guesser.close();

    // Guesses sent all at once are counted at once: no more than the limit get an answer.
    let burstAddress = randomTestNetAddress();
    while (burstAddress === suiteAddress || burstAddress === guesserAddress) burstAddress = randomTestNetAddress();
    const burst = await contextOf({}, burstAddress);
    const form = await (await burst.request.get(`${panelUrl}/sign-in?lang=en`)).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form)![1]!;
    await clearOfAddressWindowEdge(10_000);
    const statuses = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 10 }, (_, index) =>
        burst.request
          .post(`${panelUrl}/sign-in`, { form: { _csrf: csrf, email: `burst-${index}@shop.example`, password: 'guess' }, maxRedirects: 0 })
          .then((answer) => answer.status()),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    await burst.close();

    // The same account from another address: the right password works (the account was never locked).
    const elsewhere = await contextOf();
    const page = await elsewhere.newPage();
    await signIn(page, email);
    await page.waitForURL(`${panelUrl}/`);
    await elsewhere.close();
  });
});
