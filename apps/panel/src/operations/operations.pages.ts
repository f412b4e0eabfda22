import type { z } from 'zod';
import type { Dispute, Reversal, Withdrawal } from '@platform/contracts';
import {
  DISPUTE_STATUSES,
  REFUND_SCENARIOS,
  REVERSAL_STATUSES,
  WITHDRAWAL_SCENARIOS,
  WEBHOOK_DELIVERY_STATUSES,
  WITHDRAWAL_STATUSES,
  type PaginationMetaSchema,
  type WebhookDeliveryDetailSchema,
  type WebhookDeliverySchema,
} from '@platform/contracts';
import { t, type MessageKey } from '../i18n/messages';
import { csrfField, escapeHtml, field, panelPage, scrollable, type Chrome, type FieldErrors, type Notice } from '../pages/html';

export type PageMeta = z.infer<typeof PaginationMetaSchema>;
export type Delivery = z.infer<typeof WebhookDeliverySchema>;
export type DeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>;

/** A list as the API answers it, and the filter it was asked with (as typed, for the form). */
export interface Listing<T> {
  data: T[];
  meta: PageMeta;
  filter: Record<string, string>;
  /** The API's refusal of the filter, by parameter name (the list is then empty). */
  errors?: FieldErrors;
}

/** What every operation form carries besides its fields: the Idempotency-Key it was drawn with and the environment it was filled in for. */
export interface FormState<F> {
  values: F;
  idempotencyKey: string;
  errors?: FieldErrors;
}

const text = (chrome: Chrome, key: MessageKey, values?: Record<string, string | number>) => escapeHtml(t(chrome.language, key, values));
const when = (iso: string | null | undefined) => (iso ? `${escapeHtml(iso.slice(0, 19).replace('T', ' '))} UTC` : '—');
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : escapeHtml(value));
const amountOf = (amount: string, currency: string) => `${escapeHtml(amount)} ${escapeHtml(currency)}`;

/** The fields that make a form one request: the session's CSRF token, its Idempotency-Key and the environment it is for. */
function requestFields(chrome: Chrome, idempotencyKey: string): string {
  return `${csrfField(chrome.csrf)}<input type="hidden" name="idempotency_key" value="${escapeHtml(idempotencyKey)}"><input type="hidden" name="environment" value="${chrome.environment}">`;
}

function readOnly(chrome: Chrome): string {
  return `<p class="notice error" role="note">${text(chrome, 'ops.readOnly', { role: t(chrome.language, `role.${chrome.role}`) })}</p>`;
}

/**
 * The sandbox's outcome for a request (the API's X-CAV-Sandbox-Scenario), offered in sandbox
 * only: the first value is the API's default, sent as no header at all.
 */
function scenarioField(chrome: Chrome, allowed: readonly string[], label: (value: string) => string, value: string, errors: FieldErrors): string {
  if (chrome.environment !== 'sandbox' && !errors.scenario) return '';
  const l = chrome.language;
  const options = [
    { value: '', label: t(l, 'ops.scenario.default', { outcome: label(allowed[0]!) }) },
    ...allowed.slice(1).map((v) => ({ value: v, label: label(v) })),
  ];
  return field({ name: 'scenario', label: t(l, 'ops.scenario'), type: 'select', value, hint: t(l, 'ops.scenarioHint'), options }, errors);
}

/** Label and value pairs; values are HTML already escaped. */
function facts(pairs: Array<[string, string]>, id?: string): string {
  return `<dl class="facts"${id ? ` id="${id}"` : ''}>${pairs.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** A checkbox with its label, and the API's errors for it tied to it as for every field. */
function checkbox(spec: { name: string; label: string; checked: boolean }, errors: FieldErrors = {}): string {
  const id = `field-${spec.name}`;
  const messages = errors[spec.name] ?? [];
  const error = messages.length ? `<p class="field-error" id="${id}-error">${escapeHtml(`${spec.label}: ${messages.join('; ')}`)}</p>` : '';
  return `<p class="check"><input type="checkbox" id="${id}" name="${spec.name}" value="true"${spec.checked ? ' checked' : ''}${messages.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}><label for="${id}" style="margin:0">${escapeHtml(spec.label)}</label></p>${error}`;
}

/** A filter's select, apart from the request form's fields (ids `filter-…`), with the API's refusal of its value next to it. */
function filterSelect(spec: { name: string; label: string; value: string; options: Array<{ value: string; label: string }> }, errors: FieldErrors): string {
  const id = `filter-${spec.name}`;
  const messages = errors[spec.name] ?? [];
  const options = spec.options
    .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === spec.value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
    .join('');
  const error = messages.length ? `<p class="field-error" id="${id}-error">${escapeHtml(`${spec.label}: ${messages.join('; ')}`)}</p>` : '';
  return `<div><label for="${id}">${escapeHtml(spec.label)}</label><select id="${id}" name="${spec.name}"${messages.length ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${options}</select>${error}</div>`;
}

function filterForm(
  chrome: Chrome,
  action: string,
  listing: Listing<unknown>,
  selects: Array<{ name: string; label: string; options: Array<{ value: string; label: string }> }>,
): string {
  const l = chrome.language;
  const errors = listing.errors ?? {};
  const perPage = listing.filter.per_page ?? String(listing.meta.per_page || 20);
  const sizes = [...new Set(['10', '20', '50', '100', perPage])].map((value) => ({ value, label: value }));
  const fields = selects.map((select) =>
    filterSelect({ ...select, value: listing.filter[select.name] ?? '', options: [{ value: '', label: t(l, 'ops.filter.all') }, ...select.options] }, errors),
  );
  fields.push(filterSelect({ name: 'per_page', label: t(l, 'ops.perPage'), value: perPage, options: sizes }, errors));
  // A page out of range is the API's refusal too; it has no field of its own.
  const pageError = errors.page ? `<p class="field-error" role="alert">${escapeHtml(`page: ${errors.page.join('; ')}`)}</p>` : '';
  return `<section class="card" aria-labelledby="filter-h"><h2 id="filter-h">${text(chrome, 'ops.filter')}</h2><form method="get" action="${action}" class="filters">${fields.join('')}<div><button type="submit">${text(chrome, 'ops.filter.apply')}</button></div></form>${pageError}</section>`;
}

function pager(chrome: Chrome, action: string, listing: Listing<unknown>): string {
  const { page, total, total_pages } = listing.meta;
  const link = (target: number) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(listing.filter)) if (value !== '' && name !== 'page') query.set(name, value);
    query.set('page', String(target));
    return `${action}?${query.toString()}`;
  };
  const previous = page > 1 ? `<a rel="prev" href="${escapeHtml(link(page - 1))}">${text(chrome, 'ops.previous')}</a>` : '';
  const next = page < total_pages ? `<a rel="next" href="${escapeHtml(link(page + 1))}">${text(chrome, 'ops.next')}</a>` : '';
  return `<nav class="pager" aria-label="${text(chrome, 'ops.pages')}">${previous}<span>${text(chrome, 'ops.pageOf', { page, pages: Math.max(total_pages, 1), total })}</span>${next}</nav>`;
}

function table(chrome: Chrome, caption: string, headers: string[], rows: string[]): string {
  if (rows.length === 0) return `<p>${text(chrome, 'ops.none')}</p>`;
  return `<div class="table-wrap" ${scrollable(caption)}><table class="list"><caption class="hint">${escapeHtml(caption)}</caption><thead><tr>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** The row header: a short id linking to the detail, named in full for screen readers. */
function idCell(chrome: Chrome, path: string, id: string): string {
  return `<th scope="row"><a href="${path}/${escapeHtml(id)}" aria-label="${text(chrome, 'ops.detailsOf', { id })}"><code>${escapeHtml(id.slice(0, 8))}</code></a></th>`;
}

export function listSection(chrome: Chrome, action: string, listing: Listing<unknown>, caption: string, headers: string[], rows: string[]): string {
  return `<section class="card" aria-labelledby="list-h"><h2 id="list-h">${escapeHtml(caption)}</h2>${table(chrome, caption, headers, rows)}${pager(chrome, action, listing)}</section>`;
}

const backLink = (chrome: Chrome, path: string) => `<p><a href="${path}">${text(chrome, 'ops.back')}</a></p>`;

// Refunds and voids

export function reversalFacts(chrome: Chrome, reversal: Reversal, id?: string): string {
  const l = chrome.language;
  return facts(
    [
      [t(l, 'ops.id'), `<code>${escapeHtml(reversal.id)}</code>`],
      [t(l, 'refunds.operation'), text(chrome, `refunds.operation.${reversal.operation}`)],
      [t(l, 'ops.status'), `<span data-field="status">${text(chrome, `refunds.status.${reversal.status}`)}</span>`],
      [t(l, 'ops.amount'), amountOf(reversal.amount, reversal.currency)],
      [t(l, 'ops.paymentCode'), `<code>${orDash(reversal.payment_code)}</code>`],
      [t(l, 'ops.reason'), escapeHtml(reversal.reason)],
      [t(l, 'refunds.providerReference'), orDash(reversal.provider_reference)],
      [t(l, 'refunds.providerRefundedAt'), when(reversal.provider_refunded_at)],
      [t(l, 'ops.created'), when(reversal.created_at)],
      [t(l, 'ops.updated'), when(reversal.updated_at)],
      [t(l, 'ops.environment'), text(chrome, `env.${reversal.environment}`)],
    ],
    id,
  );
}

export function refundsPage(
  chrome: Chrome,
  listing: Listing<Reversal>,
  canAct: boolean,
  form: FormState<{ payment_code: string; operation_type: string; reason: string; scenario: string }>,
  notice?: Notice,
  accepted?: Reversal,
): string {
  const l = chrome.language;
  const errors = form.errors ?? {};
  const rows = listing.data.map(
    (reversal) =>
      `<tr data-id="${escapeHtml(reversal.id)}">${idCell(chrome, '/refunds', reversal.id)}<td>${text(chrome, `refunds.operation.${reversal.operation}`)}</td><td>${text(chrome, `refunds.status.${reversal.status}`)}</td><td>${amountOf(reversal.amount, reversal.currency)}</td><td><code>${orDash(reversal.payment_code)}</code></td><td>${when(reversal.created_at)}</td></tr>`,
  );
  const result = accepted
    ? `<section class="card" aria-labelledby="accepted-h"><h2 id="accepted-h">${text(chrome, 'refunds.detailTitle', { id: accepted.id })}</h2>${reversalFacts(chrome, accepted, 'accepted')}</section>`
    : '';
  const request = canAct
    ? `<form method="post" action="/refunds" novalidate>${requestFields(chrome, form.idempotencyKey)}
${field({ name: 'payment_code', label: t(l, 'ops.paymentCode'), value: form.values.payment_code, hint: t(l, 'refunds.paymentCodeHint'), required: true, autocomplete: 'off' }, errors)}
${field(
  {
    name: 'operation_type',
    label: t(l, 'refunds.operation'),
    type: 'select',
    value: form.values.operation_type,
    options: (['refund', 'void'] as const).map((value) => ({ value, label: t(l, `refunds.operation.${value}`) })),
  },
  errors,
)}
${field({ name: 'reason', label: t(l, 'ops.reason'), type: 'textarea', value: form.values.reason, hint: t(l, 'refunds.reasonHint'), required: true }, errors)}
${scenarioField(chrome, REFUND_SCENARIOS, (value) => t(l, `refunds.status.${value as 'completed'}`), form.values.scenario, errors)}
<div><button type="submit">${text(chrome, 'refunds.submit')}</button></div></form>`
    : readOnly(chrome);
  const filter = filterForm(chrome, '/refunds', listing, [
    { name: 'status', label: t(l, 'ops.status'), options: REVERSAL_STATUSES.map((value) => ({ value, label: t(l, `refunds.status.${value}`) })) },
    {
      name: 'operation_type',
      label: t(l, 'refunds.operation'),
      options: (['refund', 'void'] as const).map((value) => ({ value, label: t(l, `refunds.operation.${value}`) })),
    },
  ]);
  return panelPage(
    chrome,
    t(l, 'refunds.title'),
    `${result}<section class="card" aria-labelledby="request-h" id="request"><h2 id="request-h">${text(chrome, 'refunds.request')}</h2><p>${text(chrome, 'refunds.intro')}</p>${request}</section>
${filter}${listSection(chrome, '/refunds', listing, t(l, 'refunds.title'), [t(l, 'ops.id'), t(l, 'refunds.operation'), t(l, 'ops.status'), t(l, 'ops.amount'), t(l, 'ops.paymentCode'), t(l, 'ops.created')], rows)}`,
    notice,
  );
}

export function refundDetailPage(chrome: Chrome, reversal: Reversal): string {
  return panelPage(
    chrome,
    t(chrome.language, 'refunds.detailTitle', { id: reversal.id }),
    `<section class="card">${reversalFacts(chrome, reversal)}</section>${backLink(chrome, '/refunds')}`,
  );
}

// Withdrawals

export function withdrawalFacts(chrome: Chrome, withdrawal: Withdrawal, id?: string): string {
  const l = chrome.language;
  return facts(
    [
      [t(l, 'ops.id'), `<code>${escapeHtml(withdrawal.id)}</code>`],
      [t(l, 'ops.status'), `<span data-field="status">${text(chrome, `withdrawals.status.${withdrawal.status}`)}</span>`],
      [t(l, 'ops.amount'), amountOf(withdrawal.amount, withdrawal.currency)],
      [t(l, 'withdrawals.usdtAmount'), escapeHtml(withdrawal.usdt_amount)],
      [t(l, 'withdrawals.address'), `<code>${escapeHtml(withdrawal.address)}</code>`],
      [t(l, 'withdrawals.txHash'), `<code data-field="tx_hash">${orDash(withdrawal.tx_hash)}</code>`],
      [t(l, 'withdrawals.rejectionReason'), orDash(withdrawal.rejection_reason)],
      [t(l, 'withdrawals.requestedAt'), when(withdrawal.requested_at)],
      [t(l, 'withdrawals.processedAt'), when(withdrawal.processed_at)],
      [t(l, 'ops.environment'), text(chrome, `env.${withdrawal.environment}`)],
    ],
    id,
  );
}

export function withdrawalDetailPage(chrome: Chrome, withdrawal: Withdrawal): string {
  return panelPage(
    chrome,
    t(chrome.language, 'withdrawals.detailTitle', { id: withdrawal.id }),
    `<section class="card">${withdrawalFacts(chrome, withdrawal)}</section>${backLink(chrome, '/withdrawals')}`,
  );
}

export interface WithdrawalHints {
  currency: string;
  min: string;
  daily: string;
  withdrawable: string;
}

export function withdrawalsPage(
  chrome: Chrome,
  listing: Listing<Withdrawal>,
  canAct: boolean,
  hints: WithdrawalHints,
  form: FormState<{ amount: string; address: string; address_acknowledged: boolean; scenario: string }>,
  notice?: Notice,
  accepted?: Withdrawal,
): string {
  const l = chrome.language;
  const errors = form.errors ?? {};
  const rows = listing.data.map(
    (withdrawal) =>
      `<tr data-id="${escapeHtml(withdrawal.id)}">${idCell(chrome, '/withdrawals', withdrawal.id)}<td>${text(chrome, `withdrawals.status.${withdrawal.status}`)}</td><td>${amountOf(withdrawal.amount, withdrawal.currency)}</td><td>${escapeHtml(withdrawal.usdt_amount)}</td><td><code>${escapeHtml(withdrawal.address)}</code></td><td><code>${orDash(withdrawal.tx_hash)}</code></td><td>${orDash(withdrawal.rejection_reason)}</td><td>${when(withdrawal.created_at)}</td></tr>`,
  );
  const result = accepted
    ? `<section class="card" aria-labelledby="accepted-h"><h2 id="accepted-h">${text(chrome, 'withdrawals.detailTitle', { id: accepted.id })}</h2>${withdrawalFacts(chrome, accepted, 'accepted')}</section>`
    : '';
  const limits = `<p class="hint" id="withdrawal-limits">${text(chrome, 'withdrawals.limits', { min: hints.min, daily: hints.daily, withdrawable: hints.withdrawable, currency: hints.currency })}</p>`;
  const request = canAct
    ? `<form method="post" action="/withdrawals" novalidate>${requestFields(chrome, form.idempotencyKey)}
${field({ name: 'amount', label: t(l, 'ops.amount'), value: form.values.amount, hint: t(l, 'withdrawals.amountHint', { currency: hints.currency, min: hints.min, daily: hints.daily }), required: true, inputmode: 'decimal', autocomplete: 'off' }, errors)}
${field({ name: 'address', label: t(l, 'withdrawals.address'), value: form.values.address, hint: t(l, 'withdrawals.addressHint'), required: true, autocomplete: 'off' }, errors)}
${checkbox({ name: 'address_acknowledged', label: t(l, 'withdrawals.acknowledge'), checked: form.values.address_acknowledged }, errors)}
${scenarioField(chrome, WITHDRAWAL_SCENARIOS, (value) => t(l, `withdrawals.status.${value as 'sent'}`), form.values.scenario, errors)}
<div><button type="submit">${text(chrome, 'withdrawals.submit')}</button></div></form>`
    : readOnly(chrome);
  return panelPage(
    chrome,
    t(l, 'withdrawals.title'),
    `${result}<section class="card" aria-labelledby="request-h" id="request"><h2 id="request-h">${text(chrome, 'withdrawals.request')}</h2><p>${text(chrome, 'withdrawals.intro')}</p>${limits}${request}</section>
${filterForm(chrome, '/withdrawals', listing, [{ name: 'status', label: t(l, 'ops.status'), options: WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(l, `withdrawals.status.${value}`) })) }])}${listSection(
      chrome,
      '/withdrawals',
      listing,
      t(l, 'withdrawals.title'),
      [
        t(l, 'ops.id'),
        t(l, 'ops.status'),
        t(l, 'ops.amount'),
        t(l, 'withdrawals.usdtAmount'),
        t(l, 'withdrawals.address'),
        t(l, 'withdrawals.txHash'),
        t(l, 'withdrawals.rejectionReason'),
        t(l, 'ops.created'),
      ],
      rows,
    )}`,
    notice,
  );
}

// Disputes

export function disputesPage(chrome: Chrome, listing: Listing<Dispute>, notice?: Notice): string {
  const l = chrome.language;
  const rows = listing.data.map(
    (dispute) =>
      `<tr data-id="${escapeHtml(dispute.id)}">${idCell(chrome, '/disputes', dispute.id)}<td>${text(chrome, `disputes.status.${dispute.status}`)}</td><td>${text(chrome, `disputes.reason.${dispute.reason}`)}</td><td>${amountOf(dispute.amount, dispute.currency)}</td><td><code>${orDash(dispute.payment_code)}</code></td><td>${when(dispute.evidence_due_at)}</td><td>${when(dispute.created_at)}</td></tr>`,
  );
  return panelPage(
    chrome,
    t(l, 'disputes.title'),
    `${filterForm(chrome, '/disputes', listing, [{ name: 'status', label: t(l, 'ops.status'), options: DISPUTE_STATUSES.map((value) => ({ value, label: t(l, `disputes.status.${value}`) })) }])}${listSection(
      chrome,
      '/disputes',
      listing,
      t(l, 'disputes.title'),
      [t(l, 'ops.id'), t(l, 'ops.status'), t(l, 'ops.reason'), t(l, 'ops.amount'), t(l, 'ops.paymentCode'), t(l, 'disputes.evidenceDue'), t(l, 'ops.created')],
      rows,
    )}`,
    notice,
  );
}

/** Evidence is taken until the dispute is resolved and before evidence_due_at (the disputes service decides; this only hides a form that cannot succeed). */
export function acceptsEvidence(dispute: Dispute, now: Date): boolean {
  if (dispute.status === 'won' || dispute.status === 'lost') return false;
  return !dispute.evidence_due_at || new Date(dispute.evidence_due_at).getTime() > now.getTime();
}

export function disputeDetailPage(
  chrome: Chrome,
  dispute: Dispute,
  canAct: boolean,
  open: boolean,
  form: FormState<{ note: string }>,
  notice?: Notice,
): string {
  const l = chrome.language;
  const details = facts([
    [t(l, 'ops.id'), `<code>${escapeHtml(dispute.id)}</code>`],
    [t(l, 'ops.status'), `<span data-field="status">${text(chrome, `disputes.status.${dispute.status}`)}</span>`],
    [t(l, 'ops.reason'), text(chrome, `disputes.reason.${dispute.reason}`)],
    [t(l, 'disputes.reasonNote'), orDash(dispute.reason_note)],
    [t(l, 'ops.amount'), amountOf(dispute.amount, dispute.currency)],
    [t(l, 'ops.paymentCode'), `<code>${orDash(dispute.payment_code)}</code>`],
    [t(l, 'disputes.service'), escapeHtml(dispute.service)],
    [t(l, 'disputes.occurredOn'), escapeHtml(dispute.occurred_on)],
    [t(l, 'disputes.evidenceDue'), when(dispute.evidence_due_at)],
    [t(l, 'disputes.merchantNote'), `<span data-field="merchant_evidence_note">${orDash(dispute.merchant_evidence_note)}</span>`],
    [t(l, 'disputes.merchantNoteAt'), when(dispute.merchant_evidence_submitted_at)],
    [t(l, 'disputes.evidenceSubmittedAt'), when(dispute.evidence_submitted_at)],
    [t(l, 'disputes.resolvedAt'), when(dispute.resolved_at)],
    [t(l, 'ops.created'), when(dispute.created_at)],
  ]);
  let evidence: string;
  if (!open) evidence = `<p>${text(chrome, 'disputes.closed')}</p>`;
  else if (!canAct) evidence = readOnly(chrome);
  else
    evidence = `<p>${text(chrome, 'disputes.evidenceIntro')}</p><form method="post" action="/disputes/${escapeHtml(dispute.id)}/evidence" novalidate>${requestFields(chrome, form.idempotencyKey)}
${field({ name: 'note', label: t(l, 'disputes.note'), type: 'textarea', value: form.values.note, hint: t(l, 'disputes.noteHint'), required: true }, form.errors ?? {})}
<div><button type="submit">${text(chrome, 'disputes.submit')}</button></div></form>`;
  return panelPage(
    chrome,
    t(l, 'disputes.detailTitle', { id: dispute.id }),
    `<section class="card">${details}</section><section class="card" aria-labelledby="evidence-h" id="evidence"><h2 id="evidence-h">${text(chrome, 'disputes.evidence')}</h2>${evidence}</section>${backLink(chrome, '/disputes')}`,
    notice,
  );
}

// Webhook deliveries

export function deliveriesPage(chrome: Chrome, listing: Listing<Delivery>, notice?: Notice): string {
  const l = chrome.language;
  const rows = listing.data.map(
    (delivery) =>
      `<tr data-id="${escapeHtml(delivery.id)}">${idCell(chrome, '/webhook-deliveries', delivery.id)}<td><code>${escapeHtml(delivery.event)}</code></td><td>${text(chrome, `deliveries.status.${delivery.status}`)}</td><td><code>${orDash(delivery.payment_code)}</code></td><td>${delivery.attempt_count}</td><td>${orDash(delivery.last_status_code)}</td><td>${orDash(delivery.last_error_message ?? delivery.last_error)}</td><td>${when(delivery.created_at)}</td></tr>`,
  );
  return panelPage(
    chrome,
    t(l, 'deliveries.title'),
    `${filterForm(chrome, '/webhook-deliveries', listing, [
      { name: 'status', label: t(l, 'ops.status'), options: WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(l, `deliveries.status.${value}`) })) },
    ])}${listSection(
      chrome,
      '/webhook-deliveries',
      listing,
      t(l, 'deliveries.title'),
      [
        t(l, 'ops.id'),
        t(l, 'deliveries.event'),
        t(l, 'ops.status'),
        t(l, 'ops.paymentCode'),
        t(l, 'deliveries.attempts'),
        t(l, 'deliveries.lastStatus'),
        t(l, 'deliveries.lastError'),
        t(l, 'ops.created'),
      ],
      rows,
    )}`,
    notice,
  );
}

export function deliveryDetailPage(chrome: Chrome, delivery: DeliveryDetail, canAct: boolean, idempotencyKey: string, notice?: Notice): string {
  const l = chrome.language;
  const details = facts([
    [t(l, 'ops.id'), `<code>${escapeHtml(delivery.id)}</code>`],
    [t(l, 'deliveries.event'), `<code>${escapeHtml(delivery.event)}</code>`],
    [t(l, 'ops.status'), `<span data-field="status">${text(chrome, `deliveries.status.${delivery.status}`)}</span>`],
    [t(l, 'ops.paymentCode'), `<code>${orDash(delivery.payment_code)}</code>`],
    [t(l, 'deliveries.url'), `<code>${escapeHtml(delivery.url)}</code>`],
    [t(l, 'deliveries.attempts'), `<span data-field="attempt_count">${delivery.attempt_count}</span>`],
    [t(l, 'deliveries.lastStatus'), orDash(delivery.last_status_code)],
    [
      t(l, 'deliveries.lastError'),
      delivery.last_error_code
        ? `${orDash(delivery.last_error_message ?? delivery.last_error)} (<code>${escapeHtml(delivery.last_error_code)}</code>)`
        : orDash(delivery.last_error),
    ],
    [t(l, 'deliveries.nextAttempt'), when(delivery.next_attempt_at)],
    [t(l, 'deliveries.deliveredAt'), when(delivery.delivered_at)],
    [t(l, 'ops.created'), when(delivery.created_at)],
  ]);
  let retry = '';
  if (delivery.status === 'failed')
    retry = `<section class="card" aria-labelledby="retry-h"><h2 id="retry-h">${text(chrome, 'deliveries.retry')}</h2>${
      canAct
        ? `<p>${text(chrome, 'deliveries.retryIntro')}</p><form method="post" action="/webhook-deliveries/${escapeHtml(delivery.id)}/retry">${requestFields(chrome, idempotencyKey)}<button type="submit">${text(chrome, 'deliveries.retry')}</button></form>`
        : readOnly(chrome)
    }</section>`;
  return panelPage(
    chrome,
    t(l, 'deliveries.detailTitle', { id: delivery.id }),
    `<section class="card">${details}</section>${retry}<section class="card" aria-labelledby="payload-h"><h2 id="payload-h">${text(chrome, 'deliveries.payload')}</h2><pre><code id="payload">${escapeHtml(JSON.stringify(delivery.payload, null, 2))}</code></pre></section>${backLink(chrome, '/webhook-deliveries')}`,
    notice,
  );
}
