import type { ChildProcess } from 'node:child_process';
import { spawnStandIn } from '../stand-in-process';

export const OIDC_STAND_IN_CLIENT_ID = 'card-platform-console';
export const OIDC_STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const OIDC_STAND_IN_ROLES_CLAIM = 'console_roles';

/** Starts the OpenID Connect stand-in as its own process, its client registered with the console's callback. */
export async function startOidcStandIn(options: {
  port: number;
  consoleUrl: string;
  logFile: string;
}): Promise<{ process: ChildProcess; env: Record<string, string> }> {
  const { url, process: child } = await spawnStandIn({
    name: 'OpenID Connect stand-in',
    entry: 'dist/libs/testing/src/oidc-stand-in/main.js',
    env: {
      PORT: String(options.port),
      OIDC_CLIENT_ID: OIDC_STAND_IN_CLIENT_ID,
      OIDC_CLIENT_SECRET: OIDC_STAND_IN_CLIENT_SECRET,
      OIDC_REDIRECT_URI: `${options.consoleUrl}/sign-in/sso/callback`,
      OIDC_ROLES_CLAIM: OIDC_STAND_IN_ROLES_CLAIM,
    },
    logFile: options.logFile,
  });
  return {
    process: child,
    env: {
      CONSOLE_OIDC_ISSUER: url,
      CONSOLE_OIDC_CLIENT_ID: OIDC_STAND_IN_CLIENT_ID,
      CONSOLE_OIDC_CLIENT_SECRET: OIDC_STAND_IN_CLIENT_SECRET,
      CONSOLE_OIDC_ROLES_CLAIM: OIDC_STAND_IN_ROLES_CLAIM,
    },
  };
}
