import { z } from 'zod';
import type { PaymentRecord } from '../commands/payments.commands';
import { ENVIRONMENTS } from '../environment';
import { text } from '../text';
import { PAYMENT_CURRENCIES, PAYMENT_STATUSES, ResourceVersionSchema } from '../vocabulary';

/** The v3 create-payment body: validated by the gateway and again where payments-v3 consumes the command. */
export const CreatePaymentBodySchema = z
  .object({
    amount: z.string(),
    currency_code: z.enum(PAYMENT_CURRENCIES),
    merchant_reference: text({ min: 1, max: 64 }).nullable().optional(),
    webhook_url: z.string().nullable().optional(),
    merchant_name: z.string().nullable().optional(),
    return_url: z.string().nullable().optional(),
  })
  .strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/**
 * The Payment object of the v3 API and its webhooks: the spec's table, plus `version`
 * (ADR 0033; the spec lets new fields appear).
 */
export const PaymentBodySchema = z.object({
  code: z.string(),
  merchant_reference: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  currency_code: z.enum(PAYMENT_CURRENCIES),
  environment: z.enum(ENVIRONMENTS),
  payment_url: z.string(),
  payment_url_kind: z.literal('platform'),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  card: z.object({ bin: z.string(), last_four: z.string(), network: z.string().nullable() }).nullable(),
  failure: z.object({ attempt_count: z.number().int(), reason_code: z.string().nullable() }).nullable(),
  /** 1 when created, one more with each payment, expiry and failed attempt: the higher of two is the newer. */
  version: ResourceVersionSchema,
});
export type PaymentBody = z.infer<typeof PaymentBodySchema>;

/**
 * The one mapping from a payment (as payments-v3 answers it, or as its events carry it) to the
 * API's Payment object. An event written before versions (ADR 0033) has none to show.
 */
export function paymentBody(payment: PaymentRecord): PaymentBody;
export function paymentBody(payment: Omit<PaymentRecord, 'version'> & { version?: number }): Omit<PaymentBody, 'version'> & { version?: number };
export function paymentBody(payment: Omit<PaymentRecord, 'version'> & { version?: number }): Omit<PaymentBody, 'version'> & { version?: number } {
  return {
    code: payment.payment_code,
    merchant_reference: payment.merchant_reference,
    status: payment.status,
    amount: payment.amount,
    currency_code: payment.currency,
    environment: payment.environment,
    payment_url: payment.page_url,
    payment_url_kind: 'platform',
    created_at: payment.created_at,
    expires_at: payment.expires_at,
    paid_at: payment.paid_at,
    card: payment.card,
    failure: payment.failure,
    ...(payment.version === undefined ? {} : { version: payment.version }),
  };
}
