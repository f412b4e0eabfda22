import { OidcStandIn } from './server';

/** Runs the OpenID Connect stand-in as a process of its own: PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI, OIDC_ROLES_CLAIM. */
async function main(): Promise<void> {
  const standIn = new OidcStandIn({
    clientId: process.env.OIDC_CLIENT_ID ?? 'console',
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'stand-in-client-secret',
    redirectUri: process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:8090/sign-in/sso/callback',
    rolesClaim: process.env.OIDC_ROLES_CLAIM ?? 'console_roles',
  });
  const url = await standIn.listen(Number(process.env.PORT ?? 0));
  process.stdout.write(`OpenID Connect stand-in listening at ${url}\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
