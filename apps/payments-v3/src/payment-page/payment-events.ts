import { randomUUID } from 'node:crypto';
import { PaymentFailedV1, PaymentPaidV1, paymentFacts, type PaymentRecord } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { PaymentRow } from '../payments/payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/** payment.paid or payment.failed (version 1), written in the transaction that changed the payment. */
export async function publishPaymentEvent(tx: SqlExecutor, row: PaymentRow, payment: PaymentRecord, now: Date): Promise<void> {
  await outbox.append(tx, {
    event: payment.status === 'paid' ? PaymentPaidV1 : PaymentFailedV1,
    key: row.code,
    eventId: randomUUID(),
    occurredAt: now,
    payload: paymentFacts(payment, row.merchant_code, row.webhook_url),
  });
}
