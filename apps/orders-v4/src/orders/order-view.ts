import type { Order } from '@platform/contracts';
import { declineMessage } from '@platform/card-processing';
import type { OrderRow } from './order.repository';

/** ISO 8601 with the +00:00 offset the spec shows. */
export function isoUtc(date: Date | string): string {
  return new Date(date).toISOString().replace('Z', '+00:00');
}

/**
 * The Order object: `redirect_url` only while 3-D Secure is open, `hosted_url` only
 * until `hosted_expires_at`.
 */
export function toOrder(row: OrderRow, checkoutUrl: string, now: Date): Order {
  const open = (until: Date | null) => until !== null && now.getTime() < new Date(until).getTime();
  return {
    order_code: row.order_code,
    merchant_order_id: row.merchant_order_id,
    status: row.status,
    amount: row.amount,
    currency: 'TRY',
    redirect_url: row.status === 'requires_action' && open(row.three_ds_expires_at) ? `${checkoutUrl}/v4/3ds/${row.customer_token}` : null,
    hosted_url: row.status === 'requires_hosted' && open(row.hosted_expires_at) ? `${checkoutUrl}/v4/hosted/${row.customer_token}` : null,
    hosted_expires_at: row.hosted_expires_at ? isoUtc(row.hosted_expires_at) : null,
    failure_reason_code: row.failure_reason_code,
    failure_message: declineMessage(row.failure_reason_code),
    card: row.card,
    created_at: isoUtc(row.created_at),
    completed_at: row.completed_at ? isoUtc(row.completed_at) : null,
  };
}
