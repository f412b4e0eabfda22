import { z } from 'zod';
import { CreatePaymentBodySchema } from '../api/v3-payments.api';
import { ENVIRONMENTS } from '../environment';
import { PAYMENT_CURRENCIES, PAYMENT_STATUSES, RATED_CURRENCIES, ResourceVersionSchema } from '../vocabulary';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { RequestDigestSchema } from './idempotency-keys.commands';
import { ChallengeAnswerSchema } from './orders.commands';
import { PaginationMetaSchema } from './webhooks.commands';
import { OperatorSchema } from './operator';

/**
 * A v3 payment as payments-v3 answers it over RPC, in the domain's terms. Not the API body:
 * the gateway maps it to the spec's Payment object (`paymentBody`), events extend it with
 * the owner (`PaymentFactsV1`).
 */
export const PaymentRecordSchema = z.object({
  payment_code: z.string(),
  merchant_reference: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  environment: z.enum(ENVIRONMENTS),
  /** Where the customer pays (the payment page). */
  page_url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  card: z.object({ bin: z.string(), last_four: z.string(), network: z.string().nullable() }).nullable(),
  failure: z.object({ attempt_count: z.number().int(), reason_code: z.string().nullable() }).nullable(),
  /** Raised by paying, expiring and every failed attempt (ADR 0033). */
  version: ResourceVersionSchema,
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

export const CreatePayment = defineCommand({
  type: 'payments.create',
  topic: Topics.paymentsCommands,
  request: z.object({
    body: CreatePaymentBodySchema,
    /** Method, path, body hash and sandbox scenario header, hashed by the gateway. */
    fingerprint: z.string(),
    scenario: z.string().nullable(),
    /** Request line and body hashes, kept with the key to name what a conflicting repeat changed (ADR 0034). */
    request_digest: RequestDigestSchema.optional(),
  }),
  reply: z.object({ created: z.boolean(), payment: PaymentRecordSchema }),
});

/** What every payment code looks like (the payments table checks it too). */
export const PAYMENT_CODE = /^[a-z0-9]{4,16}$/;

export const GetPayment = defineCommand({
  type: 'payments.get',
  topic: Topics.paymentsCommands,
  request: z.object({ code: z.string() }),
  reply: PaymentRecordSchema,
});

/**
 * The caller's payments, newest first, for the merchant panel's list (ADR 0035); not an API
 * endpoint (the spec has none). Records like GetPayment's (ADR 0023): the panel maps each with
 * `paymentBody`, so it shows exactly what GET /api/v3/payments/{code} answers. `status` is
 * the status the API shows (`expired` includes unpaid payments past `expires_at` the expiry
 * job has not marked yet); `created_from` is inclusive, `created_to` exclusive; `search`
 * matches the start of the payment code or of the merchant reference. Paging as the API's
 * lists: `page` from 1, `per_page` 1 to 100, the spec's PaginationMeta.
 */
export const ListPayments = defineCommand({
  type: 'payments.list',
  topic: Topics.paymentsCommands,
  request: z.object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
    status: z.enum(PAYMENT_STATUSES).nullable(),
    created_from: z.string().datetime({ offset: true }).nullable(),
    created_to: z.string().datetime({ offset: true }).nullable(),
    search: z.string().min(1).max(64).nullable(),
  }),
  reply: z.object({ data: z.array(PaymentRecordSchema), meta: PaginationMetaSchema }),
});

/** The operator sets the rate of a currency, quoted in USD per unit (USD itself is 1). */
export const SetFxRate = defineCommand({
  type: 'payments.set-fx-rate',
  topic: Topics.paymentsOperatorCommands,
  request: z.object({ currency_code: z.enum(RATED_CURRENCIES), usd_per_unit: z.string(), operator: OperatorSchema }),
  reply: z.object({
    before: z.object({ currency_code: z.string(), usd_per_unit: z.string() }).nullable(),
    after: z.object({ currency_code: z.string(), usd_per_unit: z.string() }),
  }),
});

/** Every current rate, USD per unit, with the moment it took effect. */
export const OperatorListFxRates = defineCommand({
  type: 'payments.operator-fx-rates',
  topic: Topics.paymentsOperatorCommands,
  request: z.object({}),
  reply: z.object({ data: z.array(z.object({ currency_code: z.string(), usd_per_unit: z.string(), effective_at: z.string() })) }),
});

/**
 * What the customer's payment page shows for its token: the card form, the sandbox
 * 3-D Secure screen of the attempt in progress, or the result. `return_url` is the
 * merchant's address with `code`, `status` and `merchant_reference` added, or null.
 */
export const PaymentPageSchema = z.object({
  payment: PaymentRecordSchema,
  merchant_name: z.string(),
  /** `bank_pending`: a live bank has not answered an attempt yet; the page takes no other card meanwhile. */
  stage: z.enum(['card_form', 'three_ds', 'bank_pending', 'result']),
  three_ds_card_last_four: z.string().nullable(),
  /** A live bank's 3-D Secure page, shown instead of the sandbox test screen. */
  bank_page: z.string().nullable(),
  return_url: z.string().nullable(),
});
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

const pageToken = z.string().min(1).max(64);

export const GetPaymentPage = defineCommand({
  type: 'payments.page-view',
  topic: Topics.paymentsCommands,
  request: z.object({ token: pageToken }),
  reply: PaymentPageSchema,
});

/** The customer submits the card form; the card arrives sealed by checkout for payments-v3. */
export const PayOnPaymentPage = defineCommand({
  type: 'payments.page-pay',
  topic: Topics.paymentsCommands,
  request: z.object({ token: pageToken, card: z.object({ sealed: z.string().min(1) }) }),
  /** `form_error` names a card the bank was never asked about (check digit, expiry). */
  reply: z.object({ page: PaymentPageSchema, form_error: z.string().nullable() }),
});

/** Back from 3-D Secure: the sandbox screen's button (`test_screen`) or the fields a live bank posted (`bank_return`). */
export const CompletePaymentThreeDs = defineCommand({
  type: 'payments.page-three-ds',
  topic: Topics.paymentsCommands,
  request: z.object({ token: pageToken, source: z.enum(['test_screen', 'bank_return']), answer: ChallengeAnswerSchema }),
  reply: PaymentPageSchema,
});
