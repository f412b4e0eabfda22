import { z } from 'zod';
import { BaseConfigSchema, FourEyesFields } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8085),
  /** How often ledger steps lost between a commit and the ledger call are repeated (well under the ledger's 300 s). */
  LEDGER_FOLLOW_UP_INTERVAL_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  ...FourEyesFields,
});
export type Config = z.infer<typeof ConfigSchema>;
