import { randomUUID } from 'node:crypto';
import { PaymentFailed, PaymentPaid, type Payment } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { PaymentRow } from '../payments/payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/** payment.paid or payment.failed, written in the transaction that changed the payment. */
export async function publishPaymentEvent(tx: SqlExecutor, row: PaymentRow, payment: Payment, now: Date): Promise<void> {
  const paid = payment.status === 'paid';
  const eventId = randomUUID();
  await outbox.append(tx, {
    event: paid ? PaymentPaid : PaymentFailed,
    key: row.code,
    eventId,
    payload: {
      merchant_code: row.merchant_code,
      webhook_url: row.webhook_url,
      body: { event_id: eventId, event_type: paid ? 'payment.paid' : 'payment.failed', environment: row.environment, occurred_at: now.toISOString(), payment },
    },
  });
}
