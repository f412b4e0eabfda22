import type { PaymentRecord } from '@platform/contracts';

/**
 * The merchant's return address with the payment's `code`, `status` and, when the merchant
 * sent one, `merchant_reference` in its query; the merchant's own parameters stay.
 */
export function resultAddress(returnUrl: string | null, payment: PaymentRecord): string | null {
  if (!returnUrl) return null;
  const url = new URL(returnUrl);
  url.searchParams.set('code', payment.payment_code);
  url.searchParams.set('status', payment.status);
  if (payment.merchant_reference !== null) url.searchParams.set('merchant_reference', payment.merchant_reference);
  else url.searchParams.delete('merchant_reference');
  return url.toString();
}
