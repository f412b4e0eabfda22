import { z } from 'zod';
import {
  BaseConfigSchema,
  CardDataKeyFields,
  MasterKeyFields,
  Secret,
  TrustedProxiesFields,
  requireCardDataKeyInProduction,
  requireMasterKeyInProduction,
  requireTrustedProxiesInProduction,
  secret,
  flag,
} from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  PUBLIC_BASE_URL: z.string().url().default('http://127.0.0.1:8080'),
  /**
   * The bootstrap admin token of the operator API, to issue the first named operator tokens. A
   * default exists only outside production; in production it may be left out once named admin
   * tokens exist, and the operator API then takes those (scoped, expiring, revocable) only.
   */
  ADMIN_TOKEN: secret().optional(),
  ...MasterKeyFields,
  TIMESTAMP_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long the previous secret keeps working after a new key is issued for the environment. */
  KEY_ROTATION_GRACE_SECONDS: z.coerce.number().int().min(0).default(86400),
  /** Only tests: lets webhook addresses point at the loopback interface. */
  WEBHOOK_ALLOW_LOOPBACK: flag(false),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_STATUS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** The operator API, per caller address. */
  RATE_LIMIT_ADMIN_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Redis key prefix: separate deployments (or test stacks) sharing one Redis keep separate counts. */
  RATE_LIMIT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/)
    .default('rl'),
  ...TrustedProxiesFields,
  ...CardDataKeyFields,
})
  .superRefine((config, ctx) => {
    requireCardDataKeyInProduction(config, ctx);
    requireMasterKeyInProduction(config, ctx);
    requireTrustedProxiesInProduction(config, ctx);
    if (config.NODE_ENV !== 'production') return;
    const adminToken = config.ADMIN_TOKEN?.reveal();
    if (adminToken !== undefined && (adminToken === 'dev-admin-token' || adminToken.length < 32))
      ctx.addIssue({ code: 'custom', path: ['ADMIN_TOKEN'], message: 'must be at least 32 characters and not the development token' });
    if (config.WEBHOOK_ALLOW_LOOPBACK) {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_LOOPBACK'], message: 'must not be true in production' });
    }
  })
  // Production has no default: without ADMIN_TOKEN the operator API takes named operator tokens only.
  .transform((config) => ({ ...config, ADMIN_TOKEN: config.ADMIN_TOKEN ?? (config.NODE_ENV === 'production' ? undefined : new Secret('dev-admin-token')) }));
export type Config = z.infer<typeof ConfigSchema>;
