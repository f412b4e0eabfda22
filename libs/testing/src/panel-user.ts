import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from './eventually';
import type { OperatorClient } from './merchant-factory';
import type { Stack } from './stack';

export const PANEL_TEST_PASSWORD = 'correct horse battery staple';

/** The link of the last mail the panel sent to `to`. */
export async function panelLinkMailedTo(stack: Stack, to: string): Promise<string> {
  const link = await eventually(
    async () =>
      stack
        .mails()
        .filter((mail) => mail.to === to)
        .pop()
        ?.text.match(/http:\/\/\S+/)?.[0],
    (found) => found !== undefined,
  );
  return link!;
}

/** An operator invites a merchant user (`POST /admin/v1/merchants/{code}/users`); the invitation link from the mail. */
export async function invitePanelUser(
  stack: Stack,
  operator: OperatorClient,
  merchantCode: string,
  email: string,
  role: 'owner' | 'developer' | 'viewer',
): Promise<string> {
  const answer = await operator.call('POST', `/admin/v1/merchants/${merchantCode}/users`, { email, role });
  if (answer.status !== 201) throw new Error(`inviting ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return panelLinkMailedTo(stack, email);
}

/** Opens the invitation link in the browser and sets the password, as the invited user would. */
export async function acceptPanelInvitation(context: BrowserContext, link: string, password = PANEL_TEST_PASSWORD): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await page.getByRole('status').waitFor();
  return page;
}

export async function signInToPanel(page: Page, panelUrl: string, email: string, password = PANEL_TEST_PASSWORD): Promise<void> {
  // In English whatever the browser chose before: the labels below are the English ones.
  await page.goto(`${panelUrl}/sign-in?lang=en`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
