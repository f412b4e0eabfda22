import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

/**
 * The reference data of one merchant environment, broadcast by the gateway on a
 * log-compacted topic keyed `<merchant_code>:<environment>`: the latest message per key
 * is the current state, so a service rebuilds its local copy by reading the topic.
 * Secrets appear only sealed.
 */
export const MerchantEnvironmentSchema = z.object({
  merchant_code: z.string(),
  account_number: z.string(),
  name: z.string(),
  base_currency: z.string(),
  status: z.enum(['active', 'inactive']),
  environment: z.enum(ENVIRONMENTS),
  webhook_url: z.string().nullable(),
  success_return_url: z.string().nullable(),
  failure_return_url: z.string().nullable(),
  direct_api_enabled: z.boolean(),
  card_payments_enabled: z.boolean(),
  setup_complete: z.boolean(),
  payment_limits: z.array(z.object({ currency_code: z.string(), min_amount: z.string(), max_amount: z.string().nullable() })),
  settlement_delay_days: z.number().int(),
  withdrawal_min_amount: z.string(),
  withdrawal_daily_limit: z.string(),
  hosted_page_frame_origins: z.array(z.string()).default([]),
  /**
   * The newest API key of the environment, its secret sealed under the platform master
   * key (AES-256-GCM, context = api_key): services that sign for the merchant open it in memory.
   */
  signing_key: z.object({ api_key: z.string(), key_version: z.number().int(), sealed_secret: z.string() }).nullable().default(null),
  version: z.number().int(),
});
export type MerchantEnvironment = z.infer<typeof MerchantEnvironmentSchema>;

export const MerchantEnvironmentChanged = defineEvent({
  type: 'gateway.merchant-environment.changed',
  topic: Topics.merchantSettings,
  payload: MerchantEnvironmentSchema,
});

export function merchantEnvironmentKey(merchantCode: string, environment: string): string {
  return `${merchantCode}:${environment}`;
}
