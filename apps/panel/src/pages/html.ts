import type { PanelRole } from '@platform/contracts';
import {
  PAGE_STYLE,
  csrfField,
  escapeHtml,
  field,
  formFieldErrors,
  formFieldOf,
  noticeBox,
  scrollable,
  type FieldErrors,
  type FieldSpec,
  type Notice,
} from '@platform/web-auth';
import { t, type MessageKey } from '../i18n/messages';
import type { Language } from '../users/user.repository';

export { csrfField, escapeHtml, field, formFieldErrors, formFieldOf, noticeBox, scrollable, type FieldErrors, type FieldSpec, type Notice };

/** A page outside the signed-in area: sign-in, links from mails. */
export function publicPage(language: Language, title: string, body: string): string {
  return frame(language, title, `<main id="content"><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main>`);
}

export interface Chrome {
  language: Language;
  csrf: string;
  merchantName: string;
  email: string;
  role: PanelRole;
  environment: 'sandbox' | 'live';
  /** The path of the page, to mark its menu entry and come back to it after a switch. */
  path: string;
}

const MENU: Array<{ path: string; key: MessageKey; owner?: boolean; sandbox?: boolean }> = [
  { path: '/', key: 'nav.overview' },
  { path: '/payments', key: 'nav.payments' },
  { path: '/orders', key: 'nav.orders' },
  { path: '/refunds', key: 'nav.refunds' },
  { path: '/withdrawals', key: 'nav.withdrawals' },
  { path: '/disputes', key: 'nav.disputes' },
  { path: '/webhook-deliveries', key: 'nav.deliveries' },
  { path: '/sandbox', key: 'nav.sandbox', sandbox: true },
  { path: '/api-keys', key: 'nav.keys' },
  { path: '/settings', key: 'nav.settings' },
  { path: '/users', key: 'nav.users', owner: true },
  { path: '/activity', key: 'nav.activity', owner: true },
  { path: '/security', key: 'nav.security' },
];

/** The pages of the menu: where switching the environment may come back to. */
export const MENU_PATHS: readonly string[] = MENU.map((item) => item.path);

/** A signed-in page: who and where (the environment always visible), the menu, then the content. */
export function panelPage(chrome: Chrome, title: string, body: string, notice?: Notice): string {
  const { language: l } = chrome;
  const menu = MENU.filter((item) => (!item.owner || chrome.role === 'owner') && (!item.sandbox || chrome.environment === 'sandbox'))
    .map((item) => `<li><a href="${item.path}"${item.path === chrome.path ? ' aria-current="page"' : ''}>${escapeHtml(t(l, item.key))}</a></li>`)
    .join('');
  const environments = (['sandbox', 'live'] as const)
    .map((env) => `<option value="${env}"${env === chrome.environment ? ' selected' : ''}>${escapeHtml(t(l, `env.${env}`))}</option>`)
    .join('');
  const header = `<header><div><strong>${escapeHtml(chrome.merchantName)}</strong> · <span class="badge ${chrome.environment}" data-environment="${chrome.environment}">${escapeHtml(t(l, `env.${chrome.environment}`))}</span></div>
<form method="post" action="/environment">${csrfField(chrome.csrf)}<input type="hidden" name="back" value="${escapeHtml(chrome.path)}">
<label for="environment-switch" style="margin:0;color:#fff">${escapeHtml(t(l, 'env.label'))}</label><select id="environment-switch" name="environment">${environments}</select><button type="submit" class="secondary" style="margin:0">${escapeHtml(t(l, 'env.switch'))}</button></form>
<form method="post" action="/sign-out">${csrfField(chrome.csrf)}<span>${escapeHtml(chrome.email)} (${escapeHtml(t(l, `role.${chrome.role}`))})</span><button type="submit" class="secondary" style="margin:0">${escapeHtml(t(l, 'nav.signOut'))}</button></form></header>`;
  const warning = chrome.environment === 'live' ? `<p class="warning" role="note">${escapeHtml(t(l, 'env.liveWarning'))}</p>` : '';
  const noticeHtml = notice ? `<div class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(notice.text)}</div>` : '';
  return frame(
    l,
    title,
    `${header}${warning}<nav aria-label="${escapeHtml(t(l, 'app.name'))}"><ul>${menu}</ul></nav><main id="content"><h1>${escapeHtml(title)}</h1>${noticeHtml}${body}</main>`,
  );
}

function frame(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(t(language, 'app.name'))}</title><style>${PAGE_STYLE}</style></head>
<body><a class="skip" href="#content">${escapeHtml(t(language, 'nav.skip'))}</a>${body}</body></html>`;
}
