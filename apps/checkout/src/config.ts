import { z } from 'zod';
import { BaseConfigSchema, CardDataKeyFields, TrustedProxiesFields, requireCardDataKeyInProduction, requireTrustedProxiesInProduction, secret } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8081),
  /** Keys the CSRF tokens of the customer's forms; a development key outside production. */
  CSRF_KEY: secret().optional(),
  ...CardDataKeyFields,
  ...TrustedProxiesFields,
}).superRefine((config, ctx) => {
  requireCardDataKeyInProduction(config, ctx);
  requireTrustedProxiesInProduction(config, ctx);
  if (config.NODE_ENV === 'production' && !config.CSRF_KEY) ctx.addIssue({ code: 'custom', path: ['CSRF_KEY'], message: 'required in production' });
});
export type Config = z.infer<typeof ConfigSchema>;
