import { ConfigError, loadConfig } from '@platform/service-kit';
import { ConfigSchema } from './config';

const KEY = Buffer.alloc(32, 9).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', CONSOLE_KEY: KEY, CONSOLE_PUBLIC_URL: 'https://console.pay.internal', TRUSTED_PROXIES: '10.0.0.0/8' };

const SSO = { CONSOLE_OIDC_ISSUER: 'https://sso.example.com', CONSOLE_OIDC_CLIENT_ID: 'console', CONSOLE_OIDC_CLIENT_SECRET: 'client-secret' };

function problems(env: Record<string, string>): string {
  try {
    loadConfig('console', ConfigSchema, env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('console configuration', () => {
  it('runs in development with nothing set: development key, port 8090, cost 17, sessions shorter than the panel’s', () => {
    const config = loadConfig('console', ConfigSchema, {});
    expect([config.PORT, config.PASSWORD_HASH_COST, config.CONSOLE_KEY, config.SESSION_IDLE_MINUTES, config.SESSION_MAX_HOURS]).toEqual([
      8090,
      17,
      undefined,
      15,
      8,
    ]);
  });

  it('starts in production with its key, an https address and trusted proxies, with or without single sign-on', () => {
    expect(() => loadConfig('console', ConfigSchema, PRODUCTION)).not.toThrow();
    expect(loadConfig('console', ConfigSchema, { ...PRODUCTION, ...SSO }).CONSOLE_OIDC_ROLES_CLAIM).toBe('console_roles');
  });

  it.each([
    ['without CONSOLE_KEY', { CONSOLE_KEY: '' }, 'CONSOLE_KEY: required in production'],
    ['with a short CONSOLE_KEY', { CONSOLE_KEY: 'c2hvcnQ=' }, 'CONSOLE_KEY: must be 32 bytes encoded in base64'],
    ['with a cheap password hash', { PASSWORD_HASH_COST: '12' }, 'PASSWORD_HASH_COST: must be at least 15 in production'],
    ['on plain http', { CONSOLE_PUBLIC_URL: 'http://console.internal' }, 'CONSOLE_PUBLIC_URL: must be https in production'],
    ['without trusted proxies', { TRUSTED_PROXIES: '' }, 'TRUSTED_PROXIES: required in production'],
    ['with single sign-on over plain http', { ...SSO, CONSOLE_OIDC_ISSUER: 'http://sso.internal' }, 'CONSOLE_OIDC_ISSUER: must be https in production'],
    ['with single sign-on but no client secret', { ...SSO, CONSOLE_OIDC_CLIENT_SECRET: '' }, 'CONSOLE_OIDC_CLIENT_SECRET: required with CONSOLE_OIDC_ISSUER'],
    ['with single sign-on but no client id', { ...SSO, CONSOLE_OIDC_CLIENT_ID: '' }, 'CONSOLE_OIDC_CLIENT_ID: required with CONSOLE_OIDC_ISSUER'],
  ])('refuses production %s', (_, change, problem) => {
    expect(problems({ ...PRODUCTION, ...change })).toContain(problem);
  });
});
