import { z } from 'zod';
import { SignInConfigFields, requireSignInSafetyInProduction } from '@platform/web-auth';
import { BaseConfigSchema, TrustedProxiesFields, requireKeyInProduction, requireTrustedProxiesInProduction, secret } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8089),
  /** Where merchant users reach the panel: the links in invitation and reset mails start here. */
  PANEL_PUBLIC_URL: z.string().url().default('http://127.0.0.1:8089'),
  /** 32 bytes, base64: seals each user's TOTP secret at rest. Required in production. */
  PANEL_KEY: secret().optional(),
  /** Mails as JSON files in this directory (development and tests); production sends them over SMTP. */
  MAIL_SINK_DIR: z.string().optional(),
  /** smtp:// or smtps:// URL of the relay. Required in production. */
  MAIL_SMTP_URL: secret().optional(),
  MAIL_FROM: z.string().min(3).default('Card Platform <no-reply@card-platform.invalid>'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  ...SignInConfigFields,
  ...TrustedProxiesFields,
}).superRefine((config, ctx) => {
  requireKeyInProduction('PANEL_KEY', config, ctx);
  requireTrustedProxiesInProduction(config, ctx);
  requireSignInSafetyInProduction(config, { name: 'PANEL_PUBLIC_URL', value: config.PANEL_PUBLIC_URL }, ctx);
  if (config.NODE_ENV !== 'production') return;
  if (!config.MAIL_SMTP_URL) ctx.addIssue({ code: 'custom', path: ['MAIL_SMTP_URL'], message: 'required in production' });
  if (config.MAIL_SINK_DIR) ctx.addIssue({ code: 'custom', path: ['MAIL_SINK_DIR'], message: 'mails go over SMTP in production, never to files' });
});
export type Config = z.infer<typeof ConfigSchema>;
