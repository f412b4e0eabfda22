import { randomBytes, randomUUID } from 'node:crypto';
import type { NewPaymentRow } from './payment.repository';

/** A new TRY payment of 12.50 with a random code, expiring in an hour, for specs; `overrides` change any column. */
export function newPaymentRow(overrides: Partial<NewPaymentRow> = {}): NewPaymentRow {
  return {
    code: randomBytes(6).toString('hex'),
    merchant_reference: null,
    amount: '12.50',
    currency_code: 'TRY',
    merchant_name: 'Shop',
    webhook_url: null,
    return_url: null,
    page_token: randomUUID(),
    created_at: new Date(),
    expires_at: new Date(Date.now() + 3_600_000),
    ...overrides,
  };
}
