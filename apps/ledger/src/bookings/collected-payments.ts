import type { OrderFinishedV1, PaymentFactsV1 } from '@platform/contracts';
import type { ReceivedEvent } from '@platform/messaging';
import type { CollectedPayment } from './bookings.service';

/** A paid v3 payment, as the ledger books it: from the domain event, at the moment it was paid. */
export function collectedFromPayment(event: ReceivedEvent<PaymentFactsV1>): CollectedPayment {
  const payment = event.payload;
  return {
    reference: `v3:${payment.payment_code}`,
    merchantCode: payment.merchant_code,
    environment: payment.environment,
    amount: payment.amount,
    currency: payment.currency,
    occurredAt: new Date(payment.paid_at ?? event.occurredAt),
  };
}

/** A paid Direct API order, as the ledger books it. */
export function collectedFromOrder(event: ReceivedEvent<OrderFinishedV1>): CollectedPayment {
  const order = event.payload;
  return {
    reference: `v4:${order.order_code}`,
    merchantCode: order.merchant_code,
    environment: order.environment,
    amount: order.amount,
    currency: order.currency,
    occurredAt: new Date(event.occurredAt),
  };
}
