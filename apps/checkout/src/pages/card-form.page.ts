import { escapeHtml, page } from './html';

const ATTEMPT_MESSAGES: Record<string, string> = {
  card_details_invalid: 'Kart numarası geçersiz. Lütfen kontrol edip tekrar deneyin.',
  card_expiry_invalid: 'Son kullanma tarihi geçersiz.',
  insufficient_funds: 'Kartınızın bakiyesi veya limiti yetersiz. Başka bir kartla deneyebilirsiniz.',
  payment_declined: 'Ödeme bankanız tarafından onaylanmadı. Başka bir kartla deneyebilirsiniz.',
  payment_timed_out: 'Bankanızdan zamanında yanıt alınamadı. Lütfen tekrar deneyin.',
  form_invalid: 'Lütfen kart bilgilerini eksiksiz girin.',
};

export function attemptMessage(reason: string): string {
  return ATTEMPT_MESSAGES[reason] ?? ATTEMPT_MESSAGES.payment_declined!;
}

/**
 * The card form of the hosted page and the payment page (fields of ARCHITECTURE.md):
 * works without JavaScript and posts back to its own address.
 */
export function cardFormPage(input: {
  merchantName: string;
  reference: string;
  amount: string;
  currency: string;
  csrf: string;
  action: string;
  /** Where the form opens its answer; `_top` leaves a merchant's frame. */
  target?: '_top' | null;
  notice?: string | null;
  leave?: { href: string; label: string } | null;
}): string {
  const notice = input.notice ? `<p role="alert">${escapeHtml(input.notice)}</p>` : '';
  const field = (name: string, label: string, attributes: string) =>
    `<p><label>${escapeHtml(label)}<br><input name="${name}" ${attributes} required></label></p>`;
  const leave = input.leave ? `<p><a href="${escapeHtml(input.leave.href)}">${escapeHtml(input.leave.label)}</a></p>` : '';
  return page(
    'Kartla ödeme',
    `<h1>Kartla ödeme</h1>
<p class="muted">${escapeHtml(input.merchantName)} · ${escapeHtml(input.reference)}</p>
<p class="amount">${escapeHtml(input.amount)} ${escapeHtml(input.currency)}</p>
${notice}
<form method="post" action="${escapeHtml(input.action)}"${input.target ? ` target="${input.target}"` : ''} autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
${field('holder_name', 'Kart üzerindeki isim', 'autocomplete="cc-name" maxlength="120"')}
${field('number', 'Kart numarası', 'autocomplete="cc-number" inputmode="numeric" maxlength="19"')}
${field('expiry_month', 'Ay (AA)', 'autocomplete="cc-exp-month" inputmode="numeric" maxlength="2"')}
${field('expiry_year', 'Yıl (YY)', 'autocomplete="cc-exp-year" inputmode="numeric" maxlength="2"')}
${field('cvv', 'CVV', 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"')}
<button class="primary" type="submit">Öde</button>
</form>
${leave}`,
  );
}
