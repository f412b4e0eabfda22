import type { OrderRecord } from '@platform/contracts';
import { escapeHtml, page } from './html';

/** The sandbox 3-D Secure screen: a form posted back to its own address with a `result` button. */
export function threeDsPage(input: {
  merchantName: string;
  reference: string;
  amount: string;
  currency: string;
  lastFour: string;
  csrf: string;
  action: string;
}): string {
  return page(
    '3-D Secure doğrulama',
    `<h1>3-D Secure</h1>
<p class="muted">${escapeHtml(input.merchantName)} · ${escapeHtml(input.reference)}</p>
<p class="amount">${escapeHtml(input.amount)} ${escapeHtml(input.currency)}</p>
<p>Kart: •••• ${escapeHtml(input.lastFour)}</p>
<p class="muted">Test bankası: doğrulama sonucunu seçin.</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">
<button class="primary" type="submit" name="result" value="success">Onayla (success)</button>
<button type="submit" name="result" value="failure">Reddet (failure)</button>
<button type="submit" name="result" value="timeout">Yanıt yok (timeout)</button>
</form>`,
  );
}

const STATUS_TEXT: Record<OrderRecord['status'], string> = {
  paid: 'Ödemeniz alındı.',
  failed: 'Ödeme tamamlanamadı.',
  pending: 'Ödemeniz bankadan yanıt bekliyor. Sonuç işyerine bildirilecek.',
  requires_action: 'Doğrulama bekleniyor.',
  requires_hosted: 'Ödeme bekleniyor.',
};

/** The result screen when the merchant set no return address, or the order is not final. */
export function orderResultPage(order: OrderRecord): string {
  return page(
    'Ödeme sonucu',
    `<h1>${escapeHtml(STATUS_TEXT[order.status])}</h1>
<p class="amount">${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</p>
${order.failure_message ? `<p>${escapeHtml(order.failure_message)}</p>` : ''}
<p class="muted">Sipariş ${escapeHtml(order.order_code)}</p>`,
  );
}

export function notFoundPage(): string {
  return page('Geçersiz bağlantı', '<h1>Bu ödeme bağlantısı geçerli değil.</h1><p class="muted">Lütfen alışverişe döndüğünüz siteden yeniden deneyin.</p>');
}

export function unavailablePage(): string {
  return page('Geçici sorun', '<h1>Şu anda işleminizi tamamlayamıyoruz.</h1><p class="muted">Lütfen birkaç dakika sonra tekrar deneyin.</p>');
}

export function maintenancePage(): string {
  return page(
    'Bakım çalışması',
    '<h1>Ödemeler kısa bir bakım çalışması nedeniyle durduruldu.</h1><p class="muted">Lütfen biraz sonra bu sayfayı yenileyin; bağlantınız geçerliliğini korur.</p>',
  );
}

export function bankPendingPage(merchantName: string): string {
  return page(
    'Bankanızın yanıtı bekleniyor',
    `<h1>Bankanızın yanıtı bekleniyor.</h1><p>Ödemeniz için bankanızdan henüz yanıt gelmedi; kartınızla yeniden denemeyin.</p><p class="muted">${escapeHtml(merchantName)} · Bu sayfayı birkaç dakika sonra yenileyin.</p>`,
  );
}

export function tooManyAttemptsPage(): string {
  return page('Çok fazla deneme', '<h1>Bu bağlantıdan çok fazla kart denemesi yapıldı.</h1><p class="muted">Lütfen bir süre sonra yeniden deneyin.</p>');
}

export function forbiddenPage(): string {
  return page('Oturum süresi doldu', '<h1>Bu form artık geçerli değil.</h1><p class="muted">Sayfayı yenileyip yeniden deneyin.</p>');
}
