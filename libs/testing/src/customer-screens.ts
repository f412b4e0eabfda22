import { cardFields, openScreen, submitForm } from '@card-platform/sdk';

// The plain-HTTP customer (screens with their CSRF pair, forms posted without following
// redirects) is the SDK's, the one `card-platform trigger` pays with.
export { cardFields, openScreen, submitForm, type Screen } from '@card-platform/sdk';

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
