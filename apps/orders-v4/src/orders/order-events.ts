import { randomUUID } from 'node:crypto';
import { OrderFailed, OrderSucceeded, type OrderOutcome } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { declineMessage } from '@platform/card-processing';
import type { OrderRow } from './order.repository';
import { reportedFailureCode } from './return-address';

const outbox = new OutboxWriter(DATABASE.schema);

/** The webhook body of a finished order. */
export function toOutcome(row: OrderRow & { status: 'paid' | 'failed' }, eventId: string): OrderOutcome {
  const failed = row.status === 'failed';
  const reason = row.failure_reason_code ?? 'payment_declined';
  return {
    schema_version: 3,
    event_id: eventId,
    event_type: failed ? 'checkout.order.failed' : 'checkout.order.succeeded',
    environment: row.environment,
    order: { code: row.order_code, merchant_order_id: row.merchant_order_id, status: row.status, amount: row.amount, currency: 'TRY' },
    merchant: { code: row.merchant_code },
    payment_details: {
      card: row.card ? { ...row.card, issuer_bank_code: null, installment_count: 1, three_d: row.mode === 'direct' } : null,
    },
    ...(failed ? { failure_code: reportedFailureCode(reason)!, failure_reason_code: reason, failure_message: declineMessage(reason)! } : {}),
  };
}

/** Publishes checkout.order.succeeded or .failed in the transaction that finished the order. */
export async function publishOutcome(tx: SqlExecutor, row: OrderRow): Promise<void> {
  if (row.status !== 'paid' && row.status !== 'failed') return;
  const eventId = randomUUID();
  const finished = row as OrderRow & { status: 'paid' | 'failed' };
  await outbox.append(tx, { event: finished.status === 'paid' ? OrderSucceeded : OrderFailed, key: row.order_code, eventId, payload: toOutcome(finished, eventId) });
}
