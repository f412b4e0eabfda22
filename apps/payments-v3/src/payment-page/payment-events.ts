import { randomUUID } from 'node:crypto';
import { PaymentFailedV1, PaymentPaidV1, type Payment, type PaymentFactsV1 } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { PaymentRow } from '../payments/payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/** payment.paid or payment.failed (version 1), written in the transaction that changed the payment. */
export async function publishPaymentEvent(tx: SqlExecutor, row: PaymentRow, payment: Payment, now: Date): Promise<void> {
  await outbox.append(tx, {
    event: payment.status === 'paid' ? PaymentPaidV1 : PaymentFailedV1,
    key: row.code,
    eventId: randomUUID(),
    occurredAt: now,
    payload: paymentFacts(row, payment),
  });
}

function paymentFacts(row: PaymentRow, payment: Payment): PaymentFactsV1 {
  return {
    payment_code: payment.code,
    merchant_code: row.merchant_code,
    environment: payment.environment,
    merchant_reference: payment.merchant_reference,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency_code,
    page_url: payment.payment_url,
    created_at: payment.created_at,
    expires_at: payment.expires_at,
    paid_at: payment.paid_at,
    card: payment.card,
    failure: payment.failure,
    webhook_url: row.webhook_url,
  };
}
