import { randomUUID } from 'node:crypto';
import { PaymentFailedV1, PaymentPaidV1, paymentFacts, type PaymentRecord } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { MovedPayment } from '../payments/payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/**
 * payment.paid or payment.failed (version 1), written in the transaction that changed the
 * payment, with the version that change wrote and the status it left (ADR 0033).
 */
export async function publishPaymentEvent(tx: SqlExecutor, row: MovedPayment, payment: PaymentRecord, now: Date): Promise<void> {
  await outbox.append(tx, {
    event: payment.status === 'paid' ? PaymentPaidV1 : PaymentFailedV1,
    key: row.code,
    eventId: randomUUID(),
    occurredAt: now,
    payload: paymentFacts(payment, row.merchant_code, row.webhook_url, row.previous_status),
  });
}
