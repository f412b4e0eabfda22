import { z } from 'zod';
import {
  BaseConfigSchema,
  CardDataKeyFields,
  TrustedProxiesFields,
  requireCardDataKeyInProduction,
  requireTrustedProxiesInProduction,
  secret,
} from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8081),
  /** Keys the CSRF tokens of the customer's forms; a development key outside production. */
  CSRF_KEY: secret().optional(),
  /** Card attempts one client address may make over an hour, across all pages (card testing). */
  CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  RATE_LIMIT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/)
    .default('rl'),
  ...CardDataKeyFields,
  ...TrustedProxiesFields,
}).superRefine((config, ctx) => {
  requireCardDataKeyInProduction(config, ctx);
  requireTrustedProxiesInProduction(config, ctx);
  if (config.NODE_ENV === 'production' && !config.CSRF_KEY) ctx.addIssue({ code: 'custom', path: ['CSRF_KEY'], message: 'required in production' });
});
export type Config = z.infer<typeof ConfigSchema>;
