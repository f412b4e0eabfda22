import { t } from '../i18n/messages';
import type { Language } from '../users/user.repository';
import { escapeHtml, field, noticeBox, publicPage, type FieldErrors, type Notice } from './html';

const languageLinks = (l: Language, path: string) =>
  `<p class="hint">${escapeHtml(t(l, 'lang.label'))}: <a href="${path}?lang=en" lang="en"${l === 'en' ? ' aria-current="true"' : ''}>English</a> · <a href="${path}?lang=tr" lang="tr"${l === 'tr' ? ' aria-current="true"' : ''}>Türkçe</a></p>`;

const hidden = (csrf: string) => `<input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">`;

export function signInPage(l: Language, csrf: string, email = '', notice?: Notice): string {
  return publicPage(
    l,
    t(l, 'signIn.title'),
    `${noticeBox(notice)}<form method="post" action="/sign-in" novalidate>${hidden(csrf)}
${field({ name: 'email', label: t(l, 'signIn.email'), type: 'email', value: email, autocomplete: 'username', required: true })}
${field({ name: 'password', label: t(l, 'signIn.password'), type: 'password', autocomplete: 'current-password', required: true })}
<button type="submit">${escapeHtml(t(l, 'signIn.submit'))}</button></form>
<p><a href="/password-reset">${escapeHtml(t(l, 'signIn.forgot'))}</a></p>${languageLinks(l, '/sign-in')}`,
  );
}

export function secondFactorPage(l: Language, csrf: string, notice?: Notice): string {
  return publicPage(
    l,
    t(l, 'twoFactor.title'),
    `${noticeBox(notice)}<form method="post" action="/sign-in/code" novalidate>${hidden(csrf)}
${field({ name: 'code', label: t(l, 'twoFactor.code'), autocomplete: 'one-time-code', inputmode: 'numeric', required: true })}
<button type="submit">${escapeHtml(t(l, 'twoFactor.submit'))}</button></form>`,
  );
}

export function setPasswordPage(l: Language, action: string, csrf: string, intro: string, errors: FieldErrors = {}): string {
  return publicPage(
    l,
    action.startsWith('/invitation') ? t(l, 'invite.title') : t(l, 'reset.title'),
    `<p>${escapeHtml(intro)}</p><form method="post" action="${escapeHtml(action)}" novalidate>${hidden(csrf)}
${field({ name: 'password', label: t(l, 'password.new'), type: 'password', autocomplete: 'new-password', required: true }, errors)}
${field({ name: 'password_repeat', label: t(l, 'password.repeat'), type: 'password', autocomplete: 'new-password', required: true }, errors)}
<button type="submit">${escapeHtml(t(l, 'password.save'))}</button></form>`,
  );
}

export function resetRequestPage(l: Language, csrf: string, notice?: Notice): string {
  return publicPage(
    l,
    t(l, 'reset.title'),
    `${noticeBox(notice)}<p>${escapeHtml(t(l, 'reset.intro'))}</p><form method="post" action="/password-reset" novalidate>${hidden(csrf)}
${field({ name: 'email', label: t(l, 'signIn.email'), type: 'email', autocomplete: 'username', required: true })}
<button type="submit">${escapeHtml(t(l, 'reset.submit'))}</button></form><p><a href="/sign-in">${escapeHtml(t(l, 'signIn.title'))}</a></p>${languageLinks(l, '/password-reset')}`,
  );
}

export function messagePage(l: Language, title: string, text: string, kind: Notice['kind'] = 'error'): string {
  return publicPage(l, title, `${noticeBox({ kind, text })}<p><a href="/sign-in">${escapeHtml(t(l, 'signIn.title'))}</a></p>`);
}
