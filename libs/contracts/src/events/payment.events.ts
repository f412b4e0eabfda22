import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { PaymentSchema } from '../commands/payments.commands';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

/** The v3 webhook body of a payment event (ARCHITECTURE.md, v3 webhooks). */
export const PaymentWebhookBodySchema = z.object({
  event_id: z.string().uuid(),
  event_type: z.enum(['payment.paid', 'payment.failed']),
  environment: z.enum(ENVIRONMENTS),
  occurred_at: z.string(),
  payment: PaymentSchema,
});

/**
 * A payment was paid, or one of its attempts failed: published through the outbox in the
 * transaction that changed the payment. The ledger reads `body.payment`; the webhook
 * dispatcher delivers `body` to `webhook_url`, or to the panel's address when it is null.
 */
export const PaymentNotificationSchema = z.object({
  merchant_code: z.string(),
  webhook_url: z.string().nullable(),
  body: PaymentWebhookBodySchema,
});

export const PaymentPaid = defineEvent({ type: 'payment.paid', topic: Topics.paymentsEvents, payload: PaymentNotificationSchema });
export const PaymentFailed = defineEvent({ type: 'payment.failed', topic: Topics.paymentsEvents, payload: PaymentNotificationSchema });

/** The operator's rate of a currency, in USD per unit, from `effective_at` on (compacted, keyed by currency). */
export const FxRateChanged = defineEvent({
  type: 'payments.fx-rate.changed',
  topic: Topics.fxRates,
  payload: z.object({ currency_code: z.string(), usd_per_unit: z.string(), effective_at: z.string() }),
});

/** The spec's notification body of payment.refunded (account operations, resources). */
export const PaymentRefundedBodySchema = z.object({
  event_id: z.string().uuid(),
  event_type: z.literal('payment.refunded'),
  environment: z.enum(ENVIRONMENTS),
  occurred_at: z.string(),
  refund: z.object({
    public_id: z.string().uuid(),
    status: z.literal('completed'),
    amount: z.string(),
    currency_code: z.enum(['USD', 'EUR', 'AED', 'TRY']),
    completed_at: z.string(),
  }),
  payment: z.object({ public_id: z.string().uuid(), code: z.string(), merchant_reference: z.string().nullable() }),
  order: z.object({ public_id: z.string().uuid() }),
});

/** A refund reached `completed`: delivered to the payment's webhook address (a void sends none). */
export const PaymentRefunded = defineEvent({
  type: 'payment.refunded',
  topic: Topics.paymentsEvents,
  payload: z.object({ merchant_code: z.string(), webhook_url: z.string().nullable(), body: PaymentRefundedBodySchema }),
});
