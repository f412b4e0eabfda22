import { randomUUID } from 'node:crypto';
import { PaymentRefundedV1 } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import type { PaymentRow } from '../payments/payment.repository';
import type { ReversalRow } from './reversal.repository';

const outbox = new OutboxWriter(DATABASE.schema);

/**
 * payment.refunded (version 1), when a refund (never a void) completes: with the refund's
 * status before (null: a sandbox refund created completed) and the payment's version, which
 * a refund does not raise (ADR 0033).
 */
export async function publishRefunded(
  tx: SqlExecutor,
  reversal: ReversalRow,
  payment: PaymentRow,
  previousStatus: ReversalRow['status'] | null,
  now: Date,
): Promise<void> {
  if (reversal.operation !== 'refund') return;
  await outbox.append(tx, {
    event: PaymentRefundedV1,
    key: payment.code,
    eventId: randomUUID(),
    occurredAt: now,
    payload: {
      refund_id: reversal.id,
      amount: reversal.amount,
      currency: payment.currency_code,
      completed_at: now.toISOString(),
      payment_code: payment.code,
      payment_public_id: payment.public_id,
      order_public_id: payment.order_public_id,
      merchant_reference: payment.merchant_reference,
      merchant_code: payment.merchant_code,
      environment: payment.environment,
      webhook_url: payment.webhook_url,
      payment_version: payment.version,
      previous_status: previousStatus,
    },
  });
}
