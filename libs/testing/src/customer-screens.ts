/**
 * A plain HTTP customer for the checkout pages, as the architecture allows test suites to
 * be: opens a screen keeping its CSRF cookie and field, posts forms without following redirects.
 */
export interface Screen {
  status: number;
  html: string;
  headers: Headers;
  cookie?: string;
  csrf?: string;
}

export async function openScreen(url: string, cookie?: string): Promise<Screen> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1];
  return { status: response.status, html, headers: response.headers, cookie: setCookie ?? cookie, csrf };
}

/** Posts a form of `screen` with its CSRF pair unless overridden. */
export function submitForm(
  url: string,
  screen: Pick<Screen, 'cookie' | 'csrf'>,
  fields: Record<string, string>,
  overrides: { cookie?: string; csrf?: string } = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: overrides.cookie ?? screen.cookie ?? '' },
    body: new URLSearchParams({ csrf: overrides.csrf ?? screen.csrf ?? '', ...fields }).toString(),
  });
}

/** The card form's fields for a test card. */
export function cardFields(number: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { holder_name: 'Can Demir', number, expiry_month: '12', expiry_year: '30', cvv: '123', ...overrides };
}

/**
 * A customer pays a v3 payment on its page: the card form, then 3-D Secure when one follows:
 * the sandbox test screen, or a live bank's page (answered as `threeDs` says; `timeout` leaves it).
 */
export async function payOnPaymentPage(
  paymentUrl: string,
  cardNumber = '4355090000044242',
  threeDs: 'success' | 'failure' | 'timeout' = 'success',
): Promise<void> {
  const form = await openScreen(paymentUrl);
  await submitForm(paymentUrl, form, cardFields(cardNumber));
  const screen = await openScreen(paymentUrl, form.cookie);
  if (screen.html.includes('name="result"')) await submitForm(`${paymentUrl}/3ds`, screen, { result: threeDs });
  else if (isBankPage(screen.html) && threeDs !== 'timeout') await passBankChallenge(screen.html, threeDs === 'success' ? 'approve' : 'refuse');
}

/** A live bank's 3-D Secure page: a form that its script posts to the bank at once. */
export function isBankPage(html: string): boolean {
  return /<form method="post" action="https?:\/\//.test(html) && !html.includes('name="csrf"');
}

/** The fields and target of the first form of a page, as a browser would post it. */
export function firstForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, match[2]!]));
  return { action, fields };
}

/**
 * What a browser does on a live bank's 3-D Secure page: posts its form to the bank's ACS,
 * confirms or refuses there, and follows the bank's post back to the platform's return
 * address. Answers the platform's response to that post (a redirect, not followed).
 */
export async function passBankChallenge(bankPage: string, choice: 'approve' | 'refuse'): Promise<Response> {
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const toAcs = firstForm(bankPage);
  const acsPage = await (await post(toAcs.action, toAcs.fields)).text();
  const answerAction = new URL(/<form[^>]*action="([^"]+)"/.exec(acsPage)![1]!, toAcs.action).toString();
  const backToMerchant = firstForm(await (await post(answerAction, { choice })).text());
  return post(backToMerchant.action, backToMerchant.fields);
}

/** The number with the check digit that makes it pass Luhn. */
export function luhnComplete(prefix: string): string {
  for (let digit = 0; digit < 10; digit += 1) {
    const candidate = `${prefix}${digit}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i += 1) {
      let value = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) value = value * 2 > 9 ? value * 2 - 9 : value * 2;
      sum += value;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}
