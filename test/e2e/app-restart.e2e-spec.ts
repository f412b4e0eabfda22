import { Stack } from '@platform/testing';

/**
 * An app restarted on its stack's ports (what the fault suite does after killing one) comes back
 * as it was started. The console signs operators in through the stack's OpenID Connect stand-in,
 * which outlives the console: the restarted console must use that provider, not start another on
 * a port the first still holds.
 */
describe('an app restarted on its stack’s ports', () => {
  let stack: Stack | undefined;
  let restarted: Stack | undefined;

  afterAll(async () => {
    await restarted?.stop();
    await stack?.stop();
  });

  /** Where the console's single sign-on sends the browser: the provider's authorization endpoint. */
  async function signOnTarget(consoleUrl: string): Promise<URL> {
    const response = await fetch(`${consoleUrl}/sign-in/sso`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  }

  it('brings the console back with single sign-on through the provider it had', async () => {
    stack = await Stack.start({ apps: ['console'] });
    const consoleUrl = stack.url('console');
    const before = await signOnTarget(consoleUrl);

    await stack.terminate('console');
    await expect(fetch(`${consoleUrl}/readyz`)).rejects.toThrow();
    restarted = await Stack.start({ apps: ['console'], portBase: stack.portBase });

    expect(restarted.url('console')).toBe(consoleUrl);
    const after = await signOnTarget(consoleUrl);
    expect(after.origin).toBe(before.origin);
    expect(after.pathname).toBe(before.pathname);
    // The provider the restarted console sends operators to answers them.
    const authorization = await fetch(after, { redirect: 'manual' });
    expect(authorization.status).toBe(200);
  });
});
