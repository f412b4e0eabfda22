import { randomUUID } from 'node:crypto';
import { PaymentRefunded } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { PaymentRow } from '../payments/payment.repository';
import type { ReversalRow } from './reversal.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/** payment.refunded with the spec's body, when a refund (never a void) completes. */
export async function publishRefunded(tx: SqlExecutor, reversal: ReversalRow, payment: PaymentRow, now: Date): Promise<void> {
  if (reversal.operation !== 'refund') return;
  const eventId = randomUUID();
  const occurredAt = now.toISOString();
  await outbox.append(tx, {
    event: PaymentRefunded,
    key: payment.code,
    eventId,
    payload: {
      merchant_code: payment.merchant_code,
      webhook_url: payment.webhook_url,
      body: {
        event_id: eventId,
        event_type: 'payment.refunded',
        environment: payment.environment,
        occurred_at: occurredAt,
        refund: { public_id: reversal.id, status: 'completed', amount: reversal.amount, currency_code: payment.currency_code, completed_at: occurredAt },
        payment: { public_id: payment.public_id, code: payment.code, merchant_reference: payment.merchant_reference },
        order: { public_id: payment.order_public_id },
      },
    },
  });
}
