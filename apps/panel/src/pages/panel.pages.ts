import type { ConsoleApiKey, ConsoleEnvironment, PanelRole } from '@platform/contracts';
import { PANEL_ROLES } from '@platform/contracts';
import { t } from '../i18n/messages';
import type { UserRow } from '../users/user.repository';
import { csrfField, escapeHtml, field, panelPage, scrollable, type Chrome, type FieldErrors, type Notice } from './html';

/** A table that may scroll sideways on a phone: focusable and named, so the keyboard can scroll it too. */
const yesNo = (chrome: Chrome, value: boolean) => escapeHtml(t(chrome.language, value ? 'yes' : 'no'));
const when = (iso: string | null) => (iso ? escapeHtml(iso.slice(0, 16).replace('T', ' ')) + ' UTC' : '—');
const readOnlyNote = (chrome: Chrome) =>
  `<p class="notice error" role="note">${escapeHtml(t(chrome.language, 'forbidden', { role: t(chrome.language, `role.${chrome.role}`) }))}</p>`;

export interface Balances {
  balance: { currency_code: string; available_amount: string; pending_settlement_amount: string };
  withdrawable: { currency_code: string; withdrawable_amount: string; can_withdraw: boolean };
}

export function overviewPage(chrome: Chrome, view: ConsoleEnvironment, balances: Balances): string {
  const l = chrome.language;
  const s = view.settings;
  const limits = s.payment_limits.length
    ? `<div class="table-wrap" ${scrollable(t(l, 'overview.paymentLimits'))}><table><caption class="hint">${escapeHtml(t(l, 'overview.paymentLimits'))}</caption><thead><tr><th scope="col">${escapeHtml(t(l, 'overview.currencyCode'))}</th><th scope="col">${escapeHtml(t(l, 'overview.min'))}</th><th scope="col">${escapeHtml(t(l, 'overview.max'))}</th></tr></thead><tbody>${s.payment_limits
        .map(
          (limit) =>
            `<tr><td>${escapeHtml(limit.currency_code)}</td><td>${escapeHtml(limit.min_amount)}</td><td>${escapeHtml(limit.max_amount ?? t(l, 'overview.noMax'))}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p>${escapeHtml(t(l, 'overview.noLimits'))}</p>`;
  return panelPage(
    chrome,
    t(l, 'overview.title'),
    `<section class="card" aria-labelledby="balance-h"><h2 id="balance-h">${escapeHtml(t(l, 'balance.title'))}</h2><dl>
<dt>${escapeHtml(t(l, 'balance.available'))}</dt><dd data-field="available_amount">${escapeHtml(balances.balance.available_amount)} ${escapeHtml(balances.balance.currency_code)}</dd>
<dt>${escapeHtml(t(l, 'balance.pending'))}</dt><dd data-field="pending_settlement_amount">${escapeHtml(balances.balance.pending_settlement_amount)} ${escapeHtml(balances.balance.currency_code)}</dd>
<dt>${escapeHtml(t(l, 'balance.withdrawable'))}</dt><dd data-field="withdrawable_amount">${escapeHtml(balances.withdrawable.withdrawable_amount)} ${escapeHtml(balances.withdrawable.currency_code)}</dd>
<dt>${escapeHtml(t(l, 'balance.canWithdraw'))}</dt><dd>${yesNo(chrome, balances.withdrawable.can_withdraw)}</dd></dl></section>
<section class="card" aria-labelledby="merchant-h"><h2 id="merchant-h">${escapeHtml(t(l, 'overview.merchant'))}</h2><dl>
<dt>${escapeHtml(t(l, 'overview.merchant'))}</dt><dd>${escapeHtml(view.merchant.name)}</dd>
<dt>${escapeHtml(t(l, 'overview.code'))}</dt><dd><code>${escapeHtml(view.merchant.merchant_code)}</code></dd>
<dt>${escapeHtml(t(l, 'overview.currency'))}</dt><dd>${escapeHtml(view.merchant.base_currency)}</dd>
<dt>${escapeHtml(t(l, 'overview.setup'))}</dt><dd>${yesNo(chrome, s.setup_complete)}</dd>
<dt>${escapeHtml(t(l, 'overview.cardPayments'))}</dt><dd>${yesNo(chrome, s.card_payments_enabled)}</dd>
<dt>${escapeHtml(t(l, 'overview.directApi'))}</dt><dd>${yesNo(chrome, s.direct_api_enabled)}</dd></dl></section>
<section class="card" aria-labelledby="limits-h"><h2 id="limits-h">${escapeHtml(t(l, 'overview.paymentLimits'))}</h2>${limits}</section>
<section class="card" aria-labelledby="withdrawals-h"><h2 id="withdrawals-h">${escapeHtml(t(l, 'overview.withdrawals'))}</h2><dl>
<dt>${escapeHtml(t(l, 'overview.withdrawalMin'))}</dt><dd data-field="withdrawal_min_amount">${escapeHtml(s.withdrawal_min_amount)} ${escapeHtml(view.merchant.base_currency)}</dd>
<dt>${escapeHtml(t(l, 'overview.withdrawalDaily'))}</dt><dd data-field="withdrawal_daily_limit">${escapeHtml(s.withdrawal_daily_limit)} ${escapeHtml(view.merchant.base_currency)}</dd>
<dt>${escapeHtml(t(l, 'overview.settlementDelay'))}</dt><dd>${escapeHtml(s.settlement_delay_days)}</dd></dl></section>`,
  );
}

export interface NewKey {
  api_key: string;
  api_secret: string;
  key_version: number;
}

export function apiKeysPage(chrome: Chrome, keys: ConsoleApiKey[], canChange: boolean, notice?: Notice, created?: NewKey): string {
  const l = chrome.language;
  const rows = keys
    .map(
      (key) =>
        `<tr data-api-key="${escapeHtml(key.api_key)}"><td><code>${escapeHtml(key.api_key)}</code></td><td>${key.key_version}</td><td>${when(key.created_at)}</td><td>${escapeHtml(t(l, `keys.state.${key.state}`))}</td><td>${when(key.expires_at)}</td><td>${
          canChange && key.state !== 'ended'
            ? `<form method="post" action="/api-keys/${encodeURIComponent(key.api_key)}/revoke">${csrfField(chrome.csrf)}<button type="submit" class="danger" aria-label="${escapeHtml(t(l, 'keys.revokeLabel', { key: key.api_key }))}">${escapeHtml(t(l, 'keys.revoke'))}</button></form>`
            : ''
        }</td></tr>`,
    )
    .join('');
  const table = keys.length
    ? `<div class="table-wrap" ${scrollable(t(l, 'keys.title'))}><table><thead><tr><th scope="col">${escapeHtml(t(l, 'keys.key'))}</th><th scope="col">${escapeHtml(t(l, 'keys.version'))}</th><th scope="col">${escapeHtml(t(l, 'keys.created'))}</th><th scope="col">${escapeHtml(t(l, 'keys.state'))}</th><th scope="col">${escapeHtml(t(l, 'keys.expires'))}</th><th scope="col"><span class="skip">${escapeHtml(t(l, 'keys.revoke'))}</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
    : `<p>${escapeHtml(t(l, 'keys.none'))}</p>`;
  const secret = created
    ? `<section class="card" aria-labelledby="new-key-h" id="new-key"><h2 id="new-key-h">${escapeHtml(t(l, 'keys.created.title'))}</h2><p class="notice error" role="alert">${escapeHtml(t(l, 'keys.created.once'))}</p>
<dl><dt>${escapeHtml(t(l, 'keys.key'))}</dt><dd><code class="secret" id="new-api-key">${escapeHtml(created.api_key)}</code></dd><dt>${escapeHtml(t(l, 'keys.secret'))}</dt><dd><code class="secret" id="new-api-secret">${escapeHtml(created.api_secret)}</code></dd><dt>${escapeHtml(t(l, 'keys.version'))}</dt><dd id="new-key-version">${created.key_version}</dd></dl></section>`
    : '';
  const create = canChange
    ? `<form method="post" action="/api-keys">${csrfField(chrome.csrf)}<button type="submit">${escapeHtml(t(l, 'keys.create'))}</button></form>`
    : readOnlyNote(chrome);
  return panelPage(chrome, t(l, 'keys.title'), `${secret}<section class="card"><p>${escapeHtml(t(l, 'keys.intro'))}</p>${table}${create}</section>`, notice);
}

export interface SettingsForm {
  ip_allowlist: string;
  webhook_url: string;
  success_return_url: string;
  failure_return_url: string;
}

export function settingsPage(chrome: Chrome, form: SettingsForm, canChange: boolean, errors: FieldErrors = {}, notice?: Notice): string {
  const l = chrome.language;
  const fields = [
    field(
      { name: 'ip_allowlist', label: t(l, 'settings.allowlist'), type: 'textarea', value: form.ip_allowlist, hint: t(l, 'settings.allowlistHint') },
      errors,
    ),
    field({ name: 'webhook_url', label: t(l, 'settings.webhook'), type: 'url', value: form.webhook_url, hint: t(l, 'settings.webhookHint') }, errors),
    field(
      { name: 'success_return_url', label: t(l, 'settings.success'), type: 'url', value: form.success_return_url, hint: t(l, 'settings.returnHint') },
      errors,
    ),
    field(
      { name: 'failure_return_url', label: t(l, 'settings.failure'), type: 'url', value: form.failure_return_url, hint: t(l, 'settings.returnHint') },
      errors,
    ),
  ].join('\n');
  const body = canChange
    ? `<form method="post" action="/settings" novalidate>${csrfField(chrome.csrf)}${fields}<button type="submit">${escapeHtml(t(l, 'settings.save'))}</button></form>`
    : `${readOnlyNote(chrome)}<fieldset disabled style="border:0;padding:0">${fields}</fieldset>`;
  return panelPage(chrome, t(l, 'settings.title'), `<section class="card">${body}</section>`, notice);
}

export function usersPage(
  chrome: Chrome,
  users: UserRow[],
  canInvite: boolean,
  form: { email: string; role: string } = { email: '', role: 'developer' },
  errors: FieldErrors = {},
  notice?: Notice,
): string {
  const l = chrome.language;
  const manage = (user: UserRow) => {
    if (!canInvite || user.email === chrome.email) return '';
    const roles = PANEL_ROLES.map(
      (role) => `<option value="${role}"${role === user.role ? ' selected' : ''}>${escapeHtml(t(l, `role.${role}`))}</option>`,
    ).join('');
    return `<form method="post" action="/users/${user.id}/role">${csrfField(chrome.csrf)}<label for="role-${user.id}">${escapeHtml(t(l, 'users.roleOf', { email: user.email }))}</label><select id="role-${user.id}" name="role">${roles}</select><button type="submit" class="secondary">${escapeHtml(t(l, 'users.changeRole'))}</button></form>
<form method="post" action="/users/${user.id}/remove">${csrfField(chrome.csrf)}<button type="submit" class="danger" aria-label="${escapeHtml(t(l, 'users.removeLabel', { email: user.email }))}">${escapeHtml(t(l, 'users.remove'))}</button></form>`;
  };
  const rows = users
    .map(
      (user) =>
        `<tr data-user="${escapeHtml(user.email)}"><td>${escapeHtml(user.email)}</td><td>${escapeHtml(t(l, `role.${user.role}`))}</td><td>${escapeHtml(t(l, `users.status.${user.status}`))}</td><td>${escapeHtml(t(l, user.totp_secret_sealed ? 'yes' : 'no'))}</td>${canInvite ? `<td>${manage(user)}</td>` : ''}</tr>`,
    )
    .join('');
  const invite = canInvite
    ? `<section class="card" aria-labelledby="invite-h"><h2 id="invite-h">${escapeHtml(t(l, 'users.invite'))}</h2><form method="post" action="/users" novalidate>${csrfField(chrome.csrf)}
${field({ name: 'email', label: t(l, 'users.email'), type: 'email', value: form.email, required: true }, errors)}
${field({ name: 'role', label: t(l, 'users.role'), type: 'select', value: form.role, options: PANEL_ROLES.map((role: PanelRole) => ({ value: role, label: t(l, `role.${role}`) })) }, errors)}
<button type="submit">${escapeHtml(t(l, 'users.invite'))}</button></form></section>`
    : '';
  return panelPage(
    chrome,
    t(l, 'users.title'),
    `<section class="card"><div class="table-wrap" ${scrollable(t(l, 'users.title'))}><table><thead><tr><th scope="col">${escapeHtml(t(l, 'users.email'))}</th><th scope="col">${escapeHtml(t(l, 'users.role'))}</th><th scope="col">${escapeHtml(t(l, 'users.status'))}</th><th scope="col">${escapeHtml(t(l, 'users.twoFactor'))}</th>${canInvite ? `<th scope="col">${escapeHtml(t(l, 'users.manage'))}</th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div></section>${invite}`,
    notice,
  );
}

export function securityPage(
  chrome: Chrome,
  twoFactorOn: boolean,
  pending?: { secret: string; uri: string },
  errors: FieldErrors = {},
  notice?: Notice,
): string {
  const l = chrome.language;
  let twoFactor: string;
  if (pending) {
    twoFactor = `<p>${escapeHtml(t(l, 'security.setupIntro'))}</p><p>${escapeHtml(t(l, 'security.secret'))}: <code class="secret" id="totp-secret">${escapeHtml(pending.secret)}</code></p><p><a href="${escapeHtml(pending.uri)}">${escapeHtml(pending.uri)}</a></p>
<form method="post" action="/security/two-factor/confirm" novalidate>${csrfField(chrome.csrf)}${field({ name: 'code', label: t(l, 'twoFactor.code'), autocomplete: 'one-time-code', inputmode: 'numeric', required: true }, errors)}<button type="submit">${escapeHtml(t(l, 'security.confirm'))}</button></form>`;
  } else if (twoFactorOn) {
    twoFactor = `<p>${escapeHtml(t(l, 'security.twoFactorOn'))}</p><form method="post" action="/security/two-factor/disable" novalidate>${csrfField(chrome.csrf)}${field({ name: 'code', label: t(l, 'twoFactor.code'), autocomplete: 'one-time-code', inputmode: 'numeric', required: true }, errors)}<button type="submit" class="danger">${escapeHtml(t(l, 'security.disable'))}</button></form>`;
  } else {
    twoFactor = `<p>${escapeHtml(t(l, 'security.twoFactorOff'))}</p><form method="post" action="/security/two-factor/start">${csrfField(chrome.csrf)}<button type="submit">${escapeHtml(t(l, 'security.enable'))}</button></form>`;
  }
  const languages = [
    { value: 'en', label: 'English' },
    { value: 'tr', label: 'Türkçe' },
  ];
  return panelPage(
    chrome,
    t(l, 'security.title'),
    `<section class="card" aria-labelledby="tf-h"><h2 id="tf-h">${escapeHtml(t(l, 'twoFactor.title'))}</h2>${twoFactor}</section>
<section class="card" aria-labelledby="password-h"><h2 id="password-h">${escapeHtml(t(l, 'security.password'))}</h2><form method="post" action="/security/password" novalidate>${csrfField(chrome.csrf)}
${field({ name: 'current_password', label: t(l, 'security.currentPassword'), type: 'password', autocomplete: 'current-password', required: true }, errors)}
${field({ name: 'password', label: t(l, 'password.new'), type: 'password', autocomplete: 'new-password', required: true }, errors)}
${field({ name: 'password_repeat', label: t(l, 'password.repeat'), type: 'password', autocomplete: 'new-password', required: true }, errors)}
<button type="submit">${escapeHtml(t(l, 'security.changePassword'))}</button></form></section>
<section class="card" aria-labelledby="lang-h"><h2 id="lang-h">${escapeHtml(t(l, 'lang.label'))}</h2><form method="post" action="/security/language">${csrfField(chrome.csrf)}${field({ name: 'language', label: t(l, 'lang.label'), type: 'select', value: l, options: languages })}<button type="submit">${escapeHtml(t(l, 'security.language'))}</button></form></section>
<section class="card" aria-labelledby="everywhere-h"><h2 id="everywhere-h">${escapeHtml(t(l, 'security.everywhere'))}</h2><p>${escapeHtml(t(l, 'security.everywhereHint'))}</p><form method="post" action="/security/sign-out-everywhere">${csrfField(chrome.csrf)}<button type="submit" class="danger">${escapeHtml(t(l, 'security.everywhere'))}</button></form></section>`,
    notice,
  );
}
