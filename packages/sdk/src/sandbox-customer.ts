/**
 * A customer in the sandbox, over plain HTTP: opens the platform's payment screens, keeps the
 * screen's CSRF cookie and field, posts the forms without following redirects, and answers the
 * sandbox's 3-D Secure test screen. This is what `card-platform trigger` pays with.
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

/**
 * Posts a form of `screen` with its CSRF pair unless overridden, saying what a browser says of a
 * page posting its own form (`Sec-Fetch-Site: same-origin`): a hosted page a merchant may frame
 * sets no cookie and accepts its form only so.
 */
export function submitForm(
  url: string,
  screen: Pick<Screen, 'cookie' | 'csrf'>,
  fields: Record<string, string>,
  overrides: { cookie?: string; csrf?: string } = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      cookie: overrides.cookie ?? screen.cookie ?? '',
    },
    body: new URLSearchParams({ csrf: overrides.csrf ?? screen.csrf ?? '', ...fields }).toString(),
  });
}

/** The card form's fields for a test card. */
export function cardFields(number: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { holder_name: 'Can Demir', number, expiry_month: '12', expiry_year: '30', cvv: '123', ...overrides };
}

/** The sandbox's test cards (served at /docs/test-cards). */
export const TEST_CARDS = {
  /** Paid after 3-D Secure. */
  success: '4355090000044242',
  /** Fails after 3-D Secure with insufficient_funds. */
  insufficientFunds: '4355090000005151',
  /** Declined at once. */
  declined: '4355090000040000',
} as const;

/** The sandbox's test BINs: one answered `direct`, one `hosted`. */
export const TEST_BINS = { direct: '435509', hosted: '540061' } as const;

/**
 * Pays a v3 payment on its page with a card, answering the sandbox 3-D Secure screen as
 * `threeDs` says. Returns the screen the customer ends on.
 */
export async function payOnPaymentPage(paymentUrl: string, card: string = TEST_CARDS.success, threeDs: 'success' | 'failure' = 'success'): Promise<Screen> {
  const form = await openScreen(paymentUrl);
  await submitForm(paymentUrl, form, cardFields(card));
  const screen = await openScreen(paymentUrl, form.cookie);
  if (screen.html.includes('name="result"')) await submitForm(`${paymentUrl}/3ds`, screen, { result: threeDs });
  return openScreen(paymentUrl, form.cookie);
}

/** Answers the sandbox 3-D Secure screen of a direct v4 order (its redirect_url). */
export async function answerOrderChallenge(redirectUrl: string, threeDs: 'success' | 'failure' = 'success'): Promise<void> {
  await submitForm(redirectUrl, await openScreen(redirectUrl), { result: threeDs });
}
