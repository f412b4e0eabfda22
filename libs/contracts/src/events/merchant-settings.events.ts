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
const SigningKeySchema = z.object({ api_key: z.string(), key_version: z.number().int(), sealed_secret: z.string() });

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
   * The key services sign with for the merchant (webhooks, return address): the newest key the
   * merchant has confirmed by using it, else the newest (ADR 0015). Its secret is sealed under
   * the platform master key (AES-256-GCM, context = api_key); services open it in memory.
   * `expires_at` is when a rotated key stops; `next_signing_key` takes over from then.
   */
  signing_key: SigningKeySchema.extend({ expires_at: z.string().datetime().nullable().default(null) })
    .nullable()
    .default(null),
  next_signing_key: SigningKeySchema.nullable().default(null),
  version: z.number().int(),
});
export type MerchantEnvironment = z.infer<typeof MerchantEnvironmentSchema>;
export type SigningKey = z.infer<typeof SigningKeySchema>;

/** The key to sign with at `now`: the confirmed key until it expires, then its successor. */
export function signingKeyAt(settings: Pick<MerchantEnvironment, 'signing_key' | 'next_signing_key'>, now: Date): SigningKey | null {
  const key = settings.signing_key;
  if (!key) return null;
  if (key.expires_at && now.getTime() >= Date.parse(key.expires_at)) return settings.next_signing_key;
  return key;
}

export const MerchantEnvironmentChanged = defineEvent({
  type: 'gateway.merchant-environment.changed',
  topic: Topics.merchantSettings,
  payload: MerchantEnvironmentSchema,
});

export function merchantEnvironmentKey(merchantCode: string, environment: string): string {
  return `${merchantCode}:${environment}`;
}
