import { z } from 'zod';
import { BaseConfigSchema, MasterKeyFields, requireMasterKeyInProduction, flag } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8087),
  /**
   * How often due retries and attempts whose lease ran out are looked for. A new delivery and a
   * requested retry wake the dispatchers at once (DELIVERIES_DUE_CHANNEL); the spec's retry waits
   * are a minute and more, so a few seconds here are within them.
   */
  DISPATCH_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
  /** Requests on their way at once from one replica; with the answered attempts waiting for their outcome to be written, at most twice as many attempts. */
  DISPATCH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
  /** Tests only: deliveries may go to http://127.0.0.1, localhost or [::1]. */
  WEBHOOK_ALLOW_LOOPBACK: flag(false),
  /** Tests only: multiplies the retry waits (0.00001 walks the whole schedule in seconds). */
  WEBHOOK_RETRY_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  ...MasterKeyFields,
}).superRefine((config, ctx) => {
  requireMasterKeyInProduction(config, ctx);
  if (config.NODE_ENV === 'production' && config.WEBHOOK_RETRY_TIME_SCALE !== 1) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOK_RETRY_TIME_SCALE'], message: 'must be 1 in production' });
  }
  if (config.NODE_ENV === 'production' && config.WEBHOOK_ALLOW_LOOPBACK) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_LOOPBACK'], message: 'must not be true in production' });
  }
});
export type Config = z.infer<typeof ConfigSchema>;
