import { z } from 'zod';
import { StorableWireAmountSchema } from '@platform/contracts';
import { LiveProcessingFields, requireLiveProcessingSettings } from '@platform/card-processing';
import {
  BaseConfigSchema,
  CardDataKeyFields,
  CardFingerprintKeyFields,
  MasterKeyFields,
  requireCardDataKeyInProduction,
  requireCardFingerprintKeyInProduction,
  requireMasterKeyInProduction,
} from '@platform/service-kit';

export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8083),
  /** Bounds of a single order amount in TRY, answered as `amount_limit` on 0055235. */
  ORDER_MIN_AMOUNT: StorableWireAmountSchema.default('1.00'),
  ORDER_MAX_AMOUNT: StorableWireAmountSchema.default('250000.00'),
  /** Where customers open the 3-D Secure screen and the hosted page (the checkout app). */
  CHECKOUT_PUBLIC_URL: z.string().url().default('http://127.0.0.1:8081'),
  THREE_DS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  HOSTED_PAGE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long a pending order may wait for the bank before it fails (the spec: within 24 hours). */
  PENDING_MAX_SECONDS: z.coerce.number().int().min(1).default(86400),
  /** Volume of one account and environment over rolling windows (failed orders do not count). */
  VOLUME_DAILY_LIMIT: StorableWireAmountSchema.default('1000000.00'),
  VOLUME_WEEKLY_LIMIT: StorableWireAmountSchema.default('5000000.00'),
  VOLUME_MONTHLY_LIMIT: StorableWireAmountSchema.default('15000000.00'),
  /** One card over the last 24 hours: across merchants in live, per merchant in sandbox (ADR 0011). */
  CARD_DAILY_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  CARD_DAILY_AMOUNT: StorableWireAmountSchema.default('100000.00'),
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** Card attempts one hosted page takes; past them every attempt is refused (card testing). */
  HOSTED_PAGE_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** How often pending live orders are looked up at the processor. */
  PENDING_LOOKUP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  ...LiveProcessingFields,
  ...CardDataKeyFields,
  ...CardFingerprintKeyFields,
  ...MasterKeyFields,
}).superRefine((config, ctx) => {
  requireCardDataKeyInProduction(config, ctx);
  requireCardFingerprintKeyInProduction(config, ctx);
  requireMasterKeyInProduction(config, ctx);
  requireLiveProcessingSettings(config, ctx);
});
export type Config = z.infer<typeof ConfigSchema>;
