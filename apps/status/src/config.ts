import { z } from 'zod';
import { BaseConfigSchema } from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8088),
});
export type Config = z.infer<typeof ConfigSchema>;
