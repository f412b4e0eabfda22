import { randomUUID } from 'node:crypto';
import { OrderFailedV1, OrderSucceededV1, type OrderFinishedV1, type OrderStatus } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { declineMessage } from '@platform/card-processing';
import type { MovedOrder, OrderRow } from './order.repository';
import { reportedFailureCode } from './return-address';

const outbox = new OutboxWriter(DATABASE.schema);

/**
 * The facts of a finished order, as its domain event carries them: with the version the change
 * wrote and the status it left (null: the order was created paid or failed), ADR 0033.
 */
export function toOrderFinished(row: OrderRow & { status: 'paid' | 'failed' }, previousStatus: OrderStatus | null): OrderFinishedV1 {
  const reason = row.failure_reason_code;
  return {
    order_code: row.order_code,
    merchant_order_id: row.merchant_order_id,
    merchant_code: row.merchant_code,
    environment: row.environment,
    status: row.status,
    amount: row.amount,
    currency: 'TRY',
    card: row.card,
    three_d: row.three_d ?? row.mode === 'direct',
    // A failed order with no reason had no payment attempted on it: the merchant is told no failure (ADR 0045).
    failure: row.status === 'failed' && reason !== null ? { code: reportedFailureCode(reason)!, reason_code: reason, message: declineMessage(reason)! } : null,
    version: row.version,
    previous_status: previousStatus,
  };
}

/** An order paid or failed has its outcome event published with the change. */
export function finishedStatus(status: OrderRow['status']): boolean {
  return status === 'paid' || status === 'failed';
}

/**
 * Publishes checkout.order.succeeded or .failed (version 1) in the transaction that finished the
 * order: a move's row carries the status it left, a new order's has none.
 */
export async function publishOutcome(tx: SqlExecutor, row: OrderRow | MovedOrder): Promise<void> {
  if (!finishedStatus(row.status)) return;
  const finished = row as OrderRow & { status: 'paid' | 'failed' };
  await outbox.append(tx, {
    event: finished.status === 'paid' ? OrderSucceededV1 : OrderFailedV1,
    key: row.order_code,
    eventId: randomUUID(),
    payload: toOrderFinished(finished, 'previous_status' in row ? row.previous_status : null),
  });
}
