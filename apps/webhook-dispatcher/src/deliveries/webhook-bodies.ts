import {
  paymentBody,
  type OrderFinishedV1,
  type OrderWebhookBody,
  type PaymentFactsV1,
  type PaymentRefundedBody,
  type PaymentWebhookBody,
  type RefundCompletedV1,
} from '@platform/contracts';

/** What the merchant is sent for an event: the spec's event type and body. The one place domain events become webhook bodies. */
export interface WebhookMessage<B> {
  eventType: string;
  body: B;
}

interface Occurred {
  eventId: string;
  occurredAt: string;
}

/**
 * The status before the change, when the event says (ADR 0033): events written before
 * versions do not, and their bodies go without it rather than with a guess.
 */
function previous<S>(status: S | undefined): { previous_status: S } | Record<never, never> {
  return status === undefined ? {} : { previous_status: status };
}

/**
 * payment.paid / payment.failed (v3): the payment resource as it was when the event happened,
 * with its version, and the status the change left.
 */
export function paymentWebhook(eventType: 'payment.paid' | 'payment.failed', event: Occurred, facts: PaymentFactsV1): WebhookMessage<PaymentWebhookBody> {
  return {
    eventType,
    body: {
      event_id: event.eventId,
      event_type: eventType,
      environment: facts.environment,
      occurred_at: event.occurredAt,
      ...previous(facts.previous_status),
      payment: paymentBody(facts),
    },
  };
}

/**
 * payment.refunded (v3), the spec's notification body, with the refund's status before it
 * completed and the payment's version (a refund does not change the payment).
 */
export function refundWebhook(event: Occurred, refund: RefundCompletedV1): WebhookMessage<PaymentRefundedBody> {
  return {
    eventType: 'payment.refunded',
    body: {
      event_id: event.eventId,
      event_type: 'payment.refunded',
      environment: refund.environment,
      occurred_at: event.occurredAt,
      ...previous(refund.previous_status),
      refund: { public_id: refund.refund_id, status: 'completed', amount: refund.amount, currency_code: refund.currency, completed_at: refund.completed_at },
      payment: {
        public_id: refund.payment_public_id,
        code: refund.payment_code,
        merchant_reference: refund.merchant_reference,
        ...(refund.payment_version === undefined ? {} : { version: refund.payment_version }),
      },
      order: { public_id: refund.order_public_id },
    },
  };
}

/** checkout.order.succeeded / .failed (Direct API, schema_version 3), with the order's version and the status the change left. */
export function orderWebhook(event: Pick<Occurred, 'eventId'>, order: OrderFinishedV1): WebhookMessage<OrderWebhookBody> {
  const eventType = order.status === 'paid' ? 'checkout.order.succeeded' : 'checkout.order.failed';
  return {
    eventType,
    body: {
      schema_version: 3,
      event_id: event.eventId,
      event_type: eventType,
      ...previous(order.previous_status),
      order: {
        code: order.order_code,
        merchant_order_id: order.merchant_order_id,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
        ...(order.version === undefined ? {} : { version: order.version }),
      },
      merchant: { code: order.merchant_code },
      payment_details: { card: order.card ? { ...order.card, issuer_bank_code: null, installment_count: 1, three_d: order.three_d } : null },
      ...(order.failure ? { failure_code: order.failure.code, failure_reason_code: order.failure.reason_code, failure_message: order.failure.message } : {}),
    },
  };
}
