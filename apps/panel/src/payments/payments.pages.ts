import { ORDER_STATUSES, PAYMENT_CURRENCIES, PAYMENT_STATUSES, type OrderBody, type PaymentBody } from '@platform/contracts';
import { t, type MessageKey } from '../i18n/messages';
import { csrfField, escapeHtml, field, panelPage, scrollable, type Chrome, type FieldErrors, type Notice } from '../pages/html';
import type { ListForm } from './list-query';

type Language = Chrome['language'];
const text = (l: Language, key: MessageKey, values?: Record<string, string | number>) => escapeHtml(t(l, key, values));

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** The filter form of a list page: a GET form, so the filters are in the address and a reload or a link repeats them. */
function filterForm(l: Language, action: string, statuses: readonly string[], statusKey: (status: string) => MessageKey, form: ListForm, errors: FieldErrors) {
  const options = [{ value: '', label: t(l, 'list.anyStatus') }, ...statuses.map((status) => ({ value: status, label: t(l, statusKey(status)) }))];
  return `<section class="card" aria-labelledby="filters-h"><h2 id="filters-h">${text(l, 'list.filters')}</h2><form method="get" action="${action}" novalidate>
${field({ name: 'status', label: t(l, 'list.status'), type: 'select', value: form.status, options }, errors)}
${field({ name: 'from', label: t(l, 'list.from'), value: form.from, hint: t(l, 'list.dateHint'), inputmode: 'numeric' }, errors)}
${field({ name: 'to', label: t(l, 'list.to'), value: form.to, hint: t(l, 'list.dateHint'), inputmode: 'numeric' }, errors)}
${field({ name: 'search', label: t(l, 'list.search'), type: 'text', value: form.search, hint: t(l, 'list.searchHint') }, errors)}
${field({ name: 'per_page', label: t(l, 'list.perPage'), value: form.per_page, inputmode: 'numeric' }, errors)}
${errors.page ? `<p class="field-error" id="field-page-error">page: ${escapeHtml(errors.page.join('; '))}</p>` : ''}
<button type="submit">${text(l, 'list.apply')}</button></form><p><a href="${action}">${text(l, 'list.clear')}</a></p></section>`;
}

/** Previous / next links keeping the filters; the current page is announced. */
function pagingNav(l: Language, action: string, form: ListForm, meta: ListMeta): string {
  const link = (page: number) => {
    const query = new URLSearchParams();
    for (const name of ['status', 'from', 'to', 'search'] as const) if (form[name]) query.set(name, form[name]);
    query.set('per_page', String(meta.per_page));
    query.set('page', String(page));
    return `${action}?${query.toString()}`;
  };
  const previous = meta.page > 1 ? `<a href="${escapeHtml(link(meta.page - 1))}" rel="prev">${text(l, 'list.previous')}</a>` : '';
  const next = meta.page < meta.total_pages ? `<a href="${escapeHtml(link(meta.page + 1))}" rel="next">${text(l, 'list.next')}</a>` : '';
  return `<nav aria-label="${text(l, 'list.paging')}" class="paging"><p aria-current="page" id="page-of">${text(l, 'list.pageOf', { page: meta.page, pages: Math.max(meta.total_pages, 1), total: meta.total })}</p><p>${[previous, next].filter(Boolean).join(' · ')}</p></nav>`;
}

const when = (iso: string | null) => (iso ? escapeHtml(iso.slice(0, 16).replace('T', ' ')) + ' UTC' : '—');

export function paymentsListPage(
  chrome: Chrome,
  form: ListForm,
  page: { data: PaymentBody[]; meta: ListMeta } | undefined,
  errors: FieldErrors,
  notice?: Notice,
): string {
  const l = chrome.language;
  const rows = (page?.data ?? [])
    .map(
      (p) =>
        `<tr data-code="${escapeHtml(p.code)}"><th scope="row"><a href="/payments/${encodeURIComponent(p.code)}">${escapeHtml(p.code)}</a></th><td>${escapeHtml(p.merchant_reference ?? '—')}</td><td>${text(l, `payment.status.${p.status}`)}</td><td>${escapeHtml(p.amount)} ${escapeHtml(p.currency_code)}</td><td>${when(p.created_at)}</td><td>${when(p.paid_at)}</td></tr>`,
    )
    .join('');
  const table = listTable(
    l,
    '/payments',
    form,
    page?.meta,
    rows,
    ['field.code', 'field.reference', 'field.status', 'field.amount', 'field.created_at', 'field.paid_at'],
    'payments.none',
    'payments.title',
  );
  return panelPage(
    chrome,
    t(l, 'payments.title'),
    `${filterForm(l, '/payments', PAYMENT_STATUSES, (s) => `payment.status.${s}` as MessageKey, form, errors)}${table}`,
    notice,
  );
}

/** A page of a list with its paging, or the list's "nothing found"; nothing before the filter was read. */
function listTable(
  l: Language,
  path: string,
  form: ListForm,
  meta: ListMeta | undefined,
  rows: string,
  headers: MessageKey[],
  none: MessageKey,
  title: MessageKey,
): string {
  if (!meta) return '';
  if (!rows) return `<section class="card"><p role="status">${text(l, none)}</p></section>`;
  const head = headers.map((key) => `<th scope="col">${text(l, key)}</th>`).join('');
  return `<section class="card"><div class="table-wrap" ${scrollable(t(l, title))}><table><caption class="hint">${text(l, 'list.caption')}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${pagingNav(l, path, form, meta)}</section>`;
}

export function ordersListPage(
  chrome: Chrome,
  form: ListForm,
  page: { data: OrderBody[]; meta: ListMeta } | undefined,
  errors: FieldErrors,
  notice?: Notice,
): string {
  const l = chrome.language;
  const rows = (page?.data ?? [])
    .map(
      (o) =>
        `<tr data-merchant-order-id="${escapeHtml(o.merchant_order_id)}"><th scope="row"><a href="/orders/${encodeURIComponent(o.merchant_order_id)}">${escapeHtml(o.merchant_order_id)}</a></th><td>${escapeHtml(o.order_code)}</td><td>${text(l, `order.status.${o.status}`)}</td><td>${escapeHtml(o.amount)} ${escapeHtml(o.currency)}</td><td>${when(o.created_at)}</td><td>${when(o.completed_at)}</td></tr>`,
    )
    .join('');
  const table = listTable(
    l,
    '/orders',
    form,
    page?.meta,
    rows,
    ['field.merchant_order_id', 'field.order_code', 'field.status', 'field.amount', 'field.created_at', 'field.completed_at'],
    'orders.none',
    'orders.title',
  );
  return panelPage(
    chrome,
    t(l, 'orders.title'),
    `${filterForm(l, '/orders', ORDER_STATUSES, (s) => `order.status.${s}` as MessageKey, form, errors)}${table}`,
    notice,
  );
}

/**
 * Every field of an API object as a definition list: the value exactly as the API answers it
 * (`data-field` names its path), a translated label, — for null, addresses as links.
 */
function fieldList(l: Language, object: Record<string, unknown>, translate: Record<string, (value: string) => string> = {}, prefix = ''): string {
  const items = Object.entries(object).map(([name, value]) => {
    const path = `${prefix}${name}`;
    const label = escapeHtml(t(l, `field.${path}` as MessageKey));
    if (value !== null && typeof value === 'object')
      return `<dt>${label}</dt><dd>${fieldList(l, value as Record<string, unknown>, translate, `${path}.`)}</dd>`;
    const raw = value === null ? '' : String(value);
    const shown =
      value === null
        ? `<span aria-label="${text(l, 'field.none')}">—</span>`
        : /^https?:\/\//.test(raw)
          ? `<a href="${escapeHtml(raw)}">${escapeHtml(raw)}</a>`
          : translate[path]
            ? `${escapeHtml(translate[path](raw))} (<code>${escapeHtml(raw)}</code>)`
            : `<code>${escapeHtml(raw)}</code>`;
    return `<dt>${label}</dt><dd data-field="${escapeHtml(path)}" data-value="${escapeHtml(raw)}"${value === null ? ' data-null="true"' : ''}>${shown}</dd>`;
  });
  return `<dl class="fields">${items.join('')}</dl>`;
}

export function paymentFields(l: Language, payment: PaymentBody): string {
  return fieldList(l, payment as unknown as Record<string, unknown>, {
    status: (value) => t(l, `payment.status.${value}` as MessageKey),
    environment: (value) => t(l, `env.${value}` as MessageKey),
  });
}

export function paymentDetailPage(chrome: Chrome, payment: PaymentBody): string {
  const l = chrome.language;
  return panelPage(
    chrome,
    t(l, 'payments.detailTitle', { code: payment.code }),
    `<section class="card">${paymentFields(l, payment)}</section><p><a href="/payments">${text(l, 'list.back')}</a></p>`,
  );
}

export function orderDetailPage(chrome: Chrome, order: OrderBody): string {
  const l = chrome.language;
  const fields = fieldList(l, order as unknown as Record<string, unknown>, { status: (value) => t(l, `order.status.${value}` as MessageKey) });
  return panelPage(
    chrome,
    t(l, 'orders.detailTitle', { id: order.merchant_order_id }),
    `<section class="card">${fields}</section><p><a href="/orders">${text(l, 'list.back')}</a></p>`,
  );
}

export interface SandboxForm {
  amount: string;
  currency_code: string;
  merchant_reference: string;
  idempotency_key: string;
}

export interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempt_count: number;
  last_status_code: number | null;
  last_error_message: string | null;
  created_at: string;
  delivered_at: string | null;
}

export function sandboxPage(
  chrome: Chrome,
  canCreate: boolean,
  form: SandboxForm,
  shown?: { payment: PaymentBody; deliveries: Delivery[] },
  errors: FieldErrors = {},
  notice?: Notice,
): string {
  const l = chrome.language;
  if (chrome.environment !== 'sandbox')
    return panelPage(chrome, t(l, 'sandbox.title'), `<section class="card"><p role="note">${text(l, 'sandbox.onlySandbox')}</p></section>`, notice);
  const fields = [
    field(
      { name: 'amount', label: t(l, 'sandbox.amount'), value: form.amount, hint: t(l, 'sandbox.amountHint'), inputmode: 'decimal', required: true },
      errors,
    ),
    field(
      {
        name: 'currency_code',
        label: t(l, 'sandbox.currency'),
        type: 'select',
        value: form.currency_code,
        options: PAYMENT_CURRENCIES.map((currency) => ({ value: currency, label: currency })),
      },
      errors,
    ),
    field({ name: 'merchant_reference', label: t(l, 'sandbox.reference'), value: form.merchant_reference }, errors),
  ].join('\n');
  const create = canCreate
    ? `<form method="post" action="/sandbox" novalidate>${csrfField(chrome.csrf)}<input type="hidden" name="idempotency_key" value="${escapeHtml(form.idempotency_key)}">${fields}<button type="submit">${text(l, 'sandbox.create')}</button></form>`
    : `<p class="notice error" role="note">${escapeHtml(t(l, 'forbidden', { role: t(l, `role.${chrome.role}`) }))}</p><fieldset disabled style="border:0;padding:0">${fields}</fieldset>`;
  let result = '';
  if (shown) {
    const { payment, deliveries } = shown;
    const rows = deliveries
      .map(
        (d) =>
          `<tr data-delivery-id="${escapeHtml(d.id)}"><th scope="row">${escapeHtml(d.event)}</th><td data-status="${d.status}">${text(l, `delivery.status.${d.status}`)}</td><td>${d.attempt_count}</td><td>${escapeHtml(d.last_status_code ?? '—')}</td><td>${escapeHtml(d.last_error_message ?? '—')}</td><td>${when(d.created_at)}</td><td>${when(d.delivered_at)}</td></tr>`,
      )
      .join('');
    const deliveriesHtml = deliveries.length
      ? `<div class="table-wrap" ${scrollable(t(l, 'sandbox.deliveries'))}><table><thead><tr><th scope="col">${text(l, 'delivery.event')}</th><th scope="col">${text(l, 'delivery.status')}</th><th scope="col">${text(l, 'delivery.attempts')}</th><th scope="col">${text(l, 'delivery.lastStatusCode')}</th><th scope="col">${text(l, 'delivery.lastError')}</th><th scope="col">${text(l, 'delivery.created')}</th><th scope="col">${text(l, 'delivery.delivered')}</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : `<p>${text(l, 'sandbox.noDeliveries')}</p>`;
    result = `<section class="card" aria-labelledby="payment-h" id="sandbox-payment"><h2 id="payment-h">${text(l, 'sandbox.payment')} <code>${escapeHtml(payment.code)}</code></h2>
<p><a id="payment-url" href="${escapeHtml(payment.payment_url)}">${text(l, 'sandbox.open')}</a></p>
<p>${text(l, 'field.status')}: <strong id="payment-status">${text(l, `payment.status.${payment.status}`)}</strong> · <a href="/payments/${encodeURIComponent(payment.code)}">${text(l, 'sandbox.details')}</a></p></section>
<section class="card" aria-labelledby="deliveries-h" id="deliveries"><h2 id="deliveries-h">${text(l, 'sandbox.deliveries')}</h2>${deliveriesHtml}<p><a href="/sandbox?payment=${encodeURIComponent(payment.code)}">${text(l, 'sandbox.refresh')}</a></p></section>`;
  }
  return panelPage(
    chrome,
    t(l, 'sandbox.title'),
    `${result}<section class="card" aria-labelledby="create-h"><h2 id="create-h">${text(l, 'sandbox.create')}</h2><p>${text(l, 'sandbox.intro')}</p>${create}</section>`,
    notice,
  );
}
