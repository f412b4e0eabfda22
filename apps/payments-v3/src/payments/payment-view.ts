import type { PaymentRecord } from '@platform/contracts';
import type { PaymentRow } from './payment.repository';

/**
 * The payment as payments-v3 answers it; an unpaid payment past `expires_at` reads as expired
 * even before the expiry job marks it, unless a bank's answer about its card is awaited (it may
 * be paid yet, and nothing leaves expired). `version` is the stored one: reading a payment as
 * expired is not a change, the expiry job's is (ADR 0033).
 */
export function toPaymentRecord(row: PaymentRow, checkoutUrl: string, now: Date): PaymentRecord {
  const expired = row.status === 'created' && !row.awaiting_bank && now.getTime() >= new Date(row.expires_at).getTime();
  return {
    payment_code: row.code,
    merchant_reference: row.merchant_reference,
    status: expired ? 'expired' : row.status,
    amount: row.amount,
    currency: row.currency_code,
    environment: row.environment,
    page_url: `${checkoutUrl}/pay/${row.page_token}`,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    card: row.card,
    failure: row.status === 'paid' ? null : row.failure,
    version: row.version,
  };
}
