import type { OrderRecord } from '@platform/contracts';
import { declineMessage } from '@platform/card-processing';
import type { OrderRow } from './order.repository';

const iso = (date: Date | string) => new Date(date).toISOString();

/** The order as orders-v4 answers it: the 3-D Secure page only while it is open, the hosted page only until it expires. */
export function toOrderRecord(row: OrderRow, checkoutUrl: string, now: Date): OrderRecord {
  const open = (until: Date | null) => until !== null && now.getTime() < new Date(until).getTime();
  return {
    order_code: row.order_code,
    merchant_order_id: row.merchant_order_id,
    status: row.status,
    amount: row.amount,
    currency: 'TRY',
    three_ds_url: row.status === 'requires_action' && open(row.three_ds_expires_at) ? `${checkoutUrl}/v4/3ds/${row.customer_token}` : null,
    hosted_url: row.status === 'requires_hosted' && open(row.hosted_expires_at) ? `${checkoutUrl}/v4/hosted/${row.customer_token}` : null,
    hosted_expires_at: row.hosted_expires_at ? iso(row.hosted_expires_at) : null,
    failure_reason_code: row.failure_reason_code,
    failure_message: declineMessage(row.failure_reason_code),
    card: row.card,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
    version: row.version,
  };
}
