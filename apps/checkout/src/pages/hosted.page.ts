import type { Order } from '@platform/contracts';
import { escapeHtml, page } from './html';

const ATTEMPT_MESSAGES: Record<string, string> = {
  card_details_invalid: 'Kart numarası geçersiz. Lütfen kontrol edip tekrar deneyin.',
  card_expiry_invalid: 'Son kullanma tarihi geçersiz.',
  insufficient_funds: 'Kartınızın bakiyesi veya limiti yetersiz. Başka bir kartla deneyebilirsiniz.',
  payment_declined: 'Ödeme bankanız tarafından onaylanmadı. Başka bir kartla deneyebilirsiniz.',
  form_invalid: 'Lütfen kart bilgilerini eksiksiz girin.',
};

/** The hosted card form: works without JavaScript, posts back to its own address. */
export function hostedPage(input: { order: Order; merchantName: string; csrf: string; action: string; attemptFailure?: string | null }): string {
  const { order } = input;
  const failure = input.attemptFailure ? `<p role="alert">${escapeHtml(ATTEMPT_MESSAGES[input.attemptFailure] ?? ATTEMPT_MESSAGES.payment_declined)}</p>` : '';
  const field = (name: string, label: string, attributes: string) =>
    `<p><label>${escapeHtml(label)}<br><input name="${name}" ${attributes} required></label></p>`;
  return page(
    'Kartla ödeme',
    `<h1>Kartla ödeme</h1>
<p class="muted">${escapeHtml(input.merchantName)} · Sipariş ${escapeHtml(order.order_code)}</p>
<p class="amount">${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</p>
${failure}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
${field('holder_name', 'Kart üzerindeki isim', 'autocomplete="cc-name" maxlength="120"')}
${field('number', 'Kart numarası', 'autocomplete="cc-number" inputmode="numeric" maxlength="19"')}
${field('expiry_month', 'Ay (AA)', 'autocomplete="cc-exp-month" inputmode="numeric" maxlength="2"')}
${field('expiry_year', 'Yıl (YY)', 'autocomplete="cc-exp-year" inputmode="numeric" maxlength="2"')}
${field('cvv', 'CVV', 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"')}
<button class="primary" type="submit">Öde</button>
</form>`,
  );
}
