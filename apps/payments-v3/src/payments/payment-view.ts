import type { Payment } from '@platform/contracts';
import type { PaymentRow } from './payment.repository';

/** The Payment record; an unpaid payment past `expires_at` reads as expired even before the expiry job marks it. */
export function toPayment(row: PaymentRow, checkoutUrl: string, now: Date): Payment {
  const expired = row.status === 'created' && now.getTime() >= new Date(row.expires_at).getTime();
  return {
    code: row.code,
    merchant_reference: row.merchant_reference,
    status: expired ? 'expired' : row.status,
    amount: row.amount,
    currency_code: row.currency_code,
    environment: row.environment,
    payment_url: `${checkoutUrl}/pay/${row.page_token}`,
    payment_url_kind: 'platform',
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    card: row.card,
    failure: row.status === 'paid' ? null : row.failure,
  };
}
