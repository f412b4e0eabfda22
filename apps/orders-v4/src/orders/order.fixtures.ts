import { randomInt, randomUUID } from 'node:crypto';
import type { NewOrder } from './order.repository';

/** A new order for repository tests: unique ids and token, no card, the given fields over it. */
export function newOrderFixture(fields: Partial<NewOrder> = {}): NewOrder {
  return {
    merchant_order_id: `ord-${randomUUID()}`,
    order_code: String(randomInt(100_000_000, 1_000_000_000)),
    request_fingerprint: randomUUID(),
    mode: 'hosted',
    status: 'requires_hosted',
    amount: '75.00',
    card: null,
    card_fingerprint: null,
    customer_token: randomUUID(),
    three_ds_expires_at: null,
    hosted_expires_at: null,
    failure_reason_code: null,
    processor: null,
    processor_state: null,
    bank_page: null,
    completed_at: null,
    ...fields,
  };
}
