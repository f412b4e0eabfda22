import { z } from 'zod';
import { BaseConfigSchema } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8084),
  /** How often due live payments move from pending settlement to available. */
  SETTLEMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60000),
  /** How often the trial balance proves the books for the metric and its alert; it reads the whole journal. */
  TRIAL_BALANCE_INTERVAL_MS: z.coerce.number().int().min(100).default(300000),
});
export type Config = z.infer<typeof ConfigSchema>;
