import { z } from 'zod';
import { BaseConfigSchema, TrustedProxiesFields, requireKeyInProduction, requireTrustedProxiesInProduction, secret } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8089),
  /** Where merchant users reach the panel: the links in invitation and reset mails start here. */
  PANEL_PUBLIC_URL: z.string().url().default('http://127.0.0.1:8089'),
  /** 32 bytes, base64: seals each user's TOTP secret at rest. Required in production. */
  PANEL_KEY: secret().optional(),
  /** log2 of scrypt's N; 17 (128 MiB per hash) is OWASP's minimum, and production refuses less than 15. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
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
  /** Consecutive wrong passwords or codes before the account locks for SIGN_IN_LOCK_MINUTES. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  SIGN_IN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * Failed sign-ins (wrong e-mail, password or code) one client address may make in a
   * SIGN_IN_LOCK_MINUTES window, whatever the accounts: then it waits for the next window.
   */
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(50),
  ...TrustedProxiesFields,
}).superRefine((config, ctx) => {
  requireKeyInProduction('PANEL_KEY', config, ctx);
  requireTrustedProxiesInProduction(config, ctx);
  if (config.NODE_ENV !== 'production') return;
  if (!config.MAIL_SMTP_URL) ctx.addIssue({ code: 'custom', path: ['MAIL_SMTP_URL'], message: 'required in production' });
  if (config.MAIL_SINK_DIR) ctx.addIssue({ code: 'custom', path: ['MAIL_SINK_DIR'], message: 'mails go over SMTP in production, never to files' });
  if (config.PASSWORD_HASH_COST < 15) ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'must be at least 15 in production' });
  if (!config.PANEL_PUBLIC_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['PANEL_PUBLIC_URL'], message: 'must be https in production' });
});
export type Config = z.infer<typeof ConfigSchema>;
