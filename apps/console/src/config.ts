import { z } from 'zod';
import { SignInConfigFields, requireSignInSafetyInProduction } from '@platform/web-auth';
import { BaseConfigSchema, TrustedProxiesFields, requireKeyInProduction, requireTrustedProxiesInProduction, secret } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8090),
  /** Where operators reach the console (inside the cluster or through a port-forward): set-up links start here. */
  CONSOLE_PUBLIC_URL: z.string().url().default('http://127.0.0.1:8090'),
  /** 32 bytes, base64: seals each operator's TOTP secret at rest and keys the sign-in forms. Required in production. */
  CONSOLE_KEY: secret().optional(),
  /** Operators move money: sessions end sooner than the panel's. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  ...SignInConfigFields,
  /** How long an operator's set-up link (first password, or a reset an admin made) works. */
  SETUP_LINK_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  ...TrustedProxiesFields,
  /**
   * Single sign-on through the company's OpenID Connect provider (authorization code with PKCE
   * and a client secret; the provider asks for its own second factor). Its callback is
   * CONSOLE_PUBLIC_URL/sign-in/sso/callback. Password and code sign-in stay for admins made with
   * `console:create-admin` (break glass).
   */
  CONSOLE_OIDC_ISSUER: z.string().url().optional(),
  CONSOLE_OIDC_CLIENT_ID: z.string().min(1).max(200).optional(),
  CONSOLE_OIDC_CLIENT_SECRET: secret().optional(),
  /** The ID token claim with the person's console roles (viewer, support, finance, admin): the provider's groups decide the role. */
  CONSOLE_OIDC_ROLES_CLAIM: z.string().min(1).max(100).default('console_roles'),
}).superRefine((config, ctx) => {
  if (config.CONSOLE_OIDC_ISSUER) {
    for (const name of ['CONSOLE_OIDC_CLIENT_ID', 'CONSOLE_OIDC_CLIENT_SECRET'] as const)
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with CONSOLE_OIDC_ISSUER' });
    if (config.NODE_ENV === 'production' && !config.CONSOLE_OIDC_ISSUER.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: ['CONSOLE_OIDC_ISSUER'], message: 'must be https in production' });
  }
  requireKeyInProduction('CONSOLE_KEY', config, ctx);
  requireTrustedProxiesInProduction(config, ctx);
  requireSignInSafetyInProduction(config, { name: 'CONSOLE_PUBLIC_URL', value: config.CONSOLE_PUBLIC_URL }, ctx);
});
export type Config = z.infer<typeof ConfigSchema>;
