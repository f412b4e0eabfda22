import { z } from 'zod';
import { LiveProcessingFields, requireLiveProcessingSettings } from '@platform/card-processing';
import { BaseConfigSchema, FourEyesFields, CardDataKeyFields, requireCardDataKeyInProduction, flag } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8082),
  CHECKOUT_PUBLIC_URL: z.string().url().default('http://127.0.0.1:8081'),
  ...FourEyesFields,
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(10000),
  /** Tests only: shortens the 24-hour validity of the payment page. */
  PAYMENT_PAGE_SECONDS: z.coerce.number().int().min(1).default(86400),
  /** Tests only: webhook addresses may point at the loopback interface. */
  WEBHOOK_ALLOW_LOOPBACK: flag(false),
  /** How often reversal ledger steps lost between a commit and the ledger call are repeated (well under the ledger's 300 s). */
  LEDGER_FOLLOW_UP_INTERVAL_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** How long the 3-D Secure screen of one attempt stays open. */
  THREE_DS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** How often attempts awaiting a live bank are looked up, and how long one may wait (24 h, as the Direct API's pending). */
  PENDING_LOOKUP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  PENDING_MAX_SECONDS: z.coerce.number().int().min(1).default(86_400),
  /** Card attempts one payment page takes (card testing). */
  PAYMENT_PAGE_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  ...CardDataKeyFields,
  ...LiveProcessingFields,
}).superRefine((config, ctx) => {
  requireCardDataKeyInProduction(config, ctx);
  requireLiveProcessingSettings(config, ctx);
  if (config.NODE_ENV === 'production' && config.WEBHOOK_ALLOW_LOOPBACK) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_LOOPBACK'], message: 'must not be true in production' });
  }
});
export type Config = z.infer<typeof ConfigSchema>;
