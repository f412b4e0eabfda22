import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { PaymentBodySchema } from '../api/v3-payments.api';
import { PaymentRecordSchema, type PaymentRecord } from '../commands/payments.commands';
import { REVERSAL_STATUSES } from '../commands/reversals.commands';
import { PAYMENT_CURRENCIES, PAYMENT_STATUSES, ResourceVersionSchema } from '../vocabulary';
import { Topics } from '../topics';
import { defineEvent, predecessor } from './event-envelope';

/**
 * The v3 webhook body of a payment event (ARCHITECTURE.md, v3 webhooks): what the merchant
 * receives. `previous_status` and `payment.version` (ADR 0033) are sent with every event
 * written since versions exist; deliveries of older events (and their retries) lack them.
 */
export const PaymentWebhookBodySchema = z.object({
  event_id: z.string().uuid(),
  event_type: z.enum(['payment.paid', 'payment.failed']),
  environment: z.enum(ENVIRONMENTS),
  occurred_at: z.string(),
  /** The payment's status before the change this event reports: `created` (a failed attempt leaves the payment `created`). */
  previous_status: z.enum(PAYMENT_STATUSES).optional(),
  payment: PaymentBodySchema.extend({ version: ResourceVersionSchema.optional() }),
});
export type PaymentWebhookBody = z.infer<typeof PaymentWebhookBodySchema>;

/** The spec's notification body of payment.refunded (account operations, resources). */
export const PaymentRefundedBodySchema = z.object({
  event_id: z.string().uuid(),
  event_type: z.literal('payment.refunded'),
  environment: z.enum(ENVIRONMENTS),
  occurred_at: z.string(),
  /**
   * The refund's status before it completed (ADR 0033): `awaiting_provider_manual`, or null
   * for a sandbox refund created completed. Absent on deliveries of events written before versions.
   */
  previous_status: z.enum(REVERSAL_STATUSES).nullable().optional(),
  refund: z.object({
    public_id: z.string().uuid(),
    status: z.literal('completed'),
    amount: z.string(),
    currency_code: z.enum(PAYMENT_CURRENCIES),
    completed_at: z.string(),
  }),
  payment: z.object({
    public_id: z.string().uuid(),
    code: z.string(),
    merchant_reference: z.string().nullable(),
    /** The payment's version when the refund completed: a refund does not change the payment, so it is the paid payment's. */
    version: ResourceVersionSchema.optional(),
  }),
  order: z.object({ public_id: z.string().uuid() }),
});
export type PaymentRefundedBody = z.infer<typeof PaymentRefundedBodySchema>;

/**
 * A v3 payment as its domain events carry it, version 1: the facts of the payment when the
 * event happened, in the domain's terms, with its owner. The ledger books from these; the
 * webhook body is mapped from them in one place, by the dispatcher.
 */
export const PaymentFactsV1Schema = PaymentRecordSchema.extend({
  merchant_code: z.string(),
  /** The payment's own notification address; null: the environment's panel address. */
  webhook_url: z.string().nullable(),
  /** The payment's version after the change (ADR 0033); absent in events written before versions. */
  version: ResourceVersionSchema.optional(),
  /** The payment's stored status before the change; absent in events written before versions. */
  previous_status: z.enum(PAYMENT_STATUSES).optional(),
});
export type PaymentFactsV1 = z.infer<typeof PaymentFactsV1Schema>;

type UnversionedPayment = Omit<PaymentRecord, 'version'> & { version?: number };

/** The facts of a payment with its owner, its own notification address and the status the change left. */
export function paymentFacts(
  payment: UnversionedPayment,
  merchantCode: string,
  webhookUrl: string | null,
  previousStatus?: PaymentRecord['status'],
): PaymentFactsV1 {
  return { ...payment, merchant_code: merchantCode, webhook_url: webhookUrl, ...(previousStatus === undefined ? {} : { previous_status: previousStatus }) };
}

/**
 * Before version 1 the payload was the webhook body itself (`{merchant_code, webhook_url,
 * body}`). Events of that shape may still wait in outboxes and topics after an upgrade:
 * consumers read them as version 1.
 */
const LegacyPaymentNotificationSchema = z
  .object({ merchant_code: z.string(), webhook_url: z.string().nullable(), body: PaymentWebhookBodySchema })
  .transform(({ merchant_code, webhook_url, body: { payment, previous_status } }) =>
    paymentFacts(
      {
        payment_code: payment.code,
        merchant_reference: payment.merchant_reference,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency_code,
        environment: payment.environment,
        page_url: payment.payment_url,
        created_at: payment.created_at,
        expires_at: payment.expires_at,
        paid_at: payment.paid_at,
        card: payment.card,
        failure: payment.failure,
        ...(payment.version === undefined ? {} : { version: payment.version }),
      },
      merchant_code,
      webhook_url,
      previous_status,
    ),
  );

export const PaymentPaidV1 = defineEvent({
  type: 'payment.paid.v1',
  topic: Topics.paymentsEvents,
  payload: PaymentFactsV1Schema,
  predecessors: [predecessor('payment.paid', LegacyPaymentNotificationSchema)],
});
export const PaymentFailedV1 = defineEvent({
  type: 'payment.failed.v1',
  topic: Topics.paymentsEvents,
  payload: PaymentFactsV1Schema,
  predecessors: [predecessor('payment.failed', LegacyPaymentNotificationSchema)],
});

/** A refund (never a void) reached `completed`, version 1. */
export const RefundCompletedV1Schema = z.object({
  refund_id: z.string().uuid(),
  amount: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  completed_at: z.string(),
  payment_code: z.string(),
  payment_public_id: z.string().uuid(),
  order_public_id: z.string().uuid(),
  merchant_reference: z.string().nullable(),
  merchant_code: z.string(),
  environment: z.enum(ENVIRONMENTS),
  webhook_url: z.string().nullable(),
  /** The payment's version when the refund completed (ADR 0033); absent in events written before versions. */
  payment_version: ResourceVersionSchema.optional(),
  /** The refund's status before it completed; null: created completed (sandbox). Absent in events written before versions. */
  previous_status: z.enum(REVERSAL_STATUSES).nullable().optional(),
});
export type RefundCompletedV1 = z.infer<typeof RefundCompletedV1Schema>;

const LegacyRefundNotificationSchema = z
  .object({ merchant_code: z.string(), webhook_url: z.string().nullable(), body: PaymentRefundedBodySchema })
  .transform(({ merchant_code, webhook_url, body }): RefundCompletedV1 => ({
    refund_id: body.refund.public_id,
    amount: body.refund.amount,
    currency: body.refund.currency_code,
    completed_at: body.refund.completed_at,
    payment_code: body.payment.code,
    payment_public_id: body.payment.public_id,
    order_public_id: body.order.public_id,
    merchant_reference: body.payment.merchant_reference,
    merchant_code,
    environment: body.environment,
    webhook_url,
    ...(body.payment.version === undefined ? {} : { payment_version: body.payment.version }),
    ...(body.previous_status === undefined ? {} : { previous_status: body.previous_status }),
  }));

export const PaymentRefundedV1 = defineEvent({
  type: 'payment.refunded.v1',
  topic: Topics.paymentsEvents,
  payload: RefundCompletedV1Schema,
  predecessors: [predecessor('payment.refunded', LegacyRefundNotificationSchema)],
});

/** The operator's rate of a currency, in USD per unit, from `effective_at` on (compacted, keyed by currency). */
export const FxRateChanged = defineEvent({
  type: 'payments.fx-rate.changed',
  topic: Topics.fxRates,
  payload: z.object({ currency_code: z.string(), usd_per_unit: z.string(), effective_at: z.string() }),
});
