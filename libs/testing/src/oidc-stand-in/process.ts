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
  return { process: child, env: consoleSettingsFor(url) };
}

/**
 * The stand-in an earlier stack on the same ports started and still runs, if one answers at
 * `port`: a console restarted there signs operators in through it, as it did before.
 */
export async function runningOidcStandIn(port: number): Promise<{ env: Record<string, string> } | undefined> {
  const url = `http://127.0.0.1:${port}`;
  try {
    const response = await fetch(`${url}/.well-known/openid-configuration`);
    if (!response.ok) return undefined;
    const discovery = (await response.json()) as { issuer?: unknown };
    return discovery.issuer === url ? { env: consoleSettingsFor(url) } : undefined;
  } catch {
    return undefined;
  }
}

/** What the console needs to sign operators in through the stand-in at `url`. */
function consoleSettingsFor(url: string): Record<string, string> {
  return {
    CONSOLE_OIDC_ISSUER: url,
    CONSOLE_OIDC_CLIENT_ID: OIDC_STAND_IN_CLIENT_ID,
    CONSOLE_OIDC_CLIENT_SECRET: OIDC_STAND_IN_CLIENT_SECRET,
    CONSOLE_OIDC_ROLES_CLAIM: OIDC_STAND_IN_ROLES_CLAIM,
  };
}
