import type { PaymentPage } from '@platform/contracts';
import { escapeHtml, page } from './html';

/**
 * The end of a v3 payment: paid or expired. The button leads to the merchant's return
 * address; nothing redirects by itself (the spec).
 */
export function paymentResultPage(view: PaymentPage): string {
  const { payment } = view;
  const paid = payment.status === 'paid';
  const heading = paid ? 'Ödemeniz alındı.' : 'Bu ödeme bağlantısının süresi doldu.';
  const detail = paid
    ? `<p>Kart: •••• ${escapeHtml(payment.card?.last_four ?? '')}</p>`
    : '<p class="muted">Ödeme yapılmadı. Yeni bir ödeme için lütfen alışveriş yaptığınız siteye dönün.</p>';
  const button = view.return_url
    ? `<p><a class="button primary" href="${escapeHtml(view.return_url)}">${escapeHtml(view.merchant_name)} sitesine dön</a></p>`
    : '';
  return page(
    paid ? 'Ödeme alındı' : 'Süresi dolmuş ödeme',
    `<h1>${heading}</h1>
<p class="muted">${escapeHtml(view.merchant_name)} · Ödeme kodu ${escapeHtml(payment.payment_code)}</p>
<p class="amount">${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</p>
${detail}
${button}`,
  );
}
